"""`scryptic bench server`: N concurrent games of scripted clients over loopback.

The server runs in this process; the clients run in another process (so the two share the
machine's cores the way a real server and its players would not share one interpreter). Each
game is a pair of websocket connections replaying a precomputed legal game (see
:mod:`server.scripted`), one action every ``pace`` seconds per game; ``--pace 0`` sends each
action as soon as the previous one is answered. The clients measure the round trip of every
action (request sent -> result received, after the server stored it and sent the updates).
The games are created and joined while the clients connect, before the measured window, so that
the window measures play at N games (a game that ends in it is followed by a new one).
"""

from __future__ import annotations

import asyncio
import gc
import multiprocessing
import os
import random
import resource
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgpack
import msgspec
from websockets.exceptions import ConnectionClosed

from server.edge.protocol import PROTOCOL_VERSION
from scryptic.bench.games import BENCH_MAP_NAME, SCRIPT_SEEDS, bench_lexicon, bench_map, make_script
from shared.rules.presets import DEFAULT_RULES

# ---------------------------------------------------------------------------------------------
# Client side (runs in its own process)
# ---------------------------------------------------------------------------------------------


class _Frame(msgspec.Struct):
    """Only the fields a bench client looks at; the rest of each frame is skipped unparsed."""

    type: str
    re: int | None = None
    code: str | None = None
    data: dict[str, Any] | None = None


_decode = msgspec.msgpack.Decoder(_Frame).decode


class _Conn:
    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.ids = 0
        self.waiting: dict[int, asyncio.Future[_Frame]] = {}
        self.error: Exception | None = None
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        try:
            async for frame in self.ws:
                msg = _decode(frame)
                if msg.re is not None:
                    future = self.waiting.pop(msg.re, None)
                    if future is not None and not future.done():
                        future.set_result(msg)
        except (ConnectionClosed, msgspec.DecodeError) as exc:
            self.error = exc
        for future in self.waiting.values():
            if not future.done():
                future.set_exception(ConnectionError("closed"))

    async def request(self, kind: str, **fields: Any) -> _Frame:
        self.ids += 1
        future: asyncio.Future[_Frame] = asyncio.get_running_loop().create_future()
        self.waiting[self.ids] = future
        await self.ws.send(msgpack.packb({"type": kind, "id": self.ids, **fields}))
        return await asyncio.wait_for(future, 60)


def _expect_result(frame: _Frame, what: str) -> None:
    """Raise, naming the server's error, when ``frame`` is not a result."""
    if frame.type != "result":
        raise RuntimeError(f"{what} refused: {frame.type} {frame.code}")


@dataclass
class _Tally:
    rtts: dict[str, list[float]]
    errors: int = 0
    games_finished: int = 0
    actions: int = 0


async def _play_games(url: str, index: int, script: list[dict[str, Any]], seed: int, pace: float,
                      start_at: float, stop_at: float, tally: _Tally, ready: list[int],
                      connecting: asyncio.Semaphore) -> None:
    from websockets.asyncio.client import connect

    # Each connection says hello as soon as it is open: the server cuts off one that stays
    # silent, and the second connect can wait a while in a crowded listen backlog.
    async with connecting:  # do not flood the listen backlog while connecting
        ws_a = await connect(url, compression=None, max_size=2**22, open_timeout=120)
        a = _Conn(ws_a)
        _expect_result(await a.request("hello", v=PROTOCOL_VERSION, name=f"bench{index}a"), "hello")
        ws_b = await connect(url, compression=None, max_size=2**22, open_timeout=120)
        b = _Conn(ws_b)
        _expect_result(await b.request("hello", v=PROTOCOL_VERSION, name=f"bench{index}b"), "hello")
    async with ws_a, ws_b:
        ready[0] += 1

        async def new_game() -> str | None:
            created = await a.request("create_game", map=BENCH_MAP_NAME, seed=seed, seat="gold", rules=DEFAULT_RULES)
            if created.type != "result":
                return None
            game = created.data["game"]  # type: ignore[index]
            joined = await b.request("join", game=game)
            return game if joined.type == "result" else None

        # The games are created and joined before the measured window, which then holds play only
        # (a game that ends inside it is followed by a new one, as players do).
        game: str | None = await new_game()
        await asyncio.sleep(max(0.0, start_at - time.time()) + random.random() * pace)
        while time.time() < stop_at:
            game = game or await new_game()
            if game is None:
                tally.errors += 1
                return
            seats = {1: a, 2: b}
            next_at = time.time()
            for action in script:
                if time.time() >= stop_at:
                    return
                if pace > 0:
                    next_at += pace
                    delay = next_at - time.time()
                    if delay > 0:
                        await asyncio.sleep(delay)
                wire = {k: v for k, v in action.items() if k != "player"}
                sent = time.perf_counter()
                reply = await seats[action["player"]].request("act", game=game, action=wire)
                rtt = time.perf_counter() - sent
                if reply.type != "result":
                    tally.errors += 1
                    continue
                if time.time() >= start_at:
                    tally.rtts.setdefault(wire["type"], []).append(rtt)
                    tally.actions += 1
            tally.games_finished += 1
            await a.request("leave", game=game)
            await b.request("leave", game=game)
            game = None


