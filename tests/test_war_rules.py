"""The rule-set numbers the war preset turns: what a beaten word costs the attacker, what
letters removed in combat are worth and what a city adds to its words' defence (and the
options no preset uses). Same positions as tests/test_rules_combat.py."""

from dataclasses import replace
from fractions import Fraction

import pytest

from shared.rules.actions import Commit, OrderDefence
from shared.tools.ascii import position
from shared.rules.events import CityTaken, CombatStep, LettersRemoved
from shared.rules.presets import PRESETS, STANDARD

from rules_helpers import GOLD, LEXICON, SILVER


WAR = PRESETS["war"]
OPEN_WAR = replace(WAR, city_guard_reach=None, city_gates_hold=False)
"""The war preset before its gates (to 2026-11-27): a city guards its words against any attack."""


def two_defenders(rules):
    # Silver's ON (across) and TO (down) share the O on silver's city; gold's S makes CATS (5).
    # Silver's other two words, TO across and ON down, do not touch CATS: they do not defend,
    # and they keep their letters (the T and the N) whatever happens to ON and TO.
    return position("""
        . . . . . .
        . . . . . .
        G . . . S .
    """, """
        . . . . . .
        . . . . T O
        c a t . O N
    """, LEXICON, rules=rules, racks={GOLD: "s"})


def steps(events):
    return [(s.defend_word, s.attack_strength, s.attacker_wins) for s in events if isinstance(s, CombatStep)]


def test_standard_rules_the_attacker_must_beat_the_sum():
    game = two_defenders(STANDARD)
    game.apply(Commit(GOLD, ((2, 3, "s"),), "across"))
    assert steps(game.apply(OrderDefence(SILVER, (0, 1)))) == [("on", 5, True), ("to", 2, False)]


def test_with_no_defeat_cost_each_word_is_fought_alone():
    game = two_defenders(replace(STANDARD, defeat_cost=Fraction(0)))
    game.apply(Commit(GOLD, ((2, 3, "s"),), "across"))
    assert game.pending.suggested_order == (0, 1)  # nothing stops CATS: the reading order
    events = game.apply(OrderDefence(SILVER, (1, 0)))
    assert steps(events) == [("to", 5, True), ("on", 5, True)]
    assert [(e.owner, "".join(x[2] for x in e.letters), e.reason) for e in events
            if isinstance(e, LettersRemoved)] == [(SILVER, "o", "defeated")]  # only the shared O goes


def test_half_the_cost_and_double_points():
    rules = replace(STANDARD, defeat_cost=Fraction(1, 2), combat_points=2)
    game = two_defenders(rules)
    game.apply(Commit(GOLD, ((2, 3, "s"),), "across"))
    events = game.apply(OrderDefence(SILVER, (0, 1)))
    # ON (3) costs floor(3/2) = 1: CATS goes on at 4 and beats TO (3) too.
    assert steps(events) == [("on", 5, True), ("to", 4, True)]
    assert game.captured[GOLD] == 2 * 1  # the O, one dot, doubled


def test_cities_may_fall_with_the_words_that_held_them():
    rules = replace(STANDARD, defeat_cost=Fraction(0), cities_fall_with_words=True)
    game = two_defenders(rules)
    game.apply(Commit(GOLD, ((2, 3, "s"),), "across"))
    events = game.apply(OrderDefence(SILVER, (0, 1)))
    # CATS beat ON and TO, both on silver's only city: it falls with them, and the game with it.
    assert [(e.cell, e.player, e.previous, e.bonus) for e in events if isinstance(e, CityTaken)] == [
        ((2, 4), GOLD, SILVER, 40)]
    assert (game.result.winner, game.result.reason) == (GOLD, "conquest")


def test_without_the_option_the_city_stays():
    game = two_defenders(replace(STANDARD, defeat_cost=Fraction(0)))
    game.apply(Commit(GOLD, ((2, 3, "s"),), "across"))
    events = game.apply(OrderDefence(SILVER, (0, 1)))
    assert not [e for e in events if isinstance(e, CityTaken)] and not game.over


def test_the_war_preset_is_the_standard_game_with_six_settings_turned():
    war, standard = PRESETS["war"], PRESETS["standard"]
    changed = {k: v for k, v in war.to_dict().items() if standard.to_dict()[k] != v}
    assert changed == {"name": "war", "defeat_cost": "0/1", "combat_points": 2,
                       "city_defence_multiplier": "2/1", "city_guard_reach": 2, "city_gates_hold": True,
                       "equal_turns": True}


def test_in_war_the_attacker_beats_each_defender_alone_and_scores_double():
    game = two_defenders(PRESETS["war"])
    game.apply(Commit(GOLD, ((2, 3, "s"),), "across"))
    # ON and TO sit on silver's city: 2 x 2 = 4 each, not 3; CATS (5) beats both, one at a time.
    assert [d.strength.value for d in game.pending.defenders] == [4, 4]
    events = game.apply(OrderDefence(SILVER, (0, 1)))
    assert steps(events) == [("on", 5, True), ("to", 5, True)]
    assert game.captured[GOLD] == 2  # the O: one dot, doubled


