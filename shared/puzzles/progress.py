"""The local puzzle rating on this machine: rating, streaks, every first attempt and the
ratings those attempts moved the puzzles to (Glicko-2 moves both sides), kept in one file in the
settings folder (``puzzles.json``), written whole (atomically). The next puzzle is chosen at the
puzzles' moved ratings (:func:`current_puzzles`).

Only a puzzle's first attempt is rated; a second first attempt of one puzzle is refused
(:class:`AlreadyAttempted`), as is an attempt at a puzzle the pack does not hold
(:class:`UnknownPuzzle`), and the rating is left as it was. The path is always handed in, so
tests never touch the user's own file (:func:`default_progress_path` is the user's).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path

import msgspec

from shared.files.atomic import set_aside, write_bytes
from shared.files.userdirs import config_dir
from shared.puzzles.model import Puzzle, PuzzleError
from shared.puzzles.rating import START, Rating, puzzle_rating, rate_attempt, rerated

__all__ = ["PROGRESS_VERSION", "AlreadyAttempted", "Attempt", "LocalPuzzleProgress", "UnknownPuzzle",
           "current_puzzles", "default_progress_path", "load_progress", "record_attempt", "save_progress"]

PROGRESS_VERSION = 1


class UnknownPuzzle(PuzzleError):
    """An attempt at a puzzle id the pack does not hold."""


class AlreadyAttempted(PuzzleError):
    """A second first attempt at one puzzle: only the first counts."""


class Attempt(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One rated first attempt: solved or not, when (ISO date), the ratings before and after."""

    solved: bool
    date: str
    before: float
    after: float


class LocalPuzzleProgress(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A solver's puzzle rating, current and best streak of solved first attempts, the
    attempts by puzzle id, and the puzzles' ratings as those attempts moved them (by id; a
    puzzle not there stands at the pack's rating)."""

    version: int = PROGRESS_VERSION
    rating: Rating = START
    streak: int = 0
    best_streak: int = 0
    attempts: dict[str, Attempt] = msgspec.field(default_factory=dict)
    puzzles: dict[str, Rating] = msgspec.field(default_factory=dict)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> tuple["LocalPuzzleProgress", str | None]:
        """:func:`load_progress`."""
        return load_progress(path)

    def save(self, path: str | os.PathLike[str]) -> Path:
        """:func:`save_progress`."""
        return save_progress(self, path)

    def attempt(self, puzzles: Mapping[str, Puzzle], puzzle_id: str, solved: bool,
                date: str) -> tuple["LocalPuzzleProgress", Rating]:
        """:func:`record_attempt`."""
        return record_attempt(self, puzzles, puzzle_id, solved, date)


def current_puzzles(progress: LocalPuzzleProgress, puzzles: Iterable[Puzzle]) -> list[Puzzle]:
    """``puzzles`` each at its current rating: the one kept in ``progress``, else the pack's."""
    return [rerated(p, progress.puzzles.get(p.id)) for p in puzzles]


def default_progress_path() -> Path:
    """The user's own progress file: ``puzzles.json`` in the settings folder."""
    return config_dir() / "puzzles.json"


def record_attempt(progress: LocalPuzzleProgress, puzzles: Mapping[str, Puzzle], puzzle_id: str, solved: bool,
                   date: str) -> tuple[LocalPuzzleProgress, Rating]:
    """The progress after a first attempt at ``puzzle_id`` and the puzzle's new rating;
    UnknownPuzzle or AlreadyAttempted (nothing changes) if it may not be rated."""
    puzzle = puzzles.get(puzzle_id)
    if puzzle is None:
        raise UnknownPuzzle(f"no puzzle {puzzle_id!r} in the pack")
    if puzzle_id in progress.attempts:
        raise AlreadyAttempted(f"puzzle {puzzle_id} was already attempted on {progress.attempts[puzzle_id].date}: "
                               "only the first attempt is rated")
    solver, puzzle_after = rate_attempt(progress.rating, progress.puzzles.get(puzzle_id) or puzzle_rating(puzzle),
                                        solved)
    streak = progress.streak + 1 if solved else 0
    attempts = {**progress.attempts,
                puzzle_id: Attempt(solved, date, progress.rating.rating, solver.rating)}
    return (msgspec.structs.replace(progress, rating=solver, streak=streak,
                                    best_streak=max(progress.best_streak, streak), attempts=attempts,
                                    puzzles={**progress.puzzles, puzzle_id: puzzle_after}),
            puzzle_after)


def load_progress(path: str | os.PathLike[str]) -> tuple[LocalPuzzleProgress, str | None]:
    """The progress at ``path`` (a fresh one if there is none) and a warning if the file was
    damaged or of another version: it is then set aside (``.corrupt``) and a fresh one begun."""
    target = Path(path)
    if not target.exists():
        return LocalPuzzleProgress(), None
    try:
        progress = msgspec.json.decode(target.read_bytes(), type=LocalPuzzleProgress)
        if progress.version != PROGRESS_VERSION:
            raise PuzzleError(f"version {progress.version}, this reads {PROGRESS_VERSION}")
    except (OSError, msgspec.DecodeError, msgspec.ValidationError, PuzzleError) as exc:
        aside = set_aside(target)
        return LocalPuzzleProgress(), f"{target}: the puzzle progress was damaged ({exc}); kept as {aside.name}"
    return progress, None


def save_progress(progress: LocalPuzzleProgress, path: str | os.PathLike[str]) -> Path:
    """Write the progress whole to ``path``."""
    return write_bytes(path, msgspec.json.format(msgspec.json.encode(progress), indent=1) + b"\n")
