"""The engine's plain dicts turned into the wire's Structs (shared/wire), at the one boundary.

A game played here (``LocalSession``, replays, the analysis board) gets events and views from
the engine as dicts (``Event.to_dict(viewer)``, ``Game.view(viewer)``); a game on a server gets
them from the client library, already decoded. Both reach the screens as the same Structs.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

import msgspec

from shared.rules.terrain import Player
from shared.wire import GameEvent, View

__all__ = ["wire_events", "wire_event", "wire_view"]


class _EngineEvent(Protocol):
    def to_dict(self, viewer: Player | None) -> dict[str, Any] | None: ...


def wire_event(data: dict[str, Any]) -> GameEvent:
    """One event dict (as ``Event.to_dict`` makes it) as its Struct."""
    return msgspec.convert(data, GameEvent)  # type: ignore[arg-type]


def wire_events(events: Iterable[_EngineEvent], viewer: Player | None) -> list[GameEvent]:
    """The engine's events as ``viewer`` may see them (those it may not see left out)."""
    out: list[GameEvent] = []
    for event in events:
        data = event.to_dict(viewer)
        if data is not None:
            out.append(wire_event(data))
    return out


def wire_view(data: dict[str, Any]) -> View:
    """A view dict (``Game.view``) as the :class:`~shared.wire.View` Struct."""
    return msgspec.convert(data, View)
