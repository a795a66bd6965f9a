"""How the online screens put clocks, ratings, results and time controls into words.

Pure functions of the server's messages (docs/protocol.md), shared by the lobby, "My games" and
the profile screens; nothing here draws or talks to the network. A lobby line, a clock or a
rating comes as its Struct (shared/wire) from a push, or as its plain map inside a request's
reply (replies are not declared there); either reads the same.
"""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec

from shared.wire import LobbyEntry, Rating, TimeControlSpec

T = TypeVar("T", bound=msgspec.Struct)


def typed(value: T | dict[str, Any], kind: type[T]) -> T:
    """``value`` as a ``kind`` Struct (a reply's plain map is converted; a Struct passes)."""
    return value if isinstance(value, kind) else msgspec.convert(value, kind)

PROVISIONAL_RD = 110.0
"""A rating is provisional while its deviation is above this (docs/protocol.md, *Ratings*)."""

FAMILIES = ("blitz", "rapid", "slow", "correspondence")
FAMILY_NAMES = {"blitz": "Blitz", "rapid": "Rapid", "slow": "Slow", "correspondence": "Correspondence"}

TIME_CONTROLS: list[tuple[dict[str, Any], str, str | None]] = [
    ({"kind": "fischer", "initial": 180, "increment": 2}, "3 min + 2 s", "blitz"),
    ({"kind": "fischer", "initial": 300, "increment": 3}, "5 min + 3 s", "blitz"),
    ({"kind": "fischer", "initial": 600, "increment": 10}, "10 min + 10 s", "rapid"),
    ({"kind": "fischer", "initial": 900, "increment": 10}, "15 min + 10 s", "rapid"),
    ({"kind": "fischer", "initial": 1800, "increment": 20}, "30 min + 20 s", "slow"),
    ({"kind": "per_turn", "seconds": 120}, "2 minutes a turn", "slow"),
    ({"kind": "correspondence", "days": 1}, "1 day a move", "correspondence"),
    ({"kind": "correspondence", "days": 3}, "3 days a move", "correspondence"),
    ({"kind": "correspondence", "days": 7}, "7 days a move", "correspondence"),
    ({"kind": "none"}, "No clock (casual only)", None),
]
"""The clocks the create form offers: (time control, its name, its rating family). The
families follow the server's rule (bank + 40 increments, or 40 turns' limits)."""


def short_clock(tc: TimeControlSpec | dict[str, Any] | None) -> str:
    """A time control in a few characters: ``10+10``, ``2 min/turn``, ``3 days/move``, ``no clock``."""
    if not tc:
        return "no clock"
    clock = typed(tc, TimeControlSpec)
    if clock.kind == "fischer":
        return f"{float(clock.initial or 0) / 60:g}+{float(clock.increment or 0):g}"
    if clock.kind == "per_turn" and clock.seconds is not None:
        seconds = float(clock.seconds)
        return f"{seconds / 60:g} min/turn" if seconds >= 60 and seconds % 60 == 0 else f"{seconds:g} s/turn"
    if clock.kind == "correspondence" and clock.days is not None:
        days = float(clock.days)
        return f"{days:g} day{'s' if days != 1 else ''}/move"
    return "no clock"


def game_line(entry: LobbyEntry | dict[str, Any]) -> str:
    """``Cinder Ford · war · 1 day/move · rated``: a lobby entry's settings on one line."""
    line = typed(entry, LobbyEntry)
    kind = "rated" if line.rated else "casual"
    return " \u00b7 ".join((str(line.map or "?"), str(line.rules or "?"), short_clock(line.time_control), kind))


def rating_text(rating: Rating | dict[str, Any] | None) -> str:
    """``1512`` for an established rating, ``1512?`` for a provisional one, ``-`` for none."""
    if not rating:
        return "-"
    r = typed(rating, Rating)
    return f"{float(r.rating):.0f}{'?' if r.provisional else ''}"


def time_left_text(seconds: float | None) -> str:
    """``4:07``, ``2 h 05 min``, ``3 d 4 h``; ``-`` without a clock."""
    if seconds is None:
        return "-"
    s = max(0, int(seconds))
    if s >= 86400:
        return f"{s // 86400} d {s % 86400 // 3600} h"
    if s >= 3600:
        return f"{s // 3600} h {s % 3600 // 60:02d} min"
    return f"{s // 60}:{s % 60:02d}"


def change_text(change: float | None) -> str:
    """``+12.4`` / ``-8.0``; empty for an unrated game."""
    return "" if change is None else f"{change:+.1f}"


OUTCOME_TEXT = {"win": "Won", "loss": "Lost", "draw": "Drawn", "aborted": "Aborted"}

REASON_TEXT = {
    "time": "on time", "resigned": "resignation", "abandoned": "opponent left",
    "agreed": "by agreement", "aborted": "aborted", "declined": "declined", "conquest": "by conquest",
    "score": "on points", "target": "target score", "stalemate": "both passed",
    "stall-limit": "stall limit", "turn-limit": "turn limit",
    "adjudicated": "adjudicated", "forfeit": "forfeit",
}


def reason_text(result: dict[str, Any] | None) -> str:
    """How a game ended, in a couple of words."""
    reason = (result or {}).get("reason")
    return REASON_TEXT.get(reason, str(reason).replace("-", " ")) if reason else ""


def opponent_text(opponent: dict[str, Any] | None) -> str:
    """The opponent's name, ``bot level N`` for a nameless bot, ``nobody yet`` for an empty seat."""
    opponent = opponent or {}
    if opponent.get("name"):
        return str(opponent["name"])
    if opponent.get("bot"):
        return f"Bot level {opponent['bot']}"
    return "nobody yet"
