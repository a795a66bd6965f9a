"""The Puzzles screen's list as data: one :class:`PuzzleLine` a puzzle and the solver's
:class:`Standing`, from this machine's pack and progress file or from a server's reply
(:mod:`client.play.puzzle_online`), so the screen draws both alike; and a map's title."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from shared.maps.files import load_map
from shared.maps.format import MapError
from shared.puzzles.model import Puzzle
from shared.puzzles.progress import LocalPuzzleProgress

SOLVED, MISSED = "solved", "missed"


@functools.lru_cache(maxsize=64)
def map_title(map_name: str) -> str:
    """The title of the map a puzzle is from: the shipped map's ``name:`` (``cinder-ford`` ->
    ``Cinder Ford``); a map not shipped here, its name in words (``test-ford`` -> ``Test Ford``)."""
    try:
        return load_map(map_name).name
    except (FileNotFoundError, MapError, OSError):
        words = map_name.replace("-", " ").replace("_", " ").split()
        return " ".join(w[:1].upper() + w[1:] for w in words) or map_name


@dataclass(frozen=True)
class PuzzleLine:
    """One puzzle of the list: ``mark`` is solved, missed (its first attempt) or None (not tried)."""

    id: str
    map_name: str
    goal: str
    themes: tuple[str, ...]
    rating: float
    mark: str | None = None

    @property
    def map_title(self) -> str:
        return map_title(self.map_name)


@dataclass(frozen=True)
class Standing:
    """The solver's puzzle rating, streaks and attempts."""

    rating: float = 1500.0
    streak: int = 0
    best_streak: int = 0
    solved: int = 0
    attempts: int = 0


def local_lines(puzzles: Iterable[Puzzle], progress: LocalPuzzleProgress) -> list[PuzzleLine]:
    """The pack's puzzles, each marked from the progress file."""
    out = []
    for p in puzzles:
        done = progress.attempts.get(p.id)
        mark = None if done is None else SOLVED if done.solved else MISSED
        out.append(PuzzleLine(p.id, p.map_name, p.goal.describe(), tuple(p.themes), p.rating, mark))
    return out


def local_standing(progress: LocalPuzzleProgress) -> Standing:
    """The standing kept in this machine's progress file."""
    return Standing(progress.rating.rating, progress.streak, progress.best_streak,
                    sum(a.solved for a in progress.attempts.values()), len(progress.attempts))


def server_line(data: dict[str, Any]) -> PuzzleLine:
    """A line of a server's ``puzzles`` reply."""
    mark = (SOLVED if data.get("solved") else MISSED) if data.get("attempted") else None
    return PuzzleLine(str(data["id"]), str(data["map"]), str(data["goal"]), tuple(data.get("themes") or ()),
                      float(data["rating"]), mark)


def server_standing(data: dict[str, Any]) -> Standing:
    """The ``rating`` of a server's reply."""
    return Standing(float(data["rating"]), int(data.get("streak", 0)), int(data.get("best_streak", 0)),
                    int(data.get("solved", 0)), int(data.get("attempts", 0)))
