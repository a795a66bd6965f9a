"""The ``preview`` request: what a commit would do, by the engine's own judgment, changing nothing."""

from __future__ import annotations

import pytest
import srv_helpers as H

from client.net import ServerError
from shared.analysis.preview import preview_commit, preview_to_dict
from shared.rules.terrain import Player

GO = [[1, 3, "g"], [1, 4, "o"]]  # the first word of script(1): Gold's letters next to its city


async def test_a_preview_is_the_engines_and_changes_nothing(duel):
    gold, game = duel["gold"], duel["game"]
    before = gold.games[game].version
    reply = await gold.request("preview", game=game, placements=GO)
    expected = preview_to_dict(preview_commit(H.new_game(1), Player.GOLD, {(1, 3): "g", (1, 4): "o"}))
    assert reply["preview"] == expected
    assert (reply["version"], reply["preview"]["ok"], reply["preview"]["word"]) == (before, True, "go")
    assert reply["preview"]["words"] == [{"text": "go", "cells": [[1, 3], [1, 4]], "is_word": True, "main": True}]
    # Nothing changed: the same commit is still Gold's to make, at the same version.
    assert (await gold.act(game, {"type": "commit", "placements": GO}))["version"] == before + 1


async def test_a_layout_the_rules_refuse_is_explained(duel):
    reply = await duel["gold"].request("preview", game=duel["game"], placements=[[1, 3, "g"]])
    assert reply["preview"]["ok"] is False and reply["preview"]["error"] == "a word needs at least 2 letters"
    silver = await duel["silver"].request("preview", game=duel["game"], placements=[[10, 11, "f"], [10, 12, "r"]])
    assert (silver["preview"]["ok"], silver["preview"]["error_code"]) == (False, "not_a_word")


async def test_a_player_may_plan_ahead_while_the_opponent_moves(duel):
    free = [[10, 11, "f"], [10, 12, "r"], [10, 13, "e"], [10, 14, "e"]]  # Silver's first word of script(1)
    reply = await duel["silver"].request("preview", game=duel["game"], placements=free)
    assert (reply["preview"]["ok"], reply["preview"]["word"]) == (True, "free")


async def test_only_a_seat_holder_may_ask_and_the_schema_holds(duel, server, connect):
    watcher = await connect(server, "Watcher")
    await watcher.watch(duel["game"])
    with pytest.raises(ServerError) as refused:
        await watcher.request("preview", game=duel["game"], placements=GO)
    assert refused.value.code == "not_seated"
    with pytest.raises(ServerError) as twice:
        await duel["gold"].request("preview", game=duel["game"], placements=[[1, 3, "g"], [1, 3, "o"]])
    assert twice.value.code == "bad_message"
    with pytest.raises(ServerError) as bad:
        await duel["gold"].request("preview", game=duel["game"], placements=[[1, 3, "gg"]])
    assert bad.value.code == "bad_message"
