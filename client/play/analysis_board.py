"""What the analysis board shows, in plain data (tested without a window).

The analysis itself is :mod:`shared.analysis` (run in the background by
:mod:`client.play.analysis_runner`); this turns its :class:`~shared.analysis.TurnReport` into what the
screen draws and says:

- :func:`better_turn`: the better turn found, played out on a copy of the turn's start, as the
  ghost coins it would lay (numbered when it commits more than once), the words it would lift
  and the letters it would knock off;
- :func:`gold_curve`: gold's win chance at each turn's start (then at the end), as far as the
  analysis has come;
- :func:`challenges`: the turns "Learn from your mistakes" goes through, the worst first;
- the sentences of the report box and of a challenge (:func:`turn_heading`, :func:`judge_try`...).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from shared.analysis import TurnReport
from shared.analysis.game_analysis import summarise
from shared.analysis.turns import Turn
from shared.rules.actions import action_from_dict
from shared.rules.errors import RuleError
from shared.rules.game import Game
from shared.rules.terrain import Cell, Player
from shared.wire import LettersRemoved, WordCommitted, WordLifted

from client.play.wire import wire_events

CHALLENGE_LABELS = ("mistake", "blunder")
"""The labels "Learn from your mistakes" goes through (an inaccuracy is not worth a lesson)."""
LABEL_WORDS = {"inaccuracy": "Inaccuracy", "mistake": "Mistake", "blunder": "Blunder"}
SIDES = (None, Player.GOLD, Player.SILVER)
"""The sides a lesson can be about when the screen belongs to nobody in particular: both, gold, silver."""


def pct(chance: float) -> str:
    """'57%' (a win chance 0..1, rounded)."""
    return f"{round(100 * chance)}%"


def points(loss: float) -> int:
    """A loss of win chance in percentage points."""
    return round(100 * loss)


@dataclass
class BetterTurn:
    """The better turn as the board draws it over the turn's start."""

    player: Player
    added: dict[Cell, str] = field(default_factory=dict)  # ghost coins: the letters it leaves on the board
    order: dict[Cell, int] = field(default_factory=dict)  # which commit laid each (1, 2, ...), if more than one
    lifted: set[Cell] = field(default_factory=set)  # its own letters it lifts back to the rack
    removed: dict[Cell, Player] = field(default_factory=dict)  # letters its fights knock off, by owner
    words: list[str] = field(default_factory=list)  # the words it commits, in order

    @property
    def cells(self) -> set[Cell]:
        return set(self.added)


def better_turn(start: Game, actions: list[dict[str, Any]]) -> BetterTurn:
    """Play ``actions`` (a turn, the defender's orders included) on a copy of ``start`` and say
    what they would leave on the board. An action the rules refuse ends the play-out there."""
    game = start.copy()
    me = start.to_move
    out = BetterTurn(me)
    commits = 0
    for data in actions:
        try:
            events = game.apply(action_from_dict(data))
        except (RuleError, KeyError, ValueError, TypeError):
            break
        for event in wire_events(events, None):
            if isinstance(event, WordCommitted) and event.player == int(me):
                commits += 1
                out.words.append(event.word.upper())
                for r, c, ch in event.placed:
                    cell = (int(r), int(c))
                    out.added[cell] = str(ch)
                    out.order[cell] = commits
                    out.lifted.discard(cell)  # lifted, then laid again: a ghost coin there
            elif isinstance(event, WordLifted):
                for r, c, _ in event.returned:
                    cell = (int(r), int(c))
                    if out.added.pop(cell, None) is None:
                        out.lifted.add(cell)
                    out.order.pop(cell, None)
            elif isinstance(event, LettersRemoved):
                owner = Player(event.owner)
                for r, c, _ in event.letters:
                    cell = (int(r), int(c))
                    if owner == me and cell in out.added:
                        del out.added[cell]
                        out.order.pop(cell, None)
                    else:
                        out.removed[cell] = owner
    if commits < 2:
        out.order = {}
    return out


def last_turn_cells(before: Game, after: Game, player: Player) -> tuple[Cell, ...]:
    """The cells of ``player``'s letters in ``after`` that were not there in ``before`` (what their
    turn laid and kept), for the last-move brackets."""
    old = before.board.letters[player]
    return tuple(sorted(c for c, ch in after.board.letters[player].items() if old.get(c) != ch))


def played_summary(turn: Turn) -> str:
    """'lays THY, lays LI' (what the turn did, before its analysis is in)."""
    return short(summarise([e.to_dict(None) or {} for e in turn.events], turn.player))


def short(summary: str) -> str:
    """A turn's summary without its ', ends the turn' (the turn list's rows are narrow)."""
    text = summary.replace(", ends the turn", "")
    return "ends the turn" if text == "ends the turn" else text


