"""The AI at war: it takes winning fights, builds toward weak enemy words, defends its cities,
refuses hopeless attacks, reads the rule set's combat numbers, opens at once and resigns a
lost game. Crafted positions with the small test lexicon; exact actions."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from fractions import Fraction
from itertools import permutations
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from shared.rules.actions import Commit, EndTurn, Resign
from shared.ai import decide
from shared.ai.fights import best_fight, lost_beyond_recovery
from shared.ai.lookahead import play_out
from shared.ai.vocab import level_vocabulary
from shared.ai.war import Defences, read_defences
from shared.tools.ascii import position
from shared.rules.combat import beating_cost, strength_after
from shared.rules.crossword import Crossword
from shared.rules.game import Game
from shared.rules.presets import PRESETS, STANDARD

from rules_helpers import GOLD, LEXICON, SILVER

WAR_NUMBERS = replace(STANDARD, name="war-test", defeat_cost=Fraction(1, 2), combat_points=2)


OLD_ANVIL = Path(__file__).parent / "data" / "anvil-2026-11-26.map"
"""The Anvil as it was shipped (11x11) when the self-play games below were played."""


def need_to_beat(strengths: list[int], rules) -> int:
    """What an attack must exceed to beat all these defending words, as the AI reckons it
    (``Defences.need``, with the costs ``read_defences`` gives each word)."""
    nobody = Crossword(GOLD, (), (), (), frozenset())
    defences = Defences(nobody, strengths, [0] * len(strengths), {}, [beating_cost(s, rules) for s in strengths])
    return defences.need(list(range(len(strengths))))


def _decide(game: Game, level: int):
    return decide(game, game.actor, level, random.Random(0), time_limit=math.inf)


# ------------------------------------------------------------------ what an attack needs
def test_need_follows_defeat_cost():
    # strongest last: 3 + 2 + 5 = 10 with the standard rules; 5 + floor(3/2) + floor(2/2) = 7 at half cost
    assert need_to_beat([3, 5, 2], STANDARD) == 10
    assert need_to_beat([3, 5, 2], WAR_NUMBERS) == 7
    assert need_to_beat([], STANDARD) == 0


@given(st.integers(1, 40), st.lists(st.integers(1, 15), min_size=1, max_size=5),
       st.sampled_from([Fraction(1), Fraction(1, 2), Fraction(1, 3), Fraction(3, 4)]))
def test_exceeding_the_need_means_no_order_stops_the_attack(strength, strengths, cost):
    rules = replace(STANDARD, defeat_cost=cost)

    def survives(order) -> bool:
        s = strength
        for d in order:
            if s <= d:
                return False
            s = strength_after(s, d, rules)
        return True

    assert (strength > need_to_beat(strengths, rules)) == all(survives(p) for p in permutations(strengths))


def test_weak_edges_are_read_from_the_defending_words():
    game = position(MAP_A, LETTERS_A, LEXICON, racks={GOLD: "sdo", SILVER: "dog"})
    defences = read_defences(game, SILVER)
    assert [w.text for w in defences.crossword.words] == ["ton"]
    assert defences.strengths == [4]  # 3 dots x 1.5 on the city
    assert defences.need_at((1, 3)) == 4 and defences.face_at((1, 3)) == 3
    assert defences.need_at((0, 0)) == 0


# ------------------------------------------------------------------ (a) take a winning fight
MAP_A = """
. . . . . . . .
. G . . . . . .
. . . . . . . .
. . . . S . . .
"""
LETTERS_A = """
. . . . . . . .
c a t . T . . .
. . . . O . . .
. . . . N . . .
"""


def test_takes_a_winning_attack():
    # CATS (5) beats TON (3 x 1.5 on the city = 4): TON goes and silver's last city is bare
    game = position(MAP_A, LETTERS_A, LEXICON, racks={GOLD: "sdo", SILVER: "dog"})
    for level in (2, 3, 4):
        assert _decide(game, level).action == Commit(GOLD, ((1, 3, "s"),), "across"), level
    vocab = level_vocabulary(LEXICON, 0)
    # the fight on offer: TON's face 3 and its letters' 3 points
    assert best_fight(game, GOLD, vocab, ["s", "d", "o"], _weights(game)) == 6


def _weights(game: Game):
    from shared.ai.player import _Turn
    from shared.ai.levels import get_level

    return _Turn(game, GOLD, get_level(4), random.Random(0), math.inf).w


MAP_TWO = """
. . . . . . . .
. G . . . . . .
. x . . . . . .
. . . S . . . .
"""
LETTERS_TWO = """
. . . . . . . .
c a t . T A X .
. . . O . . . .
. . . N . . . .
"""


def test_reads_the_rule_sets_combat_numbers():
    # CATS (5) touches TAX (isolated: 5 x 0.6 = 3) and ON (2 x 1.5 on the city = 3).
    # Standard rules: it must beat 3 + 3 = 6 and would fall, giving away CAT's letters.
    game = position(MAP_TWO, LETTERS_TWO, LEXICON, racks={GOLD: "s", SILVER: "dog"})
    for level in (2, 3, 4):
        decision = _decide(game, level)
        assert decision.action == EndTurn(GOLD), level
        assert "refused 1 hopeless attack(s)" in decision.notes
    # Half the defeat cost: it must beat 3 + floor(3/2) = 4, and wins both words.
    war = position(MAP_TWO, LETTERS_TWO, LEXICON, WAR_NUMBERS, racks={GOLD: "s", SILVER: "dog"})
    for level in (2, 3, 4):
        assert _decide(war, level).action == Commit(GOLD, ((1, 3, "s"),), "across"), level


# ------------------------------------------------------------------ (b) build toward the enemy
MAP_B = """
. . . . . . x . . . . . . .
. . . . . . G . . . . . . .
. . . . . . x . . . . . . .
. . . . . . . . . . . . . .
. . . . . . . . . . . . . .
. . . . . . . . . . . . . .
. . . . . . . . . . . . . .
. . . . . . . . . . . . . .
. . . . . . . . . . . . . .
. . . . . . S . . . . . . .
"""


def _toward(letters_row: str) -> Game:
    """Gold's AN on its city; silver's isolated WAX on row 1; silver's city far below."""
    rows = [". " * 14] * 10
    rows[1] = letters_row
    rows[9] = ". . . . . . O N . . . . . ."
    game = position(MAP_B, "\n".join(rows), LEXICON, racks={GOLD: "t", SILVER: "dog"})
    del game.pools[GOLD][5:]  # late in the game: letters are worth little kept
    return game


