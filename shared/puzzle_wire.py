"""A puzzle as it travels between a server and its clients (``docs/protocol.md``, "Puzzles").

The puzzle itself is :class:`shared.puzzles.model.Puzzle`, sent as its plain form
(``msgspec.to_builtins``); a puzzle not yet attempted is sent without its spoilers (its
solutions, who found it and where: the client's judge needs only the goal). A list shows each puzzle's summary; an attempt's reply
holds the verdict's words. Both sides read and write these forms here, so they cannot drift.
"""

from __future__ import annotations

from typing import Any

import msgspec

from shared.puzzles.judge import Verdict
from shared.puzzles.model import Puzzle, PuzzleError, for_solver
from shared.rules.lexicon import Lexicon

__all__ = ["mine_record_text", "puzzle_data", "puzzle_from_dict", "solutions_data", "summary", "verdict_data"]


def puzzle_data(puzzle: Puzzle, *, with_solutions: bool) -> dict[str, Any]:
    """The plain form of ``puzzle``; unless ``with_solutions``, without what would give the
    answer away (:func:`shared.puzzles.model.for_solver`)."""
    data: dict[str, Any] = msgspec.to_builtins(puzzle) if with_solutions else for_solver(puzzle)
    data["goal_text"] = puzzle.goal.describe()
    return data


def puzzle_from_dict(data: dict[str, Any]) -> Puzzle:
    """The puzzle of a plain form (as :func:`puzzle_data` makes it); PuzzleError if it is not one."""
    # goal_text and a server's view of the position are derived, not part of the puzzle
    fields = {"solutions": [], **{k: v for k, v in data.items() if k not in ("goal_text", "view")}}
    try:
        return msgspec.convert(fields, Puzzle)
    except msgspec.ValidationError as exc:
        raise PuzzleError(f"not a puzzle: {exc}") from None


def summary(puzzle: Puzzle, solved: bool | None) -> dict[str, Any]:
    """A line of a list of puzzles: what it asks, its themes and rating, and whether the asker
    solved it (``solved`` None: not attempted)."""
    return {"id": puzzle.id, "map": puzzle.map_name, "ruleset": puzzle.ruleset, "goal": puzzle.goal.describe(),
            "themes": list(puzzle.themes), "rating": round(puzzle.rating), "attempted": solved is not None,
            "solved": bool(solved)}


def solutions_data(puzzle: Puzzle) -> list[list[dict[str, Any]]]:
    """The puzzle's solutions, each a list of the mover's actions (plain form)."""
    return [list(solution) for solution in puzzle.solutions]


def verdict_data(verdict: Verdict) -> dict[str, Any]:
    """What an attempt did, as a reply carries it: solved, the goal, the fights' explanation, the events."""
    return {"solved": verdict.solved, "goal": verdict.goal, "explanation": list(verdict.sentences),
            "events": list(verdict.events)}


def mine_record_text(record_text: str, lexicon: Lexicon, game_id: str, limit: int) -> list[dict[str, Any]]:
    """At most ``limit`` puzzles of a finished game's record (:func:`shared.puzzles.miner.mine_record`),
    in their plain forms with solutions; ValueError if the record does not parse."""
    from shared.analysis.winchance import load_model
    from shared.puzzles.miner import mine_record
    from shared.rules.record import parse_record

    record = parse_record(record_text)
    puzzles = mine_record(record, lexicon, load_model(), f"game {game_id}")
    return [puzzle_data(p, with_solutions=True) for p in puzzles[:limit]]
