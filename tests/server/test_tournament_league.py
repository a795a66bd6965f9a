"""A correspondence league through the client library: a season of two divisions started at
once, played across a server restart, then promotion and relegation into the next season, and
the league's end."""

from __future__ import annotations

import asyncio

import srv_helpers as H
from test_tournament_arena import operator_key

from shared import wire

DAYS = {"kind": "correspondence", "days": 3}


async def resign_silver(clients, game) -> None:
    await clients[game.silver].attach(game.game)
    await clients[game.silver].resign(game.game)


async def test_a_league_season_across_a_restart_then_promotion_and_relegation(start_server, connect, tmp_path):
    db = tmp_path / "server.sqlite3"
    server = await start_server(db=db)
    key = operator_key(tmp_path)
    operator = await connect(server, "Warden")
    league = await operator.create_tournament(key, "Pewter League", None, kind="league", seasons=2, division_size=2,
                                              start_in=3600, map="test-ford", time_control=DAYS, rated=True)
    assert (league["seasons"], league["season"], league["division_size"]) == (2, 0, 2)
    players = [await connect(server, name) for name in ("Ann", "Bea", "Cy", "Dee")]
    for p in players:
        await p.join_tournament(league["id"])
    ids = [p.user["id"] for p in players]
    await operator.start_tournament(key, league["id"])
    events = server.social.tournaments.events
    await H.wait_for(lambda: len(events[league["id"]].playing) == 2)
    state = events[league["id"]]
    assert state.season == 1 and state.divisions == [ids[:2], ids[2:]]  # cut in joining order
    first = next(g for g in state.playing if g.gold in ids[:2])
    await resign_silver({p.user["id"]: p for p in players}, first)
    await H.wait_for(lambda: len(events[league["id"]].finished) == 1)
    tokens = {p.user["id"]: p.token for p in players}
    await server.stop()

    again = await start_server(db=db)
    back = {user: await connect(again, None, token=token) for user, token in tokens.items()}
    events = again.social.tournaments.events
    state = events[league["id"]]
    assert state.season == 1 and len(state.finished) == 1 and len(state.playing) == 1
    (second,) = state.playing
    await resign_silver(back, second)
    # The season is over: the second division's winner goes up, the first's loser down.
    await H.wait_for(lambda: events[league["id"]].season == 2 and len(events[league["id"]].playing) == 2)
    state = events[league["id"]]
    winner_1, loser_1 = first.gold, first.silver
    winner_2, loser_2 = second.gold, second.silver
    assert state.past == [[[winner_1, loser_1], [winner_2, loser_2]]]
    assert state.divisions == [[winner_1, winner_2], [loser_1, loser_2]]
    seen = await back[winner_1].tournament(league["id"])
    assert [(r["division"], r["user"]["id"], r["points"]) for r in seen["standings"]] == [
        (1, winner_1, 0.0), (1, winner_2, 0.0), (2, loser_1, 0.0), (2, loser_2, 0.0)]
    over = asyncio.Event()
    back[winner_1].on_message = lambda m: over.set() if isinstance(m, wire.TournamentOverPush) else None
    for game in list(state.playing):
        await resign_silver(back, game)
    await asyncio.wait_for(over.wait(), 30)
    final = events[league["id"]]
    assert final.status == "finished"
    top = next(g for g in final.finished if g.round == 2 and g.gold in (winner_1, winner_2))
    assert final.winner == top.gold
    profile = await back[top.gold].profile()
    assert profile["ratings"]["correspondence"]["games"] == 2  # rated in its family
