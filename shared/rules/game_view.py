"""What a viewer may see of a game (R13), as plain data for a server or a client."""

from __future__ import annotations

from typing import Any

from shared.rules.state import PLAYERS, GameState
from shared.rules.terrain import Player, Terrain

__all__ = ["PLAYERS", "TERRAIN_TO_CHAR", "view_of"]


def view_of(game: GameState, viewer: Player | None) -> dict[str, Any]:
    """The whole visible state for ``viewer`` (a player, or None for a spectator): R13."""
    board = game.board
    known = game.__dict__.get("_terrain_rows")
    if known is None or known[0] != board.terrain:  # terrain changes rarely (a forest cut, ice cracked)
        known = ([row[:] for row in board.terrain],
                 ["".join([TERRAIN_TO_CHAR[t] for t in row]) for row in board.terrain])
        game.__dict__["_terrain_rows"] = known
    rows = list(known[1])
    drawn = game.__dict__.setdefault("_drawn_crosswords", {})
    players = {}
    for p in PLAYERS:
        cw = game.crossword(p)
        lines = drawn.get(p)
        if lines is None or lines[0] is not cw:
            # a crossword is remembered only while its letters stay as they are: so do these
            lines = (cw, [[r, c, ch] for (r, c), ch in sorted(board.letters[p].items())],
                     [[list(c) for c in run.cells] for run in cw.invalid],
                     [[list(c) for c in run.cells] for run in cw.isolated])
            drawn[p] = lines
        players[str(int(p))] = {
            "rack_size": len(game.racks[p]),
            "rack": "".join(game.racks[p]) if viewer == p else None,
            "pool": game.pool_count(p),
            "score": game.score(p, cw),
            "captured": game.captured[p],
            "cities_taken": game.cities_taken[p],
            "letters": lines[1],
            "invalid": lines[2],
            "isolated": lines[3],
        }
    return {
        "map": game.map.name,
        "rules": game.rules.name,
        "width": board.width,
        "height": board.height,
        "terrain": rows,
        "cities": [[r, c, None if o is None else int(o)] for (r, c), o in sorted(board.city_owner.items())],
        "players": players,
        "to_move": int(game.to_move),
        "turn": game.turn,
        "stall_turns": game.stall_turns,
        "last_turn": game.is_last_turn(),
        "redeployed": game.redeployed_this_turn,
        "pending": None if game.pending is None else game.pending.to_dict(),
        "result": None if game.result is None else game.result.to_dict(),
        "version": game.version,
        "viewer": None if viewer is None else int(viewer),
    }


TERRAIN_TO_CHAR: dict[Terrain, str] = {
    Terrain.PLAINS: ".",
    Terrain.FOREST: "f",
    Terrain.WATER: "~",
    Terrain.MOUNTAINS: "^",
    Terrain.ICE: "*",
    Terrain.CITY: "#",
    Terrain.LAVA: "x",
}
