"""The store behind the online features: the schema migration, ratings written in the same unit
as the final action, and a failed final write that changes nothing."""

from __future__ import annotations

import sqlite3

import pytest
import srv_helpers as H

from client.net import ServerError
from server.mapcodec import map_to_text
from server.store import records as R
from server.store import sqlite_statements as SQL
from server.store.sqlite import SQLiteStore
from server.store.sqlite_schema import SCHEMA, SCHEMA_VERSION

BLITZ = {"kind": "fischer", "initial": 180, "increment": 2}


def rating(subject: str, value: float, games: int) -> R.Rating:
    return R.Rating(subject, "blitz", value, 200.0, 0.06, games)


def a_game(game_id: str, status: str) -> R.StoredGame:
    return R.StoredGame(
        id=game_id, created=1.0, updated=2.0, map_name="Test Ford", map_text=map_to_text(H.test_map()),
        rules="standard", seed=9, first=1, settings={"public": True}, join_code=None, status=status,
        result={"winner": 1, "reason": "resigned"} if status == "over" else None, clock=None, rematch_of=None,
        seats={1: R.StoredSeat(1, 1, "h1", None), 2: R.StoredSeat(2, None, None, 2)},
    )


def test_a_version_1_database_is_migrated_and_keeps_its_games(tmp_path):
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as conn:  # a database as the first server made it
        conn.executescript(SCHEMA)
        conn.execute("INSERT INTO meta (key, value) VALUES ('schema_version', '1')")
        conn.execute("INSERT INTO users (id, name, token_hash, created) VALUES (1, 'Ada', 'h', 0)")
        for game in (a_game("done1", "over"), a_game("live1", "active")):
            for sql, params in SQL.insert_game(game):
                if sql.startswith("INSERT INTO games"):  # the version 1 row had no offers column
                    sql = sql.replace(", offers)", ")").replace(", ?)", ")", 1)
                    params = params[:-1]
                conn.execute(sql, params)
    store = SQLiteStore(path)
    try:
        with sqlite3.connect(path) as conn:
            assert conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone() == (str(SCHEMA_VERSION),)
        state = store.load_state()
        assert [g.id for g in state.games] == ["live1"] and state.games[0].offers == {}
        (line,) = store.finished_games(1)
        assert line["game"] == "done1" and line["finished"] == 2.0 and line["opponent"]["bot"] == 2
    finally:
        store.close()
    SQLiteStore(path).close()  # opening it again changes nothing


async def test_ratings_are_written_with_the_final_action_or_not_at_all(tmp_path):
    store = SQLiteStore(tmp_path / "s.sqlite3")
    await store.add_user(1, "Ada", "h")
    await store.write(SQL.insert_game(a_game("g1", "active")))
    change = R.RatingChange("g1", 1, rating("u:1", 1500, 0), rating("u:1", 1600, 1))
    await store.save_action("g1", 1, {"type": "end_turn", "player": 1}, 1.0)
    with pytest.raises(R.StoreError):  # version 1 again: the unit fails, ratings included
        await store.save_action("g1", 1, {"type": "resign", "player": 2}, 2.0, status="over",
                                result={"winner": 1, "reason": "resigned"}, ratings=[change])
    assert store.load_state().ratings == [] and store.load_game("g1").status == "active"
    await store.save_action("g1", 2, {"type": "resign", "player": 2}, 2.0, status="over",
                            result={"winner": 1, "reason": "resigned"}, ratings=[change])
    assert store.load_state().ratings == [rating("u:1", 1600, 1)]
    assert store.load_game("g1").rating_changes == {1: change}
    store.close()


async def test_a_final_write_that_fails_changes_no_rating(server, connect):
    duel = await H.make_duel(server, connect, seed=1, rated=True, time_control=BLITZ)
    game_id = duel["game"]
    real = server.store.save_action

    async def failing(*args, **kwargs):
        if kwargs.get("ratings"):
            raise R.StoreError("disk full")
        return await real(*args, **kwargs)

    server.store.save_action = failing  # type: ignore[method-assign]
    with pytest.raises(ServerError) as info:
        await duel["silver"].resign(game_id)
    assert info.value.code == "store_failed"
    room = server.rooms[game_id]
    assert room.status == "active" and room.version == 0 and not room.rating_changes
    assert server.ratings.get("u:1", "blitz").games == 0 and server.ratings.get("u:2", "blitz").games == 0
    server.store.save_action = real  # type: ignore[method-assign]
    await duel["silver"].resign(game_id)
    assert server.ratings.get("u:1", "blitz").games == 1 and room.status == "over"
