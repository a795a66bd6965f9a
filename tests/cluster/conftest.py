"""Fixtures of the cluster tests: a PostgreSQL and a NATS server of their own on 127.0.0.1.

PostgreSQL is started once per test session (a few seconds) in a temporary folder; each test
gets a fresh database in it. Tests skip, saying why, only where the binaries are missing (the
set-up script installs the Debian packages `postgresql` and `nats-server`).
"""

from __future__ import annotations

import contextlib
import itertools
import shutil
import subprocess
import tempfile
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from server.cluster.local import (
    LocalNats,
    LocalPostgres,
    ServiceError,
    nats_bin,
    postgres_bin,
)

_counter = itertools.count(1)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/cluster/" in str(item.fspath):
            item.add_marker(pytest.mark.cluster)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[LocalPostgres]:
    if postgres_bin("initdb") is None:
        pytest.skip("PostgreSQL is not installed (Debian package postgresql; ./dev setup installs it)")
    folder = Path(tempfile.mkdtemp(prefix="scryptic-pg-"))
    server = LocalPostgres(folder)
    try:
        server.start()
    except ServiceError as exc:
        shutil.rmtree(folder, ignore_errors=True)
        pytest.fail(f"PostgreSQL is installed but did not start: {exc}")
    yield server
    server.stop()
    shutil.rmtree(folder, ignore_errors=True)


def _create_database(server: LocalPostgres, name: str) -> None:
    createdb = postgres_bin("createdb") or "createdb"
    subprocess.run([createdb, "-h", "127.0.0.1", "-p", str(server.port), "-U", "scryptic", name], check=True, timeout=60)


@pytest.fixture
def pg_url(postgres_server: LocalPostgres) -> str:
    """The address of a new, empty database (no schema yet)."""
    name = f"t{next(_counter)}"
    _create_database(postgres_server, name)
    return postgres_server.url.rsplit("/", 1)[0] + "/" + name


@pytest.fixture
def nats_server() -> Iterator[LocalNats]:
    if nats_bin() is None:
        pytest.skip("nats-server is not installed (Debian package nats-server; ./dev setup installs it)")
    server = LocalNats()
    server.start()
    yield server
    server.kill()


@pytest.fixture
async def start_node(pg_url: str, nats_server: LocalNats) -> AsyncIterator[Callable[..., Any]]:
    """Start in-process nodes sharing the test's database and NATS; all stopped at the end."""
    from tests_cluster_helpers import make_node

    from server.store.postgres import PostgresStore

    PostgresStore(pg_url, apply_migrations=True).close()
    nodes: list[Any] = []

    async def start(node_id: str, **overrides: Any) -> Any:
        node = make_node(pg_url, nats_server.url, node_id, **overrides)
        await node.start()
        nodes.append(node)
        return node

    yield start
    for node in reversed(nodes):
        await node.stop()


@pytest.fixture
async def connect() -> AsyncIterator[Callable[..., Any]]:
    """Real clients of in-process nodes (``await connect(node, name)``); all closed at the end."""
    from client.net import AsyncClient

    clients: list[AsyncClient] = []

    async def make(node: Any, name: str | None = None, **options: Any) -> AsyncClient:
        client = AsyncClient(f"ws://127.0.0.1:{node.port}", name=name, **options)
        await client.connect()
        clients.append(client)
        return client

    yield make
    for client in clients:
        with contextlib.suppress(Exception):
            await client.close()
