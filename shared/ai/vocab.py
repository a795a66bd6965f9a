"""The words one AI level knows, as a minimal word graph (DAWG) for the move generator.

A node is a plain ``dict`` mapping a letter to the next node; the key :data:`END` marks a
node where a word ends. Equal suffix structures are shared (Daciuk's incremental
construction over sorted input), so the full dictionary fits in a few megabytes while a
step is still a single dict lookup, the fastest thing pure Python offers.

Vocabularies are built on first use and cached per lexicon object and word filter.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable, Iterator

END = "$"
"""Key present in a node where a word ends (never a letter a-z)."""

Node = dict

_CROSS_CACHE_LIMIT = 50_000  # (before, after) pairs kept per vocabulary


class Vocabulary:
    """A set of words with prefix walking: membership, ``walk`` and ``root``."""

    def __init__(self, words: Iterable[str]) -> None:
        self.root: Node = {}
        self.size = 0
        self._cross: dict[tuple[str, str], frozenset[str]] = {}
        self._build(words)

    def _build(self, words: Iterable[str]) -> None:
        register: dict[tuple, Node] = {}
        unchecked: list[tuple[Node, str, Node]] = []  # (parent, letter, child) along the last word
        previous = ""

        def minimise(down_to: int) -> None:
            while len(unchecked) > down_to:
                parent, letter, child = unchecked.pop()
                key = tuple(sorted((k, id(v) if k != END else 0) for k, v in child.items()))
                known = register.get(key)
                if known is not None:
                    parent[letter] = known
                else:
                    register[key] = child

        for word in sorted(set(words)):
            if word <= previous:
                continue
            common = 0
            limit = min(len(word), len(previous))
            while common < limit and word[common] == previous[common]:
                common += 1
            minimise(common)
            node = unchecked[-1][2] if unchecked else self.root
            for letter in word[common:]:
                child: Node = {}
                node[letter] = child
                unchecked.append((node, letter, child))
                node = child
            node[END] = True
            self.size += 1
            previous = word
        minimise(0)

    def __len__(self) -> int:
        return self.size

    def walk(self, text: str, node: Node | None = None) -> Node | None:
        """The node reached by reading ``text`` from ``node`` (the root by default), or None."""
        node = self.root if node is None else node
        for letter in text:
            node = node.get(letter)
            if node is None:
                return None
        return node

    def cross_letters(self, before: str, after: str) -> frozenset[str]:
        """The letters x for which ``before + x + after`` is a word (cached: cross-checks
        repeat from one position to the next)."""
        key = (before, after)
        found = self._cross.get(key)
        if found is not None:
            return found
        out: set[str] = set()
        node = self.walk(before)
        if node is not None:
            for letter, child in node.items():
                if letter != END:
                    end = self.walk(after, child)
                    if end is not None and END in end:
                        out.add(letter)
        if len(self._cross) >= _CROSS_CACHE_LIMIT:
            self._cross.clear()
        result = self._cross[key] = frozenset(out)
        return result

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        node = self.walk(word)
        return node is not None and END in node

    def __iter__(self) -> Iterator[str]:
        """Every word, in alphabetical order."""
        stack: list[tuple[Node, str]] = [(self.root, "")]
        while stack:
            node, prefix = stack.pop()
            if END in node:
                yield prefix
            for letter in sorted((k for k in node if k != END), reverse=True):
                stack.append((node[letter], prefix + letter))


_CACHE: weakref.WeakKeyDictionary[object, dict[object, Vocabulary]] = weakref.WeakKeyDictionary()


def vocabulary_for(lexicon: object, key: object, words: Callable[[], Iterable[str]]) -> Vocabulary:
    """The cached vocabulary of ``lexicon`` under ``key``; ``words`` builds it the first time."""
    try:
        per_lexicon = _CACHE.setdefault(lexicon, {})
    except TypeError:  # a lexicon that cannot be weakly referenced: build every time
        return Vocabulary(words())
    vocab = per_lexicon.get(key)
    if vocab is None:
        vocab = per_lexicon[key] = Vocabulary(words())
    return vocab


def level_vocabulary_built(lexicon: object, min_zipf: float) -> bool:
    """True if :func:`level_vocabulary` has this one cached (the next call will not wait)."""
    try:
        return _level_key(min_zipf) in _CACHE.get(lexicon, {})
    except TypeError:  # cannot be weakly referenced: never cached
        return False


def lexicon_words(lexicon: object) -> Iterable[str]:
    """Every word of a lexicon that can list its words (the dictionary and WordList can)."""
    try:
        return iter(lexicon)  # type: ignore[call-overload]
    except TypeError:
        raise TypeError(
            f"{type(lexicon).__name__} cannot list its words: pass words= to the move generator"
        ) from None


def level_vocabulary(lexicon: object, min_zipf: float) -> Vocabulary:
    """The words an AI level knows: playable by the AI and at least ``min_zipf`` frequent.

    Lexicons without frequencies (test word lists) give every word; lexicons with an
    ``is_ai_playable`` method lose the words the AI must never play.
    """
    zipf = getattr(lexicon, "zipf", None)
    playable = getattr(lexicon, "is_ai_playable", None)
    excluded = frozenset(getattr(lexicon, "ai_excluded", ()) or ())

    def words() -> Iterator[str]:
        for word in lexicon_words(lexicon):
            if word in excluded or (playable is not None and not playable(word)):
                continue
            if zipf is not None and min_zipf > 0 and zipf(word) < min_zipf:
                continue
            yield word

    return vocabulary_for(lexicon, _level_key(min_zipf), words)


def _level_key(min_zipf: float) -> tuple[str, float]:
    return ("level", min_zipf)


def full_vocabulary(lexicon: object) -> Vocabulary:
    """Every word of ``lexicon`` (what the rules accept, excluded words included)."""
    return vocabulary_for(lexicon, "all", lambda: lexicon_words(lexicon))
