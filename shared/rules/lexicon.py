"""What the rules engine needs to know about words: membership and meaning.

The engine never loads files. It takes any object that satisfies :class:`Lexicon`.
Tests use :class:`WordList`; the real dictionary (``shared.words.dictionary``) satisfies the
same protocol.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import Enum
from typing import Protocol, runtime_checkable

__all__ = [
    "Category", "Lexicon", "WordList",
]


class Category(str, Enum):
    """The four semantic classes of RULINGS R6/R12."""

    ATTACK = "attack"  # x1.5 when attacking
    DEFEND = "defend"  # x1.5 when defending
    SNEAK = "sneak"  # x1.5 both ways
    CUT = "cut"  # cutting, carving or fire: x1.5 against forest density


@runtime_checkable
class Lexicon(Protocol):
    """Word membership and semantic classes. Words are lower-case a-z."""

    def __contains__(self, word: object) -> bool:
        """True if ``word`` is a playable dictionary word."""
        ...

    def categories(self, word: str) -> frozenset[Category]:
        """The semantic classes of ``word`` (empty for most words)."""
        ...


class WordList:
    """A small in-memory lexicon: a set of words and a category map.

    ``categories`` maps a word (already including its inflections) to its classes.
    """

    def __init__(
        self,
        words: Iterable[str],
        categories: Mapping[str, Iterable[Category | str]] | None = None,
    ) -> None:
        self._words = frozenset(w.strip().lower() for w in words if w.strip())
        self._categories: dict[str, frozenset[Category]] = {
            w.lower(): frozenset(Category(c) for c in cs) for w, cs in (categories or {}).items()
        }

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.lower() in self._words

    def __len__(self) -> int:
        return len(self._words)

    def __iter__(self):
        return iter(sorted(self._words))

    def categories(self, word: str) -> frozenset[Category]:
        return self._categories.get(word.lower(), frozenset())
