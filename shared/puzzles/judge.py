"""Judging an attempt: the attempted turn played on a fresh copy of the puzzle's position,
every defence it starts answered with the defender's best order, and the goal checked on what
the engine says happened. Any turn that reaches the goal solves the puzzle."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from shared.analysis.explain import explain_fight, fights_in
from shared.puzzles.goals import Outcome, outcome_of, reaches
from shared.puzzles.model import Puzzle, PuzzleError
from shared.puzzles.position import position_of, rebuild_with_events
from shared.rules.actions import Action, OrderDefence, action_from_dict
from shared.rules.errors import RuleError
from shared.rules.events import Event
from shared.rules.game import Game, PendingDefence
from shared.rules.lexicon import Lexicon
from shared.rules.terrain import Player

__all__ = ["IllegalAttempt", "Verdict", "judge", "play_turn"]


class IllegalAttempt(PuzzleError):
    """An attempted action the engine refuses, or one that is not the mover's to play now.
    ``index`` is the 0-based position of the action in the attempt."""

    def __init__(self, index: int, reason: str) -> None:
        super().__init__(f"action {index + 1}: {reason}")
        self.index = index
        self.reason = reason


@dataclass
class Verdict:
    """What an attempt did: ``solved``, the events (public form, as the mover sees them), the
    outcome, sentences that explain each fight and the goal's words."""

    solved: bool
    goal: str
    events: list[dict[str, Any]] = field(default_factory=list)
    sentences: list[str] = field(default_factory=list)
    outcome: Outcome | None = None


def _parse(action: Action | dict[str, Any], index: int) -> Action:
    if isinstance(action, dict):
        try:
            return action_from_dict(action)
        except RuleError as exc:
            raise IllegalAttempt(index, exc.reason) from None
    return action


def _answer_defences(game: Game, mover: Player, events: list[Event]) -> None:
    """Let the other side answer each pending defence with its best order."""
    while isinstance(game.pending, PendingDefence) and game.pending.defender != mover:
        events += game.apply(OrderDefence(game.pending.defender, game.best_defence_order()))


def play_turn(start: Game, mover: Player, actions: Sequence[Action | dict[str, Any]]) -> tuple[Game, list[Event]]:
    """Play ``actions`` for ``mover`` on a copy of ``start``; IllegalAttempt names the first one refused."""
    game = start.copy()
    turn = game.turn
    events: list[Event] = []
    if not actions:
        raise IllegalAttempt(0, "an attempt has at least one action")
    for index, raw in enumerate(actions):
        action = _parse(raw, index)
        if game.over or (game.turn != turn and index > 0):
            raise IllegalAttempt(index, "the turn is over: nothing more can be played in it")
        if getattr(action, "player", None) != mover:
            raise IllegalAttempt(index, f"the puzzle is {mover.label}'s to solve")
        try:
            events += game.apply(action)
        except RuleError as exc:
            raise IllegalAttempt(index, exc.reason) from None
        _answer_defences(game, mover, events)
    return game, events


def judge(puzzle: Puzzle, actions: Sequence[Action | dict[str, Any]], lexicon: Lexicon) -> Verdict:
    """Judge an attempted turn of ``puzzle``'s mover: IllegalAttempt (nothing changes, the
    position is a fresh copy) if the engine refuses an action, else the :class:`Verdict`."""
    start = position_of(puzzle, lexicon)
    mover = Player(puzzle.mover)
    after, events = play_turn(start, mover, actions)
    outcome = outcome_of(start, after, events, mover)
    public = [d for d in (e.to_dict(mover) for e in events) if d is not None]
    told = public
    if puzzle.position.then:  # a defence: tell the fight from the attack the defender answered
        _, attack = rebuild_with_events(puzzle.position, lexicon, puzzle.map_name)
        told = [d for d in (e.to_dict(mover) for e in attack) if d is not None] + public
    sentences: list[str] = []
    for fight in fights_in(told):
        sentences += explain_fight(fight)
    return Verdict(reaches(puzzle.goal, outcome), puzzle.goal.describe(), public, sentences, outcome)
