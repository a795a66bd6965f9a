"""Impersonation attempts fail and change nothing: wrong tokens, other games, out of turn."""

from __future__ import annotations

import pytest

from client.net import AsyncClient, ServerError


async def refused(coro, code: str) -> ServerError:
    with pytest.raises(ServerError) as info:
        await coro
    assert info.value.code == code, info.value
    assert info.value.reason
    return info.value


async def test_wrong_seat_token_does_not_attach(server, connect, duel):
    intruder = await connect(server, "Mallory")
    await refused(intruder.attach(duel["game"], seat_token="x" * 32), "bad_seat_token")
    # A real token of another game does not open this one.
    other = await intruder.create_game(map="test-ford")
    await refused(intruder.attach(duel["game"], seat_token=other["seat_token"]), "bad_seat_token")
    await refused(intruder.act(duel["game"], {"type": "end_turn"}), "not_seated")
    assert server.rooms[duel["game"]].version == 0


async def test_acting_in_another_game_or_as_a_spectator_fails(server, connect, duel):
    gold = duel["gold"]
    elsewhere = await connect(server, "Other")
    second = await elsewhere.create_game(map="test-ford")
    await refused(gold.act(second["game"], {"type": "end_turn"}), "not_seated")
    await refused(gold.resign(second["game"]), "not_seated")
    watcher = await connect(server, None)
    await watcher.watch(game=duel["game"])
    await refused(watcher.end_turn(duel["game"]), "not_seated")
    await refused(watcher.claim_win(duel["game"]), "not_seated")
    assert server.rooms[duel["game"]].version == 0
    assert server.rooms[second["game"]].status == "open"


async def test_out_of_turn_and_illegal_actions_change_nothing(server, duel):
    silver, game_id = duel["silver"], duel["game"]
    room = server.rooms[game_id]
    before = room.game.view(None)
    await refused(silver.end_turn(game_id), "not_your_turn")
    await refused(silver.commit(game_id, [(0, 0, "a")]), "not_your_turn")
    await refused(duel["gold"].discard(game_id, "a"), "nothing_pending")
    await refused(duel["gold"].commit(game_id, [(0, 0, "q"), (5, 5, "z")]), "not_in_rack")
    await refused(duel["gold"].act(game_id, {"type": "end_turn"}, expect_version=7), "stale_version")
    assert room.version == 0
    assert room.game.view(None) == before


async def test_a_player_cannot_name_another_player_in_an_action(server, duel):
    # The wire action has no player field: the server fills in the seat's own player.
    await refused(duel["silver"].act(duel["game"], {"type": "end_turn", "player": 1}), "bad_message")
    await refused(duel["silver"].act(duel["game"], {"type": "resign", "reason": "time"}), "bad_message")
    assert server.rooms[duel["game"]].version == 0


async def test_unknown_name_token_is_refused(server):
    client = AsyncClient(f"ws://127.0.0.1:{server.port}", token="T" * 32, reconnect=False)
    try:
        with pytest.raises(ServerError) as info:
            await client.connect()
        assert info.value.code == "bad_token"
    finally:
        await client.close()


async def test_seeds_are_refused_unless_the_server_allows_them(start_server, connect, tmp_path):
    strict = await start_server(db=tmp_path / "strict.sqlite3", allow_client_seed=False)
    client = await connect(strict, "Seeker")
    await refused(client.create_game(map="test-ford", seed=5), "seed_not_allowed")
    made = await client.create_game(map="test-ford")
    assert made["game"] in strict.rooms


async def test_the_same_user_cannot_take_both_seats(server, connect):
    client = await connect(server, "Solo")
    made = await client.create_game(map="test-ford")
    await refused(client.join(game=made["game"]), "own_game")
    assert server.rooms[made["game"]].status == "open"


async def test_a_stolen_connection_needs_the_token_not_the_name(server, connect, duel):
    # Same display name, different user: names are not credentials.
    impostor = await connect(server, "Gold")
    assert impostor.user["id"] != duel["gold"].user["id"]
    await refused(impostor.end_turn(duel["game"]), "not_seated")
    assert server.rooms[duel["game"]].version == 0
