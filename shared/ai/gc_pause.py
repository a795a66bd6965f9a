"""The cyclic garbage collector, paused while the AI thinks against its clock.

A search makes tens of thousands of short-lived lists (spellings, left parts, moves). Every so
often CPython's cyclic collector then runs a full pass over every object in the process, which
on a slow machine took up to 0.2 s at a time: a stall in the middle of a search, where no
look at the clock can end it. A decision was measured spending a quarter of its move
generation in such passes. The search makes no reference cycles that need the collector
(reference counting frees its lists), so the collector is paused for the decision.

Resuming it would start a collection at once, on the decision's clock, of everything the
decision allocated and kept (its remembered crosswords and defences): measured at up to 0.06 s
here, more on a busy machine. So the objects made meanwhile are moved to the oldest generation
without a pass (``gc.freeze`` then ``gc.unfreeze``): nothing is lost, they are looked at by the
next full collection, which comes between decisions.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_holders = 0  # decisions under way (a client's worker thread and a test may overlap)
_was_enabled = True


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for the block; the outermost block restores it."""
    global _holders, _was_enabled
    with _lock:
        if _holders == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _holders += 1
    try:
        yield
    finally:
        with _lock:
            _holders -= 1
            if _holders == 0 and _was_enabled:
                gc.freeze()  # the young generations, uncounted: into the permanent one
                gc.unfreeze()  # and from there into the oldest, to wait for a full collection
                gc.enable()
