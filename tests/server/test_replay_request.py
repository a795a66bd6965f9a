"""The ``replay`` request: a finished game's view for a spectator at any version, the engine
replaying its record; refused clearly past the end, before the end of the game, and for an
unknown game."""

from __future__ import annotations

import pytest
import srv_helpers as H

from client.net.errors import ServerError

pytestmark = pytest.mark.asyncio

MOVES = 6  # scripted actions played before Silver resigns


async def test_a_finished_game_is_replayed_through_the_engine_at_every_version(server, connect):
    duel = await H.make_duel(server, connect, seed=1)
    game, clients = duel["game"], duel["clients"]
    watcher = await connect(server, "Wren")
    with pytest.raises(ServerError) as refused:
        await watcher.request("replay", game=game, version=0)
    assert refused.value.code == "not_finished"
    for data in H.script(1)[:MOVES]:
        await clients[data["player"]].act(game, H.wire(data))
    await clients[2].act(game, {"type": "resign"})

    for version in (0, 1, MOVES):
        got = await watcher.request("replay", game=game, version=version)
        assert got["view"] == H.replica(1, version).view(None)
        assert got["version"] == version and got["versions"] == MOVES + 1
    assert (await watcher.request("replay", game=game, version=0))["action"] is None
    assert (await watcher.request("replay", game=game, version=1))["action"] == H.script(1)[0]
    last = await watcher.request("replay", game=game, version=MOVES + 1)
    assert last["view"]["result"] == {"winner": 1, "reason": "resigned"}
    assert last["result"]["winner"] == 1 and last["action"]["type"] == "resign"

    with pytest.raises(ServerError) as refused:
        await watcher.request("replay", game=game, version=MOVES + 2)
    assert refused.value.code == "no_such_version"
    assert refused.value.reason == f"game {game} has {MOVES + 1} actions; version {MOVES + 2} is past its end"
    with pytest.raises(ServerError) as refused:
        await watcher.request("replay", game="zzzz9999", version=0)
    assert refused.value.code == "no_such_game"
    with pytest.raises(ServerError) as refused:
        await watcher.request("replay", game=game, version=-1)
    assert refused.value.code == "bad_message"
    # the server goes on answering after every refusal
    assert (await watcher.request("replay", game=game, version=2))["view"] == H.replica(1, 2).view(None)


def test_the_replay_request_speaks_the_protocols_version_and_is_answered_by_any_node():
    from server.edge import protocol as P

    assert P.Replay(id=1, game="abcd1234", version=0).v == P.PROTOCOL_VERSION
    assert "replay" not in P.OWNER_ANSWERS | P.FOLLOWING | P.REPEATABLE
