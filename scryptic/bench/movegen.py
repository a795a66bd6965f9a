"""The move generator benchmark: reference positions, racks of 7, 9 and 12 letters.

Positions are built by seeded random play (``shared.tools.random_player``), so they do not move
when the AI changes: *early* (a few words each on Hollowmere), *mid-game* (the fronts have
met a dozen times on the Pewter Marches) and *crowded* (many fights on little Cinder Ford).
For each position and rack size, racks are drawn from the standard letter distribution
with a fixed seed, and ``generate_commits`` is timed to the last commit, by the wall clock
and by the process's CPU time. It is timed as a decision runs it, with the cyclic garbage
collector paused (``shared.ai.gc_pause``). Each rack is timed ``repeat`` times and its best
time counts, as :mod:`timeit` advises: the slower runs measure the other programs on a shared
machine, not the generator. The median of each rack's first run is reported beside it.

The headline is the generator's goal: the median for 12-letter racks in the mid-game position,
under 10 ms.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from shared.rules.actions import EndTurn
from shared.rules.game import Game
from shared.rules.presets import STANDARD

RACK_SIZES = (7, 9, 12)
HEADLINE = ("mid-game", 12)  # the position and rack size of the goal
GOAL_MS = 10.0


def _early_position(dictionary, seed: int, commits: int = 6) -> Game:
    """A few commits each on Hollowmere, growing toward the enemy."""
    from scryptic.bench.rules import _common_words
    from shared.maps.files import load_map
    from shared.tools.random_player import random_commit, sensible_action

    words = _common_words(dictionary)
    rng = random.Random(seed)
    game = Game.new(load_map("hollowmere"), STANDARD, seed, dictionary)
    made = 0
    for _ in range(400):
        actor = game.actor
        if made >= commits * 2 or actor is None:
            break
        if game.pending is not None:
            game.apply(sensible_action(game, rng, words))
            continue
        commit = None if game.committed_this_turn else random_commit(
            game, actor, rng, words, tries=400, toward_enemy=True)
        if commit is None:
            game.apply(EndTurn(actor))
        else:
            game.apply(commit)
            made += 1
    if game.committed_this_turn and game.pending is None and game.actor is not None:
        game.apply(EndTurn(game.actor))
    return game


def reference_positions(dictionary, seed: int = 1) -> dict[str, Game]:
    """The benchmark positions by name."""
    from scryptic.bench.rules import midgame_position

    return {
        "early": _early_position(dictionary, seed),
        "mid-game": midgame_position("pewter-marches", seed, dictionary, fights=12),
        "crowded": midgame_position("cinder-ford", seed, dictionary, fights=30),
    }


def sample_racks(size: int, count: int, seed: int) -> list[str]:
    """``count`` racks of ``size`` letters drawn from one full standard pool each."""
    rng = random.Random(seed * 1000 + size)
    pool = [ch for ch, n in sorted(STANDARD.distribution.items()) for _ in range(n)]
    return ["".join(sorted(rng.sample(pool, size))) for _ in range(count)]


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench_movegen(
    racks_per_size: int = 15,
    seed: int = 1,
    progress: Callable[[str], None] | None = None,
    repeat: int = 5,
) -> dict[str, Any]:
    """Time the full generation of commits; medians and p90 in milliseconds, of each rack's
    best of ``repeat`` runs (``first_median_ms``: of each rack's first run)."""
    from shared.ai.gc_pause import collector_paused
    from shared.ai.movegen import generate_commits
    from shared.ai.vocab import full_vocabulary
    from shared.words.dictionary import load_dictionary

    dictionary = load_dictionary()
    start = time.perf_counter()
    vocab = full_vocabulary(dictionary)
    build = time.perf_counter() - start
    rows: list[dict[str, Any]] = []
    for name, game in reference_positions(dictionary, seed).items():
        player = game.actor
        assert player is not None  # a reference position is not over
        own = len(game.board.letters[player])
        enemy = len(game.board.letters[player.other])
        for size in RACK_SIZES:
            times: list[float] = []
            cpu_times: list[float] = []
            first_times: list[float] = []
            counts: list[int] = []
            for rack in sample_racks(size, racks_per_size, seed):
                runs = []
                for _ in range(repeat):
                    with collector_paused():
                        c0, t0 = time.process_time(), time.perf_counter()
                        n = sum(1 for _ in generate_commits(game, player, words=vocab, rack=rack))
                        runs.append(((time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000))
                first_times.append(runs[0][0])
                times.append(min(wall for wall, _ in runs))
                cpu_times.append(min(cpu for _, cpu in runs))
                counts.append(n)
            row = {
                "position": name,
                "map": game.map.name,
                "own_letters": own,
                "enemy_letters": enemy,
                "rack": size,
                "racks": len(times),
                "moves_median": statistics.median(counts),
                "moves_max": max(counts),
                "median_ms": round(statistics.median(times), 2),
                "p90_ms": round(_percentile(times, 0.9), 2),
                "median_cpu_ms": round(statistics.median(cpu_times), 2),
                "first_median_ms": round(statistics.median(first_times), 2),
            }
            rows.append(row)
            if progress:
                progress(f"{name} rack {size}: {row['median_ms']} ms")
    headline = next(r for r in rows if (r["position"], r["rack"]) == HEADLINE)
    return {
        "vocabulary_words": len(vocab),
        "vocabulary_build_s": round(build, 2),
        "rows": rows,
        "headline": {
            "position": headline["position"],
            "rack": headline["rack"],
            "median_ms": headline["median_ms"],
            "median_cpu_ms": headline["median_cpu_ms"],
            "first_median_ms": headline["first_median_ms"],
            "repeat": repeat,
            "goal_ms": GOAL_MS,
            "met": headline["median_ms"] < GOAL_MS,
        },
        "load_average": _load_average(),  # a busy machine times slower
    }


def _load_average() -> list[float] | None:
    """The system's 1, 5 and 15 minute load averages, where the system reports them."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None
