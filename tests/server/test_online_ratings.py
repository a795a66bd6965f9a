"""Rated games: Glicko-2 ratings per time-control family, stored with the final action."""

from __future__ import annotations

import glicko2
import pytest
import srv_helpers as H
from wire_helpers import plain

from client.net import ServerError

BLITZ = {"kind": "fischer", "initial": 180, "increment": 2}  # 180 + 40 x 2 = 260 s: blitz


def expected_after(mine: tuple[float, float, float], theirs: tuple[float, float, float], score: float) -> tuple[float, float, float]:
    """Glicko-2 by the library itself, independently of the server's code."""
    player = glicko2.Player(rating=mine[0], rd=mine[1], vol=mine[2])
    player.update_player([theirs[0]], [theirs[1]], [score])
    return player.rating, player.rd, player.vol


async def test_a_rated_game_to_the_end_changes_both_ratings_as_glicko2_says(server, connect):
    duel = await H.make_duel(server, connect, seed=1, rated=True, time_control=BLITZ)
    game_id, gold, silver = duel["game"], duel["gold"], duel["silver"]
    await H.wait_for(lambda: game_id in gold.games and plain(gold.games[game_id].info).get("status") == "active")
    assert gold.games[game_id].rated and plain(gold.games[game_id].info)["family"] == "blitz"
    final = await H.play_script(duel["clients"], game_id, 1, 0)
    local = H.replica(1, final)
    assert local.over
    await H.wait_for(lambda: gold.games[game_id].rating_changes is not None and silver.games[game_id].rating_changes is not None)
    winner = local.result.winner
    score_gold = 0.5 if winner is None else (1.0 if int(winner) == 1 else 0.0)
    fresh = (1500.0, 350.0, 0.06)
    gold_after = expected_after(fresh, fresh, score_gold)
    silver_after = expected_after(fresh, fresh, 1.0 - score_gold)
    changes = plain(gold.games[game_id].rating_changes)
    assert changes == plain(silver.games[game_id].rating_changes)  # both players see both changes
    assert changes["1"]["after"] == round(gold_after[0], 1) and changes["1"]["rd"] == round(gold_after[1], 1)
    assert changes["2"]["after"] == round(silver_after[0], 1) and changes["2"]["rd"] == round(silver_after[1], 1)
    assert changes["1"]["before"] == changes["2"]["before"] == 1500.0
    assert changes["1"]["provisional"]  # RD 290 is above 110

    # The profile, the history and the leaderboard say the same; the store kept it.
    profile = await gold.profile()
    assert profile["ratings"]["blitz"]["rating"] == round(gold_after[0], 1) and profile["ratings"]["blitz"]["games"] == 1
    assert profile["ratings"]["rapid"] == {"rating": 1500.0, "rd": 350.0, "games": 0, "provisional": True}
    history = await silver.history(name="Gold")
    (line,) = history["games"]
    assert line["game"] == game_id and line["opponent"]["name"] == "Silver" and line["map"] == H.MAP_NAME
    assert line["rating"]["change"] == round(gold_after[0] - 1500.0, 1)
    assert line["outcome"] == ("draw" if winner is None else "win" if int(winner) == 1 else "loss")
    board = await silver.leaderboard("blitz", provisional=True)
    assert [row["user"]["name"] for row in board["players"]] == sorted(
        ["Gold", "Silver"], key=lambda n: -(gold_after[0] if n == "Gold" else silver_after[0]))
    assert (await silver.leaderboard("blitz"))["players"] == []  # both still provisional
    for page in (profile, history, board):  # no view shows a seat token or a rack
        assert "token" not in str(page) and "rack" not in str(page)

    # A second rated game starts from the new ratings (one rating period per game).
    assert await gold.rematch(game_id) == {"started": False, "offered": True}
    started = await silver.rematch(game_id)
    new_id = started["game"]
    assert started["started"] and started["seat"] == 1  # colours swap: silver plays gold now
    await H.wait_for(lambda: new_id in silver.games and silver.games[new_id].view is not None)
    await silver.resign(new_id)
    await H.wait_for(lambda: gold.games.get(new_id) is not None and gold.games[new_id].rating_changes is not None)
    second = plain(gold.games[new_id].rating_changes)
    gold_again = expected_after(gold_after, silver_after, 1.0)
    silver_again = expected_after(silver_after, gold_after, 0.0)
    assert second["2"]["before"] == round(gold_after[0], 1) and second["2"]["after"] == round(gold_again[0], 1)
    assert second["1"]["before"] == round(silver_after[0], 1) and second["1"]["after"] == round(silver_again[0], 1)
    assert second["2"]["rd"] == round(gold_again[1], 1) and second["1"]["rd"] == round(silver_again[1], 1)


async def test_rated_games_need_a_server_map_and_a_clock(server, connect):
    maker = await connect(server, "Maker")
    with pytest.raises(ServerError) as no_clock:
        await maker.create_game(map="test-ford", rated=True)
    assert no_clock.value.code == "not_rateable"
    with pytest.raises(ServerError) as own_map:
        await maker.create_game(map_text=H.MAP_TEXT, rated=True, time_control=BLITZ)
    assert own_map.value.code == "not_rateable"
    assert not server.rooms
