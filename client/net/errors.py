"""Exceptions of the client library."""

from __future__ import annotations


class ServerError(Exception):
    """The server refused a request; ``code`` is the protocol's error code (docs/protocol.md)."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason


class ConnectionLost(Exception):
    """The connection dropped before the reply arrived (the client reconnects by itself)."""


class ClientClosed(Exception):
    """The client was closed."""
