"""What a puzzle is: a position, the side to move, a goal the engine can check, its solutions.

A :class:`Puzzle` is plain data (a frozen msgspec Struct) so that it travels in the pack file,
over the wire and into the client unchanged. The position is kept as the engine's own
snapshot of a quiet moment (:mod:`shared.rules.snapshot`) plus, for a defence puzzle, the
attacking commit played after it; :func:`shared.puzzles.position.position_of` rebuilds it.
"""

from __future__ import annotations

from typing import Any

import msgspec

__all__ = [
    "GOAL_KINDS", "SPOILERS", "Goal", "Position", "Puzzle", "PuzzleError", "for_solver",
    "TAKE_CITY", "TAKE_LETTERS", "CUT_SUPPLY", "KEEP_LETTERS",
]

TAKE_CITY = "take_city"
"""Take at least ``count`` cities this turn."""
TAKE_LETTERS = "take_letters"
"""Win the fights of this turn and remove at least ``count`` enemy letters."""
CUT_SUPPLY = "cut_supply"
"""Leave the enemy word on ``cells`` (``word``) without supply: cut off from every enemy city."""
KEEP_LETTERS = "keep_letters"
"""Defend: order the defence so as to lose at most ``count`` letters."""
GOAL_KINDS = (TAKE_CITY, TAKE_LETTERS, CUT_SUPPLY, KEEP_LETTERS)


class PuzzleError(ValueError):
    """A puzzle, a pack or an attempt that cannot be used; the message says why."""


class Goal(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What the mover must do this turn; checked by :mod:`shared.puzzles.judge` on the engine's
    events and the position after the turn, never against a stored answer."""

    kind: str
    count: int = 0
    word: str = ""
    cells: tuple[tuple[int, int], ...] = ()

    def describe(self) -> str:
        """The goal in a player's words (it gives no answer away)."""
        if self.kind == TAKE_CITY:
            return "Take a city this turn." if self.count <= 1 else f"Take {self.count} cities this turn."
        if self.kind == TAKE_LETTERS:
            letters = "letter" if self.count == 1 else "letters"
            return f"Win the fight: remove at least {self.count} enemy {letters} this turn."
        if self.kind == CUT_SUPPLY:
            return f"Cut the supply of {self.word.upper()}: leave it cut off from every enemy city."
        if self.kind == KEEP_LETTERS:
            if self.count == 0:
                return "Order your defence so that you lose no letter."
            letters = "letter" if self.count == 1 else "letters"
            return f"Order your defence so that you lose at most {self.count} {letters}."
        return f"Reach the goal {self.kind!r}."

    def check(self) -> None:
        """Raise PuzzleError if the goal is not one this version knows or its numbers are wrong."""
        if self.kind not in GOAL_KINDS:
            raise PuzzleError(f"unknown goal kind {self.kind!r}; kinds: {', '.join(GOAL_KINDS)}")
        if self.count < 0:
            raise PuzzleError("a goal's count is never negative")
        if self.kind == CUT_SUPPLY and not self.cells:
            raise PuzzleError("a cut-supply goal names the cells of the word to cut")


class Position(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Everything the engine needs to rebuild the position: the map's terrain rows, the rule
    set (``RuleSet.to_dict``), the game's seed and first player, the state at a quiet moment
    (a :func:`~shared.rules.snapshot.snapshot_of`, its random generator left out: the puzzle
    never draws from it before the goal is judged) and the actions played after it (plain form;
    a defence puzzle's attack)."""

    grid: tuple[str, ...]
    rules: dict[str, Any]
    seed: int
    first: int
    state: dict[str, Any]
    then: tuple[dict[str, Any], ...] = ()


class Puzzle(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One puzzle. ``solutions``: every goal-reaching turn the miner found (each a tuple of
    the mover's actions in plain form, checked by the engine); any other turn that reaches
    the goal is as good. ``rating``, ``rd``, ``volatility``: its Glicko-2 rating as the pack
    ships it. ``hint_where``: the cells the second hint lights up. ``found_by``: the AI levels
    whose choice reached the goal (the starting rating comes from them). ``source``: where it
    was mined."""

    id: str
    map_name: str
    ruleset: str
    position: Position
    mover: int
    goal: Goal
    themes: tuple[str, ...]
    solutions: tuple[tuple[dict[str, Any], ...], ...]
    rating: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06
    hint_where: tuple[tuple[int, int], ...] = ()
    found_by: tuple[int, ...] = ()
    source: str = ""


SPOILERS = ("solutions", "found_by", "source")
"""The fields a solver is not shown before the attempt (the hint cells are kept for the hints)."""


def for_solver(puzzle: Puzzle) -> dict[str, Any]:
    """The puzzle's plain form without its :data:`SPOILERS`, to send to a solver."""
    data = msgspec.to_builtins(puzzle)
    for name in SPOILERS:
        data.pop(name)
    return data
