"""Actions are values: what a player (or the AI, or a server on a player's behalf) does.

``action_to_dict`` and ``action_from_dict`` give them a plain form for records and the wire.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from shared.rules.errors import ActionFormatError
from shared.rules.terrain import Cell, Player

__all__ = [
    "RESIGN_REASONS", "Commit", "Redeploy", "Discard", "OrderDefence", "EndTurn", "Resign",
    "Action", "check_shape", "action_to_dict", "action_from_dict",
]

RESIGN_REASONS = ("resigned", "time", "abandoned")


@dataclass(frozen=True, slots=True)
class Commit:
    """Place letters from the rack in one line: (row, column, letter) each."""

    player: Player
    placements: tuple[tuple[int, int, str], ...]
    direction: str | None = None  # needed only to say which line a single letter extends


@dataclass(frozen=True, slots=True)
class Redeploy:
    """Lift the run through ``cell`` in ``direction`` back onto the rack."""

    player: Player
    cell: Cell
    direction: str


@dataclass(frozen=True, slots=True)
class Discard:
    """Throw away exactly the letters over the rack limit."""

    player: Player
    letters: str


@dataclass(frozen=True, slots=True)
class OrderDefence:
    """The defender's order: indices into the pending defence's defender list."""

    player: Player
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class EndTurn:
    player: Player


@dataclass(frozen=True, slots=True)
class Resign:
    """Give up the game. The server also uses it for loss on time or abandonment."""

    player: Player
    reason: str = "resigned"


Action = Union[Commit, Redeploy, Discard, OrderDefence, EndTurn, Resign]

_TYPE_NAMES = {
    Commit: "commit",
    Redeploy: "redeploy",
    Discard: "discard",
    OrderDefence: "order_defence",
    EndTurn: "end_turn",
    Resign: "resign",
}
_BY_NAME = {name: cls for cls, name in _TYPE_NAMES.items()}


def check_shape(action: object) -> None:
    """Refuse an action object whose fields are not of the right kinds (ActionFormatError).

    The engine's entry point calls this before any rule is looked at, so that a caller that
    builds actions by hand gets a rules refusal that says what was wrong, never a KeyError or
    a TypeError from deep inside.
    """
    if not isinstance(action, (Commit, Redeploy, Discard, OrderDefence, EndTurn, Resign)):
        raise ActionFormatError(f"not an action: {action!r}")
    if isinstance(action.player, bool) or action.player not in (Player.GOLD, Player.SILVER):
        raise ActionFormatError(f"player must be 1 (gold) or 2 (silver), not {action.player!r}")
    if isinstance(action, Commit):
        if not isinstance(action.placements, (tuple, list)) or not all(
            isinstance(p, (tuple, list)) and len(p) == 3 and _is_int(p[0]) and _is_int(p[1])
            for p in action.placements
        ):
            raise ActionFormatError("placements must be (row, column, letter) triples of whole numbers and a letter")
        if action.direction is not None and action.direction not in ("across", "down"):
            raise ActionFormatError(f"direction must be 'across' or 'down', not {action.direction!r}")
    elif isinstance(action, Redeploy):
        if not (isinstance(action.cell, (tuple, list)) and len(action.cell) == 2 and all(_is_int(x) for x in action.cell)):
            raise ActionFormatError(f"cell must be (row, column) in whole numbers, not {action.cell!r}")
        if action.direction not in ("across", "down"):
            raise ActionFormatError(f"direction must be 'across' or 'down', not {action.direction!r}")
    elif isinstance(action, Discard):
        if not isinstance(action.letters, str):
            raise ActionFormatError(f"letters must be a string, not {action.letters!r}")
    elif isinstance(action, OrderDefence):
        if not (isinstance(action.order, (tuple, list)) and all(_is_int(i) for i in action.order)):
            raise ActionFormatError(f"order must be a tuple of whole numbers, not {action.order!r}")
    elif isinstance(action, Resign) and action.reason not in RESIGN_REASONS:
        raise ActionFormatError(f"resign reason must be one of {', '.join(RESIGN_REASONS)}")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def action_to_dict(action: Action) -> dict[str, Any]:
    """The plain (JSON and msgpack) form of an action."""
    out: dict[str, Any] = {"type": _TYPE_NAMES[type(action)], "player": int(action.player)}
    if isinstance(action, Commit):
        out["placements"] = [[r, c, letter] for r, c, letter in action.placements]
        if action.direction is not None:
            out["direction"] = action.direction
    elif isinstance(action, Redeploy):
        out["cell"] = list(action.cell)
        out["direction"] = action.direction
    elif isinstance(action, Discard):
        out["letters"] = action.letters
    elif isinstance(action, OrderDefence):
        out["order"] = list(action.order)
    elif isinstance(action, Resign):
        out["reason"] = action.reason
    return out


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ActionFormatError(f"{what} must be a whole number, not {value!r}")
    return value


def _player(value: Any) -> Player:
    try:
        return Player(_int(value, "player"))
    except ValueError:
        raise ActionFormatError(f"player must be 1 (gold) or 2 (silver), not {value!r}") from None


def _cell(value: Any, what: str) -> Cell:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise ActionFormatError(f"{what} must be [row, column], not {value!r}")
    return (_int(value[0], f"{what} row"), _int(value[1], f"{what} column"))


def _direction(value: Any, optional: bool) -> str | None:
    if value is None and optional:
        return None
    return _required_direction(value)


def _required_direction(value: Any) -> str:
    if value not in ("across", "down"):
        raise ActionFormatError(f"direction must be 'across' or 'down', not {value!r}")
    return str(value)


def _letters(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise ActionFormatError(f"{what} must be a string of letters, not {value!r}")
    return value.lower()


_FIELDS: dict[type, frozenset[str]] = {
    cls: frozenset({"type", "player", *fields}) for cls, fields in (
        (Commit, ("placements", "direction")),
        (Redeploy, ("cell", "direction")),
        (Discard, ("letters",)),
        (OrderDefence, ("order",)),
        (EndTurn, ()),
        (Resign, ("reason",)),
    )
}


def action_from_dict(data: Any) -> Action:
    """Parse an action's plain form; raise ActionFormatError naming what is wrong."""
    if not isinstance(data, dict):
        raise ActionFormatError(f"an action must be a mapping, not {type(data).__name__}")
    kind = data.get("type")
    cls = _BY_NAME.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ActionFormatError(f"unknown action type {kind!r}; expected one of {', '.join(_BY_NAME)}")
    extra = set(data) - _FIELDS[cls]
    if extra:
        raise ActionFormatError(f"unexpected field(s) for {kind}: {', '.join(sorted(map(str, extra)))}")
    player = _player(data.get("player"))
    if cls is Commit:
        raw = data.get("placements")
        if not isinstance(raw, (list, tuple)):
            raise ActionFormatError("placements must be a list of [row, column, letter]")
        placements = []
        for i, item in enumerate(raw):
            if not isinstance(item, (list, tuple)) or len(item) != 3:
                raise ActionFormatError(f"placement {i + 1} must be [row, column, letter], not {item!r}")
            r, c = _cell(item[:2], f"placement {i + 1}")
            placements.append((r, c, _letters(item[2], f"placement {i + 1} letter")))
        return Commit(player, tuple(placements), _direction(data.get("direction"), optional=True))
    if cls is Redeploy:
        return Redeploy(player, _cell(data.get("cell"), "cell"), _required_direction(data.get("direction")))
    if cls is Discard:
        return Discard(player, _letters(data.get("letters"), "letters"))
    if cls is OrderDefence:
        raw = data.get("order")
        if not isinstance(raw, (list, tuple)):
            raise ActionFormatError("order must be a list of defender indices")
        return OrderDefence(player, tuple(_int(i, "defender index") for i in raw))
    if cls is Resign:
        reason = data.get("reason", "resigned")
        if reason not in RESIGN_REASONS:
            raise ActionFormatError(f"resign reason must be one of {', '.join(RESIGN_REASONS)}")
        return Resign(player, reason)
    return EndTurn(player)
