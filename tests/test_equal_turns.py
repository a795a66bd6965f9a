"""The war preset's equal turns: when the first player goes out, the second plays one last turn."""

import math
import random

from shared.ai import decide
from shared.rules.actions import EndTurn, Resign
from shared.rules.events import LastTurn
from shared.rules.presets import PRESETS, STANDARD
from shared.rules.snapshot import restore, snapshot_of
from shared.tools.ascii import position

from rules_helpers import GOLD, LEXICON, SILVER, across

WAR = PRESETS["war"]
FIELD = """
. . . . . . . . .
. . G . . . . . .
. . . . . . . . S
"""


def out_of_pools(rules, gold: str, silver: str):
    """Gold (moving first) and Silver with these racks and nothing left to draw."""
    game = position(FIELD, "", LEXICON, rules=rules, racks={GOLD: gold, SILVER: silver})
    for p in (GOLD, SILVER):
        game.pools[p].clear()
    return game


def test_in_standard_the_first_player_going_out_ends_the_game_at_once():
    game = out_of_pools(STANDARD, "cat", "fox")
    game.apply(across(GOLD, 1, 2, "cat"))
    events = game.apply(EndTurn(GOLD))
    assert not any(isinstance(e, LastTurn) for e in events)
    assert (game.result.winner, game.result.reason) == (GOLD, "score")
    assert game.scores() == {GOLD: 4, SILVER: 0}


def test_in_war_the_second_player_answers_with_one_last_turn():
    game = out_of_pools(WAR, "cat", "fox")
    game.apply(across(GOLD, 1, 2, "cat"))
    events = game.apply(EndTurn(GOLD))
    assert LastTurn(SILVER) in events and game.result is None
    assert game.to_move == SILVER and game.is_last_turn()
    assert game.view(SILVER)["last_turn"] and game.view(None)["last_turn"]
    assert game.view(SILVER)["players"]["2"]["rack"] == "fox"
    game.apply(across(SILVER, 2, 6, "fox"))  # F O X, ending on Silver's city, out of reach
    game.apply(EndTurn(SILVER))
    assert game.scores() == {GOLD: 4, SILVER: 7}
    assert (game.result.winner, game.result.reason) == (SILVER, "score")


def test_in_war_the_second_player_going_out_ends_the_round_and_the_game():
    game = out_of_pools(WAR, "e", "fox")
    game.apply(EndTurn(GOLD))  # Gold keeps its E: not out, no last turn
    assert not game.is_last_turn() and not game.view(SILVER)["last_turn"]
    game.apply(across(SILVER, 2, 6, "fox"))
    events = game.apply(EndTurn(SILVER))
    assert not any(isinstance(e, LastTurn) for e in events)
    assert (game.result.winner, game.result.reason) == (SILVER, "score")


def test_the_last_turn_is_a_turn_like_any_other_and_survives_a_snapshot():
    game = out_of_pools(WAR, "cat", "fox")
    game.apply(across(GOLD, 1, 2, "cat"))
    game.apply(EndTurn(GOLD))
    again = restore(position(FIELD, "", LEXICON, rules=WAR), snapshot_of(game), game.actions)
    assert again.is_last_turn() and again.fingerprint() == game.fingerprint()
    again.apply(EndTurn(SILVER))  # a pass is a last turn too
    assert (again.result.winner, again.result.reason) == (GOLD, "score")


WIDE = """
. . . . . . . . . . . . . . . .
. G . . . . . . . . . . . . S .
. . . . . . . . . . . . . . . .
"""


def test_the_warlord_plays_out_a_lost_last_turn_rather_than_resign():
    decisions = {}
    for gold in ("cat", "cate"):  # with CATE gold keeps an E: not out, so no last turn
        game = position(WIDE, "", LEXICON, rules=WAR, racks={GOLD: gold, SILVER: "e"})
        for p in (GOLD, SILVER):
            game.pools[p].clear()
        game.captured[GOLD] = 60  # silver trails far beyond what an E could win back
        game.apply(across(GOLD, 1, 1, "cat"))
        game.apply(EndTurn(GOLD))
        assert game.is_last_turn() == (gold == "cat")
        decisions[gold] = decide(game, SILVER, 4, random.Random(0), time_limit=math.inf).action
    assert decisions["cate"] == Resign(SILVER, "resigned")
    assert decisions["cat"] == EndTurn(SILVER)
