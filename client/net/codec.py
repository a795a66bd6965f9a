"""Wire constants and framing shared by the client library (see docs/protocol.md).

The client never imports the server package; the protocol version is repeated here and a test
checks that both sides agree.
"""

from __future__ import annotations

from typing import Any

import msgpack

PROTOCOL_VERSION = 2
DEFAULT_URL = "ws://127.0.0.1:8765"


def encode(message: dict[str, Any]) -> bytes:
    """One outbound frame."""
    return msgpack.packb(message, use_bin_type=True)


def decode(frame: bytes | str) -> dict[str, Any]:
    """One inbound frame as a dict; raises TypeError for a text frame, ValueError if it is not
    a msgpack map with a type."""
    if isinstance(frame, str):
        raise TypeError("the server sent a text frame; the protocol uses binary msgpack")
    try:
        message = msgpack.unpackb(frame, raw=False, strict_map_key=False)
    except (msgpack.ExtraData, msgpack.FormatError, msgpack.StackError, ValueError) as exc:
        raise ValueError(f"undecodable frame from the server: {exc}") from None
    if not isinstance(message, dict) or "type" not in message:
        raise ValueError("the server sent a message that is not a map with a type")
    return message
