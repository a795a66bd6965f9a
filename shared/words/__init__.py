"""Words: the dictionary loaded at run time (:mod:`shared.words.dictionary`) and the pipeline
that builds ``dictionaries/`` from its sources (:mod:`shared.words.build`).

May import the rules engine (for the Lexicon protocol and categories); never the server,
the client or the commands.
"""
