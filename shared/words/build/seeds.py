"""The hand-curated category seeds in ``dictionaries/sources/<category>/``.

- ``synsets.txt``: WordNet synset names, one a line. ``weapon.n.01`` takes the synset and
  every hyponym below it; ``=attack.v.01`` takes that synset alone. Only lemmas for which
  the synset is one of their most common senses survive (see ``assemble``).
- ``words.txt``: lemmas taken as they are (with their inflections), WordNet or not;
  whitespace-separated, several to a line.
- ``exclusions.txt``: words that never get the category, as lemma or as inflection; also
  whitespace-separated.

``#`` starts a comment.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from shared.words.build.layout import Layout
from shared.words.build.textfiles import read_lines, read_words
from shared.rules.lexicon import Category

_SYNSET = re.compile(r"[a-z0-9_'.-]+\.[nvasr]\.\d{2}")
_WORD = re.compile(r"[a-z]{2,}")


class SeedError(ValueError):
    """A seed file has a malformed line."""


@dataclass(frozen=True)
class SynsetSeed:
    """A synset to expand; ``tree`` also takes every hyponym below it."""

    name: str
    tree: bool


@dataclass(frozen=True)
class Seeds:
    """The curated inputs of one category."""

    category: Category
    synsets: tuple[SynsetSeed, ...]
    words: tuple[str, ...]
    exclusions: frozenset[str]


def _words(path: Path) -> list[str]:
    words = read_words(path)
    for word in words:
        if not _WORD.fullmatch(word):
            raise SeedError(f"{path}: {word!r} is not a lower-case a-z word of 2+ letters")
    return words


def _synsets(path: Path) -> list[SynsetSeed]:
    seeds = []
    for line in read_lines(path):
        tree = not line.startswith("=")
        name = line.lstrip("=")
        if not _SYNSET.fullmatch(name):
            raise SeedError(f"{path}: {line!r} is not a synset name like weapon.n.01")
        seeds.append(SynsetSeed(name, tree))
    return seeds


def load_seeds(layout: Layout, category: Category) -> Seeds:
    """Read and check the three seed files of ``category``."""
    return Seeds(
        category=category,
        synsets=tuple(_synsets(layout.seeds(category, "synsets"))),
        words=tuple(_words(layout.seeds(category, "words"))),
        exclusions=frozenset(_words(layout.seeds(category, "exclusions"))),
    )


def load_all_seeds(layout: Layout) -> list[Seeds]:
    """The seeds of every category, in :class:`Category` order."""
    return [load_seeds(layout, category) for category in Category]
