"""Revision 2 of the rulings (RULINGS.md, 2026-11-23), one test per change, from the rulings' text."""

import json
from fractions import Fraction
from dataclasses import replace

import pytest

from shared.rules import errors as E
from shared.rules.actions import Commit, Discard, EndTurn, Redeploy
from shared.tools.ascii import letters_text, map_from_ascii, position, terrain_text
from shared.rules.board import Board, line_run
from shared.rules.combat import Defender, best_order
from shared.rules.events import CityTaken, CombatStep, LettersRemoved
from shared.rules.game import Game
from shared.rules.record import RecordError, parse_record
from shared.rules.replay import replay
from shared.rules.presets import STANDARD, RuleSet
from shared.rules.strength import Strength

from rules_helpers import GOLD, LEXICON, SILVER, across, board, down

REVISION_1 = replace(STANDARD, revision=1, stall_turns=None, turn_limit=None)


def removed(events):
    return [(e.owner, "".join(x[2] for x in e.letters), e.reason, e.points_to) for e in events
            if isinstance(e, LettersRemoved)]


# R7: a failed attack always loses the letters it placed. Gold's S makes CAT into CATS and
# also AS (down, with the A of gold's isolated AT); CATS (5) falls to silver's TAX on its city (7).
FAILED = """
. . . . .
G . . . .
. . . . S
. . . . .
"""
FAILED_LETTERS = """
. . . a t
c a t . .
. . T A X
. . . . .
"""


def test_a_failed_attack_loses_a_placed_letter_that_another_of_its_words_holds():
    game = position(FAILED, FAILED_LETTERS, LEXICON, racks={GOLD: "s"})
    events = game.apply(Commit(GOLD, ((1, 3, "s"),), "across"))
    [step] = [e for e in events if isinstance(e, CombatStep)]
    assert (step.attack_word, step.attack_strength, step.defend_word, step.defend_strength) == (
        "cats", 5, "tax", 7)
    assert removed(events) == [(GOLD, "cats", "attack failed", SILVER)]  # the s too, though AS held it
    assert letters_text(game) == board("""
        . . . a t
        . . . . .
        . . T A X
        . . . . .
    """)
    assert game.scores() == {GOLD: 2, SILVER: 5 + 5}  # gold's AT; silver's TAX and the 5 it took


def test_under_revision_1_such_a_letter_stayed_and_kept_scoring():
    game = position(FAILED, FAILED_LETTERS, LEXICON, rules=REVISION_1, racks={GOLD: "s"})
    events = game.apply(Commit(GOLD, ((1, 3, "s"),), "across"))
    assert removed(events) == [(GOLD, "cat", "attack failed", SILVER)]
    assert game.scores() == {GOLD: 2 + 2, SILVER: 5 + 4}  # AT and AS still score


# R7: the best order keeps the defender the most score, not the most dots.
#   T A N . . .      TAN, AT, TAX across; TO, NO down. Sacrificing TAN costs only its A (one
#   O . O . A T      dot) but breaks a 3-point word; sacrificing TO costs its O and 2 points.
#   . . . . . .
#   T A X . . .
def test_the_best_order_keeps_the_most_score():
    game = position("""
        . . . . . .
        . . . . . .
        . . . . . .
        . . . . G S
    """, """
        T A N . . .
        O . O . A T
        . . . . . .
        T A X . . .
    """, LEXICON)
    b: Board = game.board
    runs = sorted(b.runs(SILVER), key=lambda r: (r.direction != "across", r.cells[0]))
    assert [r.text for r in runs] == ["tan", "at", "tax", "to", "no"]
    strengths = {"tan": 3, "at": 2, "tax": 5, "to": 2, "no": 2}
    defenders = tuple(Defender(r, Strength(strengths[r.text], strengths[r.text], ()), True) for r in runs)
    # An attack of 6: any one of TAN, AT, TO, NO can be sacrificed and TAX (5) then blocks.
    order = best_order(b, SILVER, 6, defenders, LEXICON)
    # TO goes (2 points, 1 letter; NO ties and comes later in reading order) and TAX holds.
    # Counting dots alone (revision 1) would have sacrificed TAN: 1 dot, but 3 points.
    assert order == (3, 2, 0, 1, 4)
    # When a beaten word costs the attacker half its strength, rounded down, an attack of 7
    # must beat two words before TAX holds (7 - 1 - 1 = 5). TO and NO cost 4 points and their
    # two O's; TAN with either breaks 5 points, AT with either loses 3 letters.
    half = replace(STANDARD, defeat_cost=Fraction(1, 2))
    assert best_order(b, SILVER, 7, defenders, LEXICON, half) == (3, 4, 2, 0, 1)
    assert best_order(b, SILVER, 7, defenders, LEXICON) == (3, 2, 0, 1, 4), "whole cost: TO alone"


def test_with_no_order_that_stops_the_attacker_the_reading_order_is_used():
    game = position(". . .\nG . S\n", "A T .\n. . .\n", LEXICON)
    [run] = game.board.runs(SILVER)
    assert best_order(game.board, SILVER, 9, (Defender(run, Strength(2, 2, ()), True),), LEXICON) == (0,)


