"""The AI's decisions: discards, defence orders, commits, redeploys, turn ends, determinism."""

from __future__ import annotations

import math
import random
import time
from dataclasses import replace

import pytest

from shared.rules.actions import Commit, Discard, EndTurn, OrderDefence, Redeploy
from shared.ai import LEVELS, choose_action, decide, warm_up, warmed
from shared.ai.estimate import MoveEstimator
from shared.ai.evaluate import DEFAULT_WEIGHTS, position_value, rack_leave
from shared.ai.leave import leave_value
from shared.ai.movegen import find_moves
from shared.ai.endgame import laid_this_turn, lift_candidates, turn_end
from shared.rules.crossword import read_crossword
from shared.ai.player import choose_discard, play_out
from shared.ai.vocab import level_vocabulary
from shared.tools.ascii import letters_text, map_from_ascii, position
from shared.rules.game import Game, PendingDefence, PendingDiscard
from shared.rules.lexicon import WordList
from shared.rules.presets import STANDARD

from rules_helpers import GOLD, LEXICON, SILVER, WORDS

LINE = """
. . . . . .
. G . . S .
. . . . . .
"""

WIDE = """
. . . . . . .
. . G . . S .
. . . . . . .
"""


def test_levels_are_numbered_weakest_first_with_names():
    assert sorted(LEVELS) == [1, 2, 3, 4]
    for number, level in LEVELS.items():
        assert level.number == number and level.name and level.description
    zipfs = [LEVELS[n].min_zipf for n in sorted(LEVELS)]
    assert zipfs == sorted(zipfs, reverse=True), "higher levels know more words"


def test_bad_requests_are_refused_clearly():
    game = position(LINE, "", LEXICON, racks={GOLD: "cat", SILVER: "dog"})
    with pytest.raises(ValueError, match="unknown AI level"):
        choose_action(game, GOLD, 9, random.Random(0))
    with pytest.raises(ValueError, match="gold must act"):
        choose_action(game, SILVER, 1, random.Random(0))


def test_takes_the_last_enemy_city_without_a_fight():
    game = position(LINE, """
        . . . . . .
        . c a t . .
        . . . . . .
    """, LEXICON, racks={GOLD: "sdog", SILVER: "dog"})
    for level in LEVELS:
        action = choose_action(game, GOLD, level, random.Random(level))
        assert isinstance(action, Commit) and (1, 4, "s") in action.placements, level
        after = game.copy()
        after.apply(action)
        assert after.result.winner == GOLD and after.result.reason == "conquest"


def test_wins_by_attacking_the_city_when_the_attack_is_strong_enough():
    game = position(WIDE, """
        . . . . . T .
        . . c a t O .
        . . . . . . .
    """, LEXICON, racks={GOLD: "s", SILVER: "dog"})
    # cats (5) lands its s on the o of TO (2 x 1.5 on the city = 3): the attack wins the city
    action = choose_action(game, GOLD, 4, random.Random(0))
    assert action == Commit(GOLD, ((1, 5, "s"),), "across")


def test_does_not_make_a_losing_attack():
    game = position(WIDE, """
        . . . . . F .
        . . c a t O .
        . . . . . X .
    """, LEXICON, racks={GOLD: "s", SILVER: "dog"})
    # cats would land on the O of FOX (7 x 1.5 on the city = 10 against 5) and be lost;
    # "as" down from the a is quiet and scores
    attack = Commit(GOLD, ((1, 5, "s"),), "across")
    game.plan_commit(attack)
    assert play_out(game, attack).board.letters[GOLD] == {}  # the whole of CATS is lost
    for level in (2, 3, 4):
        action = choose_action(game, GOLD, level, random.Random(0))
        assert action != attack
        assert play_out(game, action).board.letters[GOLD].get((1, 4)) == "t"


def test_discards_the_letters_that_leave_the_best_rack():
    game = position(LINE, "", LEXICON, racks={GOLD: "aeinrstqvvu", SILVER: "dog"}, to_move=SILVER)
    game.apply(EndTurn(SILVER))  # gold draws 3: 14 letters, 2 over the limit
    assert isinstance(game.pending, PendingDiscard) and game.pending.player == GOLD
    action = choose_action(game, GOLD, 2, random.Random(0))
    assert isinstance(action, Discard) and len(action.letters) == game.pending.count
    game.copy().apply(action)  # legal
    # the choice itself, on a known rack: the q and a duplicate v go
    fixed = position(LINE, "", LEXICON, racks={GOLD: "aeinrstqvv", SILVER: "dog"})
    assert sorted(choose_discard(fixed, GOLD, 2).letters) == ["q", "v"]


