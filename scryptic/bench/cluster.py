"""`scryptic bench cluster`: scripted games played by real clients through real cluster nodes.

It starts a PostgreSQL and a NATS server of its own in a temporary folder (as the cluster tests
do), then, for each node count asked (``--nodes 1,2,3``), that many ``scryptic server --db
postgresql://... --bus nats://...`` processes, and plays ``--games`` games at once through
them: two clients of the client library per game, spread over the nodes (game *i* on node
*i* mod *n*), each replaying a precomputed legal game (:mod:`server.scripted`), one action every
``--pace`` seconds per game (0: each as soon as the previous one is answered). It reports the
actions per second over the measured window and the round trip of each action (sent -> result,
which comes after the node stored it and sent the updates), p50 and p99.

Then the failover: with the largest node count, games are played at a gentle pace and the
first node is killed with SIGKILL; for each game that was in play on it, the time from the kill
to the first action of that game accepted again (on whichever node claimed it; the clients
moved by themselves). ``--baseline`` adds the same load against the single process on SQLite.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from client.net import AsyncClient, ConnectionLost, ServerError
from shared.rules.presets import DEFAULT_RULES
from scryptic.bench.cluster_nodes import (
    NodeProcess,
    Services,
    act_surely,
    bench_script,
    cpu_seconds,
    postgres_pids,
)
from scryptic.bench.games import BENCH_MAP_NAME, SCRIPT_SEEDS

Progress = Callable[[str], None]


def _quiet(_text: str) -> None:
    pass


@dataclass
class _Tally:
    """What the clients of one phase measured."""

    rtts: dict[str, list[float]] = field(default_factory=dict)
    actions: int = 0
    games_finished: int = 0
    errors: list[str] = field(default_factory=list)


@dataclass
class _Window:
    """The measured part of a phase, on ``time.monotonic()``."""

    start: float
    stop: float

    def holds(self, t: float) -> bool:
        return self.start <= t < self.stop


@dataclass
class _Watch:
    """The failover phase's notes: the game each duel plays, and when it first moved on after the kill."""

    killed_url: str | None = None
    killed_at: float | None = None
    orphans: dict[str, float | None] = field(default_factory=dict)  # game -> seconds from kill to its first action
    current: dict[int, str] = field(default_factory=dict)  # duel index -> game in play


class _Duel:
    """Two clients playing scripted games against each other, one after another."""

    def __init__(self, index: int, addresses: list[str], start: int) -> None:
        ring = addresses[start:] + addresses[:start]  # this duel's node first, then the others
        options: dict[str, Any] = {"backoff": (0.1, 1.0), "resume_patience": 60.0}
        self.index = index
        self.gold = AsyncClient(ring, name=f"gold{index}", client_name="bench-cluster", **options)
        self.silver = AsyncClient(ring, name=f"silver{index}", client_name="bench-cluster", **options)
        self.seed = SCRIPT_SEEDS[index % len(SCRIPT_SEEDS)]

    async def connect(self) -> None:
        await self.gold.connect(timeout=60)
        await self.silver.connect(timeout=60)

    async def close(self) -> None:
        await self.gold.close()
        await self.silver.close()

    async def _new_game(self) -> str | None:
        try:
            created = await self.gold.create_game(map=BENCH_MAP_NAME, seed=self.seed, seat="gold", rules=DEFAULT_RULES)
            await self.silver.join(game=created["game"])
            return str(created["game"])
        except (ConnectionLost, ServerError):  # a node died under us: start a new game once back
            await asyncio.sleep(0.2)
            await asyncio.wait_for(asyncio.gather(self.gold.connected.wait(), self.silver.connected.wait()), 60)
            return None

    async def play(self, script: list[dict[str, Any]], pace: float, window: _Window, tally: _Tally,
                   watch: _Watch | None) -> None:
        """Play games until the window closes."""
        clients = {1: self.gold, 2: self.silver}
        while time.monotonic() < window.stop:
            game = await self._new_game()
            if game is None:
                continue
            if watch is not None:
                watch.current[self.index] = game
            next_at = time.monotonic()
            for version, data in enumerate(script):
                if time.monotonic() >= window.stop:
                    return
                if pace > 0:
                    next_at += pace
                    await asyncio.sleep(max(0.0, next_at - time.monotonic()))
                action = {k: v for k, v in data.items() if k != "player"}
                rtt = await act_surely(clients[data["player"]], game, action, version, patience=120)
                now = time.monotonic()
                if watch is not None and game in watch.orphans and watch.orphans[game] is None:
                    assert watch.killed_at is not None
                    watch.orphans[game] = now - watch.killed_at
                if rtt is not None and window.holds(now):
                    tally.rtts.setdefault(action["type"], []).append(rtt)
                    tally.actions += 1
            tally.games_finished += 1
            for client in clients.values():
                try:
                    await client.leave(game)
                except (ConnectionLost, ServerError):
                    pass


def _percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def _ms(value: float | None) -> float | None:
    return None if value is None else round(1000 * value, 2)