async def _client_main_async(url: str, games: int, pace: float, duration: float, warmup: float,
                             scripts: dict[int, list[dict[str, Any]]], out: Any) -> dict[str, Any]:
    tally = _Tally(rtts={})
    ready = [0]
    seeds = list(scripts)
    # Everyone starts together once all connections are up (or after a generous ramp limit).
    start_at = time.time() + ramp_seconds(games) + warmup
    out.put({"start_at": start_at})
    asyncio.get_running_loop().call_later(max(0.0, start_at - time.time() - 0.5), _quiet_gc)
    stop_at = start_at + duration
    connecting = asyncio.Semaphore(32)
    cpu0 = time.process_time()
    tasks = []
    for i in range(games):
        seed = seeds[i % len(seeds)]
        tasks.append(asyncio.ensure_future(
            _play_games(url, i, scripts[seed], seed, pace, start_at, stop_at, tally, ready, connecting)
        ))
    results = await asyncio.gather(*tasks, return_exceptions=True)
    failures = [repr(r) for r in results if isinstance(r, BaseException)]
    cpu = time.process_time() - cpu0
    return {
        "rtts": tally.rtts,
        "errors": tally.errors,
        "failures": failures[:5],
        "failed_games": len(failures),
        "games_finished": tally.games_finished,
        "actions": tally.actions,
        "connected_games": ready[0],
        "client_cpu_s": cpu,
        "window_s": duration,
    }


def _quiet_gc() -> None:
    # The clients are the measuring instrument: a garbage-collection pause in this process
    # would show up as a slow round trip of the server. Their heap hardly grows in a window.
    gc.collect()
    gc.freeze()
    gc.disable()


def ramp_seconds(games: int) -> float:
    """Time allowed for every game to connect before the clock starts."""
    return 3.0 + games * 0.012


def _client_process(url: str, games: int, pace: float, duration: float, warmup: float,
                    scripts: dict[int, list[dict[str, Any]]], out: Any) -> None:
    try:
        out.put(asyncio.run(_client_main_async(url, games, pace, duration, warmup, scripts, out)))
    except BaseException as exc:  # noqa: BLE001 - report anything, never hang the parent
        out.put({"fatal": repr(exc)})


# ---------------------------------------------------------------------------------------------
# Server side and report
# ---------------------------------------------------------------------------------------------


def _cpu_pressure_total() -> float | None:
    """Microseconds that some runnable task waited for a CPU (Linux PSI), or None."""
    try:
        with open("/proc/pressure/cpu", encoding="ascii") as handle:
            first = handle.readline().split()
        return float(dict(item.split("=") for item in first[1:])["total"])
    except (OSError, ValueError, KeyError):
        return None


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


