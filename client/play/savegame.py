"""Local games kept in save slots, one file per game, and resumed from the main menu.

Every local game in progress (a skirmish against the computer, pass and play, a test game
from the map editor; not the guided game) has its own file in the ``saves`` folder of the
settings folder (``SCRYPTIC_CONFIG_DIR`` overrides it; the tests point it at a temporary
folder). The file is rewritten whole after every action the game accepts (by
:mod:`client.play.autosave`, off the frame thread) and holds the game's record (map, rules, seed and
every action, see docs/record-format.md), the seats and a summary for the list: the map, the
opponent, the turn and when it was saved. Resuming replays the record, so the game comes back
exactly as it was, racks and pools included, and the events of the replay refill the chronicle.
A game that ends leaves its slot (it lives on in the records and replays). There is no cap on
the number of slots.

An older version kept one game, ``skirmish.json`` in the data folder; :func:`migrate` moves it
into a slot.
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from shared.files.atomic import write_bytes, write_text
from shared.files.userdirs import config_dir, data_dir
from shared.rules.actions import action_from_dict
from shared.rules.errors import RuleError
from shared.rules.game import Game
from shared.rules.lexicon import Lexicon
from shared.rules.record import GameRecord, RecordError, parse_record
from shared.rules.terrain import Player

from client.play.session import LocalSession, Seat
from client.play.wire import wire_events

FORMAT = 2
OLD_FORMAT = 1
SUFFIX = ".json"


class SaveError(ValueError):
    """A saved game cannot be read; ``reason`` says why in plain words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class SavedGame:
    """One line of the Resume list: what a save file holds (or why it cannot be read)."""

    path: Path
    title: str = ""
    opponent: str = ""
    turn: int = 0
    saved_at: float = 0.0  # seconds since the epoch
    seats: str = ""  # who plays which side here (seats_text)
    problem: str | None = None  # None: the file reads; else why not, in plain words

    @property
    def damaged(self) -> bool:
        return self.problem is not None


@dataclass
class Snapshot:
    """A game's state taken on the frame thread (cheap); :func:`encode` turns it into the file."""

    record: GameRecord
    title: str
    turn: int
    seats: dict[str, dict[str, Any]]
    opponent: str
    origin: str
    saved_at: float = field(default_factory=time.time)


def saves_dir(directory: Path | None = None) -> Path:
    """The folder of the save slots (``directory`` replaces the settings folder)."""
    return (directory or config_dir()) / "saves"


def old_save_path(directory: Path | None = None) -> Path:
    """Where an older version kept its one saved game (``directory`` replaces the data folder)."""
    return (directory or data_dir()) / "skirmish.json"


def new_slot(directory: Path | None = None) -> Path:
    """A fresh slot's path: named by the time it starts, so names sort oldest first."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    return saves_dir(directory) / f"game-{stamp}-{secrets.token_hex(3)}{SUFFIX}"


def can_save(session: Any) -> bool:
    """True for a local game in progress (a skirmish or pass-and-play, not a replay, online game or
    the guided game, whose sessions are other classes)."""
    return type(session) is LocalSession and session.game.result is None and bool(session.local_players)


def opponent_text(seats: dict[Player, Seat]) -> str:
    """Who the game is against, as the list says it: the computer seat's name, or pass and play."""
    computers = [s for s in seats.values() if not s.human_here]
    return computers[0].name if computers else "Pass and play"


def seats_text(seats: dict[str, Any]) -> str:
    """Who plays which side here, from a save file's seats: "Ada plays gold", "Ann (gold), Bob (silver)"."""
    here = [(Player(int(k)).label.lower(), str(s.get("name", ""))) for k, s in sorted(seats.items())
            if isinstance(s, dict) and s.get("human")]
    if len(here) == 1:
        return f"{here[0][1]} plays {here[0][0]}"
    return ", ".join(f"{name} ({side})" for side, name in here)


def snapshot(session: LocalSession, origin: str = "menu") -> Snapshot:
    """The session's game as it is now (``origin``: "menu" or "editor", where it was started)."""
    game = session.game
    seats = {str(int(p)): {"name": s.name, "human": s.human_here, "ai_level": s.ai_level}
             for p, s in session.seats.items()}
    return Snapshot(GameRecord.from_game(game), session.title or game.map.name, game.turn, seats,
                    opponent_text(session.seats), origin)


def encode(snap: Snapshot) -> str:
    """The save file's text for ``snap`` (the slow part of saving: run off the frame thread)."""
    data = {
        "format": FORMAT,
        "title": snap.title,
        "opponent": snap.opponent,
        "turn": snap.turn,
        "saved_at": snap.saved_at,
        "origin": snap.origin,
        "seats": snap.seats,
        "record": snap.record.to_text(),
    }
    return json.dumps(data, indent=1)


def save(session: LocalSession, path: Path) -> Path:
    """Write ``session``'s game to ``path`` now (whole: a temporary file renamed over it)."""
    return write_text(path, encode(snapshot(session)))


def delete(path: Path) -> None:
    """Remove a save slot (the game ended, or the player deleted it)."""
    Path(path).unlink(missing_ok=True)


