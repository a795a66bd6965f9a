"""Win chance: the AI's evaluation of a position turned into a probability of winning.

The model is a logistic regression fitted on the outcomes of self-play games
(:mod:`shared.analysis.calibrate`; the method and its calibration are in docs/analysis.md).
It is valued at the start of a turn, the moment the side that has just moved waits for the
other's reply, which is the moment :func:`~shared.ai.evaluate.position_value` is made for. Its
features are both sides' values of the position (in units of :data:`SCALE` points, clipped to
±:data:`CLIP`), and the same values again weighted by how far the game has gone (the share
of the letters drawn from the pools): late in a game a lead is worth more, because fewer
letters are left to turn it round. Two more come from a search: the best winning fight each
side could make with the letters on its rack (:func:`~shared.ai.fights.best_fight`), the side
to move now, the other next turn. A finished game is analysed knowing both racks, so these
use the true letters. A draw counts half a win in the fit.

The baseline it is measured against knows only the score difference.

A finished game's win chance is exact: 1 for the winner, 0 for the loser, ½ each for a draw.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from importlib import resources
from typing import Any

from shared.ai.evaluate import DEFAULT_WEIGHTS, position_value
from shared.ai.fights import best_fight
from shared.ai.vocab import level_vocabulary
from shared.rules.game import Game
from shared.rules.terrain import Player

SCALE = 50.0
"""Points per unit of a feature."""
CLIP = 4.0
"""Features are clipped to ±this many units (a lead of 200 points is as good as won)."""
FEATURES = ("bias", "value of the side that moved", "value of the side to move",
            "value of the side that moved, late", "value of the side to move, late",
            "best fight of the side to move", "best fight of the side that moved")
BASELINE_FEATURES = ("bias", "score difference")


def _clip(x: float) -> float:
    return max(-CLIP, min(CLIP, x))


def progress(game: Game) -> float:
    """How far the game has gone: 0 with full pools, 1 once both are empty (0 with endless pools)."""
    if game.rules.endless_pool:
        return 0.0
    full = 2 * sum(game.rules.distribution.values())
    left = len(game.pools[Player.GOLD]) + len(game.pools[Player.SILVER])
    return 1.0 - left / full if full else 1.0


def threat(game: Game, player: Player) -> float:
    """What ``player``'s best winning fight with the letters on its rack would cost the enemy
    (:func:`~shared.ai.fights.best_fight`, every word known), in feature units."""
    vocab = level_vocabulary(game.lexicon, 0.0)
    return best_fight(game, player, vocab, game.racks[player], DEFAULT_WEIGHTS.for_rules(game.rules)) / SCALE


def features(game: Game, mover: Player) -> tuple[float, ...]:
    """The model's features with ``mover`` to move (the other side has just moved)."""
    weights = DEFAULT_WEIGHTS.for_rules(game.rules)
    moved = _clip(position_value(game, mover.other, weights) / SCALE)
    to_move = _clip(position_value(game, mover, weights) / SCALE)
    late = progress(game)
    return (1.0, moved, to_move, moved * late, to_move * late, threat(game, mover), threat(game, mover.other))


def baseline_features(game: Game, mover: Player) -> tuple[float, ...]:
    """The baseline's features: the score difference of the side that has just moved."""
    scores = game.scores()
    return (1.0, _clip((scores[mover.other] - scores[mover]) / SCALE))


def logistic(z: float) -> float:
    """1 / (1 + e^-z), without overflow."""
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


@dataclass(frozen=True)
class WinModel:
    """Fitted weights for :func:`features` (``weights``) and :func:`baseline_features` (``baseline``)."""

    weights: tuple[float, ...]
    baseline: tuple[float, ...]
    info: dict[str, Any]

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "WinModel":
        weights = tuple(float(x) for x in data["weights"])
        baseline = tuple(float(x) for x in data["baseline"])
        if len(weights) != len(FEATURES) or len(baseline) != len(BASELINE_FEATURES):
            raise ValueError(f"a win-chance model needs {len(FEATURES)} weights and "
                             f"{len(BASELINE_FEATURES)} baseline weights")
        return cls(weights, baseline, dict(data.get("info", {})))

    def to_dict(self) -> dict[str, Any]:
        return {"features": list(FEATURES), "weights": list(self.weights),
                "baseline_features": list(BASELINE_FEATURES), "baseline": list(self.baseline),
                "info": self.info}

    def chance_moved(self, game: Game, mover: Player) -> float:
        """The chance that the side that has just moved wins, ``mover`` to move."""
        return logistic(sum(w * x for w, x in zip(self.weights, features(game, mover))))

    def win_chance(self, game: Game, player: Player, mover: Player | None = None) -> float:
        """``player``'s chance of winning (a draw counting half) at a turn's start, ``mover``
        to move (default: the game's mover)."""
        player = Player(player)
        result = game.result
        if result is not None:
            return 0.5 if result.winner is None else float(result.winner == player)
        mover = game.to_move if mover is None else Player(mover)
        moved = self.chance_moved(game, mover)
        return moved if player == mover.other else 1.0 - moved


def load_model() -> WinModel:
    """The model shipped with the game (``shared/analysis/calibration.json``)."""
    text = resources.files("shared.analysis").joinpath("calibration.json").read_text("utf-8")
    return WinModel.from_dict(json.loads(text))


__all__ = ["BASELINE_FEATURES", "CLIP", "FEATURES", "SCALE", "WinModel", "baseline_features", "features",
           "load_model", "logistic", "progress", "threat"]
