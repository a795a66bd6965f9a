"""`scryptic puzzles build --store DB`: a server's finished games read as records to mine."""

from __future__ import annotations

from pathlib import Path

from scryptic.commands._puzzles_store import store_records
from server.mapcodec import map_to_text
from server.store import records as R
from server.store.sqlite import SQLiteStore
from shared.rules.record import parse_record

RECORD = Path(__file__).parent / "data" / "analysis" / "held-out-0.jsonl"


async def test_the_finished_games_of_a_store_come_back_as_their_records(tmp_path):
    record = parse_record(RECORD.read_text())
    path = tmp_path / "server.sqlite3"
    store = SQLiteStore(path)
    try:
        for game_id, status in (("done1", "over"), ("live1", "active")):
            await store.add_game(R.StoredGame(
                id=game_id, created=1.0, updated=2.0, map_name="anvil", map_text=map_to_text(record.game_map),
                rules=record.rules.name, seed=record.seed, first=int(record.first), settings={"public": True},
                join_code=None, status="active", result=None, clock=None, rematch_of=None,
                seats={1: R.StoredSeat(1, None, None, 2), 2: R.StoredSeat(2, None, None, 2)}))
            for version, action in enumerate(record.actions, start=1):
                last = version == len(record.actions) and status == "over"
                await store.save_action(game_id, version, action, float(version), status="over" if last else None,
                                        result=record.end if last else None)
    finally:
        store.close()
    ((game_id, map_name, found),) = store_records(path)
    assert (game_id, map_name) == ("done1", "anvil")
    assert found.actions == record.actions and found.seed == record.seed and found.first == record.first
    assert found.rules == record.rules
