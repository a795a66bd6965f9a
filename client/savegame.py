"""A local game kept when the player quits, and resumed from the main menu.

The file is ``skirmish.json`` in the user's data folder (``SCRYPTIC_DATA_DIR`` overrides it; the
tests point it at a temporary folder). It holds the game's record (map, rules, seed and every
action, see docs/record-format.md) and the seats; resuming replays the record, so the game
comes back exactly as it was, racks and pools included. One game is kept: the last one left.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shared.files.atomic import set_aside, write_text
from shared.rules.lexicon import Lexicon
from shared.rules.record import RecordError, parse_record
from shared.rules.replay import replay
from shared.rules.terrain import Player
from shared.files.userdirs import data_dir

from client.session import LocalSession, Seat

FORMAT = 1


class SaveError(ValueError):
    """The saved game cannot be read; ``reason`` says why in plain words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class SavedGame:
    """What the menu shows about the saved game."""

    title: str
    turn: int
    opponent: str


def save_path(directory: Path | None = None) -> Path:
    return (directory or data_dir()) / "skirmish.json"


def can_save(session: Any) -> bool:
    """True for a local game in progress (a skirmish or pass-and-play, not a replay or online)."""
    return type(session) is LocalSession and session.game.result is None and bool(session.local_players)


def save(session: LocalSession, directory: Path | None = None) -> Path:
    """Write ``session``'s game to the save file (replacing the one there)."""
    data = {
        "format": FORMAT,
        "title": session.title,
        "turn": session.game.turn,
        "seats": {str(int(p)): {"name": s.name, "human": s.human_here, "ai_level": s.ai_level}
                  for p, s in session.seats.items()},
        "record": session.game.record().to_text(),
    }
    return write_text(save_path(directory), json.dumps(data, indent=1))


def forget(directory: Path | None = None) -> None:
    """Remove the save file (the game ended, or it was resumed and then finished)."""
    save_path(directory).unlink(missing_ok=True)


def _read(directory: Path | None) -> dict[str, Any] | None:
    path = save_path(directory)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        raise SaveError(f"the saved game could not be read ({exc.__class__.__name__})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or "record" not in data:
        raise SaveError("the saved game is not one this version can read")
    return data


def peek(directory: Path | None = None) -> SavedGame | None:
    """What the saved game is (None if there is none or it cannot be read)."""
    try:
        data = _read(directory)
    except SaveError:
        return None
    if data is None:
        return None
    seats = data.get("seats") or {}
    opponents = [s.get("name", "") for s in seats.values() if not s.get("human")]
    return SavedGame(str(data.get("title", "")), int(data.get("turn", 0)), opponents[0] if opponents else "")


def load(lexicon: Lexicon, directory: Path | None = None) -> LocalSession | None:
    """The saved game as a session ready to play (None if there is none).

    A damaged file is set aside (renamed ``.corrupt``) and :class:`SaveError` says so.
    """
    try:
        data = _read(directory)
    except SaveError:
        set_aside(save_path(directory))
        raise
    if data is None:
        return None
    try:
        record = parse_record(str(data["record"]))
        game = replay(record, lexicon)
        seats = {}
        for p in Player:
            s = data["seats"][str(int(p))]
            level = s.get("ai_level")
            seats[p] = Seat(p, str(s["name"]), bool(s["human"]), None if level is None else int(level))
    except (RecordError, KeyError, TypeError, ValueError) as exc:
        set_aside(save_path(directory))
        raise SaveError(f"the saved game could not be replayed: {exc}") from None
    return LocalSession(game, seats, ai_seed=record.seed + len(record.actions), title=str(data.get("title", "")))