def gold_curve(reports: list[TurnReport], total: int) -> list[float]:
    """Gold's win chance at the start of each analysed turn, then after the last analysed one
    (so ``len(reports) + 1`` points once a turn is in; all ``total + 1`` once the game is done)."""
    out = [r.chance_before if r.player == int(Player.GOLD) else 1.0 - r.chance_before for r in reports]
    if reports:
        last = reports[-1]
        out.append(last.chance_after if last.player == int(Player.GOLD) else 1.0 - last.chance_after)
    return out[:total + 1]


def gold_best(report: TurnReport) -> float:
    """Gold's win chance after the better turn of ``report``."""
    return report.chance_best if report.player == int(Player.GOLD) else 1.0 - report.chance_best


def challenges(reports: list[TurnReport], side: Player | None) -> list[int]:
    """Indices of the turns worth a lesson: ``side``'s (both sides' if None) mistakes and
    blunders with a better turn to find, the largest loss first (earlier first on a tie)."""
    chosen = [i for i, r in enumerate(reports)
              if r.label in CHALLENGE_LABELS and r.best_differs and (side is None or r.player == int(side))]
    return sorted(chosen, key=lambda i: (-reports[i].loss, i))


def label_counts(reports: list[TurnReport], player: int) -> dict[str, int]:
    """How many inaccuracies, mistakes and blunders ``player`` made in the turns analysed so far."""
    counts = {name: 0 for name in LABEL_WORDS}
    for r in reports:
        if r.player == player and r.label:
            counts[r.label] += 1
    return counts


def count_words(counts: dict[str, int]) -> str:
    """'1 blunder, 2 mistakes' (or 'no mistakes')."""
    plural = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}
    parts = [f"{n} {name if n == 1 else plural[name]}" for name, n in reversed(list(counts.items())) if n]
    return ", ".join(parts) or "no mistakes"


def who(player: int, names: dict[int, str]) -> str:
    return names.get(player) or ("Gold" if player == int(Player.GOLD) else "Silver")


def turn_heading(report: TurnReport | None, turn: Turn, names: dict[int, str]) -> str:
    """'Turn 8: Silver' for the report box."""
    return f"Turn {turn.number}: {who(int(turn.player), names)}"


def chance_line(report: TurnReport) -> str:
    """'Win chance 25% -> 22%, 35 points below the best found'."""
    line = f"Win chance {pct(report.chance_before)} \u2192 {pct(report.chance_after)}"
    if report.loss >= 0.005:
        line += f", {points(report.loss)} points below the better turn"
    return line


def verdict(report: TurnReport) -> str:
    """A word on the turn: its label, or that it was sound."""
    if report.label:
        return LABEL_WORDS[report.label]
    if report.best_differs:
        return "Good"
    return "Best"


def swing_words(index: int, curve: list[float], turns: list[Turn], names: dict[int, str]) -> str:
    """'turn 9 (Gold 78% -> 95%)': one of the turns where the game turned."""
    turn = turns[index]
    return f"turn {turn.number} ({who(1, names)} {pct(curve[index])} \u2192 {pct(curve[index + 1])})"


# ---------------------------------------------------------------- the lesson's words
def lesson_intro(report: TurnReport, names: dict[int, str], viewer: Player | None) -> str:
    """'You played: lays THY. Your win chance went 36% -> 29%, 25 points below a better turn's.
    Find a better turn.'"""
    mine = viewer is not None and report.player == int(viewer)
    subject = "You" if mine else who(report.player, names)
    return (f"{subject} played: {short(report.played_summary)}. {'Your' if mine else 'Their'} win chance went "
            f"{pct(report.chance_before)} \u2192 {pct(report.chance_after)}, {points(report.loss)} points "
            f"below a better turn's. Find a better turn.")


def judge_try(report: TurnReport, tried: TurnReport) -> tuple[str, str]:
    """(kind, sentence) for a turn tried in a lesson against the turn played and the better one:
    kind is 'best' (as good as the better turn), 'better' (better than played) or 'worse'."""
    kept, played, best = tried.chance_after, report.chance_after, report.chance_best
    what = short(tried.played_summary)
    if kept >= best - 0.02:
        return "best", (f"Your try ({what}) keeps {pct(kept)}: as good as the better turn found "
                        f"({pct(best)}). Well found!")
    if kept > played + 0.005:
        return "better", (f"Your try ({what}) keeps {pct(kept)}: {points(kept - played)} points better than "
                          f"the turn played ({pct(played)}), {points(best - kept)} short of the better turn "
                          f"({pct(best)}).")
    return "worse", (f"Your try ({what}) keeps {pct(kept)}: no better than the turn played "
                     f"({pct(played)}). The better turn keeps {pct(best)}.")


def answer_lines(report: TurnReport) -> list[str]:
    """The better turn, said: what it does, the chance it keeps, each of its fights explained."""
    lines = [f"The better turn: {short(report.best_summary)}. It keeps {pct(report.chance_best)} "
             f"(the turn played kept {pct(report.chance_after)})."]
    for fight in report.best_fights:
        lines.extend(fight)
    return lines
