"""The analysis of a finished game: every turn's win chances, the best turn found, the loss.

For each turn of the side to move P:

- ``chance_before``: P's win chance as the turn began;
- ``chance_after``: P's win chance once the turn played was over (at the next turn's start);
- the best turn the search finds from the same position (:func:`~shared.analysis.search.best_turn`)
  and ``chance_best``, P's win chance after it;
- ``loss``: how much win chance the turn played gave away against the best one found
  (``chance_best - chance_after``, never below 0: a turn better than the search's loses nothing);
- a label from the loss (:data:`LABELS`), and the turn's accuracy (:func:`turn_accuracy`).

Per player, the accuracy is the mean of their turns' accuracies. *Where the game turned*:
the turns across which gold's win chance moved most (:func:`turning_points`). Every fight
of the turn played, and of the best one, is explained (:func:`~shared.analysis.explain.explain_fight`).
The method and its numbers are in docs/analysis.md.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from shared.analysis.explain import explain_fight, fights_in
from shared.analysis.search import DEFAULT_DEPTH, Depth, best_turn, get_depth
from shared.analysis.turns import Turn, split_turns
from shared.analysis.winchance import WinModel, load_model
from shared.rules.actions import action_from_dict
from shared.rules.events import Event
from shared.rules.game import Game
from shared.rules.lexicon import Lexicon
from shared.rules.record import GameRecord
from shared.rules.terrain import Player

LABELS = (("blunder", 0.15), ("mistake", 0.10), ("inaccuracy", 0.05))
"""A turn's label by the win chance it lost (the first threshold it reaches): lichess's
thresholds, 10, 20 and 30 points of its [-1, 1] winning chances, on the [0, 1] scale."""
TURNING_POINTS = 3
"""At most this many turns are named where the game turned..."""
TURNING_SWING = 0.10
"""... each moving gold's win chance by at least this much."""


def label_for(loss: float) -> str | None:
    """'blunder', 'mistake', 'inaccuracy' or None, from the win chance a turn lost."""
    for name, threshold in LABELS:
        if loss >= threshold:
            return name
    return None


def turn_accuracy(loss: float) -> float:
    """A turn's accuracy in per cent from its loss (lichess's curve: 100 for no loss, about 64
    for a loss of 10 points, 22 for 30)."""
    if loss <= 0:
        return 100.0
    value = 103.1668 * math.exp(-0.04354 * 100.0 * loss) - 3.1669
    return max(0.0, min(100.0, value))


@dataclass
class TurnReport:
    """What the analysis found for one turn (plain data: JSON as it is)."""

    number: int
    player: int
    played: list[dict[str, Any]]
    played_summary: str
    chance_before: float
    chance_after: float
    best: list[dict[str, Any]]
    best_summary: str
    chance_best: float
    loss: float
    label: str | None
    accuracy: float
    fights: list[list[str]] = field(default_factory=list)  # the turn played's fights, explained
    best_fights: list[list[str]] = field(default_factory=list)
    seconds: float = 0.0  # the search's thinking time

    @property
    def best_differs(self) -> bool:
        """Did the search find a turn better than the one played?"""
        return self.best != self.played and self.chance_best >= self.chance_after + 0.005


@dataclass
class GameAnalysis:
    """A whole game's analysis."""

    depth: str
    result: dict[str, Any]
    turns: list[TurnReport]
    graph: list[float]  # gold's win chance at the start of every turn, then at the end
    accuracy: dict[int, float]
    labels: dict[int, dict[str, int]]
    turning: list[int]  # indices into ``turns``, the largest swings first

    def to_dict(self) -> dict[str, Any]:
        return {"depth": self.depth, "result": self.result, "graph": self.graph,
                "accuracy": {str(p): a for p, a in self.accuracy.items()},
                "labels": {str(p): c for p, c in self.labels.items()},
                "turning": [self.turns[i].number for i in self.turning],
                "turns": [asdict(t) for t in self.turns]}


def _public(events: list[Event]) -> list[dict[str, Any]]:
    return [e.to_dict(None) or {} for e in events]


def summarise(events: list[dict[str, Any]], player: Player) -> str:
    """The turn in a few words: 'lays CAT, attacks with SWORD, ends the turn'."""
    parts = []
    for e in events:
        kind, mine = e.get("type"), e.get("player") == int(player)
        if kind == "word_committed" and mine:
            parts.append(("attacks with " if e.get("attacks") else "lays ") + e["word"].upper())
        elif kind == "word_lifted" and mine:
            parts.append(f"lifts {e['word'].upper()}")
        elif kind == "letters_discarded" and mine:
            parts.append(f"discards {e.get('count', 0)}")
        elif kind == "turn_ended" and mine:
            parts.append("passes" if e.get("passed") else "ends the turn")
        elif kind == "game_over" and e.get("reason") == "resigned":
            parts.append("resigns" if e.get("winner") != int(player) else "wins: the opponent resigns")
    return ", ".join(parts) or "nothing"


def _explained(events: list[dict[str, Any]]) -> list[list[str]]:
    return [explain_fight(fight) for fight in fights_in(events)]


