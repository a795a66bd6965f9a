"""R6 strength, R7 combat, R8 ice, R9 cities: positions in ASCII, exact numbers."""

import pytest

from shared.rules import errors as E
from shared.rules.actions import Commit, EndTurn, OrderDefence
from shared.tools.ascii import letters_text, position, terrain_text
from shared.rules.events import CityTaken, CombatStep, LettersRemoved, TerrainChanged
from shared.rules.strength import attack_strength, defence_strength

from rules_helpers import GOLD, LEXICON, SILVER, across, board, down

FRONT = """
. . . . . . S .
. G . . . . . .
. . . . . . . .
. . . . . S . .
. . . . . . . .
"""
FRONT_LETTERS = """
. . . . . . . .
. s w o r d . .
. . . . . . Q Z
. . . . A T . .
. . . . . . . .
"""


def removed(events):
    return [(e.owner, "".join(x[2] for x in e.letters), e.reason, e.points_to) for e in events
            if isinstance(e, LettersRemoved)]


def test_a_winning_attack_defeats_sweeps_and_takes_the_city():
    game = position(FRONT, FRONT_LETTERS, LEXICON, racks={GOLD: "ots"})
    assert [r.text for r in game.crossword(SILVER).invalid] == ["qz"]
    events = game.apply(down(GOLD, 2, 5, "ots"))  # d-o-t-s: t overlaps silver's T on its city
    [step] = [e for e in events if isinstance(e, CombatStep)]
    assert (step.attack_word, step.attack_strength, step.defend_word, step.defend_strength) == (
        "dots", 4, "at", 3)  # AT: 2 x 1.5 on its city
    assert removed(events) == [
        (SILVER, "at", "defeated", GOLD),
        (SILVER, "q", "swept", GOLD),       # the invalid run's Q touches the o
        (SILVER, "z", "stranded", None),    # Z is left alone and goes, for no points
    ]
    assert [e for e in events if isinstance(e, CityTaken)] == [CityTaken((3, 5), GOLD, SILVER, 40)]
    assert letters_text(game) == board("""
        . . . . . . . .
        . s w o r d . .
        . . . . . o . .
        . . . . . t . .
        . . . . . s . .
    """)
    assert terrain_text(game).splitlines()[3] == ". . . . . G . ."
    assert game.scores() == {GOLD: 7 + 4 + (1 + 1 + 3) + 40, SILVER: 0}
    assert not game.over  # silver still holds its other city


def test_taking_the_last_city_wins_by_conquest():
    game = position(FRONT.replace("S .\n. G", ". .\n. G"), FRONT_LETTERS, LEXICON, racks={GOLD: "ots"})
    game.apply(down(GOLD, 2, 5, "ots"))
    assert game.over and game.result.winner == GOLD and game.result.reason == "conquest"
    with pytest.raises(E.GameOverError):
        game.apply(EndTurn(GOLD))


def test_a_tie_defeats_the_attacker_and_feeds_the_defender():
    game = position(FRONT, FRONT_LETTERS, LEXICON, racks={GOLD: "ot"})
    events = game.apply(down(GOLD, 2, 5, "ot"))  # dot (3) against AT (3)
    [step] = [e for e in events if isinstance(e, CombatStep)]
    assert (step.attack_strength, step.defend_strength, step.attacker_wins) == (3, 3, False)
    assert removed(events) == [(GOLD, "ot", "attack failed", SILVER)]  # d stays in sword
    assert letters_text(game) == board(FRONT_LETTERS)
    assert game.captured == {GOLD: 0, SILVER: 2}
    assert game.scores() == {GOLD: 7, SILVER: 2 + 2}


def two_defender_position():
    # Silver's city word ON (across) and TO (down) share the O on silver's city; both touch the
    # s that makes gold's CAT into CATS.
    return position("""
        . . . . . .
        . . . . . .
        G . . . S .
    """, """
        . . . . . .
        . . . . T O
        c a t . O N
    """, LEXICON, racks={GOLD: "s"})


