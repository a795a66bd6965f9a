"""The puzzle requests: a server serves its puzzles and the daily puzzle, judges and rates one
attempt per account (Glicko-2, the exact numbers of the glicko2 library), refuses a second
attempt and an unknown puzzle with the rating unchanged, and keeps it all across a restart."""

from __future__ import annotations

import contextlib
import datetime
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import glicko2
import pytest
import srv_helpers as H

from client.net.errors import ServerError
from server.app import GameServer
from shared.puzzle_wire import mine_record_text
from shared.puzzles.daily import daily_puzzle
from shared.puzzles.pack import write_pack
from shared.puzzles.position import position_of
from shared.rules.terrain import Player

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from puzzle_samples import SOLUTION, WRONG, city_puzzle, sample_pack  # noqa: E402

pytestmark = pytest.mark.asyncio


def wire(actions: tuple[dict[str, Any], ...]) -> list[dict[str, Any]]:
    """The attempt's actions as a client sends them (no player: the server fills it in)."""
    return [{k: v for k, v in a.items() if k != "player"} for a in actions]


def glicko(rating: float, rd: float, vol: float, opponent: tuple[float, float], score: float) -> glicko2.Player:
    player = glicko2.Player(rating=rating, rd=rd, vol=vol)
    player.update_player([opponent[0]], [opponent[1]], [score])
    return player


@pytest.fixture
async def puzzle_server(tmp_path: Path) -> AsyncIterator[Callable[..., Any]]:
    """Servers that serve the sample puzzles (stopped at the end of the test)."""
    servers: list[GameServer] = []

    pack = write_pack(sample_pack(H.lexicon()), tmp_path / "puzzles.jsonl")

    async def start(db: Path | None = None, **overrides: Any) -> GameServer:
        config = H.make_config(db or tmp_path / "server.sqlite3", puzzle_pack=pack, **overrides)
        server = GameServer(config, H.lexicon(), maps={"test-ford": H.test_map()}, lexicon_factory=H.lexicon_factory)
        await server.start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        with contextlib.suppress(Exception):
            await server.stop()


async def test_puzzles_are_listed_by_theme_and_map_and_served_without_their_solutions(puzzle_server, connect):
    server = await puzzle_server()
    ada = await connect(server, "Ada")
    listed = await ada.puzzles()
    assert [p["id"] for p in listed["puzzles"]] == ["t-cats", "t-cats2", "t-fight"]
    assert listed["themes"] == ["city_taken", "fight_won"] and listed["maps"] == ["test-ford", "the-anvil"]
    assert listed["rating"] == {"rating": 1500.0, "rd": 350.0, "attempts": 0, "solved": 0, "streak": 0, "best_streak": 0}
    assert listed["puzzles"][0] == {"id": "t-cats", "map": "test-ford", "ruleset": "standard",
                                    "goal": "Take a city this turn.", "themes": ["city_taken"], "rating": 1500,
                                    "attempted": False, "solved": False}
    by_theme = await ada.puzzles(theme="city_taken", map="test-ford")
    assert [p["id"] for p in by_theme["puzzles"]] == ["t-cats"]
    page = await ada.puzzles(limit=1, after="t-cats")
    assert [p["id"] for p in page["puzzles"]] == ["t-cats2"] and page["more"] is True
    one = await ada.puzzle("t-cats")
    assert one["puzzle"]["id"] == "t-cats" and one["attempt"] is None
    assert not {"solutions", "found_by", "source"} & set(one["puzzle"])  # nothing that gives the answer away
    assert one["puzzle"]["goal_text"] == "Take a city this turn." and one["puzzle"]["hint_where"] == [[2, 3]]
    # the position as the mover sees it (a browser draws it): the engine's own view of it
    mover_view = one["puzzle"]["view"]
    assert mover_view == position_of(city_puzzle(H.lexicon()), H.lexicon()).view(Player(1))
    assert mover_view["viewer"] == 1 and mover_view["players"]["1"]["rack"] is not None
    assert mover_view["players"]["2"]["rack"] is None
    chosen = await ada.puzzle(theme="city_taken")  # the next for a 1500 player: within 100 points
    assert chosen["puzzle"]["id"] == "t-cats"


