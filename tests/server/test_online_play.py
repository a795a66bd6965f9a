"""Playing online: resuming your own games from another client, correspondence games across a
restart, the live lobby, notices, what spectators see, and the protocol's fixed promises."""

from __future__ import annotations

import time

import srv_helpers as H
from wire_helpers import logged, plain

from shared.rules.terrain import Player

DAYS = {"kind": "correspondence", "days": 3}


async def test_close_and_resume_your_own_game_from_a_second_client(server, connect):
    duel = await H.make_duel(server, connect, seed=1, time_control={"kind": "fischer", "initial": 600, "increment": 5})
    game_id, gold, silver = duel["game"], duel["gold"], duel["silver"]
    await H.play_script(duel["clients"], game_id, 1, 0, 3)  # silver to move
    token = silver.token
    await silver.close()  # the window is closed mid-game

    # Elsewhere, signed in as the same account, with no seat token at all.
    laptop = await connect(server, None, token=token)
    mine = await laptop.my_games()
    (line,) = mine["games"]
    assert line["game"] == game_id and line["seat"] == 2 and line["my_move"] and line["to_act"] == 2
    assert line["opponent"]["name"] == "Gold" and line["clock"]["running"] == 2
    assert "seat_token" not in str(mine) and "rack" not in str(mine)
    attached = await laptop.attach(game_id)
    assert attached == {"game": game_id, "seat": 2, "version": 3}
    assert plain(laptop.games[game_id].view) == H.replica(1, 3).view(Player.SILVER)  # its own rack
    final = await H.play_script({1: gold, 2: laptop}, game_id, 1, 3, 9)
    await H.wait_for(lambda: gold.games[game_id].version == final)
    assert plain(gold.games[game_id].view) == H.replica(1, final).view(Player.GOLD)
    # A stranger's account holds no seat there.
    stranger = await connect(server, "Mallory")
    try:
        await stranger.attach(game_id)
        raise AssertionError("a stranger attached")
    except Exception as exc:  # noqa: BLE001
        assert getattr(exc, "code", None) == "bad_seat_token"


async def test_your_turn_reaches_your_other_clients(server, connect):
    duel = await H.make_duel(server, connect, seed=1)
    game_id, gold = duel["game"], duel["gold"]
    phone = await connect(server, None, token=duel["silver"].token)  # silver, not seated here
    await H.play_script(duel["clients"], game_id, 1, 0, 2)  # gold committed and ended the turn
    await H.wait_for(lambda: any(n.game == game_id for n in phone.notices.items))
    (notice,) = map(plain, phone.notices.take())
    assert notice["type"] == "your_turn" and notice["seat"] == 2 and notice["version"] == 2
    assert notice["opponent"] == "Gold"
    assert not any(m.type == "your_turn" for m in duel["silver"].notices.items)  # seated: sees the game
    assert not gold.notices.items


async def test_a_correspondence_game_survives_a_restart(start_server, connect, tmp_path):
    db = tmp_path / "corr.sqlite3"
    server = await start_server(db)
    duel = await H.make_duel(server, connect, seed=1, time_control=DAYS, rated=True)
    game_id, gold, silver = duel["game"], duel["gold"], duel["silver"]
    assert server.rooms[game_id].family == "correspondence"
    await H.play_script(duel["clients"], game_id, 1, 0, 5)
    await H.wait_for(lambda: silver.games[game_id].version == 5)
    info = plain(silver.games[game_id].info)
    assert info["clock"]["kind"] == "correspondence" and info["clock"]["per_turn"] == 3 * 24 * 3600
    assert info["abandon_grace"] is None
    await gold.close()
    await silver.close()
    await server.stop()

    again = await start_server(db)
    url = f"ws://127.0.0.1:{again.port}"
    gold2 = await connect(url, None, token=gold.token)
    silver2 = await connect(url, None, token=silver.token)
    mine = await silver2.my_games()
    (line,) = mine["games"]
    assert line["game"] == game_id and line["version"] == 5 and line["time_control"] == DAYS
    assert line["clock"]["left"]["2"] > 3 * 24 * 3600 - 60  # a fresh day's count, not lost in the restart
    await gold2.attach(game_id)
    await silver2.attach(game_id)
    try:  # nobody may claim a win in a correspondence game: only the clock decides
        await gold2.claim_win(game_id)
        raise AssertionError("claimed")
    except Exception as exc:  # noqa: BLE001
        assert getattr(exc, "code", None) == "not_absent"
    final = await H.play_script({1: gold2, 2: silver2}, game_id, 1, 5)
    assert final == len(H.script(1))
    await H.wait_for(lambda: gold2.games[game_id].rating_changes is not None)
    assert plain(gold2.games[game_id].rating_changes)["1"]["family"] == "correspondence"


