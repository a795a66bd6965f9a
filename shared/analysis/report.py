"""The analysis as text, for the terminal (``scryptic analyse``)."""

from __future__ import annotations

from shared.analysis.game_analysis import GameAnalysis, TurnReport

_REASONS = {"conquest": "by conquest", "score": "on points", "stalemate": "on points after both passed",
            "resigned": "by resignation", "time": "on time", "stall-limit": "on points at the stall limit",
            "turn-limit": "on points at the turn limit", "target": "by reaching the target"}


def _side(player: int) -> str:
    return "gold" if player == 1 else "silver"


def _percent(chance: float) -> str:
    return f"{round(100 * chance):d}%"


def _counts(labels: dict[str, int]) -> str:
    plural = {"inaccuracy": "inaccuracies"}
    return ", ".join(f"{n} {name if n == 1 else plural.get(name, name + 's')}" for name, n in labels.items())


def format_analysis(analysis: GameAnalysis, every_fight: bool = False) -> str:
    """A report: result, accuracy, where the game turned, then one line per turn; the fights of
    every labelled turn (and the better turn's) explained, or of every turn with ``every_fight``."""
    result = analysis.result
    scores = result.get("scores", {})
    if result.get("winner") is None:
        head = "a draw"
    else:
        head = f"{_side(result['winner'])} wins {_REASONS.get(result.get('reason', ''), result.get('reason', ''))}"
    lines = [f"Analysis at depth {analysis.depth}: {head}, "
             f"gold {scores.get('1', '?')} - silver {scores.get('2', '?')}, {len(analysis.turns)} turns"]
    for p in (1, 2):
        lines.append(f"  {_side(p)}: accuracy {analysis.accuracy[p]:.1f}% ({_counts(analysis.labels[p])})")
    if analysis.turning:
        marks = []
        for i in analysis.turning:
            t = analysis.turns[i]
            swing = analysis.graph[i + 1] - analysis.graph[i]
            marks.append(f"turn {t.number} ({_side(t.player)}: gold {_percent(analysis.graph[i])} -> "
                         f"{_percent(analysis.graph[i + 1])}, {'+' if swing >= 0 else ''}{round(100 * swing)})")
        lines.append("  where the game turned: " + "; ".join(marks))
    lines.append("")
    lines.append(f"{'turn':>4}  {'side':<6} {'chance':<11} {'loss':>5}  {'label':<10} played / better")
    for t in analysis.turns:
        lines += _turn_lines(t, every_fight)
    return "\n".join(lines)


def _turn_lines(t: TurnReport, every_fight: bool) -> list[str]:
    chance = f"{_percent(t.chance_before)}->{_percent(t.chance_after)}"
    loss = f"{round(100 * t.loss)}" if t.loss >= 0.005 else ""
    lines = [f"{t.number:>4}  {_side(t.player):<6} {chance:<11} {loss:>5}  {t.label or '':<10} {t.played_summary}"]
    if t.best_differs:
        lines.append(f"{'':>36}better: {t.best_summary} (keeps {_percent(t.chance_best)})")
    if every_fight or t.label:
        for fight in t.fights:
            lines += [f"{'':>38}{line}" for line in fight]
        if t.best_differs:
            for fight in t.best_fights:
                lines += [f"{'':>38}(better) {line}" for line in fight]
    return lines


__all__ = ["format_analysis"]
