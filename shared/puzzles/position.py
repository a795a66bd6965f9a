"""A puzzle's position: taken from a game at a quiet moment, and rebuilt as an engine game."""

from __future__ import annotations

import random
from typing import Any

from shared.puzzles.model import Position, Puzzle, PuzzleError
from shared.rules.actions import action_from_dict
from shared.rules.errors import RuleError
from shared.rules.events import Event
from shared.rules.game import Game
from shared.rules.grid import grid_rows, map_from_rows
from shared.rules.lexicon import Lexicon
from shared.rules.presets import RuleSet
from shared.rules.snapshot import SnapshotError, restore, snapshot_of
from shared.rules.terrain import Player

__all__ = ["capture_position", "position_of", "rebuild", "rebuild_with_events"]


def capture_position(game: Game, then: tuple[dict[str, Any], ...] = ()) -> Position:
    """The :class:`Position` of ``game`` (quiet: nothing pending), with ``then`` to play after it."""
    try:
        state = snapshot_of(game)
    except SnapshotError as exc:
        raise PuzzleError(str(exc)) from None
    state.pop("rng")
    state["version"] = 0  # the actions before it are not kept: the puzzle needs only the state
    return Position(tuple(grid_rows(game.map)), game.rules.to_dict(), game.seed, int(game.first), state,
                    tuple(then))


def rebuild(position: Position, lexicon: Lexicon, map_name: str = "puzzle") -> Game:
    """The engine game at ``position``; PuzzleError if it does not rebuild."""
    return rebuild_with_events(position, lexicon, map_name)[0]


def rebuild_with_events(position: Position, lexicon: Lexicon, map_name: str = "puzzle") -> tuple[Game, list[Event]]:
    """The engine game at ``position`` and the events of the actions played after its state
    (a defence puzzle's attack: the fight the defender answers)."""
    try:
        game_map = map_from_rows(list(position.grid), name=map_name)
        rules = RuleSet.from_dict(dict(position.rules))
        fresh = Game.new(game_map, rules, position.seed, lexicon, Player(position.first))
        state = dict(position.state)
        state["rng"] = list(_rng_state(position.seed))
        game = restore(fresh, state, [])
    except (SnapshotError, ValueError, TypeError, KeyError) as exc:
        raise PuzzleError(f"the puzzle's position does not rebuild: {exc}") from None
    events: list[Event] = []
    for index, data in enumerate(position.then):
        try:
            events += game.apply(action_from_dict(data))
        except RuleError as exc:
            raise PuzzleError(f"the puzzle's position does not rebuild: action {index + 1}: {exc.reason}") from None
    return game, events


def _rng_state(seed: int) -> tuple[Any, list[int], Any]:
    version, internal, gauss = random.Random(seed).getstate()
    return version, list(internal), gauss


def position_of(puzzle: Puzzle, lexicon: Lexicon) -> Game:
    """The engine game at ``puzzle``'s position, ``puzzle.mover`` to act; PuzzleError if it
    does not rebuild or it is not the mover's move."""
    game = rebuild(puzzle.position, lexicon, puzzle.map_name)
    if game.actor != Player(puzzle.mover):
        raise PuzzleError(f"puzzle {puzzle.id}: the position waits for {game.actor}, not the puzzle's mover")
    return game
