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
import sys
import time

from server.config import ServerConfig
from server.lobby.registry import GameRegistry

log = logging.getLogger("scryptic.server")

# The oldest generation's threshold while the heap is frozen: a full collection by the collector
# itself after this many middle-generation ones, i.e. never in practice; the housekeeping loop's
# full collection (gc_full_interval) takes its place.
FULL_GC_ONLY_BY_HOUSEKEEPING = 1_000_000


def hold_full_collections(config: ServerConfig) -> tuple[int, int, int] | None:
    """While the heap is frozen (``gc_freeze_interval`` > 0), leave full collections to the
    housekeeping loop; the thresholds to give back to :func:`release_full_collections`.

    After a freeze the oldest generation holds only what survived since, and CPython then
    starts a full collection of its own about every 10 s (measured at 1,000 games: a 35-100 ms
    pause each time), scanning game state that the next freeze takes out of its reach anyway.
    Young collections are unchanged.
    """
    if config.gc_freeze_interval <= 0:
        return None
    saved = gc.get_threshold()
    gc.set_threshold(saved[0], saved[1], FULL_GC_ONLY_BY_HOUSEKEEPING)
    return saved


def release_full_collections(saved: tuple[int, int, int] | None) -> None:
    """Give the collector back the thresholds :func:`hold_full_collections` took."""
    if saved is not None:
        gc.set_threshold(*saved)


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


def tune_process(switch_interval: float = 0.001) -> None:
    """Interpreter settings for a server process (call once, before starting the server).

    The store's fsync thread must take the GIL back from the busy event loop after each
    fsync; the default switch interval (5 ms) makes every such hand-over a wait of up to 5 ms.
    """
    sys.setswitchinterval(switch_interval)
