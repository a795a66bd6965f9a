"""The daily puzzle: the same for everyone on a date, a pure function of the date and the pack,
and a result line to share that gives nothing of the answer away."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Sequence

from shared.puzzles.model import Puzzle, PuzzleError

__all__ = ["daily_puzzle", "daily_index", "share_line"]


def daily_index(date: dt.date, count: int) -> int:
    """The pack index (of the puzzles sorted by id) of ``date``'s puzzle."""
    digest = hashlib.sha256(f"scryptic-daily:{date.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % count


def daily_puzzle(puzzles: Sequence[Puzzle], date: dt.date) -> Puzzle:
    """``date``'s puzzle: of the puzzles sorted by id, the one at an index hashed from the date
    (so it is the same on every machine with the same pack, whatever order they were loaded in)."""
    if not puzzles:
        raise PuzzleError("no puzzle to choose the daily puzzle from")
    ordered = sorted(puzzles, key=lambda p: p.id)
    return ordered[daily_index(date, len(ordered))]


def share_line(puzzle: Puzzle, date: dt.date, solved: bool, tries: int = 1, hints: int = 0) -> str:
    """One line to share the day's result: the date, the puzzle's id and rating, solved or not,
    the tries and hints: no spoilers (no cell, word or letter of the position or solution)."""
    marks = ("🟥" * (tries - 1) + "🟩") if solved else "🟥" * max(1, tries)
    result = f"solved in {tries} {'try' if tries == 1 else 'tries'}" if solved else "not solved"
    hint = f", {hints} hint{'s' if hints != 1 else ''}" if hints else ""
    return (f"Scryptic daily puzzle {date.isoformat()} #{puzzle.id} ({round(puzzle.rating)}): "
            f"{result}{hint} {marks}")