async def test_the_lobby_is_pushed_within_a_second(server, connect):
    watcher = await connect(server, "Waiting")
    lobby = await watcher.subscribe_lobby()
    assert lobby["open"] == [] and [b["level"] for b in lobby["bots"]] == sorted(int(k) for k in watcher.hello_data["bot_levels"])
    assert lobby["bots"][0]["ratings"]["blitz"] == {"rating": 1500.0, "rd": 350.0, "games": 0, "provisional": True}
    arrived: list[tuple[float, dict]] = []
    watcher.on_message = lambda m: arrived.append((time.monotonic(), plain(m))) if m.type == "lobby" else None
    host = await connect(server, "Seeker")
    sent = time.monotonic()
    seek = await host.create_game(map="test-ford", rated=True, time_control={"kind": "fischer", "initial": 300, "increment": 5})
    await H.wait_for(lambda: arrived, timeout=1.0)
    at, message = arrived[0]
    assert at - sent < 1.0
    assert message["op"] == "add" and message["list"] == "open" and message["game"] == seek["game"]
    entry = message["entry"]
    assert entry["rated"] and entry["family"] == "rapid" and entry["map"] == H.MAP_NAME
    assert entry["players"]["1"] == "Seeker" and entry["ratings"]["1"]["rating"] == 1500.0
    assert "seat_token" not in str(message) and "rack" not in str(message)
    assert watcher.lobby.seeks()[0].game == seek["game"]
    # Taken: it leaves the seeks and enters the games in play, at once.
    arrived.clear()
    guest = await connect(server, "Guest")
    await guest.join(game=seek["game"])
    await H.wait_for(lambda: len(arrived) >= 2, timeout=1.0)
    assert [(m["op"], m["list"]) for _t, m in arrived[:2]] == [("remove", "open"), ("add", "live")]
    assert watcher.lobby.seeks() == [] and watcher.lobby.games_in_play()[0].game == seek["game"]
    # A withdrawn seek vanishes too; after unsubscribing nothing more comes.
    arrived.clear()
    other = await host.create_game(map="test-ford")
    await H.wait_for(lambda: len(arrived) == 1, timeout=1.0)
    await host.abort(other["game"])
    await H.wait_for(lambda: len(arrived) == 2, timeout=1.0)
    assert arrived[1][1]["op"] == "remove" and watcher.lobby.seeks() == []
    witness = await connect(server, "Witness")
    await witness.subscribe_lobby()
    seen: list[dict] = []
    witness.on_message = lambda m: seen.append(plain(m)) if m.type == "lobby" else None
    await watcher.unsubscribe_lobby()
    await host.create_game(map="test-ford")
    await H.wait_for(lambda: seen, timeout=5.0)  # the change was pushed to every subscriber
    await watcher.ping()  # what was sent to the watcher before this reply has arrived
    assert len(arrived) == 2


async def test_spectators_see_racks_only_once_the_game_is_over(server, connect, duel):
    game_id = duel["game"]
    spectator = await connect(server, None)
    await spectator.watch(game=game_id)
    final = await H.play_script(duel["clients"], game_id, 1, 0, len(H.script(1)) - 1)
    await H.wait_for(lambda: spectator.games[game_id].version == final)
    assert all(p["rack"] is None for p in plain(spectator.games[game_id].view)["players"].values())
    # The gold player's view never holds silver's rack while the game runs.
    assert plain(duel["gold"].games[game_id].view)["players"]["2"]["rack"] is None
    await H.play_script(duel["clients"], game_id, 1, final)
    local = H.replica(1, len(H.script(1)))
    await H.wait_for(lambda: spectator.games[game_id].over)
    racks = {k: p["rack"] for k, p in plain(spectator.games[game_id].view)["players"].items()}
    assert racks == {"1": "".join(local.racks[Player.GOLD]), "2": "".join(local.racks[Player.SILVER])}
    late = await connect(server, None)  # who watches the finished game sees them too
    await late.watch(game=game_id)
    assert plain(late.games[game_id].view) == H.seen(local, None)


async def test_both_players_get_info_on_join_and_game_started_reaches_them(server, connect):
    gold = await connect(server, "Gold")
    silver = await connect(server, "Silver")
    created = await gold.create_game(map="test-ford", seed=1)
    seen = {"gold": [], "silver": []}
    gold.on_message = lambda m: seen["gold"].append(plain(m))
    silver.on_message = lambda m: seen["silver"].append(plain(m))
    await silver.join(game=created["game"])
    await H.wait_for(lambda: any(m["type"] == "info" for m in seen["gold"]))
    for who in ("gold", "silver"):
        infos = [m for m in seen[who] if m["type"] == "info"]
        assert len(infos) == 1 and infos[0]["info"]["status"] == "active", who
    for client, seat in ((gold, Player.GOLD), (silver, Player.SILVER)):
        start = [e for e in logged(client.games[created["game"]]) if e["version"] == 0]
        assert [e["type"] for e in start] == ["game_started", "letters_drawn", "letters_drawn", "turn_started"]
        mine = next(e for e in start if e["type"] == "letters_drawn" and e["player"] == int(seat))
        theirs = next(e for e in start if e["type"] == "letters_drawn" and e["player"] != int(seat))
        assert "letters" in mine and "letters" not in theirs


async def test_a_return_gets_exactly_the_stated_number_of_missed_actions(start_server, connect):
    server = await start_server(event_tail=4)
    duel = await H.make_duel(server, connect, seed=1)
    game_id = duel["game"]
    watcher = await connect(server, None)
    await watcher.watch(game=game_id)
    await watcher.leave(game_id)
    await H.play_script(duel["clients"], game_id, 1, 0, 10)
    watcher.games.pop(game_id)
    got: list[dict] = []
    watcher.on_message = lambda m: got.append(plain(m))
    await watcher.request("watch", game=game_id, since=6)  # missed 7, 8, 9, 10: four
    missed = [m for m in got if m["type"] == "missed"]
    assert len(missed) == 1 and [u["version"] for u in missed[0]["updates"]] == [7, 8, 9, 10]
    got.clear()
    await watcher.request("watch", game=game_id, since=5)  # five: more than the server keeps
    assert [m["type"] for m in got] == ["state"]
