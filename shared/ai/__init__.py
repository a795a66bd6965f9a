"""The AI opponent: move generation, evaluation and difficulty levels.

The server's bot seats and the client's skirmish call :func:`choose_action`; see
``docs/ai.md``.
"""

from __future__ import annotations

from collections.abc import Iterable

from shared.ai.levels import LEVELS, Level, get_level
from shared.ai.movegen import generate_commits
from shared.ai.player import Decision, choose_action, decide
from shared.ai.vocab import level_vocabulary


def warm_up(lexicon: object, levels: Iterable[int] | None = None) -> None:
    """Build the word graphs of ``levels`` (default: all) now rather than on the first move.

    A graph takes up to about a second to build for the whole dictionary; a server can call
    this in its worker processes at start-up.
    """
    for number in LEVELS if levels is None else levels:
        level_vocabulary(lexicon, get_level(number).min_zipf)
    level_vocabulary(lexicon, 0.0)  # the look-ahead assumes an opponent who knows every word


__all__ = ["LEVELS", "Decision", "Level", "choose_action", "decide", "generate_commits", "get_level",
           "warm_up"]
