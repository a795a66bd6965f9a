"""What a game shows of itself: its info, its lobby line, its ``state`` frame, per viewer.

:class:`Snapshots` is a part of :class:`~server.host.table.GameTable` (it reads the table's
state and changes nothing). Nobody sees another player's seat token; a player's rack is in a
view only for that player until the game is over (:class:`~server.host.views.ViewCache`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import msgspec

from server.edge.outbound import frame
from server.host.clocks import Clock
from server.host.ports import HostContext
from server.host.seats import OVER, Seat
from server.host.views import ViewCache, Viewer, events_for
from server.store.records import RatingChange
from shared import wire
from shared.rules.events import Event
from shared.rules.game import Game
from shared.rules.terrain import Player

PROVISIONAL_RD = 110.0  # a rating whose deviation is above this is provisional (shown with "?")


def rating_change_data(change: RatingChange) -> dict[str, Any]:
    """A seat's rating change as clients see it."""
    return {
        "family": change.after.family,
        "before": round(change.before.rating, 1),
        "after": round(change.after.rating, 1),
        "change": round(change.after.rating - change.before.rating, 1),
        "rd": round(change.after.rd, 1),
        "provisional": change.after.rd > PROVISIONAL_RD,
    }


class Snapshots:
    """The read-only views of a game table (mixed into :class:`~server.host.table.GameTable`)."""

    id: str
    created: float
    map_name: str
    rules_name: str
    first: Player
    status: str
    rematch_of: str | None
    rematch_game: str | None
    join_code: str | None
    seats: dict[Player, Seat]
    watchers: set[Any]
    context: HostContext
    clock: Clock
    game: Game
    offers: dict[str, set[Player]]
    rating_changes: dict[int, RatingChange]
    result_data: dict[str, Any] | None
    tail: Any
    # Read-only: the table works them out from its settings (properties of GameTable).
    if TYPE_CHECKING:
        @property
        def time_control(self) -> dict[str, Any]: ...
        @property
        def public(self) -> bool: ...
        @property
        def rated(self) -> bool: ...
        @property
        def family(self) -> str | None: ...
        @property
        def challenged(self) -> int | None: ...

    defence_deadline_in: Callable[[float], float | None]

    def player_name(self, player: Player) -> str | None:
        """What a seat is called in the lobby and the game's info."""
        seat = self.seats[player]
        if seat.is_bot:
            return f"Bot (level {seat.bot_level})"
        if seat.user_id is None:
            return None
        return self.context.lobby.user_name(seat.user_id)

    def view_cache(self) -> ViewCache:
        """Views of the game as it stands (both racks shown to everyone once it is over)."""
        over = self.status == OVER
        return ViewCache(self.game, result=self.result_data if over else None, reveal=over)

    def info(self, now: float, for_seat: Player | None) -> dict[str, Any]:
        """The game's metadata as a client sees it (seat holders also see the join code)."""
        players = {}
        for player, seat in self.seats.items():
            players[str(int(player))] = {
                "name": self.player_name(player),
                "id": seat.user_id,
                "bot": seat.bot_level,
                "taken": seat.taken,
                "connected": seat.connected,
                "absent_for": None if seat.absent_since is None or seat.connected else round(now - seat.absent_since, 3),
            }
        offers = {kind: sorted(int(p) for p in self.offers.get(kind, ())) for kind in ("draw", "takeback")}
        return {
            "game": self.id,
            "status": self.status,
            "map": self.map_name,
            "rules": self.rules_name,
            "time_control": self.time_control,
            "rated": self.rated,
            "family": self.family,
            "public": self.public,
            "challenged": self.challenged,
            "join_code": self.join_code if for_seat is not None else None,
            "first": int(self.first),
            "players": players,
            "clock": self.clock.public(now),
            "defence_deadline_in": self.defence_deadline_in(now),
            "abandon_grace": None if self.time_control.get("kind") == "correspondence" else self.context.settings.abandon_grace,
            "offers": offers,
            "rematch": {"offered_by": sorted(int(p) for p in self.offers.get("rematch", ())), "game": self.rematch_game},
            "rematch_of": self.rematch_of,
            "result": self.result_data,
            "rating_changes": {str(seat): rating_change_data(c) for seat, c in sorted(self.rating_changes.items())} or None,
        }

    def summary(self) -> dict[str, Any]:
        """A lobby line."""
        return {
            "game": self.id,
            "status": self.status,
            "map": self.map_name,
            "rules": self.rules_name,
            "time_control": self.time_control,
            "rated": self.rated,
            "family": self.family,
            "players": {str(int(p)): self.player_name(p) for p in self.seats},
            "player_ids": {str(int(p)): s.user_id for p, s in self.seats.items()},
            "open_seat": next((int(p) for p, s in self.seats.items() if not s.taken), None),
            "version": self.game.version,
            "watchers": len(self.watchers),
            "created": self.created,
        }

    def start_events(self, viewer: Viewer) -> list[dict[str, Any]]:
        """The events of the game's start (version 0) as ``viewer`` sees them, while the tail
        still holds them."""
        if self.tail and self.tail[0][0] == 0:
            events: list[Event] = self.tail[0][1]
            return events_for(events, viewer)
        return []

    def state_message(self, viewer: Viewer, seat: Player | None, now: float, cache: ViewCache | None = None) -> bytes:
        """The ``state`` frame: the whole game as ``viewer`` sees it, with the info (and, at
        version 0, the events of the game's start)."""
        cache = cache or self.view_cache()
        version = self.game.version
        # The engine's view and events go in as the plain maps it makes (docs/protocol.md).
        return frame(
            wire.StatePush(
                game=self.id,
                version=version,
                seat=None if seat is None else int(seat),
                view=cache.view(viewer),  # type: ignore[arg-type]
                info=msgspec.convert(self.info(now, seat), wire.GameInfo),
                events=self.start_events(viewer) if version == 0 else [],  # type: ignore[arg-type]
            )
        )