def _read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SaveError("the file is gone") from None
    except UnicodeDecodeError:
        raise SaveError("the file is damaged (it is not text)") from None
    except ValueError as exc:
        raise SaveError(f"the file is damaged (not JSON: {exc.msg if hasattr(exc, 'msg') else exc})") from None
    except OSError as exc:
        raise SaveError(f"the file could not be read ({exc.strerror or exc})") from None
    if not isinstance(data, dict) or "record" not in data or not isinstance(data.get("seats"), dict):
        raise SaveError("the file is not a saved game")
    if data.get("format") not in (FORMAT, OLD_FORMAT):
        raise SaveError(f"the file is a saved game of another version (format {data.get('format')!r})")
    return data


def summary(path: Path) -> SavedGame:
    """The list's line for the file at ``path`` (a damaged file gives its problem, never raises)."""
    path = Path(path)
    try:
        data = _read(path)
        mtime = path.stat().st_mtime
        return SavedGame(path, str(data.get("title", "")), str(data.get("opponent", "")),
                         int(data.get("turn", 0)), float(data.get("saved_at", mtime)), seats_text(data["seats"]))
    except SaveError as exc:
        return SavedGame(path, path.stem, saved_at=_mtime(path), problem=exc.reason)
    except (TypeError, ValueError):
        return SavedGame(path, path.stem, saved_at=_mtime(path), problem="the file is damaged (a bad summary)")


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def list_saves(directory: Path | None = None) -> list[SavedGame]:
    """Every save slot, newest first; damaged ones are listed too, with their problem."""
    folder = saves_dir(directory)
    try:
        paths = [p for p in folder.iterdir() if p.suffix == SUFFIX and not p.name.startswith(".")]
    except FileNotFoundError:
        return []
    games = [summary(p) for p in paths]
    return sorted(games, key=lambda g: (g.saved_at, g.path.name), reverse=True)


def load(lexicon: Lexicon, path: Path) -> LocalSession:
    """The saved game at ``path`` as a session ready to play; :class:`SaveError` says why not.

    The session keeps the same slot (``session.save_slot``), so playing on rewrites this file;
    ``session.history`` holds each action's events, which the game screen tells in its chronicle.
    """
    data = _read(path)
    try:
        record = parse_record(str(data["record"]))
        seats = {}
        for p in Player:
            s = data["seats"][str(int(p))]
            level = s.get("ai_level")
            seats[p] = Seat(p, str(s["name"]), bool(s["human"]), None if level is None else int(level))
        game, history = _replay(record, lexicon, seats)
    except RecordError as exc:
        raise SaveError(f"the game in it could not be replayed (record line {exc.line}: {exc.reason})") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"the file is damaged ({exc.__class__.__name__}: {exc})") from None
    if game.result is not None:
        raise SaveError("the game in it is already over")
    session = LocalSession(game, seats, ai_seed=record.seed + len(record.actions), title=str(data.get("title", "")))
    session.save_slot = Path(path)
    session.resumed = True
    session.origin = str(data.get("origin", "menu"))
    session.history = history
    return session


def _replay(record: GameRecord, lexicon: Lexicon, seats: dict[Player, Seat]):
    """Play the record again, keeping each action's events as the game screen was shown them."""
    try:
        game = Game.new(record.game_map, record.rules, record.seed, lexicon, record.first)
    except ValueError as exc:
        raise RecordError(1, str(exc)) from None
    local = [p for p in Player if seats[p].human_here]
    history = []
    for index, data in enumerate(record.actions):
        # The screen's viewer when the action was played (client.play.session.GameSession.viewer).
        viewer = local[0] if len(local) == 1 else (game.actor or Player.GOLD) if local else None
        on_board = {p: len(game.board.letters.get(p, {})) for p in Player}
        try:
            events = game.apply(action_from_dict(data))
        except RuleError as exc:
            raise RecordError(index + 2, f"{exc.code}: {exc.reason}") from None
        history.append((wire_events(events, viewer), on_board))
    return game, history


def migrate(config: Path | None = None, data: Path | None = None) -> Path | None:
    """Move an older version's one saved game into a slot (once); the slot's path, or None.

    A file that cannot be read is moved too: the Resume list then shows it as damaged rather
    than the game vanishing.
    """
    old = old_save_path(data)
    if not old.exists():
        return None
    target = saves_dir(config) / f"game-migrated-{time.strftime('%Y%m%d-%H%M%S', time.gmtime())}{SUFFIX}"
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        old_data = json.loads(old.read_text(encoding="utf-8"))
        if isinstance(old_data, dict) and old_data.get("format") == OLD_FORMAT and "record" in old_data:
            old_data.setdefault("saved_at", old.stat().st_mtime)
            if not old_data.get("opponent"):
                seats = old_data.get("seats") or {}
                names = [str(s.get("name", "")) for s in seats.values() if not s.get("human")]
                old_data["opponent"] = names[0] if names else "Pass and play"
            write_text(target, json.dumps(old_data, indent=1))
            old.unlink()
            return target
    except (OSError, ValueError, AttributeError):
        pass
    write_bytes(target, old.read_bytes())  # unreadable: moved as it is, and listed as damaged
    old.unlink()
    return target
