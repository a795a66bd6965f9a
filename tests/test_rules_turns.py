"""R1 letters and pools, R2 racks and turns, R10 redeployment, R11 endings, R13 views, R14 presets."""

import pytest

from shared.rules import errors as E
from shared.rules.actions import Commit, Discard, EndTurn, Redeploy, Resign
from shared.tools.ascii import letters_text, position
from shared.rules.events import LettersDrawn
from shared.rules.game import Game
from shared.rules.letters import LETTER_VALUES, SCRABBLE_DISTRIBUTION, face_value
from shared.rules.presets import PRESETS, STANDARD, get_rules

from rules_helpers import GOLD, LEXICON, SILVER, across
from shared.tools.ascii import map_from_ascii

SMALL = map_from_ascii("""
    . . . . . . .
    . G . . . S .
    . . . . . . .
""")


def test_letter_values_follow_scrabble_thresholds():
    by_value = {v: "".join(sorted(ch for ch, x in LETTER_VALUES.items() if x == v)) for v in (1, 2, 3)}
    assert by_value == {1: "adegilnorstu", 2: "bcmp", 3: "fhjkqvwxyz"}
    assert face_value("sword") == 7 and face_value("gram") == 5 and face_value("sing") == 4
    assert sum(SCRABBLE_DISTRIBUTION.values()) == 98


def test_each_player_has_a_98_letter_pool_and_a_rack_of_7():
    game = Game.new(SMALL, STANDARD, 7, LEXICON)
    for p in (GOLD, SILVER):
        assert len(game.racks[p]) == 7 and len(game.pools[p]) == 91
        assert game.letter_total(p) == 98


def test_the_seed_decides_the_draws():
    a, b, c = (Game.new(SMALL, STANDARD, s, LEXICON) for s in (1, 1, 2))
    assert a.racks == b.racks and a.pools == b.pools
    assert a.pools != c.pools


def test_draws_three_a_turn_except_on_each_players_first():
    game = Game.new(SMALL, STANDARD, 3, LEXICON)
    assert game.to_move == GOLD
    events = game.apply(EndTurn(GOLD))
    assert game.to_move == SILVER and len(game.racks[SILVER]) == 7  # silver's first turn: no draw
    assert not [e for e in events if isinstance(e, LettersDrawn)]
    game.apply(EndTurn(SILVER))
    assert len(game.racks[GOLD]) == 10


def test_silver_can_move_first():
    game = Game.new(SMALL, STANDARD, 3, LEXICON, first=SILVER)
    assert game.to_move == SILVER and game.actor == SILVER
    with pytest.raises(E.NotYourTurn):
        game.apply(EndTurn(GOLD))


def test_over_the_rack_limit_you_discard_first():
    game = Game.new(SMALL, STANDARD, 3, LEXICON)
    for _ in range(2):
        game.apply(EndTurn(GOLD))
        game.apply(EndTurn(SILVER))
    # gold: 7, then 10, then 13 > 12
    assert len(game.racks[GOLD]) == 13
    assert game.pending.count == 1 and game.actor == GOLD
    rack = "".join(game.racks[GOLD])
    absent = next(ch for ch in "zqxjkvwyfhbcmp" if ch not in rack)
    for wrong, error in [
        (EndTurn(GOLD), E.DiscardFirst),
        (Commit(GOLD, ((1, 1, rack[0]),)), E.DiscardFirst),
        (EndTurn(SILVER), E.NotYourTurn),
        (Discard(GOLD, rack[:2]), E.WrongDiscard),
        (Discard(GOLD, absent), E.NotInRack),
    ]:
        before = game.fingerprint()
        with pytest.raises(error):
            game.apply(wrong)
        assert game.fingerprint() == before
    game.apply(Discard(GOLD, rack[0]))
    assert len(game.racks[GOLD]) == 12 and game.pending is None
    assert game.discarded[GOLD] == 1
    assert game.letter_total(GOLD) == 98


def test_discard_with_nothing_to_discard_is_refused():
    game = Game.new(SMALL, STANDARD, 3, LEXICON)
    with pytest.raises(E.NothingPending):
        game.apply(Discard(GOLD, "a"))


def test_presets():
    assert set(PRESETS) == {"standard", "ios-2011", "target-score", "conquest", "war"}
    ios = get_rules("ios-2011")
    game = Game.new(SMALL, ios, 1, LEXICON)
    assert len(game.racks[GOLD]) == 9 and ios.rack_limit == 10
    game.apply(EndTurn(GOLD))
    game.apply(EndTurn(SILVER))
    assert game.pending.count == 2  # 9 + 3 = 12 > 10
    with pytest.raises(ValueError, match="presets: standard"):
        get_rules("chess")


REDEPLOY = """
. . . . . . .
. . G . . . .
. . . . . . S
"""


