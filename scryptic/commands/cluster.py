"""The ``scryptic cluster up`` command: PostgreSQL, NATS and three server nodes on this machine;
and ``scryptic bench cluster`` (:mod:`scryptic.bench.cluster`).

For trying the cluster mode (``docs/cluster.md``): the database lives in a folder of its own
(``--folder``, default a temporary one), the nodes listen on 127.0.0.1 ports ``--port``,
``--port`` + 1, ...; a client may be given every node's address. Ctrl-C stops everything.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from shared.faults import FaultError, UsageError


def register(subparsers: Any, bench_subparsers: Any) -> None:
    """Add ``scryptic cluster up``."""
    p = subparsers.add_parser("cluster", help="run a local cluster: PostgreSQL, NATS and server nodes")
    sub = p.add_subparsers(dest="cluster_command", metavar="WHAT")
    sub.required = True
    up = sub.add_parser("up", help="start PostgreSQL, NATS and the nodes; Ctrl-C stops them")
    up.add_argument("--nodes", type=int, default=3, help="how many server nodes (default %(default)s)")
    up.add_argument("--port", type=int, default=8801, help="the first node's port (default %(default)s)")
    up.add_argument("--folder", type=Path, default=None, help="where PostgreSQL keeps its data (default: temporary)")
    up.set_defaults(func=cmd_cluster_up)

    b = bench_subparsers.add_parser("cluster", help="games through 1-3 cluster nodes on PostgreSQL and NATS, and a failover")
    b.add_argument("--nodes", type=_counts, default=[1, 2, 3], help="node counts to measure (default 1,2,3)")
    b.add_argument("--games", type=int, default=20, help="games played at once (default %(default)s)")
    b.add_argument("--pace", type=float, default=0.0, help="seconds between actions per game; 0 = flat out (default 0)")
    b.add_argument("--duration", type=float, default=8.0, help="measured seconds per node count (default %(default)s)")
    b.add_argument("--warmup", type=float, default=2.0, help="seconds played before measuring (default %(default)s)")
    b.add_argument("--lease-ttl", type=float, default=6.0, help="the nodes' lease ttl (default %(default)s)")
    b.add_argument("--no-failover", dest="failover", action="store_false", help="skip the kill -9 measurement")
    b.add_argument("--baseline", action="store_true", help="also measure the single process on SQLite")
    b.add_argument("--json", action="store_true", help="print the figures as JSON")
    b.set_defaults(func=cmd_bench_cluster)


def _counts(text: str) -> list[int]:
    try:
        counts = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"give node counts like 1,2,3, not {text!r}") from None
    if not counts or min(counts) < 1:
        raise argparse.ArgumentTypeError(f"node counts are 1 or more, not {text!r}")
    return counts


def cmd_bench_cluster(args: argparse.Namespace) -> int:
    """Run `scryptic bench cluster` (scryptic/bench/cluster.py) and print its figures."""
    import json

    from scryptic.bench.cluster import format_report, run_cluster_bench, stderr_progress
    from server.cluster.local import ServiceError

    if args.games < 1 or args.duration <= 0 or args.pace < 0 or args.warmup < 0 or args.lease_ttl <= 0:
        raise UsageError("--games must be 1 or more, --duration and --lease-ttl above 0, --pace and --warmup 0 or more")
    try:
        report = run_cluster_bench(args.nodes, args.games, args.pace, args.duration, args.warmup, args.lease_ttl,
                                   args.failover, args.baseline, stderr_progress)
    except ServiceError as exc:
        raise FaultError(str(exc), "run ./dev setup, which installs postgresql and nats-server") from exc
    print(json.dumps(report, indent=2) if args.json else format_report(report), flush=True)
    return 0


def cmd_cluster_up(args: argparse.Namespace) -> int:
    """Start the services and the nodes, wait for Ctrl-C, stop them all."""
    from server.cluster.local import LocalNats, LocalPostgres, ServiceError
    from server.store.postgres import apply_migrations

    folder = args.folder or Path(tempfile.mkdtemp(prefix="scryptic-cluster-"))
    try:
        pg, nats = LocalPostgres(folder), LocalNats()
        pg.start()
    except ServiceError as exc:
        raise FaultError(str(exc), "run ./dev setup, which installs postgresql and nats-server") from exc
    nodes: list[subprocess.Popen[bytes]] = []
    try:
        nats.start()
        asyncio.run(apply_migrations(pg.url))
        for n in range(args.nodes):
            cmd = [sys.executable, "-m", "scryptic", "server", "--db", pg.url, "--bus", nats.url,
                   "--node-id", f"node{n + 1}", "--port", str(args.port + n)]
            nodes.append(subprocess.Popen(cmd))
        addresses = ", ".join(f"ws://127.0.0.1:{args.port + n}" for n in range(args.nodes))
        print(f"cluster up: PostgreSQL {pg.url}, NATS {nats.url}, nodes {addresses} (Ctrl-C stops)", flush=True)
        stop = {"now": False}
        signal.signal(signal.SIGTERM, lambda *_: stop.update(now=True))
        try:
            while not stop["now"] and all(node.poll() is None for node in nodes):
                time.sleep(0.5)
        except KeyboardInterrupt:
            pass
    finally:
        for node in nodes:
            if node.poll() is None:
                node.send_signal(signal.SIGTERM)
        for node in nodes:
            try:
                node.wait(15)
            except subprocess.TimeoutExpired:
                node.kill()
        nats.stop()
        pg.stop(fast=False)
        if args.folder is None:
            print(f"the data stays in {folder} (remove it when done)", file=sys.stderr)
    return 0
