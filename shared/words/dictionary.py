"""The playable word list, the word meanings and word frequencies, loaded at run time.

Everything comes from the committed files in ``dictionaries/`` (built by
``scryptic dictionaries build``, see ``docs/dictionary.md``). Nothing here needs NLTK,
WordNet or the network. Load it once with :func:`load_dictionary`; the engine, the server
and the AI share that copy.

Files read:

- ``words.marisa``: a marisa-trie ``Trie`` holding every playable word (a-z, 2+ letters).
  It doubles as the prefix structure of the AI's move generator (:attr:`Dictionary.trie`).
- ``words.zipf``: one little-endian uint16 per word, indexed by the trie's key id: the
  wordfreq Zipf frequency x 100 (0 for words wordfreq does not know). Derived from
  wordfreq data, licensed CC BY-SA 4.0.
- ``categories.tsv``: ``word<TAB>category<TAB>lemma`` rows: every word with a meaning (the
  lemmas and their inflections), one row per category and lemma it inherits from.
- ``ai_exclude.txt``: slurs and profanity the AI never plays (players still may).
- ``nonwords.tsv.gz`` (read on first use by :meth:`Dictionary.why_not`): proper nouns and
  abbreviations, with the reason they are not playable.
"""

from __future__ import annotations

import array
import functools
import gzip
import sys
from collections.abc import Iterator
from pathlib import Path

import marisa_trie

from shared import assets
from shared.rules.letters import LETTER_VALUES
from shared.rules.lexicon import Category

DICT_DIR = assets.folder("dictionaries")
"""The committed dictionary files (``dictionaries/``, carried by an installed copy too)."""

WORDS_TRIE = "words.marisa"
WORDS_ZIPF = "words.zipf"
CATEGORIES = "categories.tsv"
AI_EXCLUDE = "ai_exclude.txt"
NONWORDS = "nonwords.tsv.gz"

MIN_LENGTH = 2
_ALPHABET = frozenset("abcdefghijklmnopqrstuvwxyz")
_NO_CATEGORIES: frozenset[Category] = frozenset()


class DictionaryError(RuntimeError):
    """The dictionary files are missing or inconsistent."""


def face_value(word: str) -> int:
    """Sum of the RULINGS R1 letter values of ``word`` (a-z; case is ignored)."""
    try:
        return sum(LETTER_VALUES[ch] for ch in word.lower())
    except KeyError as exc:
        raise ValueError(f"{word!r} has a letter outside a-z: {exc.args[0]!r}") from None


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise DictionaryError(
            f"dictionary file {path} is missing: run `scryptic dictionaries build`"
        ) from None


def _read_text(path: Path) -> str:
    data = _read_bytes(path)
    return (gzip.decompress(data) if path.suffix == ".gz" else data).decode("utf-8")


def _data_lines(text: str) -> Iterator[str]:
    """Non-empty lines that are not ``#`` comments."""
    for line in text.splitlines():
        if line and not line.startswith("#"):
            yield line


CategoryTable = dict[str, tuple[frozenset[Category], tuple[str, ...]]]
"""word -> (its categories, the category lemmas it is a form of)."""


def read_categories(text: str) -> tuple[CategoryTable, dict[Category, frozenset[str]]]:
    """Parse ``categories.tsv`` into the word table and each category's lemmas."""
    cats: dict[str, set[Category]] = {}
    lemmas: dict[str, list[str]] = {}
    by_category: dict[Category, set[str]] = {c: set() for c in Category}
    for number, line in enumerate(_data_lines(text), 1):
        try:
            word, cat_name, lemma = line.split("\t")
            cat = Category(cat_name)
        except ValueError:
            raise DictionaryError(f"{CATEGORIES}: bad row {number}: {line!r}") from None
        cats.setdefault(word, set()).add(cat)
        if lemma not in lemmas.setdefault(word, []):
            lemmas[word].append(lemma)
        by_category[cat].add(lemma)
    table = {sys.intern(w): (frozenset(cs), tuple(lemmas[w])) for w, cs in cats.items()}
    return table, {c: frozenset(ls) for c, ls in by_category.items()}