def test_two_defenders_wait_for_the_defenders_order():
    game = two_defender_position()
    with pytest.raises(E.NothingPending):
        game.apply(OrderDefence(SILVER, (0, 1)))
    game.apply(Commit(GOLD, ((2, 3, "s"),), "across"))
    pending = game.pending
    assert game.actor == SILVER
    assert pending.attack_strength.value == 5  # c2 a1 t1 s1
    assert [(d.run.text, d.run.direction, d.strength.value) for d in pending.defenders] == [
        ("on", "across", 3), ("to", "down", 3)]
    for wrong, error in [
        (EndTurn(GOLD), E.DefencePending),
        (OrderDefence(GOLD, (0, 1)), E.DefencePending),
        (OrderDefence(SILVER, (0, 0)), E.BadDefenceOrder),
        (OrderDefence(SILVER, (0, 1, 2)), E.BadDefenceOrder),
    ]:
        before = game.fingerprint()
        with pytest.raises(error):
            game.apply(wrong)
        assert game.fingerprint() == before
    # Sacrificing either word (3) leaves cats with 2, which the other holds; neither loses a letter.
    assert game.best_defence_order() == (0, 1)
    events = game.apply(OrderDefence(SILVER, (0, 1)))
    assert [(s.defend_word, s.attack_strength, s.attacker_wins) for s in events
            if isinstance(s, CombatStep)] == [("on", 5, True), ("to", 2, False)]
    # The committed word is CATS, old letters included: all of it goes.
    assert removed(events) == [(GOLD, "cats", "attack failed", SILVER)]
    assert game.pending is None and game.actor == GOLD
    assert game.scores() == {GOLD: 0, SILVER: 2 + 2 + 2 + 2 + 5}
    assert terrain_text(game).splitlines()[2] == "G . . . S ."  # cities keep their owners


def test_strength_rounds_down_once_after_every_multiplier():
    game = position("""
        . . . . . . .
        . ~ ~ ~ . . G
        . . . . . . .
        S ^ . . . . .
    """, """
        . . . . . . .
        . S P Y . . .
        . . . . . . .
        S H I E L D .
    """, LEXICON)
    cw = game.crossword(SILVER)
    spy = next(w for w in cw.words if w.text == "spy")
    assert spy not in cw.supplied  # cut off from every silver city
    # 6 x 0.6 (water) x 0.6 (broken supply) x 1.5 (sneaking) = 3.24 -> 3
    assert defence_strength(game.board, spy, LEXICON, game.rules, supplied=False).value == 3
    assert attack_strength(game.board, spy, LEXICON, game.rules).value == 5  # 6 x 0.6 x 1.5
    shield = next(w for w in cw.words if w.text == "shield")
    # s h i e l d = 1+3+1+1+1+1 = 8, the h on a mountain doubles: 11; x1.5 city x1.5 defending
    s = defence_strength(game.board, shield, LEXICON, game.rules, supplied=True)
    assert (s.base, s.value) == (11, 24)
    assert [name for name, _ in s.multipliers] == ["city", "defending word"]
    # defending words get nothing when attacking
    assert attack_strength(game.board, shield, LEXICON, game.rules).value == 11


ICE = """
. . . S .
G * * . .
"""


def test_ice_takes_light_letters():
    game = position(ICE, "", LEXICON, racks={GOLD: "at"})
    game.apply(across(GOLD, 1, 0, "at"))
    assert terrain_text(game).splitlines()[1] == "G * * . ."


def test_ice_cracks_under_a_heavy_letter_after_the_attack_wins():
    game = position(ICE, """
        . . A N .
        . . . . .
    """, LEXICON, racks={GOLD: "tax"})
    events = game.apply(across(GOLD, 1, 0, "tax"))  # x (3 dots) on ice
    assert removed(events) == [
        (SILVER, "an", "defeated", GOLD),   # tax 5 beats AN 2 x 1.5 = 3
        (GOLD, "tax", "ice cracked", None),  # then the ice gives way: nobody scores
    ]
    assert [e for e in events if isinstance(e, TerrainChanged)] == [
        TerrainChanged(((1, 1), (1, 2)), "ice", "water", "ice cracked")]
    assert terrain_text(game) == board("""
        . . . S .
        G ~ ~ . .
    """)  # no city changed hands: the word did not survive
    assert game.scores() == {GOLD: 2, SILVER: 0}


def test_pewter_cities_give_no_bonus_and_cities_keep_owners_when_emptied():
    game = position("""
        G . P . S
    """, "", LEXICON, racks={GOLD: "cat"})
    events = game.apply(across(GOLD, 0, 0, "cat"))
    assert [e for e in events if isinstance(e, CityTaken)] == [CityTaken((0, 2), GOLD, None, 0)]
    assert game.cities_taken[GOLD] == 0
    assert terrain_text(game) == "G . G . S"
