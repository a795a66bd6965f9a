"""The lobby across the nodes of a cluster: :class:`ClusterLobby`.

Each node keeps its own games' lobby lines (:class:`~server.lobby.pushes.LobbyFeed`) and
publishes every change of them on one subject (:func:`~server.bus.interface.lobby_subject`);
every node keeps the lines of the others, keyed by game, pushes their changes to its own
``subscribe_lobby`` connections and adds them to ``list_games``. A node also publishes its
whole list every ``full_every`` seconds (and at once when a node starts and asks): that mends
what a lost message or a bus outage left wrong, and a node not heard for ``forget_after``
seconds has its lines dropped (its games reappear from the node that claims them).

``your_turn`` and ``challenge`` notices go on the same subject; each node tells the account's
connections it has. So does a rename: every node that knows the account takes the new name
and shows it in the games it runs. So do a tournament's pushes (its standings, its end): the node
directing the event publishes each, and every node pushes it to its own connections that follow
the event or play in it; and the lines said in a tournament's lobby. ``my_games`` asks every node it hears beating for the account's games
there (each node serves :func:`~server.bus.interface.lobby_ask_subject` of its address).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Iterable
from typing import Any

from server.bus.interface import (
    BusError,
    MessageBus,
    Subscription,
    lobby_ask_subject,
    lobby_subject,
)
from server.edge.protocol import ProtocolError
from server.lobby.pushes import LobbyFeed, OnlineUsers
from server.remote import wire

log = logging.getLogger("scryptic.cluster")

Line = tuple[str, dict[str, Any]]  # (the list a game is in, its lobby entry)


class ClusterLobby:
    """This node's share of the cluster's lobby (see the module docstring)."""

    def __init__(
        self,
        address: str,
        feed: LobbyFeed,
        online: OnlineUsers,
        lines_here: Callable[[], dict[str, Line]],
        mine_here: Callable[[int], dict[str, list[dict[str, Any]]]],
        peers: Callable[[], Iterable[str]],
        *,
        full_every: float = 2.0,
        ask_timeout: float = 2.0,
    ) -> None:
        """``lines_here()``: this node's listed games by id; ``mine_here(user_id)``: an
        account's games and challenges here; ``peers()``: the mesh addresses of the nodes
        heard beating."""
        self.address = address
        self.feed = feed
        self.online = online
        self._lines_here = lines_here
        self._mine_here = mine_here
        self._peers = peers
        self.full_every = full_every
        self.forget_after = 3 * full_every + 1.0
        self.ask_timeout = ask_timeout
        self.lines: dict[str, tuple[str, str, dict[str, Any]]] = {}  # game -> (node, list, entry)
        self.heard: dict[str, float] = {}  # node -> when its whole list last came
        self.bus: MessageBus | None = None
        self._queue: list[bytes] = []
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._subs: list[Subscription] = []
        self.renamed_elsewhere: Callable[[int, str], None] = lambda user_id, name: None
        self.banned_elsewhere: Callable[[int, str | None], None] = lambda user_id, reason: None
        self.tournament_heard: Callable[[str, list[int], bytes], None] = lambda tournament_id, players, data: None
        self.tournament_chat_heard: Callable[[str, int, bytes], None] = lambda tournament_id, speaker, data: None
        feed.on_change = self._changed_here
        online.beyond = self._tell_beyond

    # ------------------------------------------------------------------------------ lifecycle

    async def start(self, bus: MessageBus) -> None:
        """Listen to the other nodes, answer their questions, and ask for their lists now."""
        self.bus = bus
        self._subs.append(await bus.subscribe(lobby_subject(), self._heard))
        self._subs.append(await bus.serve(lobby_ask_subject(self.address), self._answer))
        self._post({"kind": "full", "from": self.address, "lines": self._whole(), "ask": True})
        self._tasks = [asyncio.ensure_future(self._sender()), asyncio.ensure_future(self._refresh())]

    async def stop(self) -> None:
        """Stop publishing and listening."""
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for sub in self._subs:
            try:
                await sub.stop()
            except BusError:
                pass
        self._subs.clear()

    def elsewhere(self) -> list[Line]:
        """The other nodes' listed games (for ``list_games``)."""
        return [(listed, entry) for _node, listed, entry in self.lines.values()]

    # ------------------------------------------------------------------------------ sending

    def _whole(self) -> dict[str, list[Any]]:
        return {game: [listed, entry] for game, (listed, entry) in self._lines_here().items()}

    def _changed_here(self, change: dict[str, Any]) -> None:
        self._post({"kind": "change", "from": self.address, **change})

    def _tell_beyond(self, user_id: int, kind: str, unless: str | None, fields: dict[str, Any]) -> None:
        self._post({"kind": "notice", "from": self.address, "user": user_id, "what": kind, "unless": unless,
                    "fields": fields})

    def tell_renamed(self, user_id: int, name: str) -> None:
        """An account of this node took a new name: the other nodes show it too."""
        self._post({"kind": "renamed", "from": self.address, "user": user_id, "name": name})

    def tell_banned(self, user_id: int, reason: str | None) -> None:
        """The operator banned an account (``reason``) or lifted its ban (None) through this
        node: the other nodes apply it to the connections and games they have."""
        self._post({"kind": "banned", "from": self.address, "user": user_id, "reason": reason})

    def tell_tournament(self, tournament_id: str, players: list[int], data: bytes) -> None:
        """A push of an event this node directs (``data``, for its followers and ``players``):
        the other nodes push it to theirs."""
        self._post({"kind": "tournament", "from": self.address, "tournament": tournament_id, "players": players,
                    "frame": data})

    def tell_tournament_chat(self, tournament_id: str, speaker: int, data: bytes) -> None:
        """A line said in a tournament's lobby on this node (``data``): the other nodes push it."""
        self._post({"kind": "tournament_chat", "from": self.address, "tournament": tournament_id, "user": speaker,
                    "frame": data})

    def _post(self, message: dict[str, Any]) -> None:
        """Queue a message; one task sends them in order (a lost one is mended by the next full list)."""
        self._queue.append(wire.encode(message))
        self._wake.set()

    async def _sender(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            batch, self._queue = self._queue, []
            for payload in batch:
                try:
                    assert self.bus is not None
                    await self.bus.publish(lobby_subject(), payload)
                except BusError:
                    pass  # the bus is away: the full lists after it returns mend the others' view

    async def _refresh(self) -> None:
        while True:
            await asyncio.sleep(self.full_every)
            self._post({"kind": "full", "from": self.address, "lines": self._whole(), "ask": False})
            now = time.monotonic()
            for node in [n for n, at in self.heard.items() if now - at > self.forget_after]:
                del self.heard[node]
                self._replace(node, {})

    # ------------------------------------------------------------------------------ receiving

    def _heard(self, payload: bytes) -> None:
        try:
            message = wire.decode(payload)
            sender = message["from"]
            if sender == self.address:
                return
            kind = message["kind"]
            if kind == "change":
                self.heard.setdefault(sender, time.monotonic())
                if message["op"] == "remove":
                    self._set(message["game"], sender, None, None)
                else:
                    self._set(message["game"], sender, message["list"], message["entry"])
            elif kind == "full":
                self.heard[sender] = time.monotonic()
                self._replace(sender, {game: (line[0], line[1]) for game, line in message["lines"].items()})
                if message.get("ask"):
                    self._post({"kind": "full", "from": self.address, "lines": self._whole(), "ask": False})
            elif kind == "notice":
                self.online.tell_here(message["user"], message["what"], message["unless"], **message["fields"])
            elif kind == "renamed":
                self.renamed_elsewhere(int(message["user"]), str(message["name"]))
            elif kind == "tournament":
                self.tournament_heard(str(message["tournament"]), [int(p) for p in message["players"]],
                                      bytes(message["frame"]))
            elif kind == "tournament_chat":
                self.tournament_chat_heard(str(message["tournament"]), int(message["user"]), bytes(message["frame"]))
            elif kind == "banned":
                reason = message.get("reason")
                self.banned_elsewhere(int(message["user"]), None if reason is None else str(reason))
        except Exception:
            log.exception("bad lobby message")

    def _replace(self, node: str, lines: dict[str, Line]) -> None:
        """``node``'s whole list is ``lines``: push what differs from what was known."""
        for game in [g for g, (n, _l, _e) in self.lines.items() if n == node and g not in lines]:
            self._set(game, node, None, None)
        for game, (listed, entry) in lines.items():
            self._set(game, node, listed, entry)

    def _set(self, game: str, node: str, listed: str | None, entry: dict[str, Any] | None) -> None:
        """Game ``game`` of ``node`` is now in list ``listed`` (None: in neither)."""
        before = self.lines.get(game)
        if listed is None:
            if before is None or before[0] != node:
                return  # unknown, or it moved to another node since: that node's word counts
            del self.lines[game]
        else:
            assert entry is not None
            self.lines[game] = (node, listed, entry)
            if before is not None and before[1] == listed and before[2] == entry:
                return  # nothing new to say
        if self.feed.listed_here(game):
            return  # the game runs here now: this node's own line is the one its subscribers see
        if before is not None and before[1] != listed:
            self.feed.send({"op": "remove", "list": before[1], "game": game, "entry": None})
        if listed is not None:
            op = "change" if before is not None and before[1] == listed else "add"
            self.feed.send({"op": op, "list": listed, "game": game, "entry": entry})

    # ------------------------------------------------------------------------------ my_games

    async def _answer(self, payload: bytes) -> bytes:
        try:
            user_id = int(wire.decode(payload)["user"])
            return wire.encode(self._mine_here(user_id))
        except Exception:
            log.exception("lobby question failed")
            return wire.encode({"error": "internal"})

    async def mine(self, user_id: int) -> dict[str, list[dict[str, Any]]]:
        """An account's games and challenges on every other node heard beating; ``server_busy``
        if one of them cannot be asked now (nothing is half-listed)."""
        if self.bus is not None and not getattr(self.bus, "connected", True):
            raise ProtocolError("server_busy", "this node has lost the message bus for a moment and cannot ask the "
                                               "other nodes for your games; try again in a few seconds")
        now = time.monotonic()
        recent = {node for node, at in self.heard.items() if now - at < self.full_every * 1.5}
        peers = sorted(set(self._peers()) | recent)  # beating, or whose whole list came lately
        if not peers:
            return {"games": [], "challenges": []}
        if self.bus is None:
            raise ProtocolError("server_busy", "this node is not connected to the others yet; try again")
        bus = self.bus
        question = wire.encode({"user": user_id})

        async def ask(node: str) -> dict[str, Any]:
            try:
                return wire.decode(await bus.request(lobby_ask_subject(node), question, self.ask_timeout))
            except BusError as exc:
                return {"error": str(exc)}

        answers: list[dict[str, Any]] = await asyncio.gather(*(ask(node) for node in peers))
        failed = [f"{node} ({answer['error']})" for node, answer in zip(peers, answers, strict=True) if "error" in answer]
        if failed:
            raise ProtocolError("server_busy", f"could not ask every node for your games: {', '.join(failed)}; try again")
        return {key: [line for answer in answers for line in answer[key]] for key in ("games", "challenges")}

