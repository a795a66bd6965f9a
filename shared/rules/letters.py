"""Letter values and the pool distribution (RULINGS R1)."""

from __future__ import annotations

from collections import Counter

__all__ = [
    "ALPHABET", "LETTER_VALUES", "SCRABBLE_DISTRIBUTION", "letter_value", "face_value",
    "letters_counter",
]

ALPHABET = "abcdefghijklmnopqrstuvwxyz"

_DOTS = {1: "adegilnorstu", 2: "bcmp", 3: "fhjkqvwxyz"}

LETTER_VALUES: dict[str, int] = {ch: dots for dots, chars in _DOTS.items() for ch in chars}
"""Value (1-3 dots) of each lower-case letter."""

SCRABBLE_DISTRIBUTION: dict[str, int] = {
    "a": 9, "b": 2, "c": 2, "d": 4, "e": 12, "f": 2, "g": 3, "h": 2, "i": 9, "j": 1,
    "k": 1, "l": 4, "m": 2, "n": 6, "o": 8, "p": 2, "q": 1, "r": 6, "s": 4, "t": 6,
    "u": 4, "v": 2, "w": 2, "x": 1, "y": 2, "z": 1,
}  # fmt: skip
"""English Scrabble tile counts without the blanks: 98 letters."""


def letter_value(letter: str) -> int:
    """The value in dots of one letter."""
    return LETTER_VALUES[letter.lower()]


def face_value(word: str) -> int:
    """The sum of the letter values of ``word`` (its score, with no multipliers)."""
    return sum(LETTER_VALUES[ch] for ch in word.lower())


def letters_counter(letters: str) -> Counter[str]:
    """A multiset of letters."""
    return Counter(letters.lower())
