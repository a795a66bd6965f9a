"""Finding puzzles in one position by enumeration: every legal commit of the mover is played
(each defence answered with the defender's best order), its outcome read, and a goal kept
when few commits reach it and the best of them keeps a much larger win chance than the best
turn that does not (the thresholds below, measured in docs/puzzles.md).

A pending defence is scanned the same way: every order of the defending words is played.

The enumeration is the verification: a commit that touches no enemy letter and no city
fights nothing, so it reaches no goal and is valued only as an alternative.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import islice, permutations
from typing import Any

from shared.ai.answers import choose_discard
from shared.ai.fights import fight_cells
from shared.ai.movegen import generate_commits
from shared.analysis.winchance import WinModel
from shared.puzzles.goals import Outcome, outcome_of, reaches
from shared.puzzles.judge import play_turn
from shared.puzzles.model import CUT_SUPPLY, KEEP_LETTERS, TAKE_CITY, TAKE_LETTERS, Goal
from shared.rules.actions import Commit, EndTurn, OrderDefence, action_to_dict
from shared.rules.game import Game, PendingDefence, PendingDiscard
from shared.rules.letters import face_value
from shared.rules.terrain import Player

__all__ = ["Candidate", "MIN_CHOICES", "MAX_SOLUTIONS", "ODDS_GAP", "WIN_GAP", "clearly_better", "MIN_TAKEN", "DEFENCE_GAP",
           "MAX_DEFENDERS", "ATTACKS_TRIED", "scan_attacks", "scan_defence", "scan_turn", "turn_chance"]

MIN_CHOICES = 8
"""A position with fewer legal commits than this is no puzzle: there is too little to choose from."""
MAX_SOLUTIONS = 2
"""A goal that more commits than this reach is too easy to be a puzzle (two: the same word
laid another way, or two words equally good, still make one clear idea)."""
WIN_GAP = 0.05
"""The best goal-reaching turn keeps at least this much more win chance than the best turn
that does not reach the goal (0 to 1 scale) ..."""
ODDS_GAP = 0.5
"""... and its log-odds of winning are at least this much higher (its odds 1.65 times the
other's): the fitted model is cautious, so near a sure win or a sure loss a turn that decides
the game moves the chance by a few hundredths only, and near even a few hundredths is noise."""
MIN_TAKEN = 3
"""A fight-won goal asks for at least this many enemy letters."""
DEFENCE_GAP = 1
"""A defence order puzzle: the worst order loses at least this many letters more than the best,
and at most half the orders lose as few as the best. (The AI levels attack only to win, and a
winning attack beats every order alike, so these come from the attacks the mover could make,
not only the ones it made.)"""
MAX_DEFENDERS = 5
"""Defences with more defending words than this are not enumerated (5! = 120 orders)."""
ALTERNATIVES = 3
ATTACKS_TRIED = 25
"""How many of the mover's attacks on 2 or 3 defending words are tried as defence puzzles, a turn."""
"""How many of the best non-reaching commits (by the fight, then by the word's value) are valued."""


@dataclass
class Candidate:
    """A goal found in a position: the position (``start``, the mover to act), the goal, the
    solutions (plain actions), their outcome, and the win chances compared."""

    start: Game
    mover: Player
    goal: Goal
    solutions: list[tuple[dict[str, Any], ...]]
    outcome: Outcome
    chance_best: float
    chance_second: float
    choices: int
    then: tuple[dict[str, Any], ...] = ()
    base: Game | None = None  # a defence puzzle: the quiet position before the attack


def _end(game: Game, mover: Player) -> Game:
    """``game`` with the mover's turn ended (a discard chosen if the draw asks one)."""
    g = game.copy()
    while not g.over and isinstance(g.pending, PendingDiscard):
        g.apply(choose_discard(g, g.pending.player, g.pending.count))
    if not g.over and g.pending is None and g.to_move == mover:
        g.apply(EndTurn(mover))
    while not g.over and isinstance(g.pending, PendingDiscard):
        g.apply(choose_discard(g, g.pending.player, g.pending.count))
    return g


def turn_chance(model: WinModel, game: Game, mover: Player) -> float:
    """The mover's win chance once the turn played in ``game`` has ended."""
    ended = _end(game, mover)
    if ended.over or ended.pending is not None:
        return model.win_chance(ended, mover)
    return model.win_chance(ended, mover, ended.to_move)


@dataclass
class _Tried:
    commit: Commit
    outcome: Outcome
    after: Game


def _goals(tried: list[_Tried]) -> list[tuple[Goal, list[_Tried]]]:
    """Goals few commits reach, in order of preference: a city, a supply cut, a big fight."""
    found: list[tuple[Goal, list[_Tried]]] = []
    taking = [t for t in tried if t.outcome.cities > 0]
    if taking:
        found.append((Goal(TAKE_CITY, 1), taking))
    cut_cells = sorted({cells for t in tried for cells in t.outcome.cut})
    for cells in cut_cells:
        cutting = [t for t in tried if cells in t.outcome.cut]
        found.append((Goal(CUT_SUPPLY, 0, "", tuple(cells)), cutting))
    most = max((t.outcome.removed for t in tried), default=0)
    if most >= MIN_TAKEN:
        found.append((Goal(TAKE_LETTERS, most), [t for t in tried if t.outcome.removed >= most]))
    return [(goal, reach) for goal, reach in found if len(reach) <= MAX_SOLUTIONS]


def scan_turn(start: Game, model: WinModel, min_choices: int = MIN_CHOICES,
              attacks: list[Commit] | None = None) -> Candidate | None:
    """The best puzzle in ``start`` (quiet, at the start of a turn), or None; a position with
    fewer than ``min_choices`` legal commits is none. ``attacks``, if given, receives the
    commits that fight (for :func:`scan_attacks`)."""
    if start.over or start.pending is not None:
        return None
    mover = start.to_move
    commits = list(generate_commits(start, mover))
    if len(commits) < min_choices:
        return None
    near = fight_cells(start, mover) | {cell for cell, owner in start.board.city_owner.items() if owner != mover}
    tried: list[_Tried] = []
    quiet: list[Commit] = []
    for commit in commits:
        if any((r, c) in near for r, c, _ in commit.placements):
            after, events = play_turn(start, mover, [commit])
            tried.append(_Tried(commit, outcome_of(start, after, events, mover), after))
        else:
            quiet.append(commit)
    if attacks is not None:
        attacks.extend(t.commit for t in tried)
    for goal, reaching in _goals(tried):
        if goal.kind == CUT_SUPPLY:
            word = start.crossword(mover.other)
            text = next((r.text for r in word.words if r.cells == goal.cells), "")
            goal = Goal(CUT_SUPPLY, 0, text, goal.cells)
        candidate = _judge_gap(start, mover, model, goal, reaching, tried, quiet, len(commits))
        if candidate is not None:
            return candidate
    return None


def _judge_gap(start: Game, mover: Player, model: WinModel, goal: Goal, reaching: list[_Tried],
               tried: list[_Tried], quiet: list[Commit], choices: int) -> Candidate | None:
    best = max(reaching, key=lambda t: turn_chance(model, t.after, mover))
    chance_best = turn_chance(model, best.after, mover)
    others = sorted((t for t in tried if not reaches(goal, t.outcome)),
                    key=lambda t: (-t.outcome.removed, -t.outcome.cities, t.outcome.lost,
                                   -_word_value(t.commit)))[:ALTERNATIVES]
    quiet_best = sorted(quiet, key=lambda c: -_word_value(c))[:ALTERNATIVES]
    second = turn_chance(model, start, mover)  # ending the turn at once is always possible
    for t in others:
        second = max(second, turn_chance(model, t.after, mover))
    for commit in quiet_best:
        second = max(second, turn_chance(model, play_turn(start, mover, [commit])[0], mover))
    if not clearly_better(chance_best, second):
        return None
    solutions: list[tuple[dict[str, Any], ...]] = [
        (action_to_dict(t.commit),) for t in sorted(reaching, key=lambda t: _key(t.commit))]
    return Candidate(start.copy(), mover, goal, solutions, best.outcome, chance_best, second, choices)


def _logit(p: float) -> float:
    p = min(max(p, 1e-6), 1 - 1e-6)
    return math.log(p / (1 - p))


def clearly_better(best: float, second: float) -> bool:
    """Whether a win chance of ``best`` is clearly above ``second`` (:data:`WIN_GAP`, :data:`ODDS_GAP`)."""
    return best - second >= WIN_GAP and _logit(best) - _logit(second) >= ODDS_GAP


def _word_value(commit: Commit) -> int:
    return face_value("".join(letter for _, _, letter in commit.placements))


def _key(commit: Commit) -> tuple:
    return (commit.placements, commit.direction or "")


def scan_attacks(start: Game, commits: list[Commit], model: WinModel) -> Candidate | None:
    """A defence-order puzzle from the mover's legal attacks in ``start``: the first (in the
    commits' order) of at most :data:`ATTACKS_TRIED` attacks on 2 or 3 defending words whose
    defence is a puzzle (:func:`scan_defence`). The attack need not be the one played: the
    defender is asked what to do if it came."""
    tried = 0
    for commit in sorted(commits, key=_key):
        if tried >= ATTACKS_TRIED:
            break
        game = start.copy()
        game.apply(commit)
        pending = game.pending
        if not isinstance(pending, PendingDefence) or not 2 <= len(pending.defenders) <= 3:
            continue
        tried += 1
        found = scan_defence(start, action_to_dict(commit), model, game)
        if found is not None:
            return found
    return None


def scan_defence(before: Game, attack: dict[str, Any], model: WinModel, asked: Game | None = None) -> Candidate | None:
    """A defence-order puzzle: ``before`` quiet, ``attack`` the commit that asks the defence
    (``asked``: the game after it, if already played)."""
    from shared.rules.actions import action_from_dict

    if asked is None:
        game = before.copy()
        game.apply(action_from_dict(attack))
    else:
        game = asked
    pending = game.pending
    if not isinstance(pending, PendingDefence) or len(pending.defenders) < 2 or len(pending.defenders) > MAX_DEFENDERS:
        return None
    defender = pending.defender
    results: list[tuple[tuple[int, ...], Outcome, Game]] = []
    for order in islice(permutations(range(len(pending.defenders))), 120):
        after, events = play_turn(game, defender, [OrderDefence(defender, order)])
        results.append((order, outcome_of(game, after, events, defender), after))
    least = min(o.lost for _, o, _ in results)
    most = max(o.lost for _, o, _ in results)
    best = [r for r in results if r[1].lost <= least]
    if 2 * len(best) > len(results) or most - least < DEFENCE_GAP:
        return None
    attacker = defender.other
    chance_best = model.win_chance(best[0][2], defender, attacker)
    worst = max(results, key=lambda r: r[1].lost)
    chance_second = model.win_chance(worst[2], defender, attacker)
    solutions: list[tuple[dict[str, Any], ...]] = [
        (action_to_dict(OrderDefence(defender, order)),) for order, _, _ in sorted(best, key=lambda r: r[0])]
    return Candidate(game, defender, Goal(KEEP_LETTERS, least), solutions, best[0][1], chance_best,
                     chance_second, len(results), (attack,), before.copy())
