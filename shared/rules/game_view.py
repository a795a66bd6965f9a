"""What a viewer may see of a game (R13), as plain data for a server or a client."""

from __future__ import annotations

from typing import Any

from shared.rules.terrain import Player, Terrain

__all__ = [
    "PLAYERS", "GameViews", "TERRAIN_TO_CHAR",
]

PLAYERS = (Player.GOLD, Player.SILVER)


class GameViews:
    """What a viewer may see: a mixin of :class:`~shared.rules.game.Game`."""

    def view(self, viewer: Player | None) -> dict[str, Any]:
        """The whole visible state for ``viewer`` (a player, or None for a spectator): R13."""
        board = self.board
        known = self.__dict__.get("_terrain_rows")
        if known is None or known[0] != board.terrain:  # terrain changes rarely (a forest cut, ice cracked)
            known = ([row[:] for row in board.terrain],
                     ["".join([TERRAIN_TO_CHAR[t] for t in row]) for row in board.terrain])
            self.__dict__["_terrain_rows"] = known
        rows = list(known[1])
        drawn = self.__dict__.setdefault("_drawn_crosswords", {})
        players = {}
        for p in PLAYERS:
            cw = self.crossword(p)
            lines = drawn.get(p)
            if lines is None or lines[0] is not cw:
                # a crossword is remembered only while its letters stay as they are: so do these
                lines = (cw, [[r, c, ch] for (r, c), ch in sorted(board.letters[p].items())],
                         [[list(c) for c in run.cells] for run in cw.invalid],
                         [[list(c) for c in run.cells] for run in cw.isolated])
                drawn[p] = lines
            players[str(int(p))] = {
                "rack_size": len(self.racks[p]),
                "rack": "".join(self.racks[p]) if viewer == p else None,
                "pool": self.pool_count(p),
                "score": self.score(p, cw),
                "captured": self.captured[p],
                "cities_taken": self.cities_taken[p],
                "letters": lines[1],
                "invalid": lines[2],
                "isolated": lines[3],
            }
        return {
            "map": self.map.name,
            "rules": self.rules.name,
            "width": board.width,
            "height": board.height,
            "terrain": rows,
            "cities": [[r, c, None if o is None else int(o)] for (r, c), o in sorted(board.city_owner.items())],
            "players": players,
            "to_move": int(self.to_move),
            "turn": self.turn,
            "stall_turns": self.stall_turns,
            "last_turn": self.is_last_turn(),
            "redeployed": self.redeployed_this_turn,
            "pending": None if self.pending is None else self.pending.to_dict(),
            "result": None if self.result is None else self.result.to_dict(),
            "version": self.version,
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