def test_defends_with_the_best_order():
    game = position(WIDE, """
        . . . . . . .
        . . c a t . .
        . . . . o . .
    """, LEXICON, racks={GOLD: "s", SILVER: "do"}, to_move=SILVER)
    # silver's DO down from its city touches both CAT and TO: gold orders two defenders
    game.apply(Commit(SILVER, ((1, 5, "d"), (2, 5, "o"))))
    assert isinstance(game.pending, PendingDefence) and len(game.pending.defenders) == 2
    for level in (2, 3, 4):
        action = choose_action(game, GOLD, level, random.Random(level))
        assert action == OrderDefence(GOLD, game.pending.suggested_order)
    naive = choose_action(game, GOLD, 1, random.Random(0))
    assert isinstance(naive, OrderDefence)
    assert sorted(naive.order) == [0, 1]
    game.copy().apply(naive)


def test_lifts_an_invalid_run_back_to_the_rack():
    game = position(WIDE, """
        . . . . . . .
        . . c a t . .
        x q . . . . .
    """, LEXICON, racks={GOLD: "e", SILVER: "dog"})
    assert [r.text for r in game.crossword(GOLD).invalid] == ["xq"]
    action = choose_action(game, GOLD, 2, random.Random(0))
    assert action == Redeploy(GOLD, (2, 0), "across")
    after = game.copy()
    after.apply(action)
    assert sorted(after.racks[GOLD]) == ["e", "q", "x"]
    assert choose_action(game, GOLD, 1, random.Random(0)) == action  # the Squire lifts invalid runs too


def test_lifts_an_invalid_run_even_when_a_discard_follows():
    # The rack is full: X and Q come back, and two letters go. An invalid run scores nothing
    # and may not be built on: left there, no word of gold's could ever use those cells.
    game = position(WIDE, """
        . . . . . . .
        . . c a t . .
        x q . . . . .
    """, LEXICON, racks={GOLD: "eeeeeeeeeeee", SILVER: "dog"})
    assert len(game.racks[GOLD]) == game.rules.rack_limit
    action = choose_action(game, GOLD, 2, random.Random(0))
    assert action == Redeploy(GOLD, (2, 0), "across")
    game.apply(action)
    assert game.pending == PendingDiscard(GOLD, 2)
    discard = choose_action(game, GOLD, 2, random.Random(0))
    assert discard == Discard(GOLD, "eq")  # the X is worth more than a twelfth E; the Q is not
    game.apply(discard)
    assert game.crossword(GOLD).invalid == () and sorted(game.racks[GOLD]) == ["e"] * 11 + ["x"]


def test_ends_the_turn_when_nothing_can_be_played():
    game = position(LINE, """
        . . . . . .
        . c a t . .
        . . . . . .
    """, LEXICON, racks={GOLD: "q", SILVER: "dog"})
    for level in LEVELS:
        assert choose_action(game, GOLD, level, random.Random(0)) == EndTurn(GOLD)


ENDGAME = """
. . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . .
. . G . . . . . . . . . . . . . . . S .
. . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . .
"""


