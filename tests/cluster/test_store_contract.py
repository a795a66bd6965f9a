"""The store contract: what every GameStore does, run against SQLite and PostgreSQL alike."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from tests_cluster_helpers import new_game

from server.store.interface import GameStore
from server.store.records import Rating, RatingChange, StoredSeat, StoreError
from server.store.sqlite import SQLiteStore


@pytest.fixture(params=["sqlite", "postgres"])
async def store(request, tmp_path: Path) -> AsyncIterator[GameStore]:
    if request.param == "sqlite":
        made: GameStore = SQLiteStore(tmp_path / "s.sqlite3")
    else:
        from server.store.postgres import PostgresStore

        url = request.getfixturevalue("pg_url")
        made = PostgresStore(url, apply_migrations=True)
    await made.add_user(1, "Ada", "hash-ada")
    yield made
    made.close()


def versions(store: GameStore, game_id: str = "g1") -> list[int]:
    found = store.load_game(game_id)
    assert found is not None
    return [v for v, _a, _t in found.actions]


async def test_a_game_and_its_actions_come_back_as_written(store: GameStore) -> None:
    await store.add_game(new_game())
    for v in (1, 2, 3):
        await store.save_action("g1", v, {"type": "pass", "player": 1 + v % 2}, 100.0 + v)
    loaded = store.load_game("g1")
    assert loaded is not None
    assert loaded.actions == [(1, {"type": "pass", "player": 2}, 101.0), (2, {"type": "pass", "player": 1}, 102.0),
                              (3, {"type": "pass", "player": 2}, 103.0)]
    assert loaded.seats == {1: StoredSeat(1, 1, "hash-ada", None), 2: StoredSeat(2, None, None, 3)}
    assert (loaded.settings, loaded.seed, loaded.clock) == ({"public": True, "time_control": {"kind": "none"}}, 7, {"kind": "none"})
    state = store.load_state()
    assert [g.id for g in state.games] == ["g1"] and [u.name for u in state.users] == ["Ada"]
    assert [v for v, _a, _t in state.games[0].actions] == [1, 2, 3]


async def test_an_action_at_a_version_already_taken_fails_and_changes_nothing(store: GameStore) -> None:
    await store.add_game(new_game())
    await store.save_action("g1", 1, {"type": "pass"}, 1.0)
    with pytest.raises(StoreError):
        await store.save_action("g1", 1, {"type": "other"}, 2.0, status="over", result={"winner": 1})
    loaded = store.load_game("g1")
    assert loaded is not None and loaded.actions == [(1, {"type": "pass"}, 1.0)]
    assert loaded.status == "active" and loaded.result is None  # the game row was not touched either


async def test_concurrent_writes_of_different_versions_all_land(store: GameStore) -> None:
    await store.add_game(new_game())
    await asyncio.gather(*(store.save_action("g1", v, {"type": "pass"}, float(v)) for v in range(1, 21)))
    assert versions(store) == list(range(1, 21))


async def test_the_final_action_writes_result_and_ratings_in_one_unit(store: GameStore) -> None:
    await store.add_game(new_game())
    before, after = Rating("u:1", "blitz", 1500.0, 350.0, 0.06, 0), Rating("u:1", "blitz", 1662.3, 290.1, 0.06, 1)
    change = RatingChange("g1", 1, before, after)
    stored = await store.save_action("g1", 1, {"type": "resign"}, 5.0, status="over", result={"winner": 1}, ratings=[change])
    assert stored == [change]  # the stored rating was the one the change started from: kept as given
    loaded = store.load_game("g1")
    assert loaded is not None and loaded.status == "over" and loaded.result == {"winner": 1}
    assert loaded.rating_changes == {1: change}
    state = store.load_state()
    assert state.games == [] and state.ratings == [after]
    history = store.finished_games(1)
    assert [(h["game"], h["seat"], h["rating"]["change"]) for h in history] == [("g1", 1, 162.3)]


async def test_a_failed_final_unit_keeps_neither_action_nor_ratings(store: GameStore) -> None:
    await store.add_game(new_game())
    await store.save_action("g1", 1, {"type": "pass"}, 1.0)
    change = RatingChange("g1", 1, Rating("u:1", "blitz", 1500.0, 350.0, 0.06, 0), Rating("u:1", "blitz", 1600.0, 300.0, 0.06, 1))
    with pytest.raises(StoreError):  # version 1 is taken: the whole unit fails
        await store.save_action("g1", 1, {"type": "resign"}, 2.0, status="over", result={"winner": 1}, ratings=[change])
    assert store.load_state().ratings == [] and store.load_game("g1").rating_changes == {}


async def test_take_back_offers_seats_and_finish(store: GameStore) -> None:
    await store.add_game(new_game("g2", status="open", code="ABCDEF"))
    await store.add_user(2, "Bea", "hash-bea")
    await store.save_seat("g2", StoredSeat(2, 2, "hash-bea", None), status="active", clock={"kind": "fischer"})
    for v in (1, 2, 3):
        await store.save_action("g2", v, {"type": "pass"}, float(v))
    await store.save_offers("g2", {"draw": [1]})
    assert store.load_game("g2").offers == {"draw": [1]}
    await store.take_back("g2", 1, clock={"kind": "later"})
    loaded = store.load_game("g2")
    assert [v for v, _a, _t in loaded.actions] == [1] and loaded.offers == {} and loaded.clock == {"kind": "later"}
    assert loaded.status == "active" and loaded.seats[2] == StoredSeat(2, 2, "hash-bea", None)
    await store.finish_game("g2", result={"draw": True}, clock=None, ratings=[])
    assert store.load_game("g2").status == "over" and [h["game"] for h in store.finished_games(2)] == ["g2"]


async def test_private_games_are_left_out_of_history_unless_asked(store: GameStore) -> None:
    await store.add_game(new_game("pub"))
    await store.add_game(new_game("priv", public=False))
    for game_id in ("pub", "priv"):
        await store.finish_game(game_id, result={"winner": 2}, clock=None, ratings=[])
    assert [h["game"] for h in store.finished_games(1)] == ["pub"]
    assert sorted(h["game"] for h in store.finished_games(1, include_private=True)) == ["priv", "pub"]


async def test_users_rename_heartbeat_and_clock_checkpoints(store: GameStore) -> None:
    await store.add_game(new_game())
    await store.rename_user(1, "Ada L.")
    await store.note_alive(42.5, {"g1": {"kind": "fischer", "left": [30, 40]}})
    state = store.load_state()
    assert [u.name for u in state.users] == ["Ada L."] and state.heartbeat == 42.5
    assert state.games[0].clock == {"kind": "fischer", "left": [30, 40]}
    with pytest.raises(StoreError):
        await store.add_user(2, "Copy", "hash-ada")  # a token hash is unique


async def test_an_unknown_game_is_none(store: GameStore) -> None:
    assert store.load_game("nope") is None


async def test_an_analysis_is_kept_with_its_game_and_replaced_whole(store: GameStore) -> None:
    from server.store.analyses import archive_for

    await store.add_game(new_game())
    archive = archive_for(store)
    assert await archive.load("g1") is None
    await archive.save("g1", "quick", {"turns": [{"number": 1, "loss": 0.25}], "graph": [0.5, 0.4]})
    assert await archive.load("g1") == {"turns": [{"number": 1, "loss": 0.25}], "graph": [0.5, 0.4]}
    await archive.save("g1", "normal", {"turns": [], "graph": [0.5]})
    assert await archive.load("g1") == {"turns": [], "graph": [0.5]}
    with pytest.raises(StoreError):  # an analysis belongs to a stored game
        await archive.save("nope", "quick", {"turns": []})
    assert await archive.load("nope") is None


async def test_puzzle_attempts_ratings_and_mined_puzzles_are_kept_and_a_second_attempt_refused(store: GameStore) -> None:
    from server.store.puzzles import MinedPuzzle, PuzzleRated, PuzzleStanding, StoredAttempt, puzzle_archive_for

    archive = puzzle_archive_for(store)
    assert await archive.standing(1) is None and await archive.attempted(1) == {}
    first = StoredAttempt("p1", True, [{"type": "end_turn", "player": 1}], 1500.0, 1662.3, 10.0)
    assert await archive.puzzle_rating("p1") is None and await archive.puzzle_ratings() == {}
    await archive.record(1, first, PuzzleStanding(1662.3, 290.3, 0.06, 1, 1, 1, 1), PuzzleRated(1487.25, 79.5, 0.06, 1, 1))
    assert await archive.attempt(1, "p1") == first
    assert await archive.standing(1) == PuzzleStanding(1662.3, 290.3, 0.06, 1, 1, 1, 1)
    assert await archive.puzzle_rating("p1") == PuzzleRated(1487.25, 79.5, 0.06, 1, 1)
    with pytest.raises(StoreError):  # one attempt per account and puzzle: the unit is refused whole
        await archive.record(1, StoredAttempt("p1", False, [], 1662.3, 1500.0, 11.0),
                             PuzzleStanding(1500.0, 250.0, 0.06, 2, 1, 0, 1), PuzzleRated(1600.0, 70.0, 0.06, 2, 1))
    assert await archive.standing(1) == PuzzleStanding(1662.3, 290.3, 0.06, 1, 1, 1, 1)
    assert await archive.puzzle_rating("p1") == PuzzleRated(1487.25, 79.5, 0.06, 1, 1)
    await archive.record(1, StoredAttempt("p2", False, [], 1662.3, 1600.0, 12.0),
                         PuzzleStanding(1600.0, 260.0, 0.06, 2, 1, 0, 1), PuzzleRated(1410.5, 78.0, 0.06, 1, 0))
    assert await archive.attempted(1) == {"p1": True, "p2": False}
    await store.add_user(2, "Bob", "hash-bob")
    await archive.record(2, StoredAttempt("p1", False, [], 1500.0, 1450.0, 13.0),  # a second solver moves it on
                         PuzzleStanding(1450.0, 300.0, 0.06, 1, 0, 0, 0), PuzzleRated(1499.75, 79.0, 0.06, 2, 1))
    assert await archive.puzzle_ratings() == {"p1": PuzzleRated(1499.75, 79.0, 0.06, 2, 1),
                                              "p2": PuzzleRated(1410.5, 78.0, 0.06, 1, 0)}
    with pytest.raises(StoreError):  # an attempt belongs to an account
        await archive.record(99, StoredAttempt("p3", True, [], 1500.0, 1600.0, 14.0),
                             PuzzleStanding(1500.0, 350.0, 0.06), PuzzleRated(1400.0, 80.0, 0.06, 1, 1))
    assert await archive.puzzle_rating("p3") is None  # the unit was refused whole
    await store.add_game(new_game())
    assert await archive.mined() == [] and await archive.mined_games() == set()
    await archive.keep_mined("g1", [MinedPuzzle("m1", "g1", {"id": "m1", "goal": {"kind": "take_city"}})])
    await archive.keep_mined("g2", [])
    assert await archive.mined() == [MinedPuzzle("m1", "g1", {"id": "m1", "goal": {"kind": "take_city"}})]
    assert await archive.mined_games() == {"g1", "g2"}