def pewter_front(rules):
    # The same fight, but the shared O of ON and TO stands on a pewter city (in a game, silver
    # would have taken it); silver's capital is under the N of TON, which does not touch CATS.
    return position("""
        . . . . . . .
        . . . . . . S
        G . . . P . .
    """, """
        . . . . . . .
        . . . . T O N
        c a t . O N .
    """, LEXICON, rules=rules, racks={GOLD: "s"})


def test_a_pewter_city_may_defend_less_than_a_starting_city():
    game = pewter_front(PRESETS["war"])
    game.apply(Commit(GOLD, ((2, 3, "s"),), "across"))
    # In war every city doubles: ON and TO defend at 2 x 2 = 4 each.
    assert [(d.run.text, d.strength.value) for d in game.pending.defenders] == [("on", 4), ("to", 4)]
    # With the option (no preset sets it) a city that began pewter defends at x1.5: 3 each.
    rules = replace(PRESETS["war"], pewter_defence_multiplier=Fraction(3, 2))
    option = pewter_front(rules)
    option.apply(Commit(GOLD, ((2, 3, "s"),), "across"))
    assert [d.strength.value for d in option.pending.defenders] == [3, 3]
    events = option.apply(OrderDefence(SILVER, (0, 1)))
    assert steps(events) == [("on", 5, True), ("to", 5, True)]
    from shared.rules.presets import RuleSet

    assert RuleSet.from_dict(rules.to_dict()) == rules  # the option survives a record
    assert RuleSet.from_dict(PRESETS["war"].to_dict()).pewter_defence_multiplier is None
    # A starting city still doubles under the option: ON and TO on silver's own city.
    capital = two_defenders(rules)
    capital.apply(Commit(GOLD, ((2, 3, "s"),), "across"))
    assert [d.strength.value for d in capital.pending.defenders] == [4, 4]


def gate(rules, far: bool):
    # Gold's S makes CATS (5) beside silver's word; silver's city is under its S, right beside
    # the attack (SEA) or four steps from it at the far end (TEAS).
    if far:
        return position("""
            . . . . . . . .
            G . . . . . . S
        """, """
            . . . . . . . .
            c a t . T E A S
        """, LEXICON, rules=rules, racks={GOLD: "s"})
    return position("""
        . . . . . . .
        G . . . S . .
    """, """
        . . . . . . .
        c a t . S E A
    """, LEXICON, rules=rules, racks={GOLD: "s"})


def fights(events):
    return [(s.defend_word, s.defend_strength, s.attack_strength, s.attacker_wins)
            for s in events if isinstance(s, CombatStep)]


def test_a_city_may_guard_only_the_fight_at_its_gate():
    from shared.ai.war import read_defences
    from shared.rules.presets import RuleSet

    rules = replace(OPEN_WAR, city_guard_reach=1)
    # At the gate the city still doubles: SEA defends at 3 x 2 = 6 and stops CATS (5).
    near = gate(rules, far=False)
    assert read_defences(near, SILVER).need_at((1, 3)) == 6  # the AI reads the same need
    assert fights(near.apply(Commit(GOLD, ((1, 3, "s"),), "across"))) == [("sea", 6, 5, False)]
    # Four steps from the city TEAS defends at its letters' 4: CATS beats it.
    far = gate(rules, far=True)
    assert read_defences(far, SILVER).need_at((1, 3)) == 4
    # The AI's measure of a city: the weaker of a fight at the gate and one away from it.
    assert read_defences(near, SILVER).city_need((1, 4)) == 3  # SEA from beyond its A
    assert read_defences(far, SILVER).city_need((1, 7)) == 4
    assert (1, 3) in read_defences(far, SILVER).city_approaches((1, 7))  # where TEAS fights alone
    # SEA fights alone two steps or more from the city: beside its E and A, and beyond the A
    assert read_defences(near, SILVER).city_approaches((1, 4)) == [(0, 5), (2, 5), (1, 6), (0, 6), (2, 6), (1, 7)]
    assert fights(far.apply(Commit(GOLD, ((1, 3, "s"),), "across"))) == [("teas", 4, 5, True)]
    # Without the option a word on a city doubles wherever the attack comes from.
    guarded = gate(OPEN_WAR, far=True)
    assert read_defences(guarded, SILVER).need_at((1, 3)) == 8
    assert fights(guarded.apply(Commit(GOLD, ((1, 3, "s"),), "across"))) == [("teas", 8, 5, False)]
    assert RuleSet.from_dict(rules.to_dict()) == rules  # the option survives a record


