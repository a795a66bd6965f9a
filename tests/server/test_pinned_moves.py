"""A move pinned to a version (``expect_version``) is played once, and answered truly when sent
again: a player whose reply was lost (its node died, the connection dropped) and who sends the
very same move pinned to the same version is told it was done, not that it was refused."""

from __future__ import annotations

import pytest

from client.net import ServerError

PASS = {"type": "end_turn"}


async def test_the_same_pinned_move_sent_again_is_answered_as_done_and_played_once(server, duel):
    gold, game_id = duel["gold"], duel["game"]
    room = server.rooms[game_id]
    first = await gold.act(game_id, PASS, expect_version=0)
    again = await gold.act(game_id, PASS, expect_version=0)
    assert first["version"] == again["version"] == 1
    assert room.version == 1
    assert [a["type"] for a in room.game.actions] == ["end_turn"]


async def test_a_pinned_move_the_game_did_not_play_at_that_version_is_refused_as_stale(server, duel):
    gold, silver, game_id = duel["gold"], duel["silver"], duel["game"]
    room = server.rooms[game_id]
    await gold.act(game_id, PASS, expect_version=0)
    # Silver's own pass pinned to version 0: the move played there was gold's, not silver's.
    with pytest.raises(ServerError) as refused:
        await silver.act(game_id, PASS, expect_version=0)
    assert refused.value.code == "stale_version"
    # Gold's resignation pinned to version 0: gold played another action there.
    with pytest.raises(ServerError) as refused:
        await gold.act(game_id, {"type": "resign"}, expect_version=0)
    assert refused.value.code == "stale_version"
    assert room.version == 1 and not room.game.over
