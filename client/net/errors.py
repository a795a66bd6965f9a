"""Exceptions of the client library."""

from __future__ import annotations


class ServerError(Exception):
    """The server refused a request; ``code`` is the protocol's error code (docs/protocol.md)."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason


class BadReply(ServerError):
    """A reply's data does not fit the Struct declared for it (shared.wire.replies): the server
    speaks another version of the protocol, or is broken."""

    def __init__(self, reason: str) -> None:
        super().__init__("bad_reply", reason)


class ConnectionLost(Exception):
    """The connection dropped before the reply arrived (the client reconnects by itself)."""


class ClientClosed(Exception):
    """The client was closed."""


class CertificateNotTrusted(ConnectionLost):
    """The server's TLS certificate is not trusted by this machine (self-signed, expired, or
    for another name): the client does not connect, and does not keep trying."""
