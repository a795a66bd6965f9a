"""Where a puzzle's first attempt is rated, and where the next puzzle comes from.

A :class:`~client.play.puzzle.PuzzleDriver` is handed a ledger: :class:`LocalLedger` keeps the
rating in this machine's progress file (:mod:`shared.puzzles.progress`) and chooses the next
puzzle from the shipped pack; :class:`client.play.puzzle_online.ServerLedger` asks a server,
which judges, rates and keeps the attempt and chooses the next puzzle near the online rating.
Both answer in ``concurrent.futures.Future``\\ s (the local ones already done), read back in
the screen's thread with :meth:`PuzzleLedger.rated` and :meth:`PuzzleLedger.next_of`, so the
driver treats them alike and the window never waits for the network.
"""

from __future__ import annotations

import concurrent.futures
import datetime
import random
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from shared.puzzles.judge import Verdict
from shared.puzzles.model import Puzzle, PuzzleError
from shared.puzzles.progress import current_puzzles, load_progress, record_attempt, save_progress
from shared.puzzles.rating import choose_puzzle

Future = concurrent.futures.Future


@dataclass(frozen=True)
class Rated:
    """What rating an attempt did: ``change`` (None: not rated, ``note`` says why), and from a
    server its own ``verdict`` and the puzzle's ``solutions`` (None: the client's stand)."""

    change: float | None
    note: str = ""
    verdict: Verdict | None = None
    solutions: tuple[tuple[dict[str, Any], ...], ...] | None = None


class PuzzleLedger(Protocol):
    """What a puzzle driver asks of the place that rates it (see the module docstring)."""

    online: bool
    warning: str | None

    @property
    def rating(self) -> float:
        """The solver's puzzle rating now."""

    @property
    def streak(self) -> int:
        """Solved first attempts in a row."""

    def tried_note(self, puzzle_id: str) -> str | None:
        """None if a try of ``puzzle_id`` now would be its rated first attempt; else why not."""

    def rate(self, puzzle: Puzzle, actions: list[dict[str, Any]], solved: bool, day: datetime.date) -> Future:
        """Rate the first attempt ``actions`` (judged ``solved`` here); read it with :meth:`rated`."""

    def rated(self, future: Future) -> Rated:
        """The answer of a done :meth:`rate` (in the screen's thread)."""

    def ask_next(self, puzzle: Puzzle) -> Future:
        """Ask for a puzzle after ``puzzle``, near the rating; read it with :meth:`next_of`."""

    def next_of(self, future: Future) -> Puzzle | None:
        """The puzzle of a done :meth:`ask_next` (None: none left); PuzzleError if it failed."""

    def poll(self) -> None:
        """Every frame while a puzzle is played (a server's connection is read)."""


def done(value: Any) -> Future:
    """A future already holding ``value``."""
    future: Future = Future()
    future.set_result(value)
    return future


class LocalLedger:
    """The rating in the progress file at ``path``, the puzzles of ``pack`` (by id)."""

    online = False

    def __init__(self, pack: Mapping[str, Puzzle], path: Path) -> None:
        self.pack = pack
        self.path = path
        self.progress, self.warning = load_progress(path)

    @property
    def rating(self) -> float:
        return self.progress.rating.rating

    @property
    def streak(self) -> int:
        return self.progress.streak

    def tried_note(self, puzzle_id: str) -> str | None:
        if puzzle_id in self.progress.attempts:
            return "You have tried this puzzle before: this try is not rated."
        return None

    def rate(self, puzzle: Puzzle, actions: list[dict[str, Any]], solved: bool, day: datetime.date) -> Future:
        """Record the attempt in the file now (read again first: another window may have written it)."""
        self.progress, _warning = load_progress(self.path)
        before = self.progress.rating.rating
        try:
            self.progress, _puzzle_after = record_attempt(self.progress, self.pack, puzzle.id, solved, day.isoformat())
            save_progress(self.progress, self.path)
        except PuzzleError as exc:  # tried already (another window), or not in the pack
            return done(Rated(None, str(exc)))
        except OSError as exc:
            return done(Rated(None, f"Your puzzle rating could not be saved: {exc.strerror or exc}"))
        return done(Rated(self.progress.rating.rating - before))

    def rated(self, future: Future) -> Rated:
        result: Rated = future.result()
        return result

    def ask_next(self, puzzle: Puzzle) -> Future:
        """Another puzzle of the pack near the rating, neither ``puzzle`` nor one tried."""
        seen = set(self.progress.attempts) | {puzzle.id}
        rng = random.Random(f"{puzzle.id}:{len(seen)}")
        return done(choose_puzzle(current_puzzles(self.progress, self.pack.values()), self.progress.rating, rng,
                                  seen=seen))

    def next_of(self, future: Future) -> Puzzle | None:
        chosen: Puzzle | None = future.result()
        return chosen

    def poll(self) -> None:
        """Nothing to read: the file is written at once."""
