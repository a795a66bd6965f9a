"""Open Debian's WordNet 3.0 files with NLTK's reader, without ``nltk.download()``.

Debian's ``wordnet-base`` lacks ``lexnames``, a fixed 45-line file the reader needs, and
nltk >= 3.10 refuses corpus files outside ``nltk.data.path`` (symlinks out of the root
included). So the files are copied into a temporary ``corpora/wordnet`` beside a
generated ``lexnames`` and that directory is put on ``nltk.data.path``. The reader's
mapping to other WordNet versions (for multilingual data) is switched off, so nothing is
looked up online.
"""

from __future__ import annotations

import contextlib
import shutil
import tempfile
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from shared.words.build.requirements import WORDNET_DIR

# The lexicographer files of WordNet 3.0 in number order (lexnames(5WN)).
LEXNAMES = (
    "adj.all", "adj.pert", "adv.all", "noun.Tops", "noun.act", "noun.animal",
    "noun.artifact", "noun.attribute", "noun.body", "noun.cognition", "noun.communication",
    "noun.event", "noun.feeling", "noun.food", "noun.group", "noun.location", "noun.motive",
    "noun.object", "noun.person", "noun.phenomenon", "noun.plant", "noun.possession",
    "noun.process", "noun.quantity", "noun.relation", "noun.shape", "noun.state",
    "noun.substance", "noun.time", "verb.body", "verb.change", "verb.cognition",
    "verb.communication", "verb.competition", "verb.consumption", "verb.contact",
    "verb.creation", "verb.emotion", "verb.motion", "verb.perception", "verb.possession",
    "verb.social", "verb.stative", "verb.weather", "adj.ppl",
)  # fmt: skip
_SYNTACTIC_CATEGORY = {"noun": 1, "verb": 2, "adj": 3, "adv": 4}


def lexnames_text() -> str:
    """The ``lexnames`` file: number, name and syntactic category per line."""
    return "".join(
        f"{i:02d}\t{name}\t{_SYNTACTIC_CATEGORY[name.split('.')[0]]}\n"
        for i, name in enumerate(LEXNAMES)
    )


@contextlib.contextmanager
def open_wordnet(source: Path = WORDNET_DIR) -> Iterator[Any]:
    """Yield an NLTK ``WordNetCorpusReader`` over the WordNet files in ``source``."""
    import nltk
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    class _LocalWordNet(WordNetCorpusReader):
        def map_wn(self, version: str = "wordnet") -> None:
            return None  # no mapping to other versions: it would look for a download

    with tempfile.TemporaryDirectory(prefix="scryptic-wordnet-") as tmp:
        corpus = Path(tmp) / "corpora" / "wordnet"
        corpus.mkdir(parents=True)
        for path in source.iterdir():
            if path.is_file():
                shutil.copyfile(path, corpus / path.name)
        (corpus / "lexnames").write_text(lexnames_text(), encoding="ascii")
        nltk.data.path.insert(0, tmp)
        try:
            with warnings.catch_warnings():
                # "The multilingual functions are not available": we need none.
                warnings.simplefilter("ignore", UserWarning)
                reader = _LocalWordNet(nltk.data.find("corpora/wordnet"), None)
            yield reader
        finally:
            nltk.data.path.remove(tmp)
