"""What docs/protocol.md promises, where a client written from the document alone found the server
saying otherwise: a rename reaches the lobby, the default map is hello.maps[0], and an unknown AI
level is `bad_bot_level`."""

from __future__ import annotations

import pytest
import srv_helpers as H
from wire_helpers import plain

from client.net import ServerError
from server.app import GameServer
from shared.maps.format import parse_map


async def test_a_seated_players_rename_reaches_the_lobby_subscribers_as_a_change(server, connect, duel):
    watcher = await connect(server, "Watcher")
    seen: list[dict] = []
    watcher.on_message = lambda m: seen.append(plain(m))
    await watcher.request("subscribe_lobby")
    await duel["silver"].request("set_name", name="Silver Fox")
    await H.wait_for(lambda: any(m.get("type") == "lobby" and m.get("op") == "change" for m in seen))
    change = next(m for m in seen if m.get("type") == "lobby" and m.get("op") == "change")
    assert change["entry"]["game"] == duel["game"]
    assert change["entry"]["players"]["2"] == "Silver Fox"


async def test_a_game_created_without_a_map_is_played_on_the_first_map_hello_lists(tmp_path, connect):
    def named(name: str):
        return parse_map(H.MAP_TEXT.replace("name: Test Ford", f"name: {name}"), source=name)

    # Loaded in this order, listed sorted: the first loaded is not the first listed.
    maps = {"zeta": named("Zeta Crossing"), "alpha": named("Alder Ford")}
    server = GameServer(H.make_config(tmp_path / "s.sqlite3"), H.lexicon(), maps=maps, lexicon_factory=H.lexicon_factory)
    await server.start()
    try:
        player = await connect(server, "Maker")
        assert player.hello_data["maps"] == ["Alder Ford", "Zeta Crossing"]
        created = await player.create_game(seat="gold")
        assert server.rooms[created["game"]].map_name == player.hello_data["maps"][0]
    finally:
        await server.stop()


@pytest.mark.parametrize("level", [0, 99, -1])
async def test_an_ai_level_the_server_lacks_is_bad_bot_level(server, connect, level):
    player = await connect(server, "Asker")
    with pytest.raises(ServerError) as refused:
        await player.create_game(map="test-ford", opponent="bot", bot_level=level)
    assert refused.value.code == "bad_bot_level"
    assert "levels: 1, 2, 3, 4" in refused.value.reason
    assert server.rooms == {}
