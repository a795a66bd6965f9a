"""A 7-player swiss played by bots through the client library: a bye each round (never twice to
one player), no pairing repeated, the scores and tie-breaks worked out here from the games; and
a swiss that is joined before it starts, and goes on across a restart."""

from __future__ import annotations

import asyncio

import pytest
import srv_helpers as H
from test_tournament_arena import Bots, operator_key

from client.net import ServerError


async def test_seven_bots_play_a_four_round_swiss(server, connect, tmp_path):
    key = operator_key(tmp_path)
    operator = await connect(server, "Warden")
    swiss = await operator.create_tournament(key, "Silver Swiss", None, kind="swiss", rounds=4, start_in=3600,
                                             map="test-ford")
    clients = {}
    for n in range(7):
        client = await connect(server, f"Bot {n}")
        clients[client.user["id"]] = client
        await client.join_tournament(swiss["id"])
    bots = Bots(clients, operator, key, budget=1000)
    await operator.start_tournament(key, swiss["id"])
    await asyncio.wait_for(bots.over.wait(), 120)
    with pytest.raises(ServerError) as late:
        await operator.join_tournament(swiss["id"])
    assert late.value.code == "tournament_over"

    final = bots.final["tournament"]
    assert final["kind"] == "swiss" and final["round"] == 4 and len(final["finished"]) == 12
    byes = final["byes"]
    assert len(byes) == 4 and len(set(byes)) == 4  # a bye each round, each to another player
    for number in range(1, 5):
        seated = [p for g in final["finished"] if g["round"] == number for p in (g["gold"], g["silver"])]
        assert sorted(seated + [byes[number - 1]]) == sorted(clients)  # everyone plays every round
    met = [frozenset((g["gold"], g["silver"])) for g in final["finished"]]
    assert len(set(met)) == 12  # no pairing repeated
    # Scores (a win 1, a draw a half, a bye 1) and the tie-breaks, from the games.
    score = {user: float(byes.count(user)) for user in clients}
    for g in final["finished"]:
        for user in (g["gold"], g["silver"]):
            score[user] += 0.5 if g["winner"] is None else 1.0 if g["winner"] == user else 0.0
    buchholz = {user: 0.0 for user in clients}
    berger = {user: 0.0 for user in clients}
    for g in final["finished"]:
        for user, other in ((g["gold"], g["silver"]), (g["silver"], g["gold"])):
            buchholz[user] += score[other]
            berger[user] += score[other] * (0.5 if g["winner"] is None else 1.0 if g["winner"] == user else 0.0)
    rows = final["standings"]
    assert {r["user"]["id"]: (r["points"], r["buchholz"], r["sonneborn_berger"]) for r in rows} == {
        u: (score[u], buchholz[u], berger[u]) for u in clients}
    keys = [(-r["points"], -r["buchholz"], -r["sonneborn_berger"]) for r in rows]
    assert keys == sorted(keys)
    assert bots.final["winner"]["id"] == rows[0]["user"]["id"]


async def test_a_swiss_is_joined_before_it_starts_and_survives_a_restart(start_server, connect, tmp_path):
    db = tmp_path / "server.sqlite3"
    server = await start_server(db=db)
    key = operator_key(tmp_path)
    operator = await connect(server, "Warden")
    with pytest.raises(ServerError) as shapeless:
        await operator.create_tournament(key, "No Rounds", None, kind="swiss", map="test-ford")
    assert shapeless.value.code == "bad_message"
    swiss = await operator.create_tournament(key, "Late Swiss", None, kind="swiss", rounds=2, start_in=3600, map="test-ford")
    players = [await connect(server, name) for name in ("Ann", "Bea", "Cy", "Dee")]
    for p in players[:3]:
        await p.join_tournament(swiss["id"])
    await operator.start_tournament(key, swiss["id"])  # with whoever joined: three players, one bye
    await H.wait_for(lambda: len(server.social.tournaments.events[swiss["id"]].playing) == 1)
    with pytest.raises(ServerError) as late:
        await players[3].join_tournament(swiss["id"])
    assert late.value.code == "tournament_started"
    tokens = {p.user["id"]: p.token for p in players[:3]}
    await server.stop()

    again = await start_server(db=db)
    back = {user: await connect(again, None, token=token) for user, token in tokens.items()}
    state = again.social.tournaments.events[swiss["id"]]
    assert state.status == "running" and len(state.byes) == 1
    (game,) = state.playing
    await back[game.silver].attach(game.game)
    await back[game.silver].resign(game.game)
    # Round 2 is paired after the restart: the bye goes to another player, no rematch.
    await H.wait_for(lambda: len(again.social.tournaments.events[swiss["id"]].byes) == 2)
    state = again.social.tournaments.events[swiss["id"]]
    assert state.byes[1] != state.byes[0]
    (second,) = state.playing
    assert {second.gold, second.silver} != {game.gold, game.silver}


async def test_a_swiss_seeds_its_players_by_rating_when_it_starts(server, connect, tmp_path):
    """Joined in the order 1400, 1600, 1500, 1700 (blitz): seeded 1700, 1600, 1500, 1400, and the
    first round pairs the first seed with the second, the third with the fourth."""
    from server.host.clocks import family_of
    from server.store.records import Rating

    blitz = {"kind": "fischer", "initial": 120, "increment": 2}
    key = operator_key(tmp_path)
    operator = await connect(server, "Warden")
    swiss = await operator.create_tournament(key, "Seeded Swiss", None, kind="swiss", rounds=2, start_in=3600,
                                             map="test-ford", time_control=blitz)
    players = {}
    for name, rating in (("Ann", 1400), ("Bea", 1600), ("Cy", 1500), ("Dee", 1700)):
        client = await connect(server, name)
        server.ratings.load([Rating(f"u:{client.user['id']}", family_of(blitz), rating, 60.0, 0.06, 30)])
        players[name] = client.user["id"]
        await client.join_tournament(swiss["id"])
    desk = server.social.tournaments
    assert desk.events[swiss["id"]].players == [players[n] for n in ("Ann", "Bea", "Cy", "Dee")]
    await operator.start_tournament(key, swiss["id"])
    await H.wait_for(lambda: len(desk.events[swiss["id"]].playing) == 2)
    state = desk.events[swiss["id"]]
    assert state.players == [players[n] for n in ("Dee", "Bea", "Cy", "Ann")]
    assert {frozenset((g.gold, g.silver)) for g in state.playing} == {
        frozenset((players["Dee"], players["Bea"])), frozenset((players["Cy"], players["Ann"]))}
    with pytest.raises(ServerError) as again:
        await operator.start_tournament(key, swiss["id"])
    assert again.value.code == "tournament_not_upcoming" and "Seeded Swiss is running" in again.value.reason
    with pytest.raises(ServerError) as keyless:
        await operator.start_tournament("x" * 32, swiss["id"])
    assert keyless.value.code == "not_operator"
