"""The PostgreSQL store's own event loop (a daemon thread) and how its failures read.

asyncpg is asynchronous only, and the store's reads are synchronous: the store runs an event
loop of its own in one thread, with the pool on it (see :mod:`server.store.postgres`).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from concurrent.futures import Future
from typing import Any, TypeVar

import asyncpg

from server.store.records import StoreError

T = TypeVar("T")

# What a lost or refused connection raises (a temporary error for the caller).
_UNAVAILABLE = (OSError, asyncio.TimeoutError, asyncpg.exceptions.InterfaceError,
                asyncpg.exceptions.ConnectionDoesNotExistError, asyncpg.exceptions.CannotConnectNowError,
                asyncpg.exceptions.AdminShutdownError)


class LoopThread:
    """An event loop running in a daemon thread, for the store's asyncpg pool."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="pg-store", daemon=True)
        self._thread.start()

    def submit(self, coro: Coroutine[Any, Any, T]) -> Future[T]:
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout=5)
        if not self._thread.is_alive():
            self.loop.close()


def store_error(exc: BaseException) -> StoreError:
    if isinstance(exc, StoreError):
        return exc
    if isinstance(exc, _UNAVAILABLE):
        return StoreError(f"the database is unavailable (temporary): {exc.__class__.__name__}: {exc}")
    return StoreError(f"{exc.__class__.__name__}: {exc}")


def safe_dsn(dsn: str) -> str:
    """The address without its password (for messages)."""
    if "@" not in dsn:
        return dsn
    scheme, _, rest = dsn.partition("://")
    return f"{scheme}://{rest.rpartition('@')[2]}"