def test_builds_toward_a_weak_enemy_word_when_nothing_wins_now():
    # ANT and TAN score the same; WAX (7 points, defending at 4) is to the right
    right = _toward(". . . . . . a n . . W A X .")
    left = _toward(". W A X . . a n . . . . . .")
    for level in (3, 4):
        assert _decide(right, level).action == Commit(GOLD, ((1, 8, "t"),), "across"), level
        assert _decide(left, level).action == Commit(GOLD, ((1, 5, "t"),), "across"), level


# ------------------------------------------------------------------ (c) no hopeless attack
def test_does_not_dump_letters_into_a_hopeless_attack():
    # TOE down from CAT's t touches FOX (7 x 1.5 on the city = 10) and would fall: it would
    # rid gold of two of its surplus vowels but give silver their points. Passing costs less.
    game = position("""
        . . . . . . . .
        . G . . . . . .
        . x . . . . . .
        . . . S . . . .
    """, """
        . . . . . . . .
        c a t F . . . .
        . . . O . . . .
        . . . X . . . .
    """, LEXICON, racks={GOLD: "iiiooouuuee", SILVER: "dog"})
    del game.pools[GOLD][10:]
    hopeless = Commit(GOLD, ((2, 2, "o"), (3, 2, "e")), "down")
    game.plan_commit(hopeless)  # legal
    for level in (2, 3, 4):
        assert _decide(game, level).action == EndTurn(GOLD), level