def test_ahead_at_the_end_lifts_a_word_to_lay_its_last_letter_and_win():
    # Both pools are empty. Gold leads 6-2 and holds a D that fits nowhere; silver's J fits
    # nowhere either. Lifting TO gives back its O (the T is CAT's), and D O on the T lays
    # DOT: gold's rack is empty, so ending the turn ends the game (letters used up). The
    # levels that lift to play better see that; the others pass, and the game passes out.
    game = position(ENDGAME, """
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . c a t . . . . . . . . . . . . . I T .
        . . . o . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
    """, LEXICON, racks={GOLD: "d", SILVER: "j"})
    for p in (GOLD, SILVER):
        game.pools[p].clear()
    assert game.scores() == {GOLD: 6, SILVER: 2}
    for level in LEVELS:
        g = game.copy()
        while g.result is None:
            g.apply(choose_action(g, g.actor, level, random.Random(0)))
        if LEVELS[level].redeploy >= 2:
            assert (g.result.reason, g.result.winner, g.scores()) == ("score", GOLD, {GOLD: 7, SILVER: 2})
            assert letters_text(g).splitlines()[:4] == [
                ". . . d . . . . . . . . . . . . . . . .",
                ". . . o . . . . . . . . . . . . . . . .",
                ". c a t . . . . . . . . . . . . . I T .",
                ". . . . . . . . . . . . . . . . . . . .",
            ]
        else:
            assert (g.result.reason, g.result.winner, g.scores()) == ("stalemate", GOLD, {GOLD: 6, SILVER: 2})


def test_a_word_laid_wholly_this_turn_is_never_lifted_again():
    # Its letters could have gone straight where a lift would send them: lifting it would only
    # show the player a change of mind (the Warlord used to lay DOLS, lift it and lay LORDS).
    game = position(ENDGAME, "", LEXICON, racks={GOLD: "cats", SILVER: "j"})
    game.apply(Commit(GOLD, ((2, 1, "c"), (2, 2, "a"), (2, 3, "t"))))
    assert laid_this_turn(game, GOLD) == {(2, 1), (2, 2), (2, 3)}
    crossword = read_crossword(game.board, GOLD, game.lexicon)
    assert [w.text for w in crossword.words] == ["cat"] and lift_candidates(game, GOLD, crossword) == []
    game.apply(EndTurn(GOLD))
    game.apply(EndTurn(SILVER))
    assert laid_this_turn(game, GOLD) == set()
    game.apply(Commit(GOLD, ((2, 4, "s"),)))
    crossword = read_crossword(game.board, GOLD, game.lexicon)
    assert [w.text for w in lift_candidates(game, GOLD, crossword)] == ["cats"], "CATS holds older letters"


def test_the_turn_end_after_the_last_letters_is_played_on_a_copy():
    # The AI values a commit by the position after it, or, if ending the turn then would end
    # the game, by that end: turn_end plays it on a copy.
    game = position(ENDGAME, """
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . c a t . . . . . . . . . . . . . I T .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
    """, LEXICON, racks={GOLD: "s", SILVER: "j"})
    cats = Commit(GOLD, ((2, 4, "s"),))
    assert turn_end(play_out(game, cats), GOLD) is None  # letters still to come from the pool
    game.pools[GOLD].clear()
    assert turn_end(game, GOLD) is None  # a pass, and silver's pool still holds letters
    after = play_out(game, cats)
    assert turn_end(after, SILVER) is None  # not silver's turn
    ended = turn_end(after, GOLD)
    assert ended is not None and (ended.result.reason, ended.result.winner) == ("score", GOLD)
    assert after.result is None  # the copy is ended, not the position


FAR = """
. . . . . . . . . . . . . . . . . . . .
. . G . . . . . . . . . . . . . . . S .
. . . . . . . . . . . . . . . . . . . .
"""


def test_letters_the_next_draw_will_discard_are_worth_nothing_kept():
    # With the pool full, a letter kept is worth letter_worth per dot; but a rack of 12
    # draws 3 and must discard 3, so only the best nine count (the leave itself charges the
    # three over the limit).
    game = position(FAR, racks={})
    w = replace(DEFAULT_WEIGHTS, letter_worth=2.0)

    def worth(rack: str) -> float:
        return rack_leave(game, GOLD, rack, w) - leave_value("".join(sorted(rack)), 9)

    assert worth("qzxjaeior") == 2.0 * (4 * 3 + 5 * 1)
    assert worth("qzxjaeiorstn") == 2.0 * (4 * 3 + 5 * 1)  # s, t, n: discarded at the draw
    assert worth("stn") == 2.0 * 3


