"""Fixtures for the server tests: a live server on 127.0.0.1 (ephemeral port) and clients."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
import srv_helpers as H

from client.net import AsyncClient
from server.app import GameServer


@pytest.fixture
async def start_server(tmp_path: Path) -> AsyncIterator[Callable[..., Any]]:
    """Start servers with config overrides; every one is stopped at the end of the test."""
    servers: list[GameServer] = []

    async def start(db: Path | None = None, **overrides: Any) -> GameServer:
        config = H.make_config(db or tmp_path / "server.sqlite3", **overrides)
        server = GameServer(config, H.lexicon(), maps={"test-ford": H.test_map()}, lexicon_factory=H.lexicon_factory)
        await server.start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        await server.stop()


@pytest.fixture
def certificate(tmp_path: Path) -> tuple[Path, Path]:
    """A self-signed certificate and its key for localhost (openssl)."""
    return H.self_signed(tmp_path)


@pytest.fixture
async def server(start_server) -> GameServer:
    return await start_server()


@pytest.fixture
async def connect() -> AsyncIterator[Callable[..., Any]]:
    """Connected AsyncClients (closed at the end of the test)."""
    clients: list[AsyncClient] = []

    async def make(server_or_url: Any, name: str | None = "Player", **options: Any) -> AsyncClient:
        url = server_or_url if isinstance(server_or_url, str) else f"ws://127.0.0.1:{server_or_url.port}"
        client = AsyncClient(url, name=name, **options)
        await client.connect()
        clients.append(client)
        return client

    yield make
    for client in clients:
        with contextlib.suppress(Exception):
            await client.close()


@pytest.fixture
async def duel(server, connect) -> dict[str, Any]:
    """Two named clients and a started game between them on the test map (seed 1)."""
    return await H.make_duel(server, connect, seed=1)
