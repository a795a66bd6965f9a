"""The puzzle pack file: a versioned header, then one checked puzzle a line (JSON Lines).

Line 1: ``{"format": "scryptic-puzzles", "version": 1, "count": N, ...}``. Each following
line: ``{"sha256": HEX, "puzzle": {...}}``, the digest being that of the puzzle's canonical
JSON (keys sorted, no spaces). A line that does not parse, does not match its digest or
holds no valid puzzle is reported and skipped: the others still load. A file of another
format or version loads no puzzle and says why. See docs/puzzles.md.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import msgspec

from shared.files.atomic import write_text
from shared.puzzles.model import Puzzle, PuzzleError

__all__ = ["FORMAT", "PACK_NAME", "VERSION", "PackLoad", "default_pack_path", "load_pack", "pack_text",
           "puzzle_digest", "puzzle_json", "write_pack"]

FORMAT = "scryptic-puzzles"
VERSION = 1
PACK_NAME = "pack.jsonl"


def default_pack_path() -> Path:
    """The pack shipped with the game (``shared/puzzles/pack.jsonl``)."""
    return Path(str(resources.files("shared.puzzles").joinpath(PACK_NAME)))


@dataclass
class PackLoad:
    """The puzzles a pack file gave, in file order, and what was wrong with the rest."""

    puzzles: list[Puzzle] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    header: dict[str, Any] = field(default_factory=dict)

    def by_id(self) -> dict[str, Puzzle]:
        """The puzzles by id."""
        return {p.id: p for p in self.puzzles}


def puzzle_json(puzzle: Puzzle) -> str:
    """A puzzle's canonical JSON (keys sorted, no spaces): what its digest is taken of."""
    return json.dumps(msgspec.to_builtins(puzzle), sort_keys=True, separators=(",", ":"))


def puzzle_digest(puzzle: Puzzle) -> str:
    """The SHA-256 of :func:`puzzle_json`, in hex."""
    return hashlib.sha256(puzzle_json(puzzle).encode()).hexdigest()


def pack_text(puzzles: Iterable[Puzzle], info: dict[str, Any] | None = None) -> str:
    """The pack file's text: the header (``info`` added to it), then one line a puzzle."""
    items = list(puzzles)
    header = {"format": FORMAT, "version": VERSION, "count": len(items), **(info or {})}
    lines = [json.dumps(header, sort_keys=True)]
    for puzzle in items:
        lines.append(f'{{"puzzle":{puzzle_json(puzzle)},"sha256":"{puzzle_digest(puzzle)}"}}')
    return "\n".join(lines) + "\n"


def write_pack(puzzles: Iterable[Puzzle], path: str | os.PathLike[str], info: dict[str, Any] | None = None) -> Path:
    """Write the pack whole (atomically) to ``path``; refuses two puzzles with one id."""
    items = list(puzzles)
    ids = [p.id for p in items]
    if len(set(ids)) != len(ids):
        raise PuzzleError("a pack holds each puzzle id once")
    return write_text(path, pack_text(items, info))


def _entry(line: str) -> Puzzle:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise PuzzleError(f"not valid JSON ({exc.msg})") from None
    if not isinstance(data, dict) or set(data) != {"puzzle", "sha256"}:
        raise PuzzleError('an entry is {"puzzle": ..., "sha256": ...}')
    try:
        puzzle = msgspec.convert(data["puzzle"], Puzzle)
    except msgspec.ValidationError as exc:
        raise PuzzleError(f"not a puzzle: {exc}") from None
    if puzzle_digest(puzzle) != data["sha256"]:
        raise PuzzleError(f"puzzle {puzzle.id}: its checksum does not match (the entry is damaged)")
    puzzle.goal.check()
    return puzzle


def load_pack(path: str | os.PathLike[str] | None = None) -> PackLoad:
    """Read a pack (the shipped one by default). Never raises for bad content: each damaged
    entry, a second entry with one id, or a header of another format or version is named in
    ``errors`` (with its line), and every good entry still loads."""
    target = default_pack_path() if path is None else Path(path)
    out = PackLoad()
    try:
        text = target.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        out.errors.append(f"{target}: cannot read the pack: {exc}")
        return out
    lines = text.splitlines()
    try:
        header = json.loads(lines[0]) if lines else None
    except json.JSONDecodeError:
        header = None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        out.errors.append(f"{target}: line 1: not a puzzle pack (no \"format\": \"{FORMAT}\" header)")
        return out
    if header.get("version") != VERSION:
        out.errors.append(f"{target}: line 1: pack version {header.get('version')!r}; this version of "
                          f"Scryptic reads version {VERSION} only")
        return out
    out.header = header
    seen: set[str] = set()
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        try:
            puzzle = _entry(line)
        except PuzzleError as exc:
            out.errors.append(f"{target}: line {number}: {exc}")
            continue
        if puzzle.id in seen:
            out.errors.append(f"{target}: line {number}: a second puzzle {puzzle.id}")
            continue
        seen.add(puzzle.id)
        out.puzzles.append(puzzle)
    return out
