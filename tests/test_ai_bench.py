"""`scryptic bench movegen`: what it reports (not how fast: benchmarks are run by hand)."""

from __future__ import annotations

import pytest

from scryptic.bench.movegen import (
    GOAL_MS,
    HEADLINE,
    RACK_SIZES,
    bench_movegen,
    reference_positions,
    sample_racks,
)
from shared.ai.movegen import generate_commits
from shared.ai.vocab import full_vocabulary


@pytest.fixture(scope="module")
def report() -> dict:
    return bench_movegen(racks_per_size=1, seed=1)


def test_the_report_has_every_position_and_rack_size_and_the_goal_row(report):
    rows = report["rows"]
    assert [(r["position"], r["rack"]) for r in rows] == [
        (p, size) for p in ("early", "mid-game", "crowded") for size in RACK_SIZES]
    for row in rows:
        assert row["racks"] == 1 and row["median_ms"] >= 0 and row["median_cpu_ms"] >= 0
        assert row["first_median_ms"] >= row["median_ms"], "a rack's best run is no slower than its first"
    headline = report["headline"]
    assert headline["repeat"] == 5 and headline["first_median_ms"] >= headline["median_ms"]
    goal_row = next(r for r in rows if (r["position"], r["rack"]) == HEADLINE)
    assert (headline["position"], headline["rack"]) == HEADLINE == ("mid-game", 12)
    assert headline["median_ms"] == goal_row["median_ms"] and headline["goal_ms"] == GOAL_MS
    assert headline["met"] == (goal_row["median_ms"] < GOAL_MS)


def test_the_moves_counted_are_the_generators(report):
    from shared.words.dictionary import load_dictionary

    dictionary = load_dictionary()
    game = reference_positions(dictionary, 1)["mid-game"]
    rack = sample_racks(12, 1, 1)[0]
    row = next(r for r in report["rows"] if (r["position"], r["rack"]) == ("mid-game", 12))
    commits = generate_commits(game, game.actor, full_vocabulary(dictionary), rack)
    assert row["moves_median"] == row["moves_max"] == len(commits) > 0


def test_the_decision_bench_reports_each_position_and_counts_decisions_past_the_stop():
    from scryptic.bench.decide import bench_decide

    report = bench_decide(level=1, seed=1, maps=("anvil",), turns=(4, 8))
    rows = report["rows"]
    assert [(r["map"], r["turn"]) for r in rows] == [("anvil", 4), ("anvil", 8)]
    for row in rows:
        assert row["seconds"] >= 0 and row["cpu_seconds"] >= 0 and row["letters"] > 0
        assert row["action"] in ("Commit", "EndTurn", "Redeploy", "Discard", "Resign")
    h = report["headline"]
    assert report["level_name"] == "Squire" and h["cap_s"] == 1.0 and h["search_stop_s"] == 0.8
    assert h["decisions"] == 2 and h["over_stop"] == sum(r["seconds"] > 0.8 for r in rows)
    assert h["longest_s"] == max(r["seconds"] for r in rows)


def test_the_decision_bench_positions_are_turn_starts_of_the_knights_war_game():
    from scryptic.bench.decide import reference_positions
    from shared.words.dictionary import load_dictionary

    positions = reference_positions(load_dictionary(), 1, ("anvil",), (6, 12))
    assert [(name, turn) for name, turn, _ in positions] == [("anvil", 6), ("anvil", 12)]
    for _, turn, game in positions:
        assert game.rules.name == "war" and game.turn >= turn
        assert game.pending is None and not game.committed_this_turn


@pytest.mark.parametrize("option", ["--racks", "--repeat"])
def test_the_movegen_bench_refuses_fewer_than_one_rack_or_run(option):
    import contextlib
    import io

    from scryptic.cli import main

    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()) as out:
        code = main(["bench", "movegen", option, "0"])
    assert code == 2 and out.getvalue() == ""
    assert err.getvalue() == f"scryptic bench movegen: {option} must be at least 1\n"
