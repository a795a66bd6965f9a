"""Real cluster nodes for ``scryptic bench cluster`` and the cluster tests: node processes on one
PostgreSQL and one NATS server, and scripted players that ride out a failover.

- :class:`Services`: a PostgreSQL and a NATS server of their own in a temporary folder
  (:mod:`server.cluster.local`), with the schema applied.
- :class:`NodeProcess`: one ``scryptic server --db postgresql://... --bus nats://...`` process,
  serving the benchmark's map and word list, killed with SIGKILL or stopped with SIGTERM.
- :func:`act_surely`: send one scripted action through the client library and, if the
  connection drops or the game is moving to another node, wait until the client resumed and
  send it again with the version it expects, so that it is applied exactly once.
"""

from __future__ import annotations

import asyncio
import functools
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from client.net import AsyncClient, ConnectionLost, ServerError
from client.net.aio import TEMPORARY_CODES
from scryptic.bench.games import BENCH_GRID, BENCH_MAP_NAME, make_script
from server.scripted import BENCH_WORDS


@functools.cache
def bench_script(seed: int) -> list[dict[str, Any]]:
    """The scripted game of ``seed`` on the benchmark's map (computed once: a few seconds)."""
    return make_script(seed)


def write_bench_files(folder: Path) -> tuple[Path, Path]:
    """The benchmark's word list and a maps folder holding its map (``bench``), in ``folder``."""
    words = folder / "words.txt"
    words.write_text("\n".join(BENCH_WORDS) + "\n", encoding="utf-8")
    maps = folder / "maps"
    maps.mkdir(exist_ok=True)
    (maps / f"{BENCH_MAP_NAME}.map").write_text(
        f"scryptic-map 1\nname: {BENCH_MAP_NAME}\nversion: 1\ngrid:\n{BENCH_GRID.strip()}\n", encoding="utf-8"
    )
    return words, maps


class Services:
    """PostgreSQL and NATS of their own, in a temporary folder (raises ServiceError if either
    is not installed or does not start)."""

    def __init__(self) -> None:
        from server.cluster.local import LocalNats, LocalPostgres

        self.folder = Path(tempfile.mkdtemp(prefix="scryptic-bench-cluster-"))
        self.postgres = LocalPostgres(self.folder)  # it gives the folder to the postgres user when run as root
        self.nats = LocalNats()

    def start(self) -> None:
        """Start both and bring the schema up to date."""
        from server.store.postgres import apply_migrations

        self.postgres.start()
        self.nats.start()
        asyncio.run(apply_migrations(self.postgres.url))

    def stop(self) -> None:
        """Stop both and remove the folder."""
        self.nats.stop()
        self.postgres.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class NodeProcess:
    """One cluster node: ``scryptic server --db ... --bus ...`` in a process of its own."""

    def __init__(self, name: str, db_url: str, bus_url: str | None, folder: Path, *, lease_ttl: float = 6.0,
                 extra: tuple[str, ...] = ()) -> None:
        """Nothing runs until :meth:`start`; the node's log goes to ``folder/<name>.log``."""
        self.name = name
        self.db_url = db_url
        self.bus_url = bus_url
        self.folder = folder
        self.lease_ttl = lease_ttl
        self.extra = extra
        self.port = _free_port()
        self.log = folder / f"{name}.log"
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The node's websocket address."""
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start the process (see :meth:`wait_listening`)."""
        words, maps = write_bench_files(self.folder)
        cmd = [sys.executable, "-m", "scryptic", "server", "--log-json", "--db", self.db_url, "--node-id", self.name,
               "--lease-ttl", str(self.lease_ttl), "--port", str(self.port), "--words", str(words),
               "--maps", str(maps), "--allow-client-seed", "--stats-interval", "0", "--log-level", "warning",
               "--rate", "1000", "--max-per-address", "1000", "--puzzle-workers", "0", *self.extra]
        if self.bus_url:
            cmd += ["--bus", self.bus_url]
        self.proc = subprocess.Popen(cmd, stdout=self.log.open("wb"), stderr=subprocess.STDOUT,
                                     env={**os.environ, "PYTHONUNBUFFERED": "1"})

    def wait_listening(self, timeout: float = 60.0) -> None:
        """Wait until the node accepts connections; RuntimeError (with its log) if it died or
        did not within ``timeout``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc is None or self.proc.poll() is not None:
                raise RuntimeError(f"node {self.name} exited: {self.log_tail()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"node {self.name} did not listen within {timeout:.0f} s: {self.log_tail()}")

    @property
    def alive(self) -> bool:
        """Whether the process is running."""
        return self.proc is not None and self.proc.poll() is None

    def kill(self) -> None:
        """SIGKILL, as a crash or a lost machine."""
        if self.alive:
            assert self.proc is not None
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()

    def stop(self, timeout: float = 15.0) -> None:
        """SIGTERM (the node gives up its leases), then SIGKILL if it does not stop."""
        if self.alive:
            assert self.proc is not None
            self.proc.terminate()
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.kill()

    def log_tail(self, chars: int = 3000) -> str:
        """The end of the node's log."""
        try:
            return self.log.read_text(errors="replace")[-chars:]
        except OSError:
            return "(no log)"


async def act_surely(client: AsyncClient, game: str, action: dict[str, Any], before: int,
                     patience: float = 60.0) -> float | None:
    """Apply ``action`` to ``game`` at version ``before`` + 1, exactly once, through a
    connection that may drop or a game that may move to another node meanwhile.

    Returns the round trip of the attempt that was accepted, or None if an earlier attempt had
    been applied before its reply was lost (the resumed game is past ``before``: in a scripted
    game only this player acts at that version). A refusal that is not temporary raises
    :class:`ServerError`; no success within ``patience`` seconds raises TimeoutError.
    """
    deadline = time.monotonic() + patience
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError(f"action at version {before + 1} of game {game} not accepted in {patience:g} s")
        tracker = client.games.get(game)
        if tracker is not None and tracker.version > before:
            return None  # applied by an attempt whose reply was lost
        sent = time.perf_counter()
        try:
            await client.act(game, action, expect_version=before)
            return time.perf_counter() - sent
        except ConnectionLost:
            await asyncio.sleep(0.05)  # the client notices the drop; then it reconnects and resumes
            await asyncio.wait_for(client.connected.wait(), remaining)
        except ServerError as exc:
            if exc.code == "stale_version" and client.games[game].version > before:
                return None
            if exc.code not in TEMPORARY_CODES and exc.code != "stale_version":
                raise
            await asyncio.sleep(0.1)


def cpu_seconds(pids: list[int]) -> float:
    """CPU time (user + system) used so far by the processes ``pids`` (Linux /proc; a process
    that is gone counts 0)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
    return total


def postgres_pids(data_dir: Path) -> list[int]:
    """The PostgreSQL server of ``data_dir`` and its backends (from ``postmaster.pid``)."""
    try:
        main = int((data_dir / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return []
    out = [main]
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rpartition(")")[2].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if parent == main:
            out.append(int(stat.parent.name))
    return out
