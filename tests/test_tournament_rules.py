"""The tournament rules (server/tournaments): arena points and pairing, swiss pairing and
tie-breaks, league schedules and promotion/relegation, against hand-computed examples."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.tournaments.arena import arena_pairs, arena_standings, score_sheet
from server.tournaments.league import league_table, next_season, round_robin
from server.tournaments.outcomes import Played
from server.tournaments.swiss import Pairing, SwissRound, max_rounds, pair_round, swiss_standings

# ----------------------------------------------------------------------------------- arena


def test_arena_streak_doubles_from_the_third_win_in_a_row() -> None:
    # W W W(on fire: 4) D(on fire: 2, fire out) W W W(4) L(on fire: 0) W
    sheet = score_sheet(1, ["win", "win", "win", "draw", "win", "win", "win", "loss", "win"])
    assert sheet.sheet == (2, 2, 4, 2, 2, 2, 4, 0, 2)
    assert sheet.points == 20
    assert sheet.wins == 7
    assert not sheet.on_fire


def test_arena_fire_shows_after_two_wins() -> None:
    assert not score_sheet(1, ["win"]).on_fire
    assert score_sheet(1, ["win", "win"]).on_fire
    assert score_sheet(1, ["draw", "draw", "draw"]).sheet == (1, 1, 1)


def test_arena_standings_rank_points_then_wins_then_fewer_games_then_joining() -> None:
    games = [
        Played(1, 2, 1), Played(3, 4, None), Played(1, 3, 1), Played(2, 4, 2),
        Played(1, 4, 1),  # 1: 2 + 2 + 4 = 8
        Played(2, 3, None),  # 2: 0 + 2 + 1 = 3; 3: 1 + 0 + 1 = 2; 4: 1 + 0 + 0 = 1
        Played(5, 4, 5),  # 5: 2 in one game
        Played(6, 3, None), Played(6, 4, 6),  # 6: 1 + 2 = 3 in two games, one win
    ]
    table = arena_standings([1, 2, 3, 4, 5, 6, 7], games)
    assert [(r.player, r.points, r.games, r.wins) for r in table] == [
        (1, 8, 3, 3), (6, 3, 2, 1), (2, 3, 3, 1), (3, 3, 4, 0), (5, 2, 1, 1), (4, 1, 5, 0), (7, 0, 0, 0)]
    assert [r.rank for r in table] == [1, 2, 3, 4, 5, 6, 7]
    assert table[0].on_fire and table[0].sheet == (2, 2, 4)


def test_arena_pairs_neighbours_by_points_never_the_last_opponent() -> None:
    points = {1: 10, 2: 8, 3: 8, 4: 2, 5: 0}
    # 3 joined before 2: on equal points it ranks first. 5 is left over and waits.
    assert arena_pairs([5, 4, 3, 2, 1], points, {}) == [(1, 3), (2, 4)]
    # 1 just played 3: 1 meets 2, then 3 meets 4.
    assert arena_pairs([5, 4, 3, 2, 1], points, {1: 3, 3: 1}) == [(1, 2), (3, 4)]
    # Two free players who just met wait for others.
    assert arena_pairs([1, 2], points, {1: 2, 2: 1}) == []


def test_arena_gives_gold_to_who_had_it_less() -> None:
    assert arena_pairs([1, 2], {1: 4}, {}, golds={1: 3, 2: 1}) == [(2, 1)]
    assert arena_pairs([1, 2], {1: 4}, {}, golds={1: 1, 2: 1}) == [(1, 2)]


# ----------------------------------------------------------------------------------- swiss


def _swiss_seven() -> list[SwissRound]:
    """Three rounds of a 7-player swiss, results chosen by hand (worked out in the test below)."""
    return [
        SwissRound((Played(1, 2, 1), Played(3, 4, None), Played(5, 6, 6)), bye=7),
        SwissRound((Played(6, 1, 6), Played(7, 3, None), Played(4, 2, 2)), bye=5),
        SwissRound((Played(6, 7, 6), Played(1, 3, None), Played(2, 5, 5)), bye=4),
    ]


def test_swiss_seven_players_pairs_by_score_with_a_bye_each_round() -> None:
    seeds = [1, 2, 3, 4, 5, 6, 7]
    played = _swiss_seven()
    # Round 1: all on 0; the lowest seed sits out, then 1-2, 3-4, 5-6.
    assert pair_round(seeds, []) == Pairing(((1, 2), (3, 4), (5, 6)), bye=7)
    # Round 2: ranked 1, 6, 7 (1 point), 3, 4 (a half), 2, 5 (0): 5 sits out; 1 meets 6 (6 had
    # gold fewer times, so 6 has it), 7-3, 4-2 (both had silver: the better-ranked has gold).
    assert pair_round(seeds, played[:1]) == Pairing(((6, 1), (7, 3), (4, 2)), bye=5)
    # Round 3: 6 (2), 7 (1.5), 1, 2, 3, 5 (1), 4 (a half): 4 sits out; 6-7, 1-3 (1 met 2), 2-5.
    assert pair_round(seeds, played[:2]) == Pairing(((6, 7), (1, 3), (2, 5)), bye=4)


def test_swiss_seven_players_tie_breaks_by_hand() -> None:
    table = swiss_standings([1, 2, 3, 4, 5, 6, 7], _swiss_seven())
    # Scores: 1 = 1+0+.5, 2 = 0+1+0, 3 = .5*3, 4 = .5+0+bye, 5 = 0+bye+1, 6 = 3, 7 = bye+.5+0.
    # Buchholz (opponents' final scores; a bye adds nothing):
    #   1: 2(1) + 6(3) + 3(1.5) = 5.5      3: 4(1.5) + 7(1.5) + 1(1.5) = 4.5
    #   7: 3(1.5) + 6(3) = 4.5             4: 3(1.5) + 2(1) = 2.5
    # Sonneborn-Berger (beaten opponents' scores + half the drawn ones'):
    #   3: .75 + .75 + .75 = 2.25          7: .75 (drew 3) + 0 = .75
    #   6: 5(2) + 1(1.5) + 7(1.5) = 5      2: 4(1.5) = 1.5        5: 2(1) = 1
    assert [(r.player, r.score, r.buchholz, r.sonneborn_berger, r.byes) for r in table] == [
        (6, 3.0, 5.0, 5.0, 0),
        (5, 2.0, 4.0, 1.0, 1),
        (1, 1.5, 5.5, 1.75, 0),
        (3, 1.5, 4.5, 2.25, 0),  # 3 and 7 tie on Buchholz: Sonneborn-Berger decides
        (7, 1.5, 4.5, 0.75, 1),
        (4, 1.5, 2.5, 0.75, 1),
        (2, 1.0, 5.0, 1.5, 0),
    ]


def test_swiss_refuses_no_rematch_only_when_there_is_none() -> None:
    # Four players, three rounds played as a round robin: a fourth round must repeat.
    rounds = [SwissRound(tuple(Played(a, b, a) for a, b in pairs)) for pairs in round_robin([1, 2, 3, 4])]
    assert max_rounds(4) == 2 and max_rounds(7) == 4
    assert pair_round([1, 2, 3, 4], rounds).rematches
    assert not pair_round([1, 2, 3, 4], rounds[:2]).rematches


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=3, max_value=16), st.randoms(use_true_random=False))
def test_swiss_rounds_never_repeat_a_pairing_and_byes_go_round(players: int, rnd: random.Random) -> None:
    seeds = list(range(1, players + 1))
    rounds: list[SwissRound] = []
    for _ in range(max_rounds(players)):
        pairing = pair_round(seeds, rounds)
        assert not pairing.rematches
        seated = [p for pair in pairing.pairs for p in pair] + ([pairing.bye] if pairing.bye else [])
        assert sorted(seated) == seeds  # everyone plays every round (or has the bye)
        assert (pairing.bye is None) == (players % 2 == 0)
        games = tuple(Played(a, b, rnd.choice([a, b, None])) for a, b in pairing.pairs)
        rounds.append(SwissRound(games, pairing.bye))
    met = [frozenset((g.gold, g.silver)) for r in rounds for g in r.games]
    assert len(met) == len(set(met))
    byes = [r.bye for r in rounds if r.bye is not None]
    assert len(byes) == len(set(byes))


# ----------------------------------------------------------------------------------- league


@pytest.mark.parametrize("players", [2, 5, 8, 9, 16])
def test_round_robin_meets_everyone_once_with_balanced_colours(players: int) -> None:
    ids = list(range(10, 10 + players))
    rounds = round_robin(ids)
    pairs = [pair for r in rounds for pair in r]
    assert sorted(tuple(sorted(p)) for p in pairs) == list(itertools.combinations(ids, 2))
    for r in rounds:  # nobody twice in a round
        seated = [p for pair in r for p in pair]
        assert len(seated) == len(set(seated))
    golds = [sum(1 for g, _ in pairs if g == p) for p in ids]
    assert max(golds) - min(golds) <= 1


def test_league_table_points_then_sonneborn_berger() -> None:
    games = [Played(1, 2, 1), Played(3, 4, 3), Played(1, 3, None), Played(2, 4, 4), Played(1, 4, 4), Played(2, 3, 3)]
    # 1: 1 + .5 + 0 = 1.5; 3: 1 + .5 + 1 = 2.5; 4: 0 + 1 + 1 = 2; 2: 0.
    table = league_table([1, 2, 3, 4], games)
    assert [(r.player, r.points, r.wins, r.draws, r.played) for r in table] == [
        (3, 2.5, 2, 1, 3), (4, 2.0, 2, 0, 3), (1, 1.5, 1, 1, 3), (2, 0.0, 0, 0, 3)]
    # Sonneborn-Berger: 3 beat 4 (2) and 2 (0), drew 1 (1.5/2) = 2.75; 4 beat 2 and 1: 0 + 1.5;
    # 1 beat 2 (0) and drew 3 (2.5/2) = 1.25.
    assert [r.sonneborn_berger for r in table] == [2.75, 1.5, 1.25, 0.0]


def test_promotion_and_relegation_between_seasons() -> None:
    divisions = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
    assert next_season(divisions, move=1, size=4) == [[1, 2, 3, 5], [4, 6, 7, 9], [8, 10, 11, 12]]
    # Newcomers join the bottom; a last division under min_size joins the one above.
    assert next_season(divisions, move=1, size=4, min_size=3, joining=[13, 14]) == [
        [1, 2, 3, 5], [4, 6, 7, 9], [8, 10, 11, 12, 13, 14]]
    # Leavers are dropped and everyone below moves up a place.
    assert next_season(divisions, move=1, size=4, min_size=2, leaving=[2]) == [
        [1, 3, 5, 4], [6, 7, 9, 8], [10, 11, 12]]


def test_league_shape_is_checked() -> None:
    with pytest.raises(ValueError, match="bad league shape"):
        next_season([[1, 2]], size=4, min_size=5)