# ------------------------------------------------------------------ (d) defend a city
def test_covers_a_city_the_enemy_can_reach():
    # gold's second city (3, 5) is bare and silver's TAX is two cells away: ONES down
    # through it (a word on the city defends at x1.5) rather than any word elsewhere
    game = position("""
        . . . . . . . . .
        . G . . . . . . .
        . . . . . . . . .
        . . . . . G . . .
        . . . . . . . . .
        . . . . . . . S .
    """, """
        . . . . . . . . .
        c a t . . . . . .
        . . . . . . . . .
        . . . . . . . T .
        . . . . . . . A .
        . . . . . . . X .
    """, LEXICON, racks={GOLD: "oneds", SILVER: "dog"})
    for level in (2, 3, 4):
        action = _decide(game, level).action
        assert action == Commit(GOLD, ((2, 5, "o"), (3, 5, "n"), (4, 5, "e"), (5, 5, "s")), "down"), level


# ------------------------------------------------------------------ opening
def test_plays_a_first_word_on_its_city_at_once():
    game = position("""
        . . . . . . . . . . . .
        . . G . . . . . . . S .
        . . . . . . . . . . . .
    """, "", LEXICON, racks={GOLD: "catsdog", SILVER: "dog"})
    for level in (2, 3, 4):
        action = _decide(game, level).action
        assert isinstance(action, Commit), level
        assert (1, 2) in {(r, c) for r, c, _ in action.placements}, level


def test_does_not_leave_its_capital_bare_when_every_plan_looks_refuted():
    # Self-play, The Anvil, war, seed 6024: gold has taken the pewter smithy on turn 1 and
    # its supply is three cells from silver's bare capital (1, 7). Every word silver's
    # look-ahead examined covers the capital and comes out refuted by a guessed reply (no
    # guessed rack could reach the bare city itself), so the Warlord used to end its turn;
    # gold then played ENEMA down through the capital and won on turn 3.
    from shared.maps.files import load_map
    from shared.rules.actions import Redeploy
    from shared.words.dictionary import load_dictionary

    game = Game.new(load_map(OLD_ANVIL), PRESETS["war"], 6024, load_dictionary())
    for action in (Commit(GOLD, ((5, 3, "a"), (6, 3, "n"), (7, 3, "e"), (8, 3, "l"), (9, 3, "e")), "down"),
                   Commit(GOLD, ((5, 4, "y"), (5, 5, "e")), "across"),
                   Redeploy(GOLD, (5, 3), "across"),
                   Commit(GOLD, ((4, 5, "y"), (5, 5, "e")), "down"),
                   EndTurn(GOLD)):
        game.apply(action)
    assert "".join(sorted(game.racks[SILVER])) == "adosstv"
    # the self-play game's own generator for silver
    decision = decide(game, SILVER, 4, random.Random(6024 * 7919 + 2 * 104729 + 17), time_limit=math.inf)
    assert isinstance(decision.action, Commit)
    assert (1, 7) in {(r, c) for r, c, _ in decision.action.placements}


def test_covers_its_capital_with_a_word_one_enemy_turn_cannot_break(monkeypatch):
    # Self-play, The Anvil, war, seed 11091: gold opened with SNITS down to row 5, eight
    # cells from silver's capital (1, 7). Silver covered the capital with AT (strength 4 at
    # the city's x2); on turn 3 gold took the pewter smithy, lifted SNITS and laid INSERT
    # through AT and the capital, and the game was over. One word could not reach the city,
    # but a turn chains words and a lift: gold's rack, draw and longest word make 10 cells.
    # Within that reach the city's weak cover counts against silver, and the strongest words
    # through it are played out too, so the Warlord covers it with one an ordinary attack
    # (PUNCH) cannot beat.
    from shared.ai import player as ai_player
    from shared.ai.war import PUNCH, turn_reach
    from shared.maps.files import load_map
    from shared.words.dictionary import load_dictionary

    # the war preset of that game: before city gates, a city guarded its words everywhere
    rules = replace(PRESETS["war"], city_guard_reach=None, city_gates_hold=False)
    game = Game.new(load_map(OLD_ANVIL), rules, 11091, load_dictionary())
    game.apply(Commit(GOLD, ((5, 3, "s"), (6, 3, "n"), (7, 3, "i"), (8, 3, "t"), (9, 3, "s")), "down"))
    game.apply(EndTurn(GOLD))
    assert "".join(sorted(game.racks[SILVER])) == "abdettw"
    assert turn_reach(game, GOLD) == 2 + 3 + 5

    def silver_covers() -> int:
        rng = random.Random(11091 * 7919 + 2 * 104729 + 17)  # the self-play game's own
        action = decide(game, SILVER, 4, rng, time_limit=math.inf).action
        assert isinstance(action, Commit) and (1, 7) in {(r, c) for r, c, _ in action.placements}
        return read_defences(play_out(game, action), SILVER).need_at((1, 7))

    assert silver_covers() >= PUNCH
    monkeypatch.setattr(ai_player, "GUARDS", 0)
    assert silver_covers() < PUNCH  # the best-estimated words alone are all weak covers