async def _cpu_over(window: _Window, groups: Callable[[], dict[str, list[int]]], out: dict[str, float]) -> None:
    """Fill ``out`` with the cores each group of processes used over the window."""
    await asyncio.sleep(max(0.0, window.start - time.monotonic()))
    t0, before = time.monotonic(), {name: cpu_seconds(pids) for name, pids in groups().items()}
    await asyncio.sleep(max(0.0, window.stop - time.monotonic()))
    t1, after = time.monotonic(), {name: cpu_seconds(pids) for name, pids in groups().items()}
    out.update({name: round((after[name] - before[name]) / (t1 - t0), 2) for name in before})


async def _phase(addresses: list[str], games: int, pace: float, warmup: float, duration: float,
                 progress: Progress, label: str, groups: Callable[[], dict[str, list[int]]],
                 kill: Callable[[], str] | None = None) -> dict[str, Any]:
    """Play ``games`` duels over ``addresses`` for ``warmup + duration`` seconds; the figures
    (with the cores used by each of ``groups()``'s processes). With ``kill`` (which kills a
    node and returns its address), the node is killed at the start of the measured window and
    the failover is measured instead."""
    duels = [_Duel(i, addresses, i % len(addresses)) for i in range(games)]
    scripts = {d.seed: bench_script(d.seed) for d in duels}
    progress(f"{label}: connecting {2 * games} clients")
    connecting = asyncio.Semaphore(8)

    async def connect(duel: _Duel) -> None:
        async with connecting:
            await duel.connect()

    await asyncio.gather(*(connect(d) for d in duels))
    start = time.monotonic() + warmup
    window = _Window(start, start + duration)
    tally = _Tally()
    watch = _Watch() if kill is not None else None
    tasks = [asyncio.ensure_future(d.play(scripts[d.seed], pace, window, tally, watch)) for d in duels]
    cores: dict[str, float] = {}
    meter = asyncio.ensure_future(_cpu_over(window, groups, cores))
    progress(f"{label}: {games} games, {warmup:g} s warm-up, then {duration:g} s measured")
    try:
        while not all(t.done() for t in tasks):
            await asyncio.wait(tasks, timeout=1.0)
            now = time.monotonic()
            if watch is not None and kill is not None and watch.killed_at is None and now >= window.start:
                watch.killed_url = url = kill()
                watch.killed_at = time.monotonic()
                for duel in duels:
                    game = watch.current.get(duel.index)
                    if game is not None and duel.gold.url == url and not duel.gold.games[game].over:
                        watch.orphans[game] = None
                progress(f"{label}: killed the node at {url} (SIGKILL); {len(watch.orphans)} games were in play on it")
            elif watch is not None and watch.killed_at is not None:
                waiting = sum(1 for t in watch.orphans.values() if t is None)
                progress(f"{label}: {now - watch.killed_at:4.1f} s since the kill, {waiting} games not moved on yet")
                if not waiting:
                    window.stop = min(window.stop, now)  # every orphan played on: done
            elif window.start <= now < window.stop:
                progress(f"{label}: {now - window.start:4.1f}/{duration:g} s, {tally.actions} actions measured")
        for task in tasks:
            if task.exception() is not None:
                tally.errors.append(repr(task.exception()))
    finally:
        meter.cancel()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.gather(*(d.close() for d in duels), return_exceptions=True)
    if watch is not None:
        return _failover_figures(watch, tally)
    commits = tally.rtts.get("commit", [])
    every = [x for values in tally.rtts.values() for x in values]
    return {
        "games": games,
        "actions": tally.actions,
        "actions_per_s": round(tally.actions / duration, 1),
        "commit_p50_ms": _ms(_percentile(commits, 0.5)),
        "commit_p99_ms": _ms(_percentile(commits, 0.99)),
        "action_p50_ms": _ms(_percentile(every, 0.5)),
        "action_p99_ms": _ms(_percentile(every, 0.99)),
        "commits": len(commits),
        "games_finished": tally.games_finished,
        "errors": tally.errors[:5],
        "cpu_cores": cores,
        "load_average": round(os.getloadavg()[0], 2),
    }


def _failover_figures(watch: _Watch, tally: _Tally) -> dict[str, Any]:
    times = [t for t in watch.orphans.values() if t is not None]
    return {
        "killed": watch.killed_url,
        "orphaned_games": len(watch.orphans),
        "resumed_games": len(times),
        "first_action_s_min": round(min(times), 2) if times else None,
        "first_action_s_median": round(statistics.median(times), 2) if times else None,
        "first_action_s_max": round(max(times), 2) if times else None,
        "errors": tally.errors[:5],
    }


def _groups(nodes: list[NodeProcess], postgres_data: Path | None) -> dict[str, list[int]]:
    """The processes whose CPU a phase reports: the clients (this process), the nodes, PostgreSQL."""
    out = {"clients": [os.getpid()], "nodes": [n.proc.pid for n in nodes if n.proc is not None]}
    if postgres_data is not None:
        out["postgres"] = postgres_pids(postgres_data)
    return out


