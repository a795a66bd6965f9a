"""A helper *process* that makes the store's WAL durable (fsync) and checkpoints it.

Why a process and not a thread: a thread that fsyncs must take the GIL back from the event loop
after every system call. On a busy machine the OS can pause that thread while it holds the
GIL, and the event loop then waits for it: measured with ``scryptic bench server`` at 1,000
games, a sync thread gave a p50 commit round trip of ~80 ms, the same fsyncs in a child process
~3 ms. The child shares no GIL with the server; the server writes one byte to ask and reads
one byte back on the event loop (``add_reader``), so nothing in the server ever blocks on it.
"""

from __future__ import annotations

import asyncio
import logging
import os
import subprocess
import sys
from collections import deque
from pathlib import Path

log = logging.getLogger("scryptic.store")

SYNC = b"s"  # fsync the WAL
SYNC_AND_CHECKPOINT = b"c"  # fsync, answer, then copy the WAL into the database (PASSIVE)
OK, FAILED = b"k", b"e"

# Runs in the child (``python -c``): standard library only, so it starts in milliseconds.
# The checkpoint runs on a thread of its own: it copies thousands of pages and fsyncs the
# database file (measured at 1,000 games: up to ~230 ms), and every fsync asked for meanwhile
# (every write the server is awaiting) would otherwise wait behind it. A WAL fsync and a
# PASSIVE checkpoint may run at the same time (SQLite never resets a WAL that is not backfilled
# and synced into the database). Checkpoints asked for while one runs are folded into the next.
_CHILD = r"""
import os, signal, sqlite3, sys, threading
signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server shuts the child down itself
db = sys.argv[1]
wal, fd = db + "-wal", None
wanted, stopping = threading.Event(), False

def checkpoints():
    conn = None
    while True:
        wanted.wait()
        wanted.clear()
        if stopping:
            break
        try:
            if conn is None:
                conn = sqlite3.connect(db, timeout=30)
            conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except Exception as exc:
            sys.stderr.write("scryptic checkpoint: %r\n" % (exc,))
    if conn is not None:
        conn.close()

checkpointer = threading.Thread(target=checkpoints)
checkpointer.start()
while True:
    request = os.read(0, 1)
    if not request:
        break
    try:
        if fd is None and os.path.exists(wal):
            fd = os.open(wal, os.O_RDONLY)
        if fd is not None:
            os.fsync(fd)
        os.write(1, b"k")
    except Exception as exc:
        sys.stderr.write("scryptic fsync helper: %r\n" % (exc,))
        os.write(1, b"e")
        continue
    if request == b"c":
        wanted.set()
stopping = True
wanted.set()
checkpointer.join()
"""


class SyncerError(Exception):
    """The helper could not make the WAL durable."""


class Syncer:
    """Asks the helper process for fsyncs; one request in flight at a time."""

    def __init__(self, db_path: Path) -> None:
        self.db_path = db_path
        self._proc = subprocess.Popen(
            [sys.executable, "-c", _CHILD, str(db_path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            bufsize=0,
        )
        assert self._proc.stdin is not None and self._proc.stdout is not None
        self._in = self._proc.stdin.fileno()
        self._out = self._proc.stdout.fileno()
        os.set_blocking(self._out, False)
        self._waiting: deque[asyncio.Future[None]] = deque()
        self._loop: asyncio.AbstractEventLoop | None = None
        self.dead = False

    def request(self, checkpoint: bool) -> asyncio.Future[None]:
        """Ask for an fsync (and a checkpoint); the future resolves when it is done."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        if self.dead:
            future.set_exception(SyncerError("the fsync helper is gone"))
            return future
        if self._loop is None:
            self._loop = loop
            loop.add_reader(self._out, self._on_reply)
        self._waiting.append(future)
        try:
            os.write(self._in, SYNC_AND_CHECKPOINT if checkpoint else SYNC)
        except OSError as exc:
            self._die(f"cannot reach the fsync helper: {exc}")
        return future

    def _on_reply(self) -> None:
        try:
            data = os.read(self._out, 64)
        except BlockingIOError:
            return
        except OSError as exc:
            self._die(f"fsync helper: {exc}")
            return
        if not data:
            self._die("the fsync helper exited")
            return
        for byte in data:
            if not self._waiting:
                break
            future = self._waiting.popleft()
            if future.done():
                continue
            if bytes([byte]) == OK:
                future.set_result(None)
            else:
                future.set_exception(SyncerError("fsync failed (see the helper's message on stderr)"))

    def _die(self, why: str) -> None:
        if not self.dead:
            log.error("fsync helper failed", extra={"data": {"error": why}})
        self.dead = True
        self._detach()
        while self._waiting:
            future = self._waiting.popleft()
            if not future.done():
                future.set_exception(SyncerError(why))

    def _detach(self) -> None:
        if self._loop is not None and not self._loop.is_closed():
            self._loop.remove_reader(self._out)
        self._loop = None

    def close(self) -> None:
        """Stop the helper (it exits when its input closes)."""
        self._detach()
        try:
            assert self._proc.stdin is not None
            self._proc.stdin.close()
        except OSError:
            pass
        try:
            self._proc.wait(10)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()
        if self._proc.stdout is not None:
            self._proc.stdout.close()
        self.dead = True
