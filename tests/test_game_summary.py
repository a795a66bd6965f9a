"""The end screen's summary of a game: best word, biggest fight, cities of each kind, letters lost."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shared.analysis.summary import BestWord, Fight, SideSummary, summarise, summarise_record, summary_lines
from shared.rules.actions import EndTurn, OrderDefence
from shared.rules.game import Game
from shared.rules.presets import get_rules
from shared.tools.ascii import letters_text, map_from_ascii, position

from random_play import LEXICON as PLAY_LEXICON
from random_play import sensible_action
from rules_helpers import GOLD, LEXICON, SILVER, across, board

# Gold's CAT reaches for the pewter city P; silver's TO stands on its only city S.
TERRAIN = """
. . . . . . . . . .
. . . . . . . S . .
. . . G . . P . . .
"""
LETTERS = """
. . . . . . . . . .
. . . . . . . T . .
. . . c a t . O . .
"""


def played(game, actions) -> list[dict]:
    events: list[dict] = []
    for action in actions:
        events += [ev.to_dict(None) for ev in game.apply(action)]
    return events


def test_a_neutral_city_an_enemy_city_a_fight_and_the_letters_lost():
    game = position(TERRAIN, LETTERS, LEXICON, racks={GOLD: "sit", SILVER: "eat"})
    events = played(game, [
        across(GOLD, 2, 6, "s"),  # CATS (5) beats TO (2, x1.5 on its city: 3) and takes the pewter city
        EndTurn(GOLD), EndTurn(SILVER),
        across(GOLD, 1, 6, "it"),  # IT (and IS down) over silver's empty city: conquest
    ])
    assert board(letters_text(game)) == board("""
        . . . . . . . . . .
        . . . . . . i t . .
        . . . c a t s . . .
    """)
    assert game.result.reason == "conquest"
    summary = summarise(events)
    assert summary[GOLD] == SideSummary(best_word=BestWord("cats", 5), biggest_fight=Fight("cats", 1, True, 2),
                                        enemy_cities=1, neutral_cities=1, letters_lost=0)
    assert summary[SILVER] == SideSummary(letters_lost=2)  # T and O
    assert summary_lines(summary[GOLD]) == [
        ("Best word", "CATS (5)"),
        ("Biggest fight", "CATS vs 1 word: won, 2 letters fell"),
        ("Cities taken", "1 enemy, 1 neutral"),
        ("Letters lost", "0"),
    ]
    assert summary_lines(summary[SILVER])[:2] == [("Best word", "none"), ("Biggest fight", "none")]


def test_an_attack_that_falls_is_a_lost_fight_and_its_letters_are_lost():
    terrain = ". . . . . . . . .\n. . . G . . . S ."
    letters = ". . . . . . . T O\n. . . c a t . O N"
    game = position(terrain, letters, LEXICON, racks={GOLD: "s", SILVER: "eat"})
    events = played(game, [across(GOLD, 1, 6, "s")])  # CATS attacks ON and TO: silver orders the defence
    events += played(game, [OrderDefence(SILVER, game.pending.suggested_order)])
    summary = summarise(events)
    # CATS (5) beats ON (3 on its city) with 2 left, then falls to TO (3): the failed attack loses
    # C A T S and silver keeps every letter.
    assert board(letters_text(game)) == board(letters.replace("c a t", ". . ."))
    assert summary[GOLD] == SideSummary(best_word=BestWord("cats", 5), biggest_fight=Fight("cats", 2, False, 4),
                                        letters_lost=4)
    assert summary[SILVER] == SideSummary()


ARENA = map_from_ascii("""
    . . . . . . . . . .
    . G . . f . . ^ . .
    . . . . f . ~ ~ . .
    . . * * . P . . . .
    . ^ . . . . . * . .
    . . ~ . . . . f S .
    . . . . . . . . . .
""", name="arena")


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_the_record_replayed_gives_the_summary_of_the_events_as_played(seed):
    rng = random.Random(seed)
    game = Game.new(ARENA, get_rules("standard"), seed, PLAY_LEXICON)
    events = [ev.to_dict(None) for ev in game.initial_events]
    for _ in range(150):
        if game.over:
            break
        events += [ev.to_dict(None) for ev in game.apply(sensible_action(game, rng))]
    events = [ev for ev in events if ev is not None]
    summary = summarise(events)
    assert summarise_record(game.record().to_text(), PLAY_LEXICON) == summary
    for p in (GOLD, SILVER):  # every letter lost is one the engine counted as removed
        assert summary[p].letters_lost == game.removed[p]
        assert summary[p].enemy_cities == game.cities_taken[p]
