"""What a turn did, read off the engine's events and the position after it, and whether that
reaches a puzzle's goal. The judge and the miner both ask here, so a goal means one thing."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from shared.puzzles.model import CUT_SUPPLY, KEEP_LETTERS, TAKE_CITY, TAKE_LETTERS, Goal
from shared.rules.events import CityTaken, Event, LettersRemoved
from shared.rules.game import Game
from shared.rules.terrain import Cell, Player

__all__ = ["Outcome", "outcome_of", "reaches", "supplied_enemy_words"]


@dataclass(frozen=True)
class Outcome:
    """What a turn did for ``mover``: cities taken, enemy letters removed, own letters lost,
    and the cells of each enemy word that had supply before and stands without it after."""

    mover: Player
    cities: int
    removed: int
    lost: int
    cut: tuple[tuple[Cell, ...], ...]


def supplied_enemy_words(game: Game, mover: Player) -> dict[tuple[Cell, ...], str]:
    """The enemy's supplied words, by their cells."""
    crossword = game.crossword(mover.other)
    return {run.cells: run.text for run in crossword.words if run in crossword.supplied}


def outcome_of(before: Game, after: Game, events: Iterable[Event], mover: Player) -> Outcome:
    """The :class:`Outcome` of the turn that took ``before`` to ``after`` with ``events``."""
    cities = removed = lost = 0
    for event in events:
        if isinstance(event, CityTaken) and event.player == mover:
            cities += 1
        elif isinstance(event, LettersRemoved):
            if event.owner == mover:
                lost += len(event.letters)
            else:
                removed += len(event.letters)
    had = supplied_enemy_words(before, mover)
    enemy = after.board.letters[mover.other]
    crossword = after.crossword(mover.other)
    still = {run.cells for run in crossword.words if run in crossword.supplied}
    standing = {run.cells for run in crossword.runs}
    cut = tuple(cells for cells in had if cells in standing and cells not in still
                and all(c in enemy for c in cells))
    return Outcome(mover, cities, removed, lost, cut)


def reaches(goal: Goal, outcome: Outcome) -> bool:
    """Whether a turn with ``outcome`` reaches ``goal``."""
    if goal.kind == TAKE_CITY:
        return outcome.cities >= max(1, goal.count)
    if goal.kind == TAKE_LETTERS:
        return outcome.removed >= max(1, goal.count)
    if goal.kind == CUT_SUPPLY:
        return tuple(tuple(c) for c in goal.cells) in outcome.cut
    if goal.kind == KEEP_LETTERS:
        return outcome.lost <= goal.count
    return False
