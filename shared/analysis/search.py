"""The best turn found from a position: the AI's search played for a whole turn.

A turn is a run of actions by the side to move (commits, at most one redeployment, a
discard, the end of the turn), with the defender's orders in between. The best turn is
found by letting the analysis's search choose every one of them on a copy of the game, the
defender answering each attack with its best order (:func:`~shared.ai.answers.choose_defence`),
until the turn ends. The search is the Warlord's (:data:`shared.ai.LEVELS` 4) without its
resignations (``normal``), or a quicker one (``quick``); see :data:`DEPTHS`.

The search sees what the mover sees (RULINGS R13): its own rack, the opponent's rack size,
never the pools' order. The draws at the end of the turn come from the game's own seeded
generator, as they would have.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from shared.ai.levels import LEVELS, Level
from shared.ai.player import decide
from shared.rules.actions import Action, action_to_dict
from shared.rules.events import Event
from shared.rules.game import Game

MAX_TURN_ACTIONS = 60
"""A best turn longer than this is cut short (a search never plays so many; a guard)."""


@dataclass(frozen=True)
class Depth:
    """How hard the analysis searches: a level's settings and a think-time cap per decision."""

    name: str
    level: Level
    time_limit: float
    description: str


def _analyst(simulate: int, replies: int, threat_checks: int, time_limit: float) -> Level:
    warlord = LEVELS[4]
    return replace(warlord, number=0, name="Analyst", resigns=False, noise=0.0, simulate=simulate,
                   replies=replies, threat_checks=threat_checks, time_limit=time_limit)


DEPTHS: dict[str, Depth] = {
    "quick": Depth("quick", _analyst(8, 1, 2, 0.5), 0.5, "a quick look: a third of the Warlord's play-outs, one reply each"),
    "normal": Depth("normal", _analyst(24, 4, 6, 2.0), 2.0, "the Warlord's search, with its 2 s cap a decision"),
}
"""The analysis's depths by name; ``normal``, the default, is the Warlord's own search. A deeper
one (twice the play-outs and replies, up to 6 s a decision) lost 4 games of 4 to the Warlord
(docs/playtest-log.md): more search is not yet a stronger search here, so none is offered."""
DEFAULT_DEPTH = "normal"


def get_depth(name: str) -> Depth:
    """The depth called ``name``; a clear error lists the depths if there is none."""
    try:
        return DEPTHS[name]
    except KeyError:
        raise ValueError(f"unknown analysis depth {name!r}; depths: {', '.join(DEPTHS)}") from None


@dataclass
class BestTurn:
    """A whole turn chosen by the search: its actions (plain form), their events, the position after."""

    actions: list[dict] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    game: Game | None = None
    seconds: float = 0.0


def best_turn(start: Game, depth: Depth, rng: random.Random) -> BestTurn:
    """Play the search's choices for the turn of the side to move in ``start`` (not changed)."""
    game = start.copy()
    turn, best = game.turn, BestTurn()
    while not game.over and game.turn == turn and len(best.actions) < MAX_TURN_ACTIONS:
        actor = game.actor
        assert actor is not None
        decision = decide(game, actor, depth.level, rng, depth.time_limit)
        action: Action = decision.action
        best.events += game.apply(action)
        best.actions.append(action_to_dict(action))
        best.seconds += decision.seconds
    best.game = game
    return best


__all__ = ["DEFAULT_DEPTH", "DEPTHS", "BestTurn", "Depth", "best_turn", "get_depth"]