# R3: no run holding a new letter may include a letter of an invalid run the commit leaves
# invalid: here the cross word TON would take the N of gold's invalid QN.
def test_a_cross_word_may_not_build_on_an_invalid_run():
    terrain = """
        . . . . .
        G . . . .
        . . . . .
        . . . . .
        . . . . S
    """
    letters = """
        . . . . .
        c a t . .
        . . . . .
        . q n . .
        . . . . .
    """
    game = position(terrain, letters, LEXICON, racks={GOLD: "on"})
    assert [r.text for r in game.crossword(GOLD).invalid] == ["qn"]
    before = game.fingerprint()
    with pytest.raises(E.BuildsOnInvalid) as info:
        game.apply(across(GOLD, 2, 2, "on"))
    assert info.value.reason == "TON builds on the invalid run QN at row 4, column 2 without making it a word"
    assert game.fingerprint() == before
    old = position(terrain, letters, LEXICON, rules=REVISION_1, racks={GOLD: "on"})
    old.apply(across(GOLD, 2, 2, "on"))  # revision 1 checked only the committed word, ON


def test_a_single_letter_commit_with_a_bad_direction_is_a_rules_refusal():
    game = position(FAILED, FAILED_LETTERS, LEXICON, racks={GOLD: "s"})
    before = game.fingerprint()
    with pytest.raises(E.ActionFormatError) as info:
        game.apply(Commit(GOLD, ((1, 3, "s"),), "sideways"))
    assert "across" in info.value.reason and "sideways" in info.value.reason
    assert game.fingerprint() == before


# R9: a city passes under any letter of the surviving committed word, old letters included.
def test_a_city_under_an_old_letter_of_the_committed_word_passes():
    game = position("""
        . . . . .
        G . S . .
        . . . . .
        . . . . S
    """, """
        . . . . .
        c a t . .
        . . . . .
        . . . . .
    """, LEXICON, racks={GOLD: "s"})
    events = game.apply(Commit(GOLD, ((1, 3, "s"),), "across"))
    assert [e for e in events if isinstance(e, CityTaken)] == [CityTaken((1, 2), GOLD, SILVER, 40)]
    assert terrain_text(game).splitlines()[1] == "G . G . ."
    assert game.scores()[GOLD] == 5 + 40


# R10: the one refusal is cutting a supplied word off. Lifting CATS leaves CA, an invalid run.
LIFT = """
. . . .
. . . S
G . . .
"""
LIFT_LETTERS = """
c a t s
a t . .
t . . .
"""


def test_a_lift_may_leave_an_invalid_run():
    game = position(LIFT, LIFT_LETTERS, LEXICON)
    events = game.apply(Redeploy(GOLD, (0, 0), "across"))
    assert sorted(game.racks[GOLD]) == ["s", "t"]
    assert [r.text for r in game.crossword(GOLD).invalid] == ["ca"]
    assert not game.over and events
    with pytest.raises(E.LiftBreaksCrossword):  # revision 1 refused it
        position(LIFT, LIFT_LETTERS, LEXICON, rules=REVISION_1).apply(Redeploy(GOLD, (0, 0), "across"))


def test_a_lift_that_cuts_a_word_off_is_refused():
    game = position(LIFT, LIFT_LETTERS, LEXICON)
    before = game.fingerprint()
    with pytest.raises(E.LiftBreaksCrossword) as info:
        game.apply(Redeploy(GOLD, (0, 0), "down"))  # CAT down holds the city: AT would be cut off
    assert "cut" in info.value.reason
    assert game.fingerprint() == before


# R11 end 2 is checked at the end of a turn: a lift in the same turn may refill the rack.
def test_an_emptied_rack_refilled_by_a_lift_plays_on():
    game = position(LIFT, "", LEXICON, racks={GOLD: "cat", SILVER: "dog"})
    game.pools[GOLD].clear()
    game.apply(down(GOLD, 0, 0, "cat"))
    assert game.racks[GOLD] == [] and not game.over
    game.apply(Redeploy(GOLD, (0, 0), "down"))
    assert sorted(game.racks[GOLD]) == ["a", "c", "t"]
    game.apply(EndTurn(GOLD))
    assert not game.over


def both_pools_empty(rules: RuleSet = STANDARD):
    game = position("""
        G . . . .
        . . . . .
        . . . . S
    """, """
        c a t . .
        . . . . .
        . . D O G
    """, LEXICON, rules=rules, racks={GOLD: "e", SILVER: "e"})  # a spare letter: no end 2
    for p in (GOLD, SILVER):
        game.pools[p].clear()
    return game


def relay_a_word(game, player, cell, direction):
    """Lift the word through ``cell`` and lay it again: a turn that is never a pass."""
    word = line_run(game.board.letters[player], cell, direction)
    game.apply(Redeploy(player, cell, direction))
    game.apply(Commit(player, tuple((r, c, ch) for (r, c), ch in zip(word.cells, word.text)), direction))
    game.apply(EndTurn(player))