def test_behind_with_the_letters_gone_it_takes_points_rather_than_pass():
    # Self-play, The Anvil, war, seed 6012, both pools empty: silver trails 202 to 211. Its S
    # at (8, 7) makes SAWN, an attack that wins (+3, gold -4), and its N then makes ANI (+3):
    # silver wins by one. Every plan looked worse than ending the turn to the look-ahead,
    # so the Warlord passed, and the game passed out with gold ahead.
    from shared.words.dictionary import load_dictionary

    game = position("""
        ^ ^ . . . . ~ . . . .
        ^ x . . . . ~ S . . .
        . . * . . . ~ . . . .
        . * * . . ^ . . . . .
        . . . . ^ ^ ^ . . ~ .
        . . ~ . . S . . ~ . .
        . ~ . . ^ ^ ^ . . . .
        . . . . . ^ . . * ~ .
        . . . . ~ . . . * . .
        . . . G ~ . . . . x ^
        . f . . ~ . . . . ^ ^
    """, """
        a u k . . . . S A U L
        a . o s . C H I . T O
        . a i t . A . M Y . .
        q i . r . V . P A R T
        i . . a . I D S . . R
        . i o n . E . . . O I
        n . . g o . . L I E D
        a m b u s h . . . . E
        r e a r . o i . A W N
        c l a y p a n . . . T
        o . l . . x . P I E S
    """, load_dictionary(), PRESETS["war"], racks={GOLD: "eujoe", SILVER: "esnv"}, to_move=SILVER)
    for p in (GOLD, SILVER):
        game.pools[p].clear()
    scores = game.scores()
    game.captured[GOLD] += 211 - scores[GOLD]
    game.captured[SILVER] += 202 - scores[SILVER]
    game._last_scores = game.scores()
    decision = decide(game, SILVER, 4, random.Random(0), time_limit=math.inf)
    assert isinstance(decision.action, Commit)
    after = play_out(game, decision.action)  # the defence ordered gold's best way
    assert after.scores()[SILVER] - after.scores()[GOLD] > -9


# ------------------------------------------------------------------ (e) resign
MAP_E = """
. . . . . . . . . . . . . . . .
. G . . . . . . . . . . . . S .
. . . . . . . . . . . . . . . .
"""
LETTERS_E = """
. . . . . . . . . . . . . . . .
c a t . . . . . . . . . . T I N
. . . . . . . . . . . . . . . .
"""


def _lost(rules=STANDARD, pool_left: int = 0, terrain: str = MAP_E, letters: str = LETTERS_E) -> Game:
    """Gold (4 points, an E on the rack) trails silver by 59 with its pool empty."""
    game = position(terrain, letters, LEXICON, rules, racks={GOLD: "e", SILVER: "dog"})
    del game.pools[GOLD][pool_left:]
    game.captured[SILVER] = 60  # taken from gold earlier
    game._last_scores = game.scores()
    return game


def test_the_top_levels_resign_a_lost_game():
    game = _lost()
    assert game.scores() == {GOLD: 4, SILVER: 63}
    assert lost_beyond_recovery(game, GOLD)
    for level in (3, 4):
        assert _decide(game, level).action == Resign(GOLD, "resigned"), level
    for level in (1, 2):
        assert _decide(game, level).action == EndTurn(GOLD), level
    after = game.copy()
    after.apply(Resign(GOLD, "resigned"))
    assert after.result.winner == SILVER and after.result.reason == "resigned"


