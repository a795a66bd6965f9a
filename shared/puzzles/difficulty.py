"""A puzzle's starting rating, from how often each AI level finds a goal-reaching turn.

Each level plays the mover's turn from the position :data:`TRIES` times (with different
seeded generators; the levels that think without noise once), each try judged against the goal.
Each try is a rated game between the puzzle and a player of the level's nominal rating
(:data:`LEVEL_RATINGS`): the puzzle wins when the level misses. The puzzle starts at 1500,
deviation 350, and all the tries form one Glicko-2 rating period, so a puzzle every level
solves ends low and one that beats the Warlord ends high.
"""

from __future__ import annotations

import random
from dataclasses import replace

from shared.ai.levels import LEVELS
from shared.ai.player import decide
from shared.puzzles.goals import outcome_of, reaches
from shared.puzzles.model import Goal
from shared.puzzles.rating import START, Rating, rate_period
from shared.rules.actions import Action
from shared.rules.game import Game, PendingDefence
from shared.rules.terrain import Player

__all__ = ["LEVEL_RATINGS", "LEVEL_RD", "TRIES", "THINK_CAP", "level_finds", "starting_rating"]

LEVEL_RATINGS = {1: 1000.0, 2: 1300.0, 3: 1600.0, 4: 1900.0}
"""The rating each AI level stands for when it tries a puzzle."""
LEVEL_RD = 100.0
TRIES = {1: 3, 2: 2, 3: 1, 4: 1}
"""How many times each level tries (the noisy levels more often)."""
THINK_CAP = 60.0
"""A decision's time cap while rating: far above what any level takes, so that the levels'
own limits on their search (not the clock) decide, and a rebuild gives the same ratings."""
MAX_ACTIONS = 8


def level_finds(start: Game, mover: Player, goal: Goal, level: int, seed: int) -> bool:
    """Whether ``level``, playing the mover's turn from ``start`` with a generator seeded
    ``seed``, reaches ``goal`` (defences it starts answered with the best order)."""
    from shared.puzzles.judge import play_turn

    game, events, rng = start.copy(), [], random.Random(seed)
    lv = replace(LEVELS[level], resigns=False, time_limit=THINK_CAP)
    turn = game.turn
    for _ in range(MAX_ACTIONS):
        if game.over or game.turn != turn or game.actor != mover:
            break
        action: Action = decide(game, mover, lv, rng, THINK_CAP).action
        game, more = play_turn(game, mover, [action])
        events += more
        if isinstance(start.pending, PendingDefence):
            break  # a defence puzzle is one order
        if reaches(goal, outcome_of(start, game, events, mover)):
            return True
    return reaches(goal, outcome_of(start, game, events, mover))


def starting_rating(start: Game, mover: Player, goal: Goal, seed: int) -> tuple[Rating, tuple[int, ...]]:
    """The puzzle's starting rating and the levels that found it at least once."""
    opponents: list[tuple[float, float, float]] = []
    found: list[int] = []
    for level, tries in TRIES.items():
        hits = 0
        for k in range(tries):
            hit = level_finds(start, mover, goal, level, seed * 31 + level * 7 + k)
            hits += hit
            opponents.append((LEVEL_RATINGS[level], LEVEL_RD, 0.0 if hit else 1.0))
        if hits:
            found.append(level)
    return rate_period(START, opponents), tuple(found)
