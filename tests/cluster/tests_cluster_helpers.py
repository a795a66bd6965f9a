"""Records the cluster tests share."""

from __future__ import annotations

from server.store.records import StoredGame, StoredSeat


def new_game(game_id: str = "g1", *, status: str = "active", code: str | None = None, public: bool = True) -> StoredGame:
    game = StoredGame(
        id=game_id, created=10.0, updated=10.0, map_name="Test", map_text="..\n..", rules="standard", seed=7,
        first=1, settings={"public": public, "time_control": {"kind": "none"}}, join_code=code, status=status,
        result=None, clock={"kind": "none"}, rematch_of=None,
    )
    game.seats[1] = StoredSeat(1, 1, "hash-ada", None)
    game.seats[2] = StoredSeat(2, None, None, 3)
    return game