async def test_the_daily_puzzle_is_the_same_on_two_clients_and_the_server(puzzle_server, connect):
    server = await puzzle_server()
    first, second = await connect(server, "Ada"), await connect(server, "Bo")
    day = "2026-12-04"
    a, b = await first.daily_puzzle(day), await second.daily_puzzle(day)
    expected = daily_puzzle(sample_pack(H.lexicon()), datetime.date(2026, 12, 4)).id
    assert a["date"] == b["date"] == day and a["puzzle"]["id"] == b["puzzle"]["id"] == expected
    today = await first.daily_puzzle()
    assert today["date"] == datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    with pytest.raises(ServerError) as bad:
        await first.daily_puzzle("2026-02-30")
    assert bad.value.code == "bad_date"


async def test_an_attempt_is_judged_rated_refused_twice_and_kept_across_a_restart(puzzle_server, connect):
    server = await puzzle_server()
    ada = await connect(server, "Ada")
    solved = await ada.puzzle_attempt("t-cats", wire(SOLUTION))
    expected = glicko(1500.0, 350.0, 0.06, (1500.0, 80.0), 1.0)
    assert solved["solved"] is True and solved["goal"] == "Take a city this turn."
    assert solved["solutions"] == [list(SOLUTION)]
    assert solved["rating"] == {"before": 1500.0, "after": round(expected.rating, 1),
                                "change": round(expected.rating - 1500.0, 1), "rd": round(expected.rd, 1)}
    assert solved["streak"] == 1 and solved["best_streak"] == 1
    assert any(e["type"] == "city_taken" for e in solved["events"])
    missed = await ada.puzzle_attempt("t-fight", wire(WRONG))  # a turn that does not reach the goal
    after_miss = glicko(expected.rating, expected.rd, expected.vol, (1400.0, 80.0), 0.0)
    assert missed["solved"] is False and missed["streak"] == 0 and missed["best_streak"] == 1
    assert missed["rating"]["before"] == round(expected.rating, 1)
    assert missed["rating"]["after"] == round(after_miss.rating, 1)
    standing = {"rating": round(after_miss.rating, 1), "rd": round(after_miss.rd, 1), "attempts": 2, "solved": 1,
                "streak": 0, "best_streak": 1}
    # refused: a second attempt, an unknown puzzle, a guest, an action the rules refuse; nothing changes
    for puzzle, actions, code in (("t-cats", wire(SOLUTION), "already_attempted"),
                                  ("t-nope", wire(SOLUTION), "no_such_puzzle"),
                                  ("t-cats2", [{"type": "commit", "placements": [[0, 0, "z"]]}], "illegal_attempt")):
        with pytest.raises(ServerError) as refused:
            await ada.puzzle_attempt(puzzle, actions)
        assert refused.value.code == code
    guest = await connect(server, None)
    with pytest.raises(ServerError) as anonymous:
        await guest.puzzle_attempt("t-cats2", wire(SOLUTION))
    assert anonymous.value.code == "name_required"
    with pytest.raises(ServerError) as schema:  # an attempt without actions never reaches the desk
        await ada.request("puzzle_attempt", puzzle="t-cats2", actions=[])
    assert schema.value.code == "bad_message"
    assert (await ada.puzzles())["rating"] == standing
    stats = await ada.stats()
    assert (stats["puzzles"], stats["puzzle_attempts"], stats["puzzle_games_mined"]) == (3, 2, 0)
    # kept across a restart: the rating, the attempts, and the refusal of a second attempt
    token, db = ada.token, server.config.resolved_db_path()
    await server.stop()
    again = await puzzle_server(db=db)
    back = await connect(again, None, token=token)
    listed = await back.puzzles()
    assert listed["rating"] == standing
    assert [(p["id"], p["attempted"], p["solved"]) for p in listed["puzzles"]] == [
        ("t-cats", True, True), ("t-cats2", False, False), ("t-fight", True, False)]
    shown = await back.puzzle("t-cats")  # attempted: now with its solutions and the attempt
    assert shown["puzzle"]["solutions"] == [list(SOLUTION)]
    assert shown["attempt"] == {"solved": True, "rating_before": 1500.0, "rating_after": round(expected.rating, 1)}
    with pytest.raises(ServerError) as twice:
        await back.puzzle_attempt("t-cats", wire(WRONG))
    assert twice.value.code == "already_attempted"
    assert (await back.puzzles())["rating"] == standing