def pewter_gate():
    # TEAS as in the far gate, but its S stands on a pewter city silver took; silver's capital
    # is under the O of SO, which does not touch CATS.
    return """
        . . . . . . . .
        G . . . . . . P
        . . . . . . . S
    """, """
        . . . . . . . .
        c a t . T E A S
        . . . . . . . O
    """


def test_a_gate_may_open_only_pewter_cities():
    from shared.ai.war import read_defences
    from shared.rules.presets import RuleSet

    rules = replace(OPEN_WAR, city_guard_reach=2, capitals_guard_everywhere=True)
    # Silver's own city doubles TEAS wherever the attack comes from: 4 x 2 = 8 stops CATS.
    capital = gate(rules, far=True)
    assert read_defences(capital, SILVER).need_at((1, 3)) == 8
    assert read_defences(capital, SILVER).city_approaches((1, 7)) == []  # no weaker fight away
    assert fights(capital.apply(Commit(GOLD, ((1, 3, "s"),), "across"))) == [("teas", 8, 5, False)]
    # On a pewter city the gate holds: four steps away TEAS defends at its letters' 4.
    pewter = position(*pewter_gate(), LEXICON, rules=rules, racks={GOLD: "s"})
    assert read_defences(pewter, SILVER).need_at((1, 3)) == 4
    assert fights(pewter.apply(Commit(GOLD, ((1, 3, "s"),), "across"))) == [("teas", 4, 5, True)]
    # The option alone (no gate) changes nothing: every city guards everywhere.
    alone = position(*pewter_gate(), LEXICON, rules=replace(OPEN_WAR, capitals_guard_everywhere=True),
                     racks={GOLD: "s"})
    assert fights(alone.apply(Commit(GOLD, ((1, 3, "s"),), "across"))) == [("teas", 8, 5, False)]
    assert RuleSet.from_dict(rules.to_dict()) == rules


def test_the_letters_in_a_citys_gate_may_fall_only_to_a_fight_there():
    from shared.ai.war import read_defences
    from shared.rules.presets import RuleSet

    rules = replace(WAR, city_guard_reach=1)  # war's gates hold; one step wide here
    # Four steps from the city CATS beats TEAS (5 against its letters' 4): the T and E go, two
    # dots at double points, but the A and S, within a step of the city, stay (as AS).
    far = gate(rules, far=True)
    events = far.apply(Commit(GOLD, ((1, 3, "s"),), "across"))
    assert fights(events) == [("teas", 4, 5, True)]
    assert [e.letters for e in events if isinstance(e, LettersRemoved)] == [((1, 4, "t"), (1, 5, "e"))]
    assert far.board.letters[SILVER] == {(1, 6): "a", (1, 7): "s"}
    assert far.board.letters[GOLD][(1, 3)] == "s" and far.captured[GOLD] == 4
    # The AI reads it: CATS would take the T and E, and the city is stripped only at its gate
    # (TEAS there: 4 x 2 = 8).
    from shared.ai.estimate import MoveEstimator

    assert MoveEstimator(gate(rules, far=True), GOLD).captured([(1, 0), (1, 1), (1, 2), (1, 3)], [0]) == 2
    defences = read_defences(gate(rules, far=True), SILVER)
    assert defences.need_at((1, 3)) == 4
    assert defences.city_need((1, 7)) == 8 and defences.city_approaches((1, 7)) == []
    # At the gate the word fights at x2 and, beaten, goes as any word: SEA stops CATS.
    near = gate(rules, far=False)
    assert fights(near.apply(Commit(GOLD, ((1, 3, "s"),), "across"))) == [("sea", 6, 5, False)]
    assert RuleSet.from_dict(rules.to_dict()) == rules


def test_a_trial_changes_named_numbers_of_a_preset():
    from shared.rules.presets import with_settings

    war = PRESETS["war"]
    trial = with_settings(war, ["city_guard_reach=1", "pewter_defence_multiplier=3/2", "win_by_score=false"])
    assert trial.name == "war+city_guard_reach=1+pewter_defence_multiplier=3/2+win_by_score=false"
    assert (trial.city_guard_reach, trial.pewter_defence_multiplier, trial.win_by_score) == (1, Fraction(3, 2), False)
    assert replace(trial, name="war", city_guard_reach=2, pewter_defence_multiplier=None, win_by_score=True) == war
    assert with_settings(war, ["city_guard_reach=none", "city_gates_hold=false"]).city_guard_reach is None
    assert with_settings(war, []) is war
    assert with_settings(war, ["stall_turns=none"]).stall_turns is None
    for bad, why in [("rack_limit=none", "it may not be none"), ("rack_limit=2.5", "it is a whole number"),
                     ("defeat_cost=1/0", "it is a fraction like 3/2"), ("end_on_empty_rack=yes", "it is true or false")]:
        with pytest.raises(ValueError) as refused:
            with_settings(war, [bad])
        assert str(refused.value) == f"bad rule setting {bad!r}: {why}"
