"""What a viewer may see of a game (R13), as plain data for a server or a client."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from shared.terrain import Player, Terrain

if TYPE_CHECKING:
    from shared.game import Game

PLAYERS = (Player.GOLD, Player.SILVER)


def game_view(game: "Game", viewer: Player | None) -> dict[str, Any]:
    """The whole visible state for ``viewer`` (a player, or None for a spectator): R13."""
    board = game.board
    rows = []
    for r in range(board.height):
        rows.append("".join(TERRAIN_TO_CHAR[t] for t in board.terrain[r]))
    crosswords = {p: game.crossword(p) for p in PLAYERS}
    players = {}
    for p in PLAYERS:
        cw = crosswords[p]
        players[str(int(p))] = {
            "rack_size": len(game.racks[p]),
            "rack": "".join(game.racks[p]) if viewer == p else None,
            "pool": game.pool_count(p),
            "score": game.score(p, cw),
            "captured": game.captured[p],
            "cities_taken": game.cities_taken[p],
            "letters": [[r, c, ch] for (r, c), ch in sorted(board.letters[p].items())],
            "invalid": [[list(c) for c in run.cells] for run in cw.invalid],
            "isolated": [[list(c) for c in run.cells] for run in cw.isolated],
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
