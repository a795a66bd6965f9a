"""Offers through the client library: draws, takebacks, aborts, rematches, challenges; each
accepted and declined, refusals that change nothing, and offers that survive a restart."""

from __future__ import annotations

import pytest
import srv_helpers as H
from wire_helpers import logged, plain

from client.net import ServerError
from shared.rules.terrain import Player

BLITZ = {"kind": "fischer", "initial": 180, "increment": 2}


async def refused(coro, code: str) -> None:
    with pytest.raises(ServerError) as info:
        await coro
    assert info.value.code == code, info.value


async def test_a_draw_offer_declined_then_accepted(server, connect):
    duel = await H.make_duel(server, connect, seed=1, rated=True, time_control=BLITZ)
    game_id, gold, silver = duel["game"], duel["gold"], duel["silver"]
    await H.play_script(duel["clients"], game_id, 1, 0, 4)
    await refused(silver.answer_offer(game_id, "draw", True), "no_offer")
    assert await gold.offer_draw(game_id) == {"game": game_id, "kind": "draw", "offered": True}
    await H.wait_for(lambda: silver.games[game_id].offered_to_me() == ["draw"])
    assert await silver.answer_offer(game_id, "draw", False) == {"game": game_id, "kind": "draw", "declined": True}
    await H.wait_for(lambda: gold.games[game_id].offers["draw"] == [])
    # A move answers an open offer: no.
    await silver.offer_draw(game_id)
    await H.wait_for(lambda: gold.games[game_id].offered_to_me() == ["draw"])
    await H.play_script(duel["clients"], game_id, 1, 4, 5)
    await H.wait_for(lambda: gold.games[game_id].offers["draw"] == [])
    await refused(gold.answer_offer(game_id, "draw", True), "no_offer")
    assert server.rooms[game_id].status == "active"
    # Offered and accepted: a rated draw.
    await gold.offer_draw(game_id)
    reply = await silver.offer_draw(game_id)  # offering back accepts
    assert reply == {"game": game_id, "kind": "draw", "accepted": True}
    for client in (gold, silver):
        await H.wait_for(lambda c=client: c.games[game_id].over)
        tracker = client.games[game_id]
        assert plain(tracker.result)["reason"] == "agreed" and plain(tracker.result)["winner"] is None
        assert plain(tracker.view)["result"] == {"winner": None, "reason": "agreed"}
        assert plain(tracker.rating_changes)["1"]["change"] == plain(tracker.rating_changes)["2"]["change"] == 0.0
    await refused(gold.end_turn(game_id), "game_over")
    history = await gold.history()
    assert history["games"][0]["outcome"] == "draw" and history["games"][0]["result"]["reason"] == "agreed"
    # The record has no end line (the engine would not end the game so); export says how it ended.
    data = await gold.request("export", game=game_id)
    assert data["result"]["reason"] == "agreed" and '"end"' not in data["record"]


async def test_a_takeback_declined_then_accepted_rebuilds_the_game(server, connect):
    duel = await H.make_duel(server, connect, seed=1)
    game_id, gold, silver = duel["game"], duel["gold"], duel["silver"]
    await H.play_script(duel["clients"], game_id, 1, 0, 4)  # gold and silver each played a turn
    await H.wait_for(lambda: silver.games[game_id].version == 4)
    await refused(silver.answer_offer(game_id, "takeback", True), "no_offer")
    # Silver asks to take back its turn (versions 3-4); gold declines.
    assert (await silver.request_takeback(game_id))["offered"]
    await H.wait_for(lambda: gold.games[game_id].offered_to_me() == ["takeback"])
    await gold.answer_offer(game_id, "takeback", False)
    assert server.rooms[game_id].version == 4
    # Asked again and accepted: back to version 2, where silver's turn began.
    await silver.request_takeback(game_id)
    await H.wait_for(lambda: gold.games[game_id].offered_to_me() == ["takeback"])
    reply = await gold.answer_offer(game_id, "takeback", True)
    assert reply == {"game": game_id, "kind": "takeback", "accepted": True, "version": 2}
    room = server.rooms[game_id]
    assert room.version == 2 and room.game.actions == [dict(a) for a in H.script(1)[:2]]
    for client, seat in ((gold, Player.GOLD), (silver, Player.SILVER)):
        await H.wait_for(lambda c=client: c.games[game_id].version == 2)
        assert plain(client.games[game_id].view) == H.seen(H.replica(1, 2), seat)
        assert all(e["version"] <= 2 for e in logged(client.games[game_id]))
    assert [v for v, _a, _t in server.store.load_game(game_id).actions] == [1, 2]  # dropped from the store
    # The game plays on from there, the same script (the same seed gives the same letters).
    final = await H.play_script(duel["clients"], game_id, 1, 2, 12)
    assert final == 12
    await H.wait_for(lambda: gold.games[game_id].version == 12)
    assert plain(gold.games[game_id].view) == H.replica(1, 12).view(Player.GOLD)