def analyse_turn(start: Game, played: list[dict[str, Any]], depth: str | Depth = DEFAULT_DEPTH,
                 model: WinModel | None = None, seed: int = 0) -> TurnReport:
    """The analysis of one turn: ``played`` (actions in plain form, the defender's orders
    included) from the position ``start`` (not changed), against the best turn found from it.
    A RuleError if an action played is illegal."""
    after = start.copy()
    events: list[Event] = []
    for data in played:
        events += after.apply(action_from_dict(data))
    turn = Turn(start.turn, start.to_move, start, list(played), events)
    return _analyse_turn(turn, after, get_depth(depth) if isinstance(depth, str) else depth,
                         model or load_model(), seed)


def _analyse_turn(turn: Turn, after: Game, depth: Depth, model: WinModel, seed: int) -> TurnReport:
    me = turn.player
    before = model.win_chance(turn.start, me)
    played_after = model.win_chance(after, me)
    rng = random.Random(seed * 10_007 + turn.number)
    best = best_turn(turn.start, depth, rng)
    assert best.game is not None
    played_events, best_events = _public(turn.events), _public(best.events)
    if best.actions == turn.actions:
        chance_best = played_after
    else:
        chance_best = model.win_chance(best.game, me)
    loss = max(0.0, chance_best - played_after)
    if chance_best <= played_after:  # nothing better found: the turn played stands as the best
        best_actions, best_events, chance_best = turn.actions, played_events, played_after
    else:
        best_actions = best.actions
    return TurnReport(
        number=turn.number, player=int(me), played=turn.actions, played_summary=summarise(played_events, me),
        chance_before=round(before, 4), chance_after=round(played_after, 4), best=best_actions,
        best_summary=summarise(best_events, me), chance_best=round(chance_best, 4), loss=round(loss, 4),
        label=label_for(loss), accuracy=round(turn_accuracy(loss), 1), fights=_explained(played_events),
        best_fights=_explained(best_events), seconds=round(best.seconds, 3))


def iter_analysis(record: GameRecord, lexicon: Lexicon, depth: str | Depth = DEFAULT_DEPTH,
                  model: WinModel | None = None) -> Iterator[TurnReport]:
    """Analyse the record's turns one by one, in order (for a progress display: the first
    results come as soon as the first turn is searched). Errors as :func:`split_turns`."""
    turns, final = split_turns(record, lexicon)
    return _reports(turns, final, get_depth(depth) if isinstance(depth, str) else depth,
                    model or load_model(), record.seed)


def _reports(turns: list[Turn], final: Game, depth: Depth, model: WinModel, seed: int) -> Iterator[TurnReport]:
    for i, turn in enumerate(turns):
        after = turns[i + 1].start if i + 1 < len(turns) else final
        yield _analyse_turn(turn, after, depth, model, seed)


def turning_points(graph: list[float]) -> list[int]:
    """Indices of the turns across which gold's win chance (``graph``) moved most, largest first."""
    swings = [(abs(graph[i + 1] - graph[i]), i) for i in range(len(graph) - 1)]
    chosen = sorted((s for s in swings if s[0] >= TURNING_SWING), reverse=True)[:TURNING_POINTS]
    return [i for _, i in chosen]


def summarise_game(final: Game, reports: list[TurnReport], depth: str) -> GameAnalysis:
    """The whole-game figures from the turns' reports and the final position."""
    graph = [t.chance_before if t.player == int(Player.GOLD) else 1.0 - t.chance_before for t in reports]
    if reports:
        last = reports[-1]
        graph.append(last.chance_after if last.player == int(Player.GOLD) else 1.0 - last.chance_after)
    accuracy, labels = {}, {}
    for p in (Player.GOLD, Player.SILVER):
        mine = [t for t in reports if t.player == int(p)]
        accuracy[int(p)] = round(sum(t.accuracy for t in mine) / len(mine), 1) if mine else 100.0
        labels[int(p)] = {name: sum(t.label == name for t in mine) for name, _ in reversed(LABELS)}
    assert final.result is not None
    result = {**final.result.to_dict(), "scores": {str(int(p)): s for p, s in final.scores().items()}}
    return GameAnalysis(depth, result, reports, [round(g, 4) for g in graph], accuracy, labels,
                        turning_points(graph))


def analyse_game(record: GameRecord, lexicon: Lexicon, depth: str | Depth = DEFAULT_DEPTH,
                 model: WinModel | None = None,
                 progress: Callable[[int, int], None] | None = None) -> GameAnalysis:
    """The analysis of a finished game; ``progress(done, total)`` is called after each turn.
    Errors as :func:`~shared.analysis.turns.split_turns`; an unknown depth is a ValueError."""
    depth = get_depth(depth) if isinstance(depth, str) else depth
    turns, final = split_turns(record, lexicon)
    reports: list[TurnReport] = []
    for report in _reports(turns, final, depth, model or load_model(), record.seed):
        reports.append(report)
        if progress:
            progress(len(reports), len(turns))
    return summarise_game(final, reports, depth.name)


__all__ = ["LABELS", "GameAnalysis", "TurnReport", "analyse_game", "analyse_turn", "iter_analysis", "label_for",
           "summarise", "summarise_game", "turn_accuracy", "turning_points"]
