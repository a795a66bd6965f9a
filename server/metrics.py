"""Counters for the health readout and ``GET /metrics``: games, connections, messages, actions.

:class:`Metrics` is written to on the hot paths (plain integer counters, and two
``prometheus_client`` histograms: the time an accepted action took, and the time the store took
to make a write durable). :meth:`Metrics.render` turns it and the server's readout into the
Prometheus text format; every server has its own registry, so several servers in one process
(the tests) never mix their figures.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from prometheus_client import CollectorRegistry, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

LATENCY_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
"""Histogram buckets in seconds: an action's goal is well under 50 ms."""

METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"


@dataclass
class Metrics:
    """Monotonic counters; :meth:`rates` turns two readings into per-second figures."""

    started: float = field(default_factory=time.time)
    messages_in: int = 0
    messages_out: int = 0
    bytes_in: int = 0
    bytes_out: int = 0
    actions: int = 0
    action_seconds: float = 0.0  # time spent in accepted actions (engine + store wait + send)
    connections_total: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    cut_off: Counter[str] = field(default_factory=Counter)
    registry: CollectorRegistry = field(default_factory=lambda: CollectorRegistry(auto_describe=False))
    _last: tuple[float, int, int, int] | None = None

    def __post_init__(self) -> None:
        self.action_latency = Histogram(
            "scryptic_action_seconds", "Time an accepted action took: rules, store (on disk), replies",
            buckets=LATENCY_BUCKETS, registry=self.registry)
        self.store_latency = Histogram(
            "scryptic_store_write_seconds", "Time from a write's submission to the store until it is durable",
            buckets=LATENCY_BUCKETS, registry=self.registry)

    def action_done(self, seconds: float) -> None:
        self.actions += 1
        self.action_seconds += seconds
        self.action_latency.observe(seconds)

    def store_write_done(self, seconds: float) -> None:
        self.store_latency.observe(seconds)

    def rates(self) -> dict[str, float]:
        """Messages in/out and actions per second since the previous call."""
        now = time.monotonic()
        current = (now, self.messages_in, self.messages_out, self.actions)
        last, self._last = self._last, current
        if last is None or now <= last[0]:
            return {"messages_in_per_s": 0.0, "messages_out_per_s": 0.0, "actions_per_s": 0.0}
        span = now - last[0]
        return {
            "messages_in_per_s": round((current[1] - last[1]) / span, 2),
            "messages_out_per_s": round((current[2] - last[2]) / span, 2),
            "actions_per_s": round((current[3] - last[3]) / span, 2),
        }

    def totals(self) -> dict[str, Any]:
        return {
            "uptime_s": round(time.time() - self.started, 1),
            "messages_in": self.messages_in,
            "messages_out": self.messages_out,
            "bytes_in": self.bytes_in,
            "bytes_out": self.bytes_out,
            "actions": self.actions,
            "mean_action_ms": round(1000 * self.action_seconds / self.actions, 3) if self.actions else None,
            "connections_total": self.connections_total,
            "errors": dict(self.errors),
            "cut_off": dict(self.cut_off),
        }

    def watch(self, readout: Callable[[], dict[str, Any]]) -> None:
        """Have ``/metrics`` also report ``readout()`` (the server's games, users, bots and
        leases, read at each scrape)."""
        self.registry.register(_Readout(self, readout))

    def render(self) -> bytes:
        """Every figure in the Prometheus text format."""
        return generate_latest(self.registry)


class _Readout(Collector):
    """The counters and the server's readout, as metric families at scrape time."""

    def __init__(self, metrics: Metrics, readout: Callable[[], dict[str, Any]]) -> None:
        self.metrics, self.readout = metrics, readout

    def collect(self) -> Iterator[Metric]:
        m, now = self.metrics, self.readout()
        yield _gauge("scryptic_uptime_seconds", "Seconds since the server started", time.time() - m.started)
        yield _gauge("scryptic_connections", "Open websocket connections", now.get("connections", 0))
        yield _counter("scryptic_connections_total", "Websocket connections accepted", m.connections_total)
        games = GaugeMetricFamily("scryptic_games", "Games in memory, by state", labels=["state"])
        for state, key in (("open", "games_open"), ("active", "games_active"), ("finished", "games_finished_in_memory")):
            games.add_metric([state], now.get(key, 0))
        yield games
        yield _gauge("scryptic_users", "Accounts known", now.get("users", 0))
        yield _counter("scryptic_actions_total", "Accepted game actions", m.actions)
        for name, doc, inward, outward in (("messages", "Websocket messages", m.messages_in, m.messages_out),
                                           ("bytes", "Websocket message bytes", m.bytes_in, m.bytes_out)):
            family = CounterMetricFamily(f"scryptic_{name}", doc, labels=["direction"])
            family.add_metric(["in"], inward)
            family.add_metric(["out"], outward)
            yield family
        errors = CounterMetricFamily("scryptic_errors", "Requests refused, by error code", labels=["code"])
        for code, count in sorted(m.errors.items()):
            errors.add_metric([code], count)
        yield errors
        cut = CounterMetricFamily("scryptic_cut_off", "Connections cut off or refused, by reason", labels=["reason"])
        for reason, count in sorted(m.cut_off.items()):
            cut.add_metric([reason], count)
        yield cut
        yield _counter("scryptic_store_commits", "Store transactions committed", now.get("store_commits", 0))
        yield _gauge("scryptic_bot_queue", "Bot decisions asked and not yet answered", now.get("bot_waiting", 0))
        yield _counter("scryptic_bot_jobs", "Bot decisions asked", now.get("bot_jobs", 0))
        if "games_held" in now:  # a cluster node
            yield _gauge("scryptic_cluster_leases_held", "Games whose lease this node holds", now["games_held"])
            yield _counter("scryptic_cluster_games_claimed", "Orphaned games this node claimed", now.get("games_claimed", 0))
            yield _counter("scryptic_cluster_leases_lost", "Leases this node lost", now.get("leases_lost", 0))


def _gauge(name: str, doc: str, value: float) -> GaugeMetricFamily:
    return GaugeMetricFamily(name, doc, value=value)


def _counter(name: str, doc: str, value: float) -> CounterMetricFamily:
    return CounterMetricFamily(name, doc, value=value)
