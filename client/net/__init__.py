"""The Scryptic client library: a connection to the game server, usable from asyncio or a GUI.

- :class:`AsyncClient` (asyncio): requests, replies, pushes, reconnection and resume.
- :class:`ThreadedClient`: the same in a background thread, with a queue drained per frame.
- :class:`GameTracker`: the local state of one game, kept from the server's messages.
- :class:`IdentityStore`: the display name and secret tokens a client keeps.

The wire protocol is described in ``docs/protocol.md``.
"""

from client.net.aio import AsyncClient
from client.net.codec import DEFAULT_URL, PROTOCOL_VERSION
from client.net.errors import CertificateNotTrusted, ClientClosed, ConnectionLost, ServerError
from client.net.identity import IdentityStore
from client.net.state import GameTracker
from client.net.threaded import ThreadedClient

__all__ = [
    "DEFAULT_URL",
    "PROTOCOL_VERSION",
    "AsyncClient",
    "ClientClosed",
    "CertificateNotTrusted",
    "ConnectionLost",
    "GameTracker",
    "IdentityStore",
    "ServerError",
    "ThreadedClient",
]
