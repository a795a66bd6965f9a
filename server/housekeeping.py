"""The server's housekeeping: finished games leave memory, and the garbage collector is kept off
the long-lived state.

Every ``gc_freeze_interval`` seconds the games that ended more than ``finished_keep`` seconds
ago and that nobody follows are taken out of memory, and every object alive is frozen out of
the cyclic collector's reach (:func:`freeze_heap`); every ``gc_full_interval`` one full
collection frees the cyclic garbage that was frozen.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

from server.config import ServerConfig
from server.lobby.registry import GameRegistry

log = logging.getLogger("scryptic.server")


def freeze_heap(config: ServerConfig) -> None:
    """Move every object alive now out of reach of the cyclic garbage collector.

    The long-lived state (every game's board, actions and events) is large; a full
    collection scanning it paused the loop for 100-300 ms at 1,000 games. Frozen objects
    are still freed by reference counting; cyclic garbage that was frozen is collected by
    the rare full collection of :func:`housekeeping_loop` (``gc_full_interval``).
    """
    if config.gc_freeze_interval > 0:
        gc.freeze()


async def housekeeping_loop(config: ServerConfig, registry: GameRegistry) -> None:
    """Sweep old finished games out of memory and manage the collector, until cancelled."""
    last_full = time.monotonic()
    while True:
        interval = config.gc_freeze_interval
        await asyncio.sleep(interval if interval > 0 else min(10.0, max(1.0, config.finished_keep / 4)))
        registry.sweep(time.time() - config.finished_keep)
        if config.gc_freeze_interval > 0 and time.monotonic() - last_full >= config.gc_full_interval:
            last_full = time.monotonic()
            started = time.perf_counter()
            gc.unfreeze()
            collected = gc.collect()
            log.info("full gc", extra={"data": {"collected": collected, "ms": round(1000 * (time.perf_counter() - started), 1)}})
        freeze_heap(config)