class Dictionary:
    """The playable words with their categories and frequencies.

    Satisfies :class:`shared.rules.lexicon.Lexicon`. Words are matched case-insensitively.
    """

    def __init__(
        self,
        trie: marisa_trie.Trie,
        zipf_centi: array.array,
        categories: CategoryTable,
        category_lemmas: dict[Category, frozenset[str]],
        ai_excluded: frozenset[str],
        nonwords_path: Path | None = None,
    ) -> None:
        if len(zipf_centi) != len(trie):
            raise DictionaryError(
                f"{WORDS_ZIPF} has {len(zipf_centi)} entries for {len(trie)} words: rebuild"
            )
        self._trie = trie
        self._zipf = zipf_centi
        self._categories = categories
        self._category_lemmas = category_lemmas
        self._ai_excluded = ai_excluded
        self._nonwords_path = nonwords_path
        self._nonwords: dict[str, str] | None = None

    @classmethod
    def load(cls, directory: Path = DICT_DIR) -> Dictionary:
        """Read the committed files in ``directory``."""
        trie = marisa_trie.Trie().frombytes(_read_bytes(directory / WORDS_TRIE))
        zipf = array.array("H")
        zipf.frombytes(_read_bytes(directory / WORDS_ZIPF))
        if sys.byteorder != "little":
            zipf.byteswap()
        categories, category_lemmas = read_categories(_read_text(directory / CATEGORIES))
        excluded = frozenset(_data_lines(_read_text(directory / AI_EXCLUDE)))
        return cls(trie, zipf, categories, category_lemmas, excluded, directory / NONWORDS)

    # -- the Lexicon protocol -------------------------------------------------------------

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.lower() in self._trie

    def categories(self, word: str) -> frozenset[Category]:
        """The semantic classes of ``word`` (R6/R12: an inflection inherits its lemma's)."""
        entry = self._categories.get(word.lower())
        return entry[0] if entry else _NO_CATEGORIES

    # -- more about one word --------------------------------------------------------------

    def __len__(self) -> int:
        return len(self._trie)

    def __iter__(self) -> Iterator[str]:
        """Every playable word, in sorted order."""
        return iter(sorted(self._trie.iterkeys()))

    def lemmas(self, word: str) -> tuple[str, ...]:
        """The category lemmas ``word`` is a form of (empty if it has no category)."""
        entry = self._categories.get(word.lower())
        return entry[1] if entry else ()

    def zipf(self, word: str) -> float:
        """wordfreq's Zipf frequency of ``word`` (0.0 if unknown to wordfreq or not a word).

        About 7 for "the", 3 for "sword", below 1.5 for rarities; see docs/dictionary.md.
        """
        key_id = self._trie.get(word.lower())
        return 0.0 if key_id is None else self._zipf[key_id] / 100

    def is_ai_playable(self, word: str) -> bool:
        """True if ``word`` is playable and not on the exclusion list of slurs/profanity."""
        w = word.lower()
        return w in self._trie and w not in self._ai_excluded

    def why_not(self, word: str) -> str | None:
        """``None`` if ``word`` is playable, otherwise a short human reason why not."""
        w = word.strip().lower()
        if not w:
            return "empty: no letters"
        bad = sorted({ch for ch in w if ch not in _ALPHABET})
        if bad:
            return "not a-z: contains " + " ".join(repr(ch) for ch in bad)
        if len(w) < MIN_LENGTH:
            return f"too short: words need at least {MIN_LENGTH} letters"
        if w in self._trie:
            return None
        reason = self._nonword_reasons().get(w)
        return reason or "unknown: not in the dictionary"

    def _nonword_reasons(self) -> dict[str, str]:
        if self._nonwords is None:
            self._nonwords = {}
            if self._nonwords_path is not None:
                for line in _data_lines(_read_text(self._nonwords_path)):
                    word, reason = line.split("\t", 1)
                    self._nonwords[word] = reason
        return self._nonwords

    # -- prefixes, for the AI's move generator ------------------------------------------

    @property
    def trie(self) -> marisa_trie.Trie:
        """The marisa-trie ``Trie`` of every playable word (read only; shared)."""
        return self._trie

    def has_prefix(self, prefix: str) -> bool:
        """True if some playable word starts with ``prefix`` (the word itself counts)."""
        return next(self._trie.iterkeys(prefix.lower()), None) is not None

    def children(self, prefix: str) -> str:
        """The letters that can follow ``prefix`` on the way to some playable word, a-z."""
        p = prefix.lower()
        return "".join(
            ch for ch in "abcdefghijklmnopqrstuvwxyz"
            if next(self._trie.iterkeys(p + ch), None) is not None
        )  # fmt: skip

    def words_with_prefix(self, prefix: str) -> list[str]:
        """Every playable word starting with ``prefix``, sorted."""
        return sorted(self._trie.iterkeys(prefix.lower()))

    # -- whole lists ----------------------------------------------------------------------

    def category_words(self, category: Category | str) -> list[str]:
        """Every word (lemmas and inflections) in ``category``, sorted."""
        cat = Category(category)
        return sorted(w for w, (cats, _) in self._categories.items() if cat in cats)

    def category_lemmas(self, category: Category | str) -> list[str]:
        """The lemmas of ``category``, sorted."""
        return sorted(self._category_lemmas[Category(category)])

    @property
    def ai_excluded(self) -> frozenset[str]:
        """The playable words the AI never plays."""
        return self._ai_excluded


def offensive_words(directory: Path = DICT_DIR) -> frozenset[str]:
    """The exclusion list alone (slurs and profanity): what the AI never plays, and what the
    server keeps out of display names."""
    return frozenset(_data_lines(_read_text(directory / AI_EXCLUDE)))


@functools.cache
def load_dictionary(directory: Path | None = None) -> Dictionary:
    """The shared, cached :class:`Dictionary` (from ``dictionaries/`` by default)."""
    return Dictionary.load(DICT_DIR if directory is None else Path(directory))
