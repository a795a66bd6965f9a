"""The analysis benchmark: how long a war game's post-game analysis takes, on one core.

The game is a record given, or one seeded Knight v Knight war game on the Pewter Marches,
played first with no time cap (the same game on every machine). The analysis then runs turn
by turn at the depth asked, and the wall clock and the process's CPU time are kept: the
whole, the first turn's result (what a player waits for before the first line appears),
the search's share (finding each turn's best turn) and the rest (replaying the record,
the win chances, the explanations). The figure quoted is the whole scaled to 60 turns.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from typing import Any

from scryptic.bench.movegen import _load_average

KNIGHT = 2
SCALED_TURNS = 60


def reference_record(dictionary, seed: int = 1):
    """The seeded Knight v Knight war game on the Pewter Marches, as a record."""
    from shared.ai.player import decide
    from shared.maps.files import load_map
    from shared.rules.game import Game
    from shared.rules.presets import PRESETS

    game = Game.new(load_map("pewter-marches"), PRESETS["war"], seed, dictionary)
    rng = random.Random(seed)
    while (actor := game.actor) is not None:  # until the game is over
        game.apply(decide(game, actor, KNIGHT, rng, math.inf).action)
    return game.record()


def bench_analyse(record_file: str | None, depth: str, seed: int = 1, progress: bool = True) -> dict[str, Any]:
    """Analyse one game and report where the time went (seconds)."""
    from tqdm import tqdm

    from shared.ai import warm_up
    from shared.analysis import iter_analysis, split_turns
    from shared.rules.record import parse_record
    from shared.words.dictionary import load_dictionary

    dictionary = load_dictionary()
    warm_up(dictionary, [4])  # the search's word graphs: a one-off, like loading the dictionary
    if record_file:
        with open(record_file, encoding="utf-8") as f:
            record = parse_record(f.read())
    else:
        record = reference_record(dictionary, seed)
    turns = len(split_turns(record, dictionary)[0])
    bar = tqdm(total=turns, desc=f"analyse ({depth})", unit="turn", disable=not progress)
    wall, cpu = time.perf_counter(), time.process_time()
    first = None
    search = []
    for report in iter_analysis(record, dictionary, depth):
        if first is None:
            first = time.perf_counter() - wall
        search.append(report.seconds)
        bar.update(1)
    bar.close()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {
        "depth": depth,
        "turns": turns,
        "wall_seconds": round(wall, 2),
        "cpu_seconds": round(cpu, 2),
        "first_result_seconds": round(first or 0.0, 2),
        "search_seconds": round(sum(search), 2),
        "other_seconds": round(wall - sum(search), 2),
        "per_turn_median": round(statistics.median(search), 3) if search else 0.0,
        "per_turn_max": round(max(search), 3) if search else 0.0,
        "seconds_for_60_turns": round(wall * SCALED_TURNS / turns, 1) if turns else 0.0,
        "load_average": _load_average(),
    }
