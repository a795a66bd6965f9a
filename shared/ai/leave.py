"""What the letters left on the rack are worth: the *leave* (as in Scrabble).

Small numbers, in points: a good leave (a balanced mix, an S, common letters) is worth a
little more than a bad one (duplicates, all vowels, a Q with no U), and letters that will
be discarded at the next draw (over the rack limit) are worth less than nothing.
"""

from __future__ import annotations

import functools

VOWELS = frozenset("aeiou")

# Per-letter worth on a rack: how easily the letter turns into words later.
LETTER_LEAVE: dict[str, float] = {
    "s": 1.5, "e": 0.8, "a": 0.4, "r": 0.5, "t": 0.4, "n": 0.4, "l": 0.3, "d": 0.3, "i": 0.1,
    "o": 0.0, "g": -0.2, "h": 0.2, "c": 0.1, "m": 0.1, "p": 0.0, "b": -0.3, "y": 0.0,
    "u": -0.5, "f": -0.4, "k": -0.5, "w": -0.6, "v": -1.2, "x": 0.3, "z": 0.0, "j": -0.8,
    "q": -2.5,
}  # fmt: skip


@functools.lru_cache(maxsize=65536)
def leave_value(letters: str, keep_limit: int = 9) -> float:
    """The worth of keeping ``letters`` (sorted, lower case) at the end of a turn.

    ``keep_limit`` is how many letters can be kept without a discard at the next draw
    (rack limit minus letters drawn a turn); each letter over it costs 2 points.
    """
    if not letters:
        return 0.0
    value = 0.0
    previous = ""
    for ch in letters:
        value += LETTER_LEAVE[ch]
        if ch == previous:
            value -= 1.0 if ch in VOWELS else 0.7
        previous = ch
    n = len(letters)
    vowels = sum(1 for ch in letters if ch in VOWELS)
    ideal = 0.42 * n
    value -= 0.8 * max(0.0, abs(vowels - ideal) - 0.8)
    if "q" in letters and "u" not in letters:
        value -= 1.0
    over = n - keep_limit
    if over > 0:
        value -= 2.0 * over
    return value