def _start_nodes(nodes: list[NodeProcess], progress: Progress) -> None:
    for node in nodes:
        if node.proc is None:
            node.start()
    for node in nodes:
        node.wait_listening()
    progress(f"nodes listening: {', '.join(n.url for n in nodes)}")


def run_cluster_bench(node_counts: list[int], games: int, pace: float, duration: float, warmup: float,
                      lease_ttl: float, failover: bool, baseline: bool, progress: Progress = _quiet) -> dict[str, Any]:
    """Run the benchmark (see the module docstring); the figures as a JSON-ready dict. Raises
    ServiceError if PostgreSQL or NATS is not installed, RuntimeError if a node does not start."""
    services = Services()
    folder = Path(tempfile.mkdtemp(prefix="scryptic-bench-nodes-"))
    all_nodes: list[NodeProcess] = []
    report: dict[str, Any] = {
        "games": games, "pace_s": pace, "duration_s": duration, "lease_ttl_s": lease_ttl,
        "cpus": os.cpu_count(), "by_nodes": {}, "failover": None, "baseline": None,
    }
    try:
        progress("starting PostgreSQL and NATS in a temporary folder; computing the game scripts")
        with ThreadPoolExecutor(1) as pool:  # the scripts are computed while the services start
            scripts = pool.submit(lambda: [bench_script(seed) for seed in SCRIPT_SEEDS[:games]])
            services.start()
            scripts.result()
        db, bus = services.postgres.url, services.nats.url
        if baseline:
            single = NodeProcess("single", str(folder / "single.sqlite3"), None, folder)
            all_nodes.append(single)
            _start_nodes([single], progress)
            report["baseline"] = asyncio.run(_phase([single.url], games, pace, warmup, duration, progress,
                                                    "single process (SQLite)", lambda: _groups([single], None)))
            single.stop()
        for count in node_counts:
            while len([n for n in all_nodes if n.db_url == db]) < count:
                all_nodes.append(NodeProcess(f"node{len(all_nodes) + 1}", db, bus, folder, lease_ttl=lease_ttl))
            nodes = [n for n in all_nodes if n.db_url == db][:count]
            _start_nodes(nodes, progress)
            label = f"{count} node{'s' if count > 1 else ''}"
            report["by_nodes"][str(count)] = asyncio.run(
                _phase([n.url for n in nodes], games, pace, warmup, duration, progress, label,
                       partial(_groups, nodes, services.postgres.data)))
        if failover and max(node_counts) >= 2:
            nodes = [n for n in all_nodes if n.db_url == db][:max(node_counts)]
            victim = nodes[0]

            def kill() -> str:
                victim.kill()
                return victim.url

            calm = max(pace, 0.2)  # the games play on gently while the failover is timed
            report["failover"] = asyncio.run(_phase([n.url for n in nodes], games, calm, warmup, lease_ttl * 2 + 10,
                                                    progress, "failover", lambda: _groups(nodes, None), kill))
    finally:
        for node in all_nodes:
            node.stop()
        services.stop()
        shutil.rmtree(folder, ignore_errors=True)
    report["load_average"] = round(os.getloadavg()[0], 2)
    return report


def format_report(report: dict[str, Any]) -> str:
    """The figures as text."""
    lines = [(f"scryptic bench cluster: {report['games']} games, pace {report['pace_s']:g} s, "
              f"{report['duration_s']:g} s measured per row, {report['cpus']} cores")]
    rows = [("single process (SQLite)", report["baseline"])] if report["baseline"] else []
    rows += [(f"{n} node{'s' if int(n) > 1 else ''} (PostgreSQL)", row) for n, row in report["by_nodes"].items()]
    for name, row in rows:
        lines.append(f"  {name:<26} {row['actions_per_s']:>8.1f} actions/s   commit p50 {row['commit_p50_ms']} ms "
                     f"p99 {row['commit_p99_ms']} ms   any action p50 {row['action_p50_ms']} ms p99 "
                     f"{row['action_p99_ms']} ms")
        cores = ", ".join(f"{name} {value:.2f}" for name, value in row["cpu_cores"].items())
        lines.append(f"    cores used: {cores}; load average {row['load_average']}")
        if row["errors"]:
            lines.append(f"    errors: {row['errors']}")
    fo = report["failover"]
    if fo:
        lines.append(f"  failover (lease ttl {report['lease_ttl_s']:g} s): {fo['resumed_games']}/{fo['orphaned_games']} "
                     f"games of the killed node played on; kill -> first accepted action min "
                     f"{fo['first_action_s_min']} s, median {fo['first_action_s_median']} s, max {fo['first_action_s_max']} s")
        if fo["errors"]:
            lines.append(f"    errors: {fo['errors']}")
    return "\n".join(lines)


def stderr_progress(text: str) -> None:
    """Progress on stderr (stdout keeps the report, or the JSON)."""
    print(f"bench cluster: {text}", file=sys.stderr, flush=True)
