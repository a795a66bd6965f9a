"""The game record: map + rule set + seed + actions, as versioned JSON Lines.

Line 1 is the header::

    {"format": "scryptic-record", "version": 1, "map": {"name": ..., "grid": [...]},
     "rules": {...}, "seed": 42, "first": 1}

Each following line is one accepted action in its plain form (``shared.rules.actions``).
An optional last line ``{"end": {"winner": 1, "reason": "score", "scores": {"1": 80, "2": 61}}}``
states the result; replaying checks it. See ``docs/record-format.md``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from shared.rules.grid import grid_rows, map_from_rows
from shared.rules.presets import RuleSet
from shared.rules.terrain import GameMap, Player

__all__ = [
    "FORMAT", "VERSION", "READABLE_VERSIONS", "RecordError", "GameRecord", "parse_record",
]

FORMAT = "scryptic-record"
VERSION = 2
"""Version 2 records play revision 2 of the rulings; version 1 records (no ``revision`` in their
rules) replay under revision 1, as they were played."""
READABLE_VERSIONS = (1, 2)

class RecordError(ValueError):
    """A record that cannot be read or replayed; ``line`` is 1-based."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


@dataclass
class GameRecord:
    """Everything needed to replay a game exactly."""

    game_map: GameMap
    rules: RuleSet
    seed: int
    first: Player = Player.GOLD
    actions: list[dict[str, Any]] = field(default_factory=list)
    end: dict[str, Any] | None = None

    @classmethod
    def from_game(cls, game) -> "GameRecord":
        end = None
        if game.result is not None:
            end = {**game.result.to_dict(), "scores": {str(int(p)): s for p, s in game.scores().items()}}
        return cls(game.map, game.rules, game.seed, game.first, list(game.actions), end)

    def header(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "map": {"name": self.game_map.name, "grid": grid_rows(self.game_map)},
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "first": int(self.first),
        }

    def to_text(self) -> str:
        """The record as JSON Lines text."""
        lines = [json.dumps(self.header(), sort_keys=True)]
        lines += [json.dumps(a, sort_keys=True) for a in self.actions]
        if self.end is not None:
            lines.append(json.dumps({"end": self.end}, sort_keys=True))
        return "\n".join(lines) + "\n"


def parse_record(text: str) -> GameRecord:
    """Read a record; a RecordError names the line and what is wrong with it."""
    lines = [(i + 1, line) for i, line in enumerate(text.splitlines()) if line.strip()]
    if not lines:
        raise RecordError(1, "the record is empty")
    parsed = []
    for number, line in lines:
        try:
            parsed.append((number, json.loads(line)))
        except json.JSONDecodeError as exc:
            raise RecordError(number, f"not valid JSON ({exc.msg})") from None
    number, header = parsed[0]
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise RecordError(number, f"the first line must be a header with \"format\": \"{FORMAT}\"")
    version = header.get("version")
    if version not in READABLE_VERSIONS:
        readable = " and ".join(str(v) for v in READABLE_VERSIONS)
        raise RecordError(number, f"unsupported record version {version!r} (this reads versions {readable})")
    for key in ("map", "rules", "seed"):
        if key not in header:
            raise RecordError(number, f"the header has no {key!r}")
    try:
        m = header["map"]
        game_map = map_from_rows(list(m["grid"]), name=m.get("name", "unnamed"))
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(number, f"bad map: {exc}") from None
    try:
        rules_data = header["rules"]
        if version >= 2 and isinstance(rules_data, dict):
            rules_data = {"revision": 2, **rules_data}
        rules = RuleSet.from_dict(rules_data)
    except (TypeError, ValueError) as exc:
        raise RecordError(number, f"bad rules: {exc}") from None
    seed = header["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError(number, "the seed must be a whole number")
    try:
        first = Player(header.get("first", 1))
    except ValueError:
        raise RecordError(number, "first must be 1 or 2") from None
    record = GameRecord(game_map, rules, seed, first)
    for number, item in parsed[1:]:
        if not isinstance(item, dict):
            raise RecordError(number, "each line after the header must be a JSON object")
        if "end" in item:
            if record.end is not None:
                raise RecordError(number, "a second end line")
            record.end = item["end"]
            continue
        if record.end is not None:
            raise RecordError(number, "an action after the end line")
        record.actions.append(item)
    return record