def test_a_hard_letter_becomes_a_debt_as_the_pool_runs_dry():
    # A 3-dot letter is the one most often stuck on a rack at the end: from 9 letters left in
    # the pool to none, each costs up to hard_letter per dot (1.0 by default: 3 points).
    game = position(FAR, racks={})

    def debt(rack: str) -> float:
        rack = "".join(sorted(rack))
        # the leave itself: halved, with no draw to come, once the pool is empty
        base = leave_value(rack, 9) if game.pools[GOLD] else 0.5 * leave_value(rack, 12)
        return round(rack_leave(game, GOLD, rack, DEFAULT_WEIGHTS) - base, 9)

    assert debt("ze") == 0.0  # 86 letters to come
    del game.pools[GOLD][3:]
    assert debt("ze") == -2.0  # 3 to come: two thirds of the way
    game.pools[GOLD].clear()
    assert debt("ze") == -3.0 and debt("qz") == -6.0 and debt("es") == 0.0


def test_quiet_move_estimates_match_playing_them_out():
    # far from the enemy (no pressure either way), the estimate is exact
    game = position(FAR, """
        . . . . . . . . . . . . . . . . . . . .
        . c a t . . . . . . . . . . . . . . . .
        . . . o . . . . . . . . . . . . . . . .
    """, LEXICON, racks={GOLD: "sdone", SILVER: "dog"})
    vocab = level_vocabulary(LEXICON, 0)
    _, moves = find_moves(game, GOLD, vocab)
    estimator = MoveEstimator(game, GOLD)
    base = position_value(game, GOLD)
    assert moves
    for move in moves:
        estimate = estimator.estimate(move)
        assert not estimate.attack
        after = play_out(game, Commit(GOLD, tuple(
            (move[0].cells[i][0], move[0].cells[i][1], ch) for i, ch in move[4]), move[0].direction))
        assert estimate.value == pytest.approx(position_value(after, GOLD) - base, abs=1e-6), move[3]


def _small_game(seed: int) -> Game:
    from shared.words.dictionary import load_dictionary

    grid = """
        . . . . . . . . .
        . G . . . . f . .
        . . . ^ . . . . .
        . . ~ ~ * ~ . . .
        . . . . P . . . .
        . . f . . . ^ . .
        . . . . . . . S .
        . . . . . . . . .
    """
    return Game.new(map_from_ascii(grid, "small"), STANDARD, seed, load_dictionary())


def _play(game: Game, levels: dict, seed: int, limit: int = 60) -> list:
    rngs = {p: random.Random(seed * 10 + int(p)) for p in levels}
    actions = []
    while not game.over and len(actions) < limit:
        actor = game.actor
        action = choose_action(game, actor, levels[actor], rngs[actor], time_limit=math.inf)
        game.apply(action)
        actions.append(action)
    return actions


def test_same_seed_same_game_and_never_an_excluded_word():
    from shared.words.dictionary import load_dictionary

    dictionary = load_dictionary()
    first = _play(_small_game(3), {GOLD: 1, SILVER: 4}, seed=5)
    second = _play(_small_game(3), {GOLD: 1, SILVER: 4}, seed=5)
    assert first == second
    assert any(isinstance(a, Commit) for a in first)
    # every word formed by an AI commit (the word and its cross words) is one the AI may play
    game = _small_game(3)
    for action in first:
        if isinstance(action, Commit):
            plan = game.plan_commit(action)
            layer = dict(game.board.letters[action.player])
            layer.update({(r, c): ch for r, c, ch in action.placements})
            from shared.rules.board import runs_of

            for run in runs_of(layer):
                if plan.new_cells & set(run.cells):
                    assert dictionary.is_ai_playable(run.text), run.text
        game.apply(action)


def test_level_vocabularies_grow_and_exclude_unplayable_words():
    from shared.words.dictionary import load_dictionary

    d = load_dictionary()
    squire = level_vocabulary(d, LEVELS[1].min_zipf)
    assert all(d.zipf(w) >= LEVELS[1].min_zipf for w in squire)
    assert not set(squire) & d.ai_excluded
    assert len(squire) < len(level_vocabulary(d, LEVELS[2].min_zipf))


