"""An arena played by ten bots through the client library, to its end: every game paired by the
server, played out by resigning (or adjudicated a draw), the standings checked against the
scoring written in docs/tournaments.md; and the refusals of bad joins, and an arena that goes on
after a restart."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import msgspec
import pytest
import srv_helpers as H

from client.net import AsyncClient, ServerError
from shared import wire

BLITZ = {"kind": "fischer", "initial": 120, "increment": 2}


def written_points(outcomes: list[str]) -> int:
    """docs/tournaments.md: a win 2, a draw 1, a loss 0; doubled after two wins in a row."""
    total, wins_in_a_row = 0, 0
    for outcome in outcomes:
        worth = {"win": 2, "draw": 1, "loss": 0}[outcome]
        total += worth * 2 if wins_in_a_row >= 2 else worth
        wins_in_a_row = wins_in_a_row + 1 if outcome == "win" else 0
    return total


def outcome_of(gold: int, silver: int) -> int | None:
    """How the bots settle a game: a draw when the ids add up to a multiple of 3, else the lower id wins."""
    return None if (gold + silver) % 3 == 0 else min(gold, silver)


def operator_key(tmp_path: Path) -> str:
    return (tmp_path / "admin.key").read_text().strip()


class Bots:
    """Ten players and an operator; the games they are paired into are settled by ``outcome_of``
    until ``budget`` games have been, after which new games are left unplayed."""

    def __init__(self, clients: dict[int, AsyncClient], operator: AsyncClient, key: str, budget: int) -> None:
        self.clients = clients
        self.operator = operator
        self.key = key
        self.budget = budget
        self.settled: list[tuple[str, int, int, int | None]] = []
        self.paired: list[tuple[str, int, int]] = []
        self.over: asyncio.Event = asyncio.Event()
        self.final: dict[str, Any] = {}
        self.tasks: list[asyncio.Task[Any]] = []
        for user, client in clients.items():
            client.on_message = lambda message, user=user: self.heard(user, message)

    def heard(self, user: int, message: Any) -> None:
        if isinstance(message, wire.TournamentGamePush) and message.seat == 1 and message.opponent is not None:
            gold, silver = user, message.opponent.id
            self.paired.append((message.game, gold, silver))
            if len(self.tasks) < self.budget:
                self.tasks.append(asyncio.ensure_future(self.settle(message.game, gold, silver)))
        elif isinstance(message, wire.TournamentOverPush):
            self.final = msgspec.to_builtins(message)
            self.over.set()

    async def settle(self, game: str, gold: int, silver: int) -> None:
        winner = outcome_of(gold, silver)
        if winner is None:
            await self.operator.request("admin", key=self.key, op="adjudicate", game=game, winner="draw")
        else:
            loser = self.clients[silver if winner == gold else gold]
            await loser.attach(game)
            await loser.resign(game)
        self.settled.append((game, gold, silver, winner))


async def test_ten_bots_play_an_arena_to_the_end(server, connect, tmp_path):
    key = operator_key(tmp_path)
    operator = await connect(server, "Warden")
    arena = await operator.create_tournament(key, "Brass Arena", 10, map="test-ford", time_control=BLITZ, rated=True)
    assert arena["status"] in ("upcoming", "running") and arena["kind"] == "arena"
    clients = {}
    for n in range(10):
        client = await connect(server, f"Bot {n}")
        clients[client.user["id"]] = client
    bots = Bots(clients, operator, key, budget=16)
    for client in clients.values():
        joined = await client.join_tournament(arena["id"])
        assert client.user["id"] in [row["user"]["id"] for row in joined["standings"]]
    await H.wait_for(lambda: len(bots.settled) == 16)
    await asyncio.wait_for(bots.over.wait(), 60)

    final = bots.final["tournament"]
    assert final["status"] == "finished"
    settled = {game: (gold, silver, winner) for game, gold, silver, winner in bots.settled}
    # Every game the bots settled counted, as they settled it; no other game did.
    assert {g["game"]: (g["gold"], g["silver"], g["winner"]) for g in final["finished"]} == settled
    # Each player's points are the written scoring of their games in the order they ended.
    outcomes: dict[int, list[str]] = {user: [] for user in clients}
    for game in final["finished"]:
        for user in (game["gold"], game["silver"]):
            outcomes[user].append("draw" if game["winner"] is None else "win" if game["winner"] == user else "loss")
    rows = {row["user"]["id"]: row for row in final["standings"]}
    assert set(rows) == set(clients)
    for user, played in outcomes.items():
        assert rows[user]["points"] == written_points(played), (user, played)
        assert rows[user]["games"] == len(played)
    # Ranked by points, then wins, then fewer games; the winner is the first.
    keys = [(-r["points"], -r["wins"], r["games"]) for r in final["standings"]]
    assert keys == sorted(keys)
    assert bots.final["winner"]["id"] == final["standings"][0]["user"]["id"]
    # Never the same opponent twice in a row, and nobody in two games at once.
    last: dict[int, int] = {}
    for game, gold, silver in bots.paired:
        assert last.get(gold) != silver and last.get(silver) != gold, game
        last[gold], last[silver] = silver, gold
    # The games were rated in their family (blitz).
    some = final["finished"][0]["gold"]
    profile = await clients[some].profile()
    assert profile["ratings"]["blitz"]["games"] >= 1


async def test_bad_joins_are_refused_and_change_nothing(server, connect, tmp_path):
    key = operator_key(tmp_path)
    operator = await connect(server, "Warden")
    small = await operator.create_tournament(key, "Tiny", 3600, start_in=3600, max_players=2, map="test-ford")
    a, b, c = [await connect(server, name) for name in ("Ann", "Bea", "Cy")]
    await a.join_tournament(small["id"])
    with pytest.raises(ServerError) as again:
        await a.join_tournament(small["id"])
    assert again.value.code == "already_joined"
    await b.join_tournament(small["id"])
    with pytest.raises(ServerError) as full:
        await c.join_tournament(small["id"])
    assert full.value.code == "tournament_full"
    with pytest.raises(ServerError) as unknown:
        await c.join_tournament("tnosuch")
    assert unknown.value.code == "no_such_tournament"
    with pytest.raises(ServerError) as outsider:
        await c.leave_tournament(small["id"])
    assert outsider.value.code == "not_joined"
    with pytest.raises(ServerError) as not_op:
        await c.create_tournament("x" * 20, "Mine", 60)
    assert not_op.value.code == "not_operator"
    seen = await c.tournament(small["id"])
    assert [row["user"]["name"] for row in seen["standings"]] == ["Ann", "Bea"]
    listed = await c.tournaments()
    assert [t["id"] for t in listed["upcoming"]] == [small["id"]] and listed["running"] == []
    # Leaving frees the place; coming back is allowed.
    await b.leave_tournament(small["id"])
    back = await b.join_tournament(small["id"])
    assert [row["present"] for row in back["standings"]] == [True, True]


async def test_a_finished_arena_refuses_joins(server, connect, tmp_path):
    key = operator_key(tmp_path)
    operator = await connect(server, "Warden")
    over: asyncio.Event = asyncio.Event()
    operator.on_message = lambda m: over.set() if isinstance(m, wire.TournamentOverPush) else None
    quick = await operator.create_tournament(key, "Blink", 1, map="test-ford")
    await operator.tournament(quick["id"])  # follow it
    await asyncio.wait_for(over.wait(), 30)
    with pytest.raises(ServerError) as late:
        await operator.join_tournament(quick["id"])
    assert late.value.code == "tournament_over"
    assert (await operator.tournaments())["finished"][0]["id"] == quick["id"]


async def test_an_arena_goes_on_after_a_restart(start_server, connect, tmp_path):
    db = tmp_path / "server.sqlite3"
    server = await start_server(db=db)
    key = operator_key(tmp_path)
    operator = await connect(server, "Warden")
    arena = await operator.create_tournament(key, "Phoenix", 3600, map="test-ford", time_control=BLITZ)
    players = [await connect(server, name) for name in ("Ann", "Bea", "Cy")]
    for p in players:
        await p.join_tournament(arena["id"])
    await H.wait_for(lambda: len(server.social.tournaments.events[arena["id"]].playing) == 1)
    game = server.social.tournaments.events[arena["id"]].playing[0]
    tokens = {p.user["id"]: p.token for p in players}
    await server.stop()

    again = await start_server(db=db)
    back = {user: await connect(again, None, token=token) for user, token in tokens.items()}
    state = again.social.tournaments.events[arena["id"]]
    assert state.status == "running" and state.playing == [game]
    loser = back[game.silver]
    await loser.attach(game.game)
    await loser.resign(game.game)
    # The result is counted, and whoever is free is paired again (the third player, and the winner).
    await H.wait_for(lambda: len(again.social.tournaments.events[arena["id"]].finished) == 1)
    seen = await loser.tournament(arena["id"])
    points = {row["user"]["id"]: row["points"] for row in seen["standings"]}
    assert points[game.gold] == 2 and points[game.silver] == 0
    await H.wait_for(lambda: len(again.social.tournaments.events[arena["id"]].playing) == 1)
    (next_game,) = again.social.tournaments.events[arena["id"]].playing
    assert {next_game.gold, next_game.silver} != {game.gold, game.silver}


async def test_the_operator_creates_an_arena_from_the_command_line(server, connect, tmp_path):
    import os
    import subprocess
    import sys

    command = [sys.executable, "-m", "scryptic", "admin", "--server", f"ws://127.0.0.1:{server.port}",
               "--key-file", str(tmp_path / "admin.key"), "tournament", "Evening Arena", "--minutes", "30",
               "--start-in", "60", "--clock", "fischer:180+2", "--rated"]
    done = await asyncio.to_thread(subprocess.run, command, capture_output=True, text=True, timeout=120,
                                   cwd=Path(__file__).resolve().parents[2], stdin=subprocess.DEVNULL, env=dict(os.environ))
    assert done.returncode == 0, done.stderr
    (made,) = server.social.tournaments.events.values()
    assert done.stdout.strip() == f"tournament {made.id}: Evening Arena, arena of 30 minutes on Test Ford, upcoming"
    assert (made.seconds, made.rated, made.time_control) == (1800, True, {"kind": "fischer", "initial": 180.0, "increment": 2.0})
    viewer = await connect(server, "Ann")
    assert [t["name"] for t in (await viewer.tournaments())["upcoming"]] == ["Evening Arena"]

    start = command[:8] + ["tournament", "start", made.id]
    done = await asyncio.to_thread(subprocess.run, start, capture_output=True, text=True, timeout=120,
                                   cwd=Path(__file__).resolve().parents[2], stdin=subprocess.DEVNULL, env=dict(os.environ))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"tournament {made.id}: Evening Arena, arena of 30 minutes on Test Ford, running"
    started = server.social.tournaments.events[made.id]
    assert started.status == "running" and started.starts < made.starts and started.ends == started.starts + 1800
    assert [t["name"] for t in (await viewer.tournaments())["running"]] == ["Evening Arena"]


async def test_a_result_stored_before_a_crash_is_scored_once_after_it(start_server, connect, tmp_path):
    """The server stops after storing a game's end and before storing the arena's row: the arena
    still has the game in play. Reloaded, it scores the stored result once and pairs again."""
    db = tmp_path / "server.sqlite3"
    server = await start_server(db=db)
    key = operator_key(tmp_path)
    operator = await connect(server, "Warden")
    arena = await operator.create_tournament(key, "Lazarus", 3600, map="test-ford", time_control=BLITZ)
    players = [await connect(server, name) for name in ("Ann", "Bea", "Cy")]
    for p in players:
        await p.join_tournament(arena["id"])
    await H.wait_for(lambda: len(server.social.tournaments.events[arena["id"]].playing) == 1)
    game = server.social.tournaments.events[arena["id"]].playing[0]
    server.registry.on_finished = lambda game_id, result: None  # the crash: the arena never hears
    loser = next(p for p in players if p.user["id"] == game.silver)
    await loser.attach(game.game)
    await loser.resign(game.game)
    await H.wait_for(lambda: server.store.load_game(game.game).status == "over")
    assert server.social.tournaments.events[arena["id"]].playing == [game]
    tokens = {p.user["id"]: p.token for p in players}
    await server.stop()

    for _restart in range(2):  # a second restart finds the result scored and scores it no more
        again = await start_server(db=db)
        back = {user: await connect(again, None, token=token) for user, token in tokens.items()}
        state = again.social.tournaments.events[arena["id"]]
        assert [(g.game, g.winner) for g in state.finished] == [(game.game, game.gold)]
        seen = await back[game.gold].tournament(arena["id"])
        points = {row["user"]["id"]: row["points"] for row in seen["standings"]}
        third = next(user for user in tokens if user not in (game.gold, game.silver))
        assert points == {game.gold: 2, game.silver: 0, third: 0}
        # Whoever is free is paired again: the third player, not the same two.
        await H.wait_for(lambda: len(again.social.tournaments.events[arena["id"]].playing) == 1)
        (next_game,) = again.social.tournaments.events[arena["id"]].playing
        assert third in (next_game.gold, next_game.silver)
        await again.stop()
