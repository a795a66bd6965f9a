"""The messages between the node a client asks and the node that owns the game.

A forwarded request: ``{"from": asking node's address, "conn": connection id, "user": account id
or None, "req": the request, msgpack-encoded as the client sent it}``. Its reply: ``{"from":
owner's address, "seq": envelope mark (see :meth:`server.cluster.mesh.Mesh.mark`), "ok": result
data}`` or ``{..., "code": error code, "reason": why}``; the code :data:`MOVED` says the node no
longer runs the game (ask again: the request was not done). Notices in the mesh's envelopes:
``["closed", [connection ids]]`` (asking node to owner: those connections closed) and
``["moved", game id, [connection ids]]`` (owner to asking node: follow the game elsewhere).
"""

from __future__ import annotations

from typing import Any

import msgspec

from server.edge.protocol import OWNER_ANSWERS
from shared.wire import replies as R
from shared.wire.replies import Answer, reply_data

MOVED = "_moved"  # a reply code: the owner no longer runs the game; the request was not done
CLOSED = "closed"
MOVED_NOTICE = "moved"

encode = msgspec.msgpack.encode
decode = msgspec.msgpack.decode


class FrameHead(msgspec.Struct):
    """The few fields of a game frame the asking node reads (the rest is skipped unread)."""

    type: str = ""
    game: str | None = None
    version: int | None = None
    seat: int | None = None


_head_decoder = msgspec.msgpack.Decoder(FrameHead)


def frame_head(frame: bytes) -> FrameHead | None:
    """What a frame is (type, game, version, seat), or None if it is not a map."""
    try:
        return _head_decoder.decode(frame)
    except (msgspec.DecodeError, msgspec.ValidationError):
        return None


def reply_ok(data: Answer) -> dict[str, Any]:
    """A forwarded request's success (its data as the plain map the asking node reads)."""
    return {"ok": reply_data(data)}


def reply_error(code: str, reason: str) -> dict[str, Any]:
    """A forwarded request's refusal (an error code of the protocol, or :data:`MOVED`)."""
    return {"code": code, "reason": reason}


# The forwarded requests whose answer may seat the connection in the game: those whose reply
# declares a seat (shared.wire.replies), read off the declarations.
SEATING = frozenset(kind for kind in OWNER_ANSWERS
                    if isinstance(R.REPLIES.get(kind), type) and "seat" in R.REPLIES[kind].__struct_fields__)


def seated(kind: str, data: dict[str, Any]) -> tuple[str, int] | None:
    """The game and seat a forwarded answer of ``kind`` gives the connection (None: none, as
    for a declined challenge or a rematch still waiting)."""
    if kind not in SEATING:
        return None
    reply = msgspec.convert(data, R.REPLIES[kind])
    return None if reply.game is None or reply.seat is None else (reply.game, reply.seat)


def watched(data: dict[str, Any]) -> str:
    """The game a forwarded ``watch`` answer follows."""
    return msgspec.convert(data, R.WatchReply).game