def test_redeploy_lifts_unshared_letters_once_a_turn():
    # gold: CAT across over its city, TO down from the t
    game = position(REDEPLOY + ". . . . . . .\n", """
        . . . . . . .
        . . c a t . .
        . . . . o . .
        . . . . . . .
    """, LEXICON, racks={GOLD: "s"})
    reason = pytest.raises(E.LiftBreaksCrossword, game.apply, Redeploy(GOLD, (1, 2), "across"))
    assert "cut TO off" in reason.value.reason
    with pytest.raises(E.NoRunThere):
        game.apply(Redeploy(GOLD, (1, 2), "down"))
    game.apply(Redeploy(GOLD, (2, 4), "down"))  # lift TO: the t stays in CAT
    assert sorted(game.racks[GOLD]) == ["o", "s"]
    assert letters_text(game).splitlines()[2] == ". . . . . . ."
    with pytest.raises(E.AlreadyRedeployed):
        game.apply(Redeploy(GOLD, (1, 2), "across"))
    game.apply(Commit(GOLD, ((1, 5, "s"),), "across"))  # the lifted letters play again: cats
    assert game.scores()[GOLD] == 5


def test_redeploy_over_the_limit_asks_for_a_discard():
    game = position(REDEPLOY, """
        . . . . . . .
        . . c a t . .
        . . . . . . .
    """, LEXICON, racks={GOLD: "aeiouaeiouaa"})
    game.apply(Redeploy(GOLD, (1, 3), "across"))
    assert len(game.racks[GOLD]) == 15 and game.pending.count == 3


def test_empty_pool_and_rack_ends_the_game_on_score_at_the_end_of_the_turn():
    game = position(REDEPLOY, "", LEXICON, racks={GOLD: "cat", SILVER: "dog"})
    game.pools[GOLD].clear()
    game.apply(across(GOLD, 1, 2, "cat"))
    assert not game.over  # R11 end 2 is checked at the end of the turn, not mid-turn
    game.apply(EndTurn(GOLD))
    assert game.result.reason == "score" and game.result.winner == GOLD


def test_four_passes_with_no_letters_left_is_a_stalemate():
    game = position(REDEPLOY, """
        . . . . . . .
        . . c a t . .
        . . . . . . .
    """, LEXICON, racks={GOLD: "e", SILVER: "e"})
    for p in (GOLD, SILVER):
        game.pools[p].clear()
    for p in (GOLD, SILVER, GOLD):
        game.apply(EndTurn(p))
        assert not game.over
    game.apply(EndTurn(SILVER))
    assert (game.result.winner, game.result.reason) == (GOLD, "stalemate")


def test_equal_scores_draw():
    game = position(REDEPLOY, "", LEXICON, racks={GOLD: "e", SILVER: "e"})
    for p in (GOLD, SILVER):
        game.pools[p].clear()
    for p in (GOLD, SILVER, GOLD, SILVER):
        game.apply(EndTurn(p))
    assert (game.result.winner, game.result.reason) == (None, "stalemate")


def test_an_endless_pool_never_stalemates_and_conquest_ends_on_the_turn_limit_as_a_draw():
    game = position(REDEPLOY, """
        . . . . . . .
        . . c a t . .
        . . . . . . .
    """, LEXICON, rules=get_rules("conquest"), racks={GOLD: "e", SILVER: "e"})
    def pass_turn() -> None:
        if game.pending is not None:  # the endless pool fills the rack past its limit
            game.apply(Discard(game.pending.player, "".join(game.racks[game.pending.player][:game.pending.count])))
        game.apply(EndTurn(game.to_move))

    for _ in range(6):
        pass_turn()
    assert not game.over  # R11: ends 3 and 4 do not apply to an endless pool
    while not game.over:
        pass_turn()
    assert game.turn == 200
    assert (game.result.winner, game.result.reason) == (None, "turn-limit")  # gold leads, but a draw


def test_target_score():
    game = position(REDEPLOY, "", LEXICON, rules=get_rules("target-score"), racks={GOLD: "cat"})
    game.captured[GOLD] = 146
    game.apply(across(GOLD, 1, 2, "cat"))  # 146 + 4 = 150
    assert (game.result.winner, game.result.reason) == (GOLD, "target")


def test_either_player_may_resign_at_any_time():
    game = Game.new(SMALL, STANDARD, 3, LEXICON)
    game.apply(Resign(SILVER))
    assert (game.result.winner, game.result.reason) == (GOLD, "resigned")
    with pytest.raises(E.GameOverError):
        game.apply(Resign(GOLD))


def test_views_hide_what_a_viewer_may_not_see():
    game = Game.new(SMALL, STANDARD, 3, LEXICON)
    gold, silver, spectator = game.view(GOLD), game.view(SILVER), game.view(None)
    assert gold["players"]["1"]["rack"] == "".join(game.racks[GOLD])
    assert gold["players"]["2"]["rack"] is None and gold["players"]["2"]["rack_size"] == 7
    assert silver["players"]["1"]["rack"] is None
    assert spectator["players"]["1"]["rack"] is None and spectator["players"]["2"]["rack"] is None
    assert gold["players"]["2"]["pool"] == 91
    assert "".join(game.pools[GOLD]) not in repr(gold)  # the pool's order is never shown
    drawn = next(e for e in game.initial_events if isinstance(e, LettersDrawn))
    assert "letters" in drawn.to_dict(drawn.player)
    assert "letters" not in drawn.to_dict(drawn.player.other)
    assert "letters" not in drawn.to_dict(None)
