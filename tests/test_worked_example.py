"""The design document's worked combat example, exactly as RULINGS R7 lays it out.

Note: R7 says gram's `a` is on a city cell, but that `a` is shared with tau, which would
then defend at 3 x 1.5 = 4 and change the whole fight. The only city cell that gives the
stated strengths (gram 7, tau 3) is gram's `m`, so the city is there.
"""

from shared.rules.actions import OrderDefence
from shared.tools.ascii import letters_text, position
from shared.rules.events import CombatStep, DefenceRequested, LettersRemoved

from rules_helpers import GOLD, LEXICON, SILVER, across, board

TERRAIN = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . S . . . G .
"""
LETTERS = """
S I N G . . . . .
. N O R . . . d .
. . T A U . . o .
. . . M . . . g .
"""


def example():
    return position(TERRAIN, LETTERS, LEXICON, racks={GOLD: "swor"})


def test_scores_before_the_attack():
    game = example()
    assert game.scores() == {GOLD: 3, SILVER: 20}  # dog; sing4 nor3 tau3 in2 not3 gram5


def test_sword_asks_for_a_defence_order_with_the_stated_strengths():
    game = example()
    events = game.apply(across(GOLD, 1, 3, "swor"))
    request = next(e for e in events if isinstance(e, DefenceRequested))
    assert request.attack["word"] == "sword"
    assert request.attack["strength"] == 10
    assert [(d["word"], d["strength"]) for d in request.defenders] == [
        ("SING".lower(), 4), ("nor", 3), ("tau", 3), ("not", 3), ("gram", 7),
    ]
    assert game.actor == SILVER


def test_the_order_nor_tau_not_gram_sing():
    game = example()
    game.apply(across(GOLD, 1, 3, "swor"))
    names = [d.run.text for d in game.pending.defenders]
    order = tuple(names.index(w) for w in ["nor", "tau", "not", "gram", "sing"])
    events = game.apply(OrderDefence(SILVER, order))
    steps = [e for e in events if isinstance(e, CombatStep)]
    assert [(s.attack_strength, s.defend_word, s.defend_strength, s.attacker_wins) for s in steps] == [
        (10, "nor", 3, True),
        (7, "tau", 3, True),
        (4, "not", 3, True),
        (1, "gram", 7, False),
    ]
    removed = [(e.owner, "".join(x[2] for x in e.letters), e.points_to) for e in events
               if isinstance(e, LettersRemoved)]
    assert removed == [
        (SILVER, "u", GOLD),        # tau: only its u stands alone
        (SILVER, "ot", GOLD),       # not: o (shared with nor) and t (shared with tau), both beaten
        (GOLD, "swor", SILVER),     # sword falls; its d stays in dog
    ]
    assert letters_text(game) == board("""
        S I N G . . . . .
        . N . R . . . d .
        . . . A . . . o .
        . . . M . . . g .
    """)
    # The attacker gains 3 (u, o, t); the defender loses nor, tau and not (9) and gains sword's
    # removed letters s, w, o, r (6).
    assert game.captured == {GOLD: 3, SILVER: 6}
    assert game.scores() == {GOLD: 3 + 3, SILVER: 20 - 9 + 6}
    assert game.pending is None and game.actor == GOLD


def test_best_order_stops_sword_without_losing_a_letter():
    game = example()
    game.apply(across(GOLD, 1, 3, "swor"))
    names = [d.run.text for d in game.pending.defenders]
    best = [names[i] for i in game.best_defence_order()]
    assert best[:2] == ["nor", "gram"]  # 10 - 3 = 7, and gram (7) holds
    events = game.apply(OrderDefence(SILVER, game.best_defence_order()))
    assert not [e for e in events if isinstance(e, LettersRemoved) and e.owner == SILVER]
    assert game.scores() == {GOLD: 3, SILVER: 20 + 6}