def test_no_resignation_while_there_is_a_way_back():
    assert not lost_beyond_recovery(_lost(pool_left=1), GOLD)  # letters still to come
    assert not lost_beyond_recovery(_lost(PRESETS["conquest"]), GOLD)  # only conquest wins
    # silver's city within reach of gold's supply: a conquest may still turn the game
    near = _lost(terrain=MAP_E.replace(". G . . . . . .", ". . . . . . . G"),
                 letters=LETTERS_E.replace("c a t . . . . . .", ". . . . . . c a t"))
    assert near.board.cities_of(GOLD) == [(1, 7)]
    near.racks[GOLD] = list("s")  # and a word to play toward it: CATS
    assert not lost_beyond_recovery(near, GOLD)
    assert not lost_beyond_recovery(near, GOLD, level_vocabulary(LEXICON, 0.0))
    assert _decide(near, 4).action != Resign(GOLD, "resigned")


def test_a_player_boxed_in_with_letters_that_fit_nowhere_resigns():
    vocab = level_vocabulary(LEXICON, 0.0)
    boxed = _lost()
    boxed.racks[GOLD] = list("zzqq")  # 12 dots: they could swing 72 points, if they fit anywhere
    assert not lost_beyond_recovery(boxed, GOLD)  # counted on points alone: not lost
    assert lost_beyond_recovery(boxed, GOLD, vocab)  # but no word of the rack fits: lost
    assert _decide(boxed, 4).action == Resign(GOLD, "resigned")
    # Silver's city within reach of gold's supply makes no difference when nothing fits.
    near = _lost(terrain=MAP_E.replace(". G . . . . . .", ". . . . . . . G"),
                 letters=LETTERS_E.replace("c a t . . . . . .", ". . . . . . c a t"))
    near.racks[GOLD] = list("zzqq")
    assert lost_beyond_recovery(near, GOLD, vocab)
    playable = _lost()
    playable.racks[GOLD] = list("zzqs")  # CAT + S = CATS: a way to play on
    assert not lost_beyond_recovery(playable, GOLD, vocab)
    assert _decide(playable, 4).action != Resign(GOLD, "resigned")


def test_a_player_whose_every_word_is_a_losing_attack_resigns():
    # A one-row board: gold's only word is CATS, and its S would touch silver's HEX on
    # silver's city, an attack of 4 x 1.5 = 6 against 7 x 1.5 = 10 that hands silver the
    # letters. Silver's city is within reach, so points alone would not resign; a rack that
    # can only gift points does.
    game = position(". G . . S . . .", "c a t . H E X .", LEXICON, STANDARD, racks={GOLD: "s", SILVER: "dog"})
    del game.pools[GOLD][:]
    game.captured[SILVER] = 60
    game._last_scores = game.scores()
    vocab = level_vocabulary(LEXICON, 0.0)
    assert game.scores() == {GOLD: 4, SILVER: 67}
    assert not lost_beyond_recovery(game, GOLD)  # on points alone, with the city in reach: no
    assert lost_beyond_recovery(game, GOLD, vocab)
    assert _decide(game, 4).action == Resign(GOLD, "resigned")
    lower = _decide(game, 2).action
    assert lower != Resign(GOLD, "resigned")  # the Knight plays on


# ------------------------------------------------------------------ the rule set's options
def test_conquest_only_counts_points_less_and_cities_more():
    from shared.ai.evaluate import DEFAULT_WEIGHTS

    assert DEFAULT_WEIGHTS.for_rules(STANDARD) is DEFAULT_WEIGHTS
    conquest = DEFAULT_WEIGHTS.for_rules(PRESETS["conquest"])
    assert conquest.score == 0.35 and conquest.city == 30.0 and conquest.advance == 28.0


def test_a_win_that_takes_the_city_under_the_beaten_word_is_a_win():
    from shared.ai.estimate import MoveEstimator
    from shared.ai.evaluate import WIN
    from shared.ai.movegen import find_moves, move_commit

    rules = replace(STANDARD, name="fall-test", cities_fall_with_words=True)
    for rule_set, expected_win in ((STANDARD, False), (rules, True)):
        game = position(MAP_A, LETTERS_A, LEXICON, rule_set, racks={GOLD: "s", SILVER: "dog"})
        _, moves = find_moves(game, GOLD, level_vocabulary(LEXICON, 0))
        cats = [m for m in moves if move_commit(m, GOLD) == Commit(GOLD, ((1, 3, "s"),), "across")]
        estimate = MoveEstimator(game, GOLD).estimate(cats[0])
        assert estimate.wins and (estimate.value == WIN) == expected_win