def test_the_opponents_rack_and_pool_order_are_not_read():
    """Same position, same seed, different hidden letters: the same choice (R13)."""
    game = _small_game(8)
    _play(game, {GOLD: 2, SILVER: 2}, seed=8, limit=30)
    for _ in range(30):  # on to a position where the look-ahead runs and a word is played
        assert not game.over
        if game.pending is None:
            looked = decide(game, game.actor, 4, random.Random(2), time_limit=math.inf)
            if looked.replies > 0 and isinstance(looked.action, Commit):
                break
        _play(game, {GOLD: 2, SILVER: 2}, seed=game.version, limit=1)
    assert looked.replies > 0 and isinstance(looked.action, Commit), "the look-ahead should run here"
    actor = game.actor
    other = actor.other
    twin = game.copy()
    letters = twin.racks[other] + twin.pools[other]
    random.Random(1).shuffle(letters)
    n = len(twin.racks[other])
    twin.racks[other], twin.pools[other] = letters[:n], letters[n:]
    for level in (3, 4):
        a = choose_action(game, actor, level, random.Random(2), time_limit=math.inf)
        b = choose_action(twin, actor, level, random.Random(2), time_limit=math.inf)
        assert a == b


def test_a_zero_time_limit_still_gives_a_legal_action():
    game = _small_game(4)
    _play(game, {GOLD: 3, SILVER: 3}, seed=4, limit=12)
    decision = decide(game, game.actor, 4, random.Random(0), time_limit=0.0)
    assert decision.timed_out and decision.simulated <= 1
    game.copy().apply(decision.action)


class _SlowList(WordList):
    """A word list whose every listing (a word graph's build) moves ``clock`` ten seconds on."""

    def __init__(self, words, clock: list[float]) -> None:
        super().__init__(words)
        self.clock = clock

    def __iter__(self):
        self.clock[0] += 10.0
        return super().__iter__()


def test_a_first_decision_builds_its_word_graphs_before_its_clock_starts(monkeypatch):
    # The decision's clock (time.perf_counter) runs ten seconds fast once the graph is built:
    # a build on the clock would use up the 5 s at once. (The move generator reads the real
    # clock through its own import, so it is never the one to stop.)
    offset = [0.0]
    real = time.perf_counter
    monkeypatch.setattr(time, "perf_counter", lambda: real() + offset[0])
    lexicon = _SlowList(WORDS, offset)
    assert not warmed(lexicon, 4)
    game = position(LINE, "", lexicon, racks={GOLD: "scat", SILVER: "dog"})
    decision = decide(game, GOLD, 4, random.Random(0), time_limit=5.0)
    assert offset[0] == 10.0, "one build, the whole dictionary (the Warlord's words are all words)"
    assert warmed(lexicon, 4) and not warmed(lexicon, 1)
    assert not decision.timed_out and decision.seconds < 10.0, "the build is not thinking time"
    assert decision.candidates > 0 and isinstance(decision.action, Commit)


def test_warm_up_builds_each_level_once():
    clock = [0.0]
    lexicon = _SlowList(WORDS, clock)
    warm_up(lexicon, [1, 2])
    assert warmed(lexicon, 1) and warmed(lexicon, 2) and not warmed(lexicon, 3)
    assert clock[0] == 20.0, "two graphs (without frequencies every level knows the whole list)"
    warm_up(lexicon, [1, 2])
    decide(position(LINE, "", lexicon, racks={GOLD: "scat", SILVER: "dog"}), GOLD, 2, random.Random(0))
    assert clock[0] == 20.0, "built once, then read from the cache"


def test_a_squire_with_no_everyday_word_looks_again_among_common_ones_before_it_passes():
    from shared.words.dictionary import load_dictionary

    d = load_dictionary()
    board = """
    . . . . . . . .
    . G . . . . S .
    . . . . . . . .
    """
    # B U L B: no word of the Squire's everyday ones (Zipf 4 and up), but BULB (3.66) is common.
    assert d.zipf("bulb") < LEVELS[1].min_zipf <= 4.0
    game = position(board, "", d, racks={GOLD: "bulb", SILVER: "cat"})
    assert not find_moves(game, GOLD, level_vocabulary(d, LEVELS[1].min_zipf))[1]
    action = choose_action(game, GOLD, 1, random.Random(1))
    assert isinstance(action, Commit) and "".join(ch for _, _, ch in action.placements) == "bulb"
    passes = replace(LEVELS[1], fallback_zipf=None)  # without the second look it can only pass
    assert isinstance(choose_action(game, GOLD, passes, random.Random(1)), EndTurn)
