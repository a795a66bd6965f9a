"""A game's state as plain data (JSON), and back, for loading a long game without replaying it.

The engine stays as it is: a snapshot holds exactly the fields :meth:`Game.fingerprint` covers
(board, racks, pools, counters, turn, result, the random generator's state) and nothing is
derived, so a game restored from a snapshot is the game replayed to that version, and goes on
identically. Map, rules, lexicon and the starting events are not in it: they come from
:meth:`Game.new` with the game's own map, rules, seed and first player, which the store keeps
anyway. The actions before the snapshot are given back by the caller (the store has them).

Only a quiet version can be snapshotted: one with no pending discard or defence order (a
pending defence holds the engine's combat objects, which have no plain form). A game is quiet
at most versions, so the store takes the first quiet version past each interval.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from shared.rules.actions import action_from_dict, action_to_dict
from shared.rules.game import Game
from shared.rules.pending import Result
from shared.rules.terrain import Player, Terrain
from shared.rules.turn_flow import PLAYERS

FORMAT = 1
_COUNTERS = ("drawn", "removed", "discarded", "captured", "cities_taken", "turns_started", "_last_scores")
# Every attribute of a Game: those in the snapshot, and those Game.new gives (map, rules...).
SNAPSHOT_FIELDS = frozenset((*_COUNTERS, "board", "racks", "pools", "to_move", "turn", "committed_this_turn",
                             "redeployed_this_turn", "passes", "stall_turns", "pending", "result", "rng", "actions"))
FROM_NEW_FIELDS = frozenset(("map", "rules", "lexicon", "seed", "first", "initial_events"))
DERIVED_FIELDS = frozenset(("_crosswords", "_terrain_rows", "_drawn_crosswords"))
"""Reads of the board a game remembers (each checked against the board before use): not state."""


class SnapshotError(ValueError):
    """A snapshot that cannot be taken or does not fit the game it is restored into."""


def can_snapshot(game: Game) -> bool:
    """Whether ``game`` is at a quiet version (nothing pending), so a snapshot can be taken."""
    return game.pending is None


def snapshot_of(game: Game) -> dict[str, Any]:
    """The state of ``game`` as JSON-ready data (raises SnapshotError while a decision is pending)."""
    if game.pending is not None:
        raise SnapshotError(f"game at version {game.version} waits for a {type(game.pending).__name__}: no snapshot")
    version, internal, gauss = game.rng.getstate()
    board = game.board
    return {
        "format": FORMAT,
        "version": game.version,
        "terrain": ["".join(_TERRAIN_CODE[t] for t in row) for row in board.terrain],
        "city_owner": [[r, c, None if owner is None else int(owner)] for (r, c), owner in sorted(board.city_owner.items())],
        "letters": {str(int(p)): [[r, c, ch] for (r, c), ch in sorted(board.letters[p].items())] for p in PLAYERS},
        "racks": {str(int(p)): list(game.racks[p]) for p in PLAYERS},
        "pools": {str(int(p)): list(game.pools[p]) for p in PLAYERS},
        "counters": {name: {str(int(p)): getattr(game, name)[p] for p in PLAYERS} for name in _COUNTERS},
        "to_move": int(game.to_move),
        "turn": game.turn,
        "committed_this_turn": game.committed_this_turn,
        "redeployed_this_turn": game.redeployed_this_turn,
        "passes": game.passes,
        "stall_turns": game.stall_turns,
        "result": None if game.result is None else game.result.to_dict(),
        "rng": [version, list(internal), gauss],
    }


def prefix_hash(actions: list[dict[str, Any]]) -> str:
    """A digest of the actions a snapshot stands for (their plain form, in order): a snapshot
    whose digest is not that of the stored actions before it is of another history."""
    digest = hashlib.sha256()
    for action in actions:
        digest.update(json.dumps(action, sort_keys=True, separators=(",", ":")).encode())
        digest.update(b"\n")
    return digest.hexdigest()


def restore(fresh: Game, data: dict[str, Any], actions: list[dict[str, Any]]) -> Game:
    """Put the state ``data`` (from :func:`snapshot_of`) into ``fresh``, a game just made by
    :meth:`Game.new` with the game's map, rules, seed and first player, and return it;
    ``actions`` are the game's actions up to the snapshot's version.

    Raises SnapshotError, changing nothing, if the snapshot is of another format, does not fit
    the map, or the number of actions is not its version.
    """
    if fresh.version != 0:
        raise SnapshotError("a snapshot is restored into a game just made by Game.new")
    try:
        if data.get("format") != FORMAT:
            raise SnapshotError(f"snapshot format {data.get('format')!r}, expected {FORMAT}")
        if data["version"] != len(actions):
            raise SnapshotError(f"snapshot of version {data['version']} given {len(actions)} actions")
        terrain = [[_TERRAIN_BY_CODE[ch] for ch in row] for row in data["terrain"]]
        if len(terrain) != fresh.map.height or any(len(row) != fresh.map.width for row in terrain):
            raise SnapshotError("the snapshot's board is not the size of the game's map")
        city_owner = {(r, c): None if o is None else Player(o) for r, c, o in data["city_owner"]}
        if set(city_owner) != set(fresh.board.city_owner):
            raise SnapshotError("the snapshot's cities are not the map's")
        letters = {p: {(r, c): ch for r, c, ch in data["letters"][str(int(p))]} for p in PLAYERS}
        racks = {p: list(data["racks"][str(int(p))]) for p in PLAYERS}
        pools = {p: list(data["pools"][str(int(p))]) for p in PLAYERS}
        counters = {name: {p: int(data["counters"][name][str(int(p))]) for p in PLAYERS} for name in _COUNTERS}
        result = data["result"]
        rng_version, internal, gauss = data["rng"]
        state = {
            "to_move": Player(data["to_move"]), "turn": int(data["turn"]),
            "committed_this_turn": bool(data["committed_this_turn"]),
            "redeployed_this_turn": bool(data["redeployed_this_turn"]),
            "passes": int(data["passes"]), "stall_turns": int(data["stall_turns"]),
            "result": None if result is None else Result(None if result["winner"] is None else Player(result["winner"]),
                                                         result["reason"]),
        }
        normalised = [action_to_dict(action_from_dict(a)) for a in actions]
        rng = random.Random()
        rng.setstate((rng_version, tuple(internal), gauss))
    except SnapshotError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise SnapshotError(f"the snapshot is damaged: {type(exc).__name__}: {exc}") from exc
    fresh.rng = rng
    fresh.board.terrain = terrain
    fresh.board.city_owner = city_owner
    fresh.board.letters = letters
    fresh.racks, fresh.pools = racks, pools
    for name, values in counters.items():
        setattr(fresh, name, values)
    for name, value in state.items():
        setattr(fresh, name, value)
    fresh.pending = None
    fresh.actions = normalised
    return fresh


_TERRAIN_CODE = {t: t.value[0].upper() if t is not Terrain.LAVA else "V" for t in Terrain}
_TERRAIN_BY_CODE = {code: t for t, code in _TERRAIN_CODE.items()}
assert len(_TERRAIN_BY_CODE) == len(Terrain), "terrain codes must differ"

__all__ = ["DERIVED_FIELDS", "FORMAT", "FROM_NEW_FIELDS", "SNAPSHOT_FIELDS", "SnapshotError", "can_snapshot", "prefix_hash", "restore", "snapshot_of"]
