"""What each follower of one game is sent: the per-viewer event streams.

A game has three audiences (RULINGS R13): each seat's holders, who see their own rack, and the
spectators, who see neither. Every accepted action is sent to each audience as one ``update``
frame, encoded once per audience and pushed to all its connections; an audience with no events
to see still gets the update, so no viewer ever sees a gap in the versions. A client coming
back is sent just the events it missed, while the game's tail still holds them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from server.edge.outbound import frame, push_frame
from server.host.seats import Seat
from server.host.views import ViewCache, Viewer, events_for
from shared import wire
from shared.rules.events import Event
from shared.rules.game import Game
from shared.rules.terrain import Player


class Audience:
    """Sends one game's frames to its subscribers, by viewer."""

    def __init__(
        self,
        game_id: str,
        seats: dict[Player, Seat],
        watchers: set[Any],
        tail: deque[tuple[int, list[Event]]],
    ) -> None:
        """``seats``, ``watchers`` and ``tail`` are the game's own (see
        :class:`~server.host.table.GameTable`): each seat's ``conns`` are its holders'
        connections, ``watchers`` the spectators', ``tail`` the events of the last versions."""
        self.game_id = game_id
        self.seats = seats
        self.watchers = watchers
        self.tail = tail

    def subscribers(self) -> Iterator[Any]:
        """Every connection following the game: seat holders, then spectators."""
        for seat in self.seats.values():
            yield from seat.conns
        yield from self.watchers

    def missed_message(self, viewer: Viewer, since: int, version: int) -> bytes | None:
        """The events after version ``since`` (the game is at ``version``), if the tail holds
        them all."""
        if since >= version or not self.tail or since + 1 < self.tail[0][0]:
            return None  # nothing missed, or the tail no longer holds version since + 1
        updates = [
            {"version": v, "events": events_for(events, viewer)}
            for v, events in self.tail
            if v > since
        ]
        return push_frame("missed", game=self.game_id, since=since, updates=updates)

    def to_everyone(self, data: bytes) -> None:
        """Push one frame to every subscriber."""
        for conn in list(self.subscribers()):
            conn.push(data)

    def to_each_viewer(self, make: Callable[[Player | None], bytes]) -> None:
        """Push ``make(player)`` to each seat's holders and ``make(None)`` to the spectators."""
        for player, seat in self.seats.items():
            data = make(player)
            for conn in list(seat.conns):
                conn.push(data)
        if self.watchers:
            data = make(None)
            for conn in list(self.watchers):
                conn.push(data)

    def publish_update(
        self,
        game: Game,
        version: int,
        events: list[Event],
        clock: dict[str, Any] | None,
        defence_deadline_in: float | None,
        cache: ViewCache | None = None,
    ) -> None:
        """Send every audience the update of ``version``: its events and view of the game."""
        cache = cache or ViewCache(game)
        groups: list[tuple[Viewer, Iterable[Any]]] = [(p, seat.conns) for p, seat in self.seats.items()]
        groups.append((None, self.watchers))
        for viewer, conns in groups:
            targets = list(conns)
            if not targets:
                continue
            # The engine's events and view go in as the plain maps it makes: converting them
            # would cost each action measurable CPU (docs/protocol.md, "Declared once").
            data = frame(
                wire.UpdatePush(
                    game=self.game_id,
                    version=version,
                    events=events_for(events, viewer),  # type: ignore[arg-type]
                    view=cache.view(viewer),  # type: ignore[arg-type]
                    clock=None if clock is None else wire.Clock(**clock),
                    defence_deadline_in=defence_deadline_in,
                )
            )
            for conn in targets:
                conn.push(data)
