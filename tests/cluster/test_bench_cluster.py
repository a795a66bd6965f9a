"""`scryptic bench cluster` runs end to end (its own PostgreSQL, NATS and one node; two games)
and reports its figures as JSON. Speed itself is measured by hand, never asserted here."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from server.cluster.local import nats_bin, postgres_bin


def test_bench_cluster_with_one_node_and_two_games_reports_positive_figures() -> None:
    if postgres_bin("initdb") is None or nats_bin() is None:
        pytest.skip("PostgreSQL or nats-server is not installed (./dev setup installs them)")
    done = subprocess.run(
        [sys.executable, "-m", "scryptic", "bench", "cluster", "--nodes", "1", "--games", "2", "--duration", "2",
         "--warmup", "0.5", "--no-failover", "--json"],
        capture_output=True, text=True, timeout=180, check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "bench cluster: 1 node:" in done.stderr  # progress goes to stderr, the JSON alone to stdout
    report = json.loads(done.stdout)
    assert report["games"] == 2 and report["duration_s"] == 2 and report["failover"] is None
    assert list(report["by_nodes"]) == ["1"]
    row = report["by_nodes"]["1"]
    assert row["games"] == 2 and row["errors"] == []
    assert row["actions"] > 0 and row["commits"] > 0
    for key in ("actions_per_s", "commit_p50_ms", "commit_p99_ms", "action_p50_ms", "action_p99_ms"):
        assert row[key] > 0, key
    assert row["commit_p50_ms"] <= row["commit_p99_ms"] and row["action_p50_ms"] <= row["action_p99_ms"]
