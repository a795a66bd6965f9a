"""The AI opponent: move generation, evaluation and difficulty levels.

The server's bot seats and the client's skirmish call :func:`choose_action`; see
``docs/ai.md``.
"""

from __future__ import annotations

from collections.abc import Iterable

from shared.ai.levels import LEVELS, Level, get_level
from shared.ai.movegen import generate_commits
from shared.ai.decision import Decision
from shared.ai.player import choose_action, decide, level_words
from shared.ai.vocab import level_vocabulary_built


def warm_up(lexicon: object, levels: Iterable[int] | None = None) -> None:
    """Build the word graphs of ``levels`` (default: all) now rather than on the first move.

    A graph takes one to a few seconds to build for the whole dictionary. A decision builds
    its level's graphs before its clock starts, so this only saves the wait: the server's bot
    workers and the client's skirmish call it before the computer's first move.
    """
    for number in LEVELS if levels is None else levels:
        level_words(lexicon, get_level(number))


def warmed(lexicon: object, level: int) -> bool:
    """True if ``level``'s word graphs for ``lexicon`` are built (its next decision will not wait)."""
    lv = get_level(level)
    return level_vocabulary_built(lexicon, lv.min_zipf) and (not lv.replies or level_vocabulary_built(lexicon, 0.0))


__all__ = ["LEVELS", "Decision", "Level", "choose_action", "decide", "generate_commits", "get_level",
           "warm_up", "warmed"]
