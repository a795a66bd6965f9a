"""Wire constants and framing shared by the client library (see docs/protocol.md).

Inbound frames are decoded straight into the Structs of :mod:`shared.wire` (a ``state``
becomes a :class:`~shared.wire.StatePush`, and so on). The library's own notes to the program
using it, which never cross the wire, are Structs too: :class:`ConnectionNote` (the connection
came, went or was refused) and :class:`LobbySnapshot` (the whole lobby, from a reply).

The client never imports the server package; the protocol version is repeated here and a test
checks that both sides agree.
"""

from __future__ import annotations

from typing import Any, TypeVar, Union

import msgpack
import msgspec

from client.net.errors import BadReply
from shared.wire import BotEntry, LobbyEntry, ServerMessage
from shared.wire.replies import Reply

ReplyT = TypeVar("ReplyT", bound=Reply)

PROTOCOL_VERSION = 2
DEFAULT_URL = "ws://127.0.0.1:8765"


class ConnectionNote(msgspec.Struct, tag_field="type", tag="connection", kw_only=True):
    """The connection's state changed: ``status`` connected, reconnecting (``delay`` seconds),
    closed, refused (``code``, ``reason``) or resume_failed (``game``, ``code``, ``reason``)."""

    status: str
    reconnects: int = 0
    address: str | None = None
    delay: float | None = None
    game: str | None = None
    code: str | None = None
    reason: str | None = None

    @property
    def type(self) -> str:
        """``connection``: what kind of message this is, as a server message's ``type`` says."""
        return "connection"


class LobbySnapshot(msgspec.Struct, tag_field="type", tag="lobby_snapshot", kw_only=True):
    """The whole lobby (the reply to ``list_games`` or ``subscribe_lobby``), in its place among
    the pushes."""

    open: list[LobbyEntry] = []
    live: list[LobbyEntry] = []
    bots: list[BotEntry] = []

    @property
    def type(self) -> str:
        """``lobby_snapshot``: what kind of message this is, as a server message's ``type`` says."""
        return "lobby_snapshot"


Message = Union[ServerMessage, ConnectionNote, LobbySnapshot]
"""What the library hands on: a server's message, or one of its own notes."""

_decoder = msgspec.msgpack.Decoder(ServerMessage)


def encode(message: dict[str, Any]) -> bytes:
    """One outbound frame."""
    return msgpack.packb(message, use_bin_type=True)


def decode(frame: bytes | str) -> ServerMessage:
    """One inbound frame as its Struct; raises TypeError for a text frame, ValueError if it is
    not a server message this library knows (the reason says what did not fit)."""
    if isinstance(frame, str):
        raise TypeError("the server sent a text frame; the protocol uses binary msgpack")
    try:
        return _decoder.decode(frame)
    except msgspec.ValidationError as exc:
        raise ValueError(f"the server sent a message this client does not understand: {exc}") from None
    except msgspec.DecodeError as exc:
        raise ValueError(f"undecodable frame from the server: {exc}") from None


def lobby_snapshot(data: dict[str, Any]) -> LobbySnapshot:
    """A ``list_games``/``subscribe_lobby`` reply's data as a :class:`LobbySnapshot`."""
    return msgspec.convert(data, LobbySnapshot)


def read(data: dict[str, Any], reply: type[ReplyT]) -> ReplyT:
    """A reply's data as the Struct declared for it (shared.wire.replies); :class:`BadReply` if it
    does not fit."""
    try:
        return msgspec.convert(data, reply)
    except msgspec.ValidationError as exc:
        raise BadReply(f"the {reply.__name__} does not fit: {exc}") from None
