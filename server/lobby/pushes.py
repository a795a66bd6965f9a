"""What the lobby pushes on its own: the live lobby to its subscribers, and notices to players.

- :class:`LobbyFeed`: connections that sent ``subscribe_lobby`` get a ``lobby`` push each time
  a public game appears in, changes in, or leaves the lists of open games (seeks) and games in
  play, at once (no polling).
- :class:`OnlineUsers`: the connections signed in as each account, for ``your_turn`` (a game of
  yours waits for you and this connection is not seated in it) and ``challenge`` (someone
  challenged you) pushes.

On a cluster node, ``LobbyFeed.on_change`` and ``OnlineUsers.beyond`` carry this node's changes
and notices to the others (:mod:`server.remote.lobby`), which push them with ``send`` and
``tell_here``.

Both only ever send what anybody may see of a game (its lobby line) or what the account itself
may see; no seat token, no rack.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any

from server.edge.outbound import push_frame
from server.lobby.clients import Client

OPEN_LIST, LIVE_LIST = "open", "live"


class LobbyFeed:
    """The ``lobby`` pushes: entries added to, changed in, or removed from the two lists."""

    def __init__(self) -> None:
        self.subscribers: set[Client] = set()
        self._listed: dict[str, str] = {}  # game id -> the list it is in
        # Told of each change of this node's games (a cluster node publishes it to the others).
        self.on_change: Callable[[dict[str, Any]], None] = lambda change: None

    def subscribe(self, client: Client) -> None:
        """Send ``client`` every change from now on."""
        self.subscribers.add(client)

    def unsubscribe(self, client: Client) -> bool:
        """Stop sending to ``client``; False if it was not subscribed."""
        if client in self.subscribers:
            self.subscribers.discard(client)
            return True
        return False

    def show(self, game_id: str, listed: str | None, entry: Callable[[], dict[str, Any]]) -> None:
        """Game ``game_id`` is now in list ``listed`` (None: in neither): push what changed."""
        before = self._listed.get(game_id)
        if listed is None:
            self._listed.pop(game_id, None)
        else:
            self._listed[game_id] = listed
        if before is None and listed is None:
            return  # in neither list, before or after: nothing to say
        if before is not None and before != listed:
            self._changed({"op": "remove", "list": before, "game": game_id, "entry": None})
        if listed is not None:
            self._changed({"op": "change" if before == listed else "add", "list": listed, "game": game_id, "entry": entry()})

    def listed_here(self, game_id: str) -> bool:
        """Whether one of this node's games is in a list now."""
        return game_id in self._listed

    def _changed(self, change: dict[str, Any]) -> None:
        self.send(change)
        self.on_change(change)

    def send(self, change: dict[str, Any]) -> None:
        """Push one change (``op``, ``list``, ``game``, ``entry``) to the subscribers."""
        if not self.subscribers:
            return
        data = push_frame("lobby", **change)
        for client in list(self.subscribers):
            client.push(data)


class OnlineUsers:
    """The open connections of each account."""

    def __init__(self) -> None:
        self._conns: dict[int, set[Client]] = defaultdict(set)
        # Told of each notice (a cluster node carries it to the account's connections elsewhere).
        self.beyond: Callable[[int, str, str | None, dict[str, Any]], None] = lambda user, kind, unless, fields: None

    def add(self, client: Client) -> None:
        """``client`` said hello as its account."""
        if client.user_id is not None:
            self._conns[client.user_id].add(client)

    def remove(self, client: Client) -> None:
        """``client`` closed."""
        if client.user_id is not None:
            conns = self._conns.get(client.user_id)
            if conns is not None:
                conns.discard(client)
                if not conns:
                    del self._conns[client.user_id]

    def connections(self, user_id: int) -> list[Client]:
        """The open connections of ``user_id`` on this node."""
        return list(self._conns.get(user_id, ()))

    def online(self, user_id: int) -> bool:
        """True if ``user_id`` has a connection open."""
        return bool(self._conns.get(user_id))

    def tell(self, user_id: int, kind: str, unless_seated_in: str | None = None, **fields: Any) -> int:
        """Push ``kind`` to each of ``user_id``'s connections (except those seated in game
        ``unless_seated_in``: they see the game itself), on every node; how many got it here."""
        self.beyond(user_id, kind, unless_seated_in, fields)
        return self.tell_here(user_id, kind, unless_seated_in, **fields)

    def tell_here(self, user_id: int, kind: str, unless_seated_in: str | None = None, **fields: Any) -> int:
        """:meth:`tell`, to this node's connections only."""
        targets = [c for c in self._conns.get(user_id, ()) if unless_seated_in is None or unless_seated_in not in c.seats]
        if targets:
            data = push_frame(kind, **fields)
            for client in targets:
                client.push(data)
        return len(targets)
