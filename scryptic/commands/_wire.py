"""One request on a websocket to a Scryptic server, spoken directly (the one-shot commands
`scryptic replay URL` and `scryptic admin` need no client library)."""

from __future__ import annotations

from typing import Any

PROTOCOL_VERSION = 2


class Refused(Exception):
    """The server answered the request with an ``error``."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason


def call(ws: Any, request_id: int, kind: str, timeout: float, **fields: Any) -> dict[str, Any]:
    """Send one request on the sync websocket ``ws`` and return its reply's data (pushes that
    come first are passed over); :class:`Refused` if the server refuses it."""
    import msgpack

    ws.send(msgpack.packb({"type": kind, "id": request_id, "v": PROTOCOL_VERSION, **fields}, use_bin_type=True))
    while True:
        message = msgpack.unpackb(ws.recv(timeout), raw=False, strict_map_key=False)
        if message.get("re") == request_id:
            if message["type"] == "error":
                raise Refused(message["code"], message["reason"])
            return dict(message.get("data") or {})