async def _run_bench(games: int, pace: float, duration: float, warmup: float, db: Path | None) -> dict[str, Any]:
    from server.app import GameServer
    from server.config import ServerConfig

    scripts = {seed: make_script(seed) for seed in SCRIPT_SEEDS}
    workdir = None
    if db is None:
        workdir = tempfile.mkdtemp(prefix="scryptic-bench-")
        db = Path(workdir) / "bench.sqlite3"
    config = ServerConfig(
        port=0,
        db_path=db,
        allow_client_seed=True,
        max_connections_per_address=2 * games + 16,
        rate_per_second=1000.0,
        rate_burst=1000,
        max_open_games_per_user=10,
        stats_interval=0,
        defence_timeout=600.0,
        idle_timeout=3600.0,
        finished_keep=30.0,
        gc_freeze_interval=5.0,
        puzzle_workers=0,  # the benchmark measures games served, not the puzzle miner
    )
    server = GameServer(config, bench_lexicon(), maps={BENCH_MAP_NAME: bench_map()})
    await server.start()
    url = f"ws://127.0.0.1:{server.port}"
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    proc = context.Process(
        target=_client_process, args=(url, games, pace, duration, warmup, scripts, out), daemon=True
    )
    proc.start()
    # Measure the server's own CPU over the measured window.
    loop = asyncio.get_running_loop()
    first = await loop.run_in_executor(None, out.get)
    if "fatal" in first:
        await server.stop()
        return first
    await asyncio.sleep(max(0.0, first["start_at"] - time.time()))
    pressure0 = _cpu_pressure_total()
    cpu0, wall0 = time.process_time(), time.perf_counter()
    actions0 = server.metrics.actions
    action_s0 = server.metrics.action_seconds
    lag_samples: list[float] = []
    end = time.perf_counter() + duration
    while time.perf_counter() < end:
        t = time.perf_counter()
        await asyncio.sleep(0.05)
        lag_samples.append(time.perf_counter() - t - 0.05)
    cpu1, wall1 = time.process_time(), time.perf_counter()
    pressure1 = _cpu_pressure_total()
    machine = {
        "load_average": os.getloadavg()[0],
        "cpu_pressure": None if pressure0 is None or pressure1 is None
        else (pressure1 - pressure0) / 1e6 / (wall1 - wall0),
    }
    actions1 = server.metrics.actions
    action_s1 = server.metrics.action_seconds
    report = await loop.run_in_executor(None, out.get)
    report.update(machine)
    await loop.run_in_executor(None, proc.join, 30)
    stats = server.stats()
    await server.stop()
    report["server_cpu_fraction"] = (cpu1 - cpu0) / (wall1 - wall0)
    report["server_actions_in_window"] = actions1 - actions0
    report["server_mean_action_ms"] = 1000 * (action_s1 - action_s0) / max(1, actions1 - actions0)
    report["server_cpu_ms_per_action"] = 1000 * (cpu1 - cpu0) / max(1, actions1 - actions0)
    report["loop_lag_p99_ms"] = 1000 * _percentile(lag_samples, 0.99)
    report["server_stats"] = stats
    report["rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    if workdir:
        for name in os.listdir(workdir):
            os.unlink(os.path.join(workdir, name))
        os.rmdir(workdir)
    return report


def format_report(games: int, pace: float, report: dict[str, Any]) -> str:
    """The benchmark's figures as text."""
    if "fatal" in report:
        return f"bench failed in the client process: {report['fatal']}"
    rtts = report["rtts"]
    all_rtts = [x for values in rtts.values() for x in values]
    commits = rtts.get("commit", [])
    window = report["window_s"]
    lines = [
        f"scryptic bench server: {games} games, pace {pace:g} s/action/game, {window:g} s measured",
        (
            f"  games connected {report['connected_games']}/{games}, failed {report['failed_games']}, "
            f"finished in window {report['games_finished']}, errors {report['errors']}"
        ),
        f"  actions: {report['actions']} in window = {report['actions'] / window:.1f} actions/s",
        (
            f"  commit round trip: n={len(commits)} p50 {1000 * _percentile(commits, 0.5):.2f} ms, "
            f"p99 {1000 * _percentile(commits, 0.99):.2f} ms, max {1000 * max(commits, default=float('nan')):.2f} ms"
        ),
        (
            f"  any action round trip: p50 {1000 * _percentile(all_rtts, 0.5):.2f} ms, "
            f"p99 {1000 * _percentile(all_rtts, 0.99):.2f} ms"
        ),
        (
            f"  server: CPU {100 * report['server_cpu_fraction']:.0f}% of one core, "
            f"{report['server_cpu_ms_per_action']:.3f} ms CPU per action, "
            f"{report['server_mean_action_ms']:.2f} ms wall per action (apply, wait for disk, send), "
            f"event-loop lag p99 {report['loop_lag_p99_ms']:.1f} ms, max RSS {report['rss_mb']:.0f} MB"
        ),
        f"  clients: CPU {report['client_cpu_s']:.1f} s total",
        f"  store: {report['server_stats']['store_units']} writes in {report['server_stats']['store_commits']} commits",
    ]
    pressure = report.get("cpu_pressure")
    lines.append(
        f"  machine: {os.cpu_count()} cores, load average {report.get('load_average', float('nan')):.2f}"
        + ("" if pressure is None else f", runnable tasks waiting for a CPU {100 * pressure:.0f}% of the time")
        + " (other work on the machine shows up in these figures)"
    )
    if report["failures"]:
        lines.append(f"  first failures: {report['failures']}")
    if len(commits) > 1:
        lines.append(f"  commit mean {1000 * statistics.fmean(commits):.2f} ms")
    return "\n".join(lines)


def run(games: int, pace: float, duration: float, warmup: float, db: Path | None) -> str:
    """Run the benchmark and return the report text."""
    from server.app import tune_process

    tune_process()
    report = asyncio.run(_run_bench(games, pace, duration, warmup, db))
    return format_report(games, pace, report)