async def test_a_finished_public_game_is_mined_once_in_a_worker_and_its_puzzles_served_after_a_restart(
        puzzle_server, connect):
    server = await puzzle_server(puzzle_workers=1)
    duel = await H.make_duel(server, connect, seed=1)  # a game in which the miner finds puzzles
    await H.play_script(duel["clients"], duel["game"], 1, 0)
    await H.wait_for(lambda: server.puzzles.miner.mined == 1 and not server.puzzles.miner.jobs, timeout=240)
    found = server.puzzles.miner.puzzles
    listed = await duel["gold"].puzzles(limit=100)
    mined = [p for p in listed["puzzles"] if not p["id"].startswith("t-")]
    record = await duel["gold"].export(duel["game"])
    expected = mine_record_text(record, H.lexicon(), duel["game"], 3)  # the miner itself, in this process
    assert len(mined) == found == len(expected) >= 1
    assert sorted(p["id"] for p in mined) == sorted(p["id"] for p in expected)
    assert server.puzzles.miner.skipped == 0
    db = server.config.resolved_db_path()
    await server.stop()
    again = await puzzle_server(db=db, puzzle_workers=1)
    back = await connect(again, "Later")
    assert [p["id"] for p in (await back.puzzles(limit=100))["puzzles"]] == [p["id"] for p in listed["puzzles"]]
    for summary in mined:  # each one served whole, and its position rebuilds
        assert (await back.puzzle(summary["id"]))["puzzle"]["id"] == summary["id"]


async def test_the_terminal_client_shows_a_puzzle_hints_and_submits_one_attempt(puzzle_server):
    import asyncio
    import io

    from client.net import ThreadedClient
    from scryptic.commands.terminal import TerminalClient

    server = await puzzle_server()
    net = ThreadedClient(f"ws://127.0.0.1:{server.port}", name="Tess")
    await asyncio.to_thread(net.start)  # it connects while this loop serves
    out = io.StringIO()
    ui = TerminalClient(net, out)

    async def do(line: str, ok: bool = True) -> str:
        start = len(out.getvalue())
        assert await asyncio.to_thread(ui.handle, line) is ok, out.getvalue()[start:]
        return out.getvalue()[start:]

    try:
        listed = await do("puzzles theme=city_taken")
        assert "t-cats" in listed and "t-fight" not in listed and "your puzzle rating 1500" in listed
        shown = await do("puzzle t-cats")
        assert "Puzzle t-cats on test-ford (rating 1500): Take a city this turn." in shown
        assert "  2  . [C][A][T] .  .  .  . \n  3  .  .  .  #p ." in shown  # the board, drawn as in a game
        assert "hint: look at row 3 column 4" in (await do("hint")) + (await do("hint"))
        await do("submit", ok=False)  # nothing tried yet
        await do("try 2 4 down to")
        said = await do("submit")
        expected = glicko(1500.0, 350.0, 0.06, (1500.0, 80.0), 1.0)
        assert "Solved! The goal is reached." in said
        assert f"rating 1500 -> {expected.rating:.0f} (+{expected.rating - 1500:.0f}), streak 1 (best 1)" in said
        assert "a solution: lay O down from row 3, column 4" in said
        await do("try 2 4 down to")
        again = await do("submit", ok=False)
        assert "already_attempted" in again
        assert "Not solved" not in again
    finally:
        await asyncio.to_thread(net.close)


async def test_the_puzzle_requests_speak_the_protocols_version_and_are_answered_by_any_node():
    from server.edge import protocol as P

    for cls in (P.Puzzles, P.PuzzleGet, P.DailyPuzzle, P.PuzzleAttempt):
        assert cls(id=1, **({"puzzle": "p", "actions": []} if cls is P.PuzzleAttempt else {})).v == P.PROTOCOL_VERSION
        assert not (cls.by_owner or cls.follows or cls.repeatable)


async def test_two_attempts_sent_at_once_from_two_connections_count_once(puzzle_server, connect):
    import asyncio

    server = await puzzle_server()
    first = await connect(server, "Ada")
    second = await connect(server, None, token=first.token)
    replies = await asyncio.gather(first.puzzle_attempt("t-cats", wire(SOLUTION)),
                                   second.puzzle_attempt("t-cats", wire(WRONG)), return_exceptions=True)
    refused = [r for r in replies if isinstance(r, ServerError)]
    assert len(refused) == 1 and refused[0].code == "already_attempted"
    counted = next(r for r in replies if isinstance(r, dict))
    assert (await first.puzzles())["rating"]["attempts"] == 1
    assert (await first.puzzles())["rating"]["rating"] == counted["rating"]["after"]