async def test_takebacks_are_for_casual_games_and_need_a_turn(server, connect):
    rated = await H.make_duel(server, connect, seed=1, rated=True, time_control=BLITZ)
    await H.play_script(rated["clients"], rated["game"], 1, 0, 2)
    await refused(rated["gold"].request_takeback(rated["game"]), "casual_only")
    casual = await H.make_duel(server, connect, seed=1)
    await refused(casual["silver"].request_takeback(casual["game"]), "nothing_to_take_back")
    assert server.rooms[casual["game"]].offers == {}
    bot_game = await casual["gold"].create_game(map="test-ford", opponent="bot", seed=3, seat="silver")
    await H.wait_for(lambda: casual["gold"].games[bot_game["game"]].my_move, timeout=60)
    assert (await casual["gold"].offer_draw(bot_game["game"]))["declined"]  # a bot never agrees


async def test_abort_before_the_first_commit_and_not_after(server, connect):
    host = await connect(server, "Host")
    seek = await host.create_game(map="test-ford", rated=True, time_control=BLITZ)
    assert (await host.abort(seek["game"]))["aborted"]  # a waiting game: the seek is withdrawn
    assert server.rooms[seek["game"]].status == "over"
    duel = await H.make_duel(server, connect, seed=1, rated=True, time_control=BLITZ)
    game_id, gold, silver = duel["game"], duel["gold"], duel["silver"]
    await gold.end_turn(game_id)  # a pass is not a commit
    assert await silver.abort(game_id) == {"game": game_id, "aborted": True}
    await H.wait_for(lambda: gold.games[game_id].over)
    assert plain(gold.games[game_id].result)["reason"] == "aborted" and gold.games[game_id].rating_changes is None
    assert server.ratings.get("u:2", "blitz").games == 0  # never rated
    other = await H.make_duel(server, connect, seed=1, rated=True, time_control=BLITZ)
    await H.play_script(other["clients"], other["game"], 1, 0, 1)
    await refused(other["silver"].abort(other["game"]), "too_late_to_abort")
    assert server.rooms[other["game"]].status == "active"


async def test_rematch_offers_survive_a_restart_and_decline_clears_them(start_server, connect, tmp_path):
    db = tmp_path / "offers.sqlite3"
    server = await start_server(db)
    duel = await H.make_duel(server, connect, seed=1)
    game_id, gold, silver = duel["game"], duel["gold"], duel["silver"]
    await silver.resign(game_id)
    await H.wait_for(lambda: gold.games[game_id].over)
    assert await gold.rematch(game_id, accept=True) == {"started": False, "offered": True}
    assert await silver.rematch(game_id, accept=False) == {"started": False, "declined": True}
    await H.wait_for(lambda: gold.games[game_id].offers["rematch"] == [])
    await gold.rematch(game_id)
    await server.stop()
    again = await start_server(db)
    for client in (gold, silver):
        client.backoff = (0.05, 0.2)
    url = f"ws://127.0.0.1:{again.port}"
    gold2 = await connect(url, None, token=gold.token)
    silver2 = await connect(url, None, token=silver.token)
    await gold2.attach(game_id)  # by account: no seat token
    await silver2.attach(game_id)
    assert silver2.games[game_id].offers["rematch"] == [1]
    started = await silver2.rematch(game_id)
    assert started["started"] and started["seat"] == 1
    await H.wait_for(lambda: started["game"] in gold2.games and gold2.games[started["game"]].seat == 2)


async def test_a_challenge_declined_and_one_accepted(server, connect):
    ann = await connect(server, "Ann")
    bob = await connect(server, "Bob")
    await connect(server, "Cy")
    await connect(server, "Cy")  # a second account with the same name
    await refused(ann.challenge(name="Cy", map="test-ford"), "ambiguous_name")
    await refused(ann.challenge(name="Nobody", map="test-ford"), "no_such_user")
    await refused(ann.challenge(name="Ann", map="test-ford"), "own_game")
    sent = await ann.challenge(name="bob", map="test-ford", time_control={"kind": "correspondence", "days": 2})
    assert sent["challenged"] == {"id": bob.user["id"], "name": "Bob"}
    await H.wait_for(lambda: any(n.type == "challenge" for n in bob.notices.items))
    notice = plain(bob.notices.take()[-1])
    assert notice["game"] == sent["game"] and notice["by"]["name"] == "Ann"
    assert "seat_token" not in str(notice)
    assert [c["game"] for c in (await bob.my_games())["challenges"]] == [sent["game"]]
    lobby = await bob.list_games()
    assert sent["game"] not in {g["game"] for g in lobby["open"]}  # nobody else's business
    stranger = await connect(server, "Dee")
    await refused(stranger.join(game=sent["game"]), "no_such_game")
    await refused(stranger.answer_challenge(sent["game"], True), "no_such_game")
    assert await bob.answer_challenge(sent["game"], False) == {"game": sent["game"], "declined": True}
    await H.wait_for(lambda: ann.games[sent["game"]].over)
    assert plain(ann.games[sent["game"]].result)["reason"] == "declined"
    assert (await bob.my_games())["challenges"] == []

    again = await ann.challenge(user=bob.user["id"], map="test-ford", seat="silver")
    joined = await bob.answer_challenge(again["game"], True)
    assert joined["seat"] == 1 and joined["seat_token"]
    await H.wait_for(lambda: ann.games[again["game"]].status == "active")
    assert bob.games[again["game"]].my_move