# R11 end 4: from the first turn that starts with both pools empty, each player plays at most
# 10 turns. Here turn 1 began before the pools were emptied, so turns 2 to 21 are counted.
def test_the_stall_limit_ends_a_game_of_endless_lifting():
    game = both_pools_empty()
    while not game.over:
        if game.to_move == GOLD:
            relay_a_word(game, GOLD, (0, 0), "across")
        else:
            relay_a_word(game, SILVER, (2, 2), "across")
    assert game.turn == 21 and game.stall_turns == 20
    assert (game.result.winner, game.result.reason) == (GOLD, "stall-limit")
    assert game.scores() == {GOLD: 4, SILVER: 3}  # CAT 2+1+1, DOG 1+1+1


def test_a_failed_attack_is_not_a_pass():
    # R2: a pass is a turn in which no commit was accepted, whatever its combat did.
    game = position(FAILED, FAILED_LETTERS, LEXICON, racks={GOLD: "se", SILVER: "e"})
    for p in (GOLD, SILVER):
        game.pools[p].clear()
    game.apply(EndTurn(GOLD))
    game.apply(EndTurn(SILVER))
    game.apply(Commit(GOLD, ((1, 3, "s"),), "across"))  # fails: CATS is lost
    game.apply(EndTurn(GOLD))
    assert game.passes == 0 and not game.over
    game.apply(EndTurn(SILVER))
    game.apply(EndTurn(GOLD))
    game.apply(EndTurn(SILVER))
    assert not game.over
    game.apply(EndTurn(GOLD))  # four passes in a row now
    assert game.result.reason == "stalemate"


# R11 end 5: every game ends; the turn limit is a rule-set number.
def test_the_turn_limit_ends_the_game_on_score():
    game = position(LIFT, "", LEXICON, rules=replace(STANDARD, turn_limit=6), racks={GOLD: "cat"})
    game.apply(down(GOLD, 0, 0, "cat"))
    while not game.over:
        if game.pending is not None:
            p, n = game.pending.player, game.pending.count
            game.apply(Discard(p, "".join(game.racks[p][:n])))
        game.apply(EndTurn(game.to_move))
    assert game.turn == 6
    assert (game.result.winner, game.result.reason) == (GOLD, "turn-limit")


def test_every_preset_has_the_stall_and_turn_limits():
    from shared.rules.presets import PRESETS

    for rules in PRESETS.values():
        assert (rules.revision, rules.stall_turns, rules.turn_limit) == (2, 20, 200), rules.name


def test_rules_written_before_revision_2_read_as_revision_1():
    data = STANDARD.to_dict()
    for key in ("revision", "stall_turns", "turn_limit"):
        del data[key]
    old = RuleSet.from_dict(data)
    assert (old.revision, old.stall_turns, old.turn_limit) == (1, None, None)
    assert RuleSet.from_dict(STANDARD.to_dict()) == STANDARD


def test_a_version_1_record_replays_under_revision_1():
    # With three letters a pool, gold's first commit empties its pool and rack: under revision 1
    # the game ended there and then, and its record says so.
    tiny = {"a": 1, "c": 1, "t": 1}
    game = Game.new(map_from_ascii(LIFT), replace(REVISION_1, distribution=tiny), 5, LEXICON)
    game.apply(down(GOLD, 0, 0, "cat"))
    assert (game.result.winner, game.result.reason) == (GOLD, "score")
    lines = game.record().to_text().splitlines()
    header = json.loads(lines[0])
    header["version"] = 1
    for key in ("revision", "stall_turns", "turn_limit"):
        del header["rules"][key]
    old = "\n".join([json.dumps(header)] + lines[1:])
    replayed = replay(parse_record(old), LEXICON)
    assert replayed.rules.revision == 1 and replayed.result == game.result
    # Played under revision 2 the same actions do not end the game, and replay says where.
    header["version"] = 2
    with pytest.raises(RecordError, match="line 3: the record ends"):
        replay(parse_record("\n".join([json.dumps(header)] + lines[1:])), LEXICON)


@pytest.mark.parametrize("action, says", [
    (Commit(GOLD, ((1, 3, "s"),), "sideways"), "across"),
    (Commit(GOLD, (("1", 3, "s"),)), "whole numbers"),
    (Commit(GOLD, ((1, 3),)), "triples"),
    (Redeploy(GOLD, (0, "a"), "across"), "whole numbers"),
    (Redeploy(GOLD, (0, 0), "diagonal"), "across"),
    (Discard(GOLD, ["a"]), "string"),
    (EndTurn(3), "player must be"),
    ("commit", "not an action"),
])
def test_every_bad_argument_is_a_rules_refusal_that_changes_nothing(action, says):
    game = position(FAILED, FAILED_LETTERS, LEXICON, racks={GOLD: "s"})
    before = game.fingerprint()
    with pytest.raises(E.ActionFormatError) as info:
        game.apply(action)
    assert says in info.value.reason
    assert game.fingerprint() == before
