"""Themes: what a puzzle's solution does, tagged from the engine's events and the position.

Tagged by the miner from the first solution's :class:`~shared.puzzles.goals.Outcome` and
its actions; shown in lists and used to choose puzzles by theme.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from shared.puzzles.goals import Outcome
from shared.rules.game import Game

__all__ = ["THEMES", "THEME_WORDS", "tag_themes"]

THEME_WORDS: dict[str, str] = {
    "city_taken": "City taken: the turn takes a city.",
    "fight_won": "Fight won: the turn's attack beats enemy words.",
    "supply_cut": "Supply cut: an enemy word is left without a line to its cities.",
    "defence_order": "Defence order: the order of your defending words decides what you keep.",
    "redeployment": "Redeployment: the turn lifts a word back onto the rack.",
    "last_letters": "Last letters: both pools are nearly empty.",
    "multi_commit": "Multi-commit turn: the turn lays more than one word.",
}
THEMES = tuple(THEME_WORDS)
LAST_LETTERS = 10
"""Both pools together holding at most this many letters makes a position one of the last letters."""


def tag_themes(start: Game, solution: Sequence[dict[str, Any]], outcome: Outcome) -> tuple[str, ...]:
    """The themes of a solution played from ``start`` with ``outcome``, in :data:`THEMES` order."""
    kinds = [a.get("type") for a in solution]
    found = {
        "city_taken": outcome.cities > 0,
        "fight_won": outcome.removed > 0,
        "supply_cut": bool(outcome.cut),
        "defence_order": "order_defence" in kinds,
        "redeployment": "redeploy" in kinds,
        "last_letters": not start.rules.endless_pool and sum(len(p) for p in start.pools.values()) <= LAST_LETTERS,
        "multi_commit": kinds.count("commit") > 1,
    }
    return tuple(theme for theme in THEMES if found[theme])
