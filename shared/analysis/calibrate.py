"""Fitting the win-chance model on self-play games, and measuring how well it is calibrated.

Every turn's start of every game is a sample: the features of :mod:`shared.analysis.winchance`
with the side to move, and the outcome for the side that has just moved (1 a win, 0 a loss,
½ a draw). The model and the score-difference baseline are fitted by maximum likelihood
(Newton's method on the logistic log-likelihood, a small ridge term keeping it stable), on
the training games; the held-out games (every ``held_out_every``-th record, by name) measure
both: the Brier score (mean squared error of the predicted chance), the log loss, and a
reliability table (predictions in ten bins of chance, each bin's mean prediction beside how
often the side won).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from shared.analysis.turns import split_turns
from shared.analysis.winchance import WinModel, baseline_features, features
from shared.rules.lexicon import Lexicon
from shared.rules.record import GameRecord

RIDGE = 1e-3
"""The ridge penalty on every weight but the bias (per sample)."""


@dataclass
class Samples:
    """Features, baseline features and outcomes, one row per position."""

    x: list[tuple[float, ...]] = field(default_factory=list)
    xb: list[tuple[float, ...]] = field(default_factory=list)
    y: list[float] = field(default_factory=list)
    games: int = 0

    def extend(self, other: "Samples") -> None:
        self.x += other.x
        self.xb += other.xb
        self.y += other.y
        self.games += other.games


def samples_of(record: GameRecord, lexicon: Lexicon) -> Samples:
    """One sample per turn start of a finished game (errors as :func:`split_turns`)."""
    turns, final = split_turns(record, lexicon)
    result = final.result
    assert result is not None
    out = Samples(games=1)
    for turn in turns:
        moved = turn.player.other
        out.x.append(features(turn.start, turn.player))
        out.xb.append(baseline_features(turn.start, turn.player))
        out.y.append(0.5 if result.winner is None else float(result.winner == moved))
    return out


def fit_logistic(x: list[tuple[float, ...]], y: list[float], ridge: float = RIDGE, steps: int = 50) -> list[float]:
    """Maximum-likelihood logistic weights for rows ``x`` (the first column the bias)."""
    a, t = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    n, k = a.shape
    w = np.zeros(k)
    penalty = np.eye(k) * ridge * n
    penalty[0, 0] = 0.0
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(a @ w)))
        gradient = a.T @ (t - p) - penalty @ w
        hessian = (a.T * (p * (1 - p))) @ a + penalty
        step = np.linalg.solve(hessian, gradient)
        w += step
        if float(np.max(np.abs(step))) < 1e-9:
            break
    return [float(v) for v in w]


def predict(weights: list[float] | tuple[float, ...], x: list[tuple[float, ...]]) -> list[float]:
    """The chances the weights give each row."""
    z = np.asarray(x, dtype=float) @ np.asarray(weights, dtype=float)
    return [float(v) for v in 1.0 / (1.0 + np.exp(-z))]


def brier(p: list[float], y: list[float]) -> float:
    """Mean squared difference between predicted chances and outcomes (lower is better; 0.25: a coin)."""
    return float(np.mean((np.asarray(p) - np.asarray(y)) ** 2))


def log_loss(p: list[float], y: list[float]) -> float:
    """Mean negative log-likelihood (lower is better; 0.693: a coin)."""
    q, t = np.clip(np.asarray(p), 1e-9, 1 - 1e-9), np.asarray(y)
    return float(np.mean(-(t * np.log(q) + (1 - t) * np.log(1 - q))))


def reliability(p: list[float], y: list[float], bins: int = 10) -> list[dict[str, Any]]:
    """Predictions in ``bins`` equal bins of chance: count, mean prediction, mean outcome."""
    rows = []
    for b in range(bins):
        lo, hi = b / bins, (b + 1) / bins
        inside = [(pi, yi) for pi, yi in zip(p, y) if lo <= pi < hi or (b == bins - 1 and pi == 1.0)]
        rows.append({"from": lo, "to": hi, "positions": len(inside),
                     "predicted": round(sum(pi for pi, _ in inside) / len(inside), 3) if inside else None,
                     "won": round(sum(yi for _, yi in inside) / len(inside), 3) if inside else None})
    return rows


@dataclass
class Calibration:
    """A fitted model and how it did on the held-out games."""

    model: WinModel
    train: Samples
    test: Samples

    def figures(self) -> dict[str, Any]:
        """Brier score, log loss and reliability of the model and the baseline on the held-out games."""
        p = predict(self.model.weights, self.test.x)
        pb = predict(self.model.baseline, self.test.xb)
        return {
            "train_games": self.train.games, "train_positions": len(self.train.y),
            "test_games": self.test.games, "test_positions": len(self.test.y),
            "brier": round(brier(p, self.test.y), 4), "baseline_brier": round(brier(pb, self.test.y), 4),
            "log_loss": round(log_loss(p, self.test.y), 4),
            "baseline_log_loss": round(log_loss(pb, self.test.y), 4),
            "reliability": reliability(p, self.test.y), "baseline_reliability": reliability(pb, self.test.y),
        }


def split(named: Iterable[tuple[str, GameRecord]], held_out_every: int) -> tuple[list[GameRecord], list[GameRecord]]:
    """Training and held-out records: every ``held_out_every``-th by name is held out."""
    ordered = sorted(named, key=lambda item: item[0])
    test = [r for i, (_, r) in enumerate(ordered) if i % held_out_every == held_out_every - 1]
    train = [r for i, (_, r) in enumerate(ordered) if i % held_out_every != held_out_every - 1]
    return train, test


def calibrate(train: list[GameRecord], test: list[GameRecord], lexicon: Lexicon,
              info: dict[str, Any] | None = None) -> Calibration:
    """Fit the model and the baseline on ``train``; keep ``test`` to measure them."""
    train_samples, test_samples = Samples(), Samples()
    for record in train:
        train_samples.extend(samples_of(record, lexicon))
    for record in test:
        test_samples.extend(samples_of(record, lexicon))
    if not train_samples.y:
        raise ValueError("no training positions: give finished game records")
    model = WinModel(tuple(fit_logistic(train_samples.x, train_samples.y)),
                     tuple(fit_logistic(train_samples.xb, train_samples.y)), dict(info or {}))
    return Calibration(model, train_samples, test_samples)


def measure(model: WinModel, records: list[GameRecord], lexicon: Lexicon) -> dict[str, Any]:
    """The figures of :meth:`Calibration.figures` for a given model on ``records``."""
    return Calibration(model, Samples(), _all_samples(records, lexicon)).figures()


def _all_samples(records: list[GameRecord], lexicon: Lexicon) -> Samples:
    out = Samples()
    for record in records:
        out.extend(samples_of(record, lexicon))
    return out


__all__ = ["Calibration", "Samples", "brier", "calibrate", "fit_logistic", "log_loss", "measure", "predict",
           "reliability", "samples_of", "split"]
