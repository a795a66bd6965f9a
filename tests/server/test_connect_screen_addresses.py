"""The Arcade client's connect screen takes a cluster's several addresses, as the library does:
the Settings keep them (comma-separated, each a ws:// or wss:// address), and the online
screen's connection hands them all to the client library, which moves past a dead one."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

import pytest

import srv_helpers as H

from client.play.settings import Settings
from client.views.online.connect import Connection


def dead_address() -> str:
    """A local port nothing listens on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return f"ws://127.0.0.1:{s.getsockname()[1]}"


def test_settings_keep_several_server_addresses_and_refuse_a_bad_one() -> None:
    assert Settings(server=" ws://a:1 , wss://b:2,").validated().server == "ws://a:1,wss://b:2"
    assert Settings(server="ws://a:1,http://b:2").validated().server == Settings().server
    assert Settings(server=" , ").validated().server == Settings().server


async def test_the_connect_screen_passes_every_address_to_the_client_library(
    server, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SCRYPTIC_CONFIG_DIR", str(tmp_path))
    dead, live = dead_address(), f"ws://127.0.0.1:{server.port}"
    settings = Settings(name="Ada", server=f"{dead}, {live}").validated()
    conn = Connection(settings.server, settings.name)
    # The server runs on this loop: wait on it (not block it) while the thread connects.
    await H.wait_for(lambda: conn.done, timeout=15.0)
    assert conn.error is None, conn.error
    try:
        assert conn.client.addresses == [dead, live]
        assert conn.client.url == live  # the first refused, the library went on to the second
    finally:
        await asyncio.to_thread(conn.client.close)  # its close handshake needs this loop free
