"""The AI decision benchmark: how long a level thinks, with no time cap, in war positions.

Positions come from one seeded Knight v Knight game in the war preset per map, the Knight
deciding with no time cap (so the game is the same on every machine, for as long as the
Knight plays the same): the position at the start of turns 8, 16, 24 and 32. At each, the
level timed decides for whoever is to move, with no time cap, and the wall clock and the
process's CPU time are kept. Before each decision the AI forgets the crosswords it
remembered (:func:`shared.ai.memo.forget`), so every decision starts cold.

In play the top two levels stop searching at 80% of their 2 s cap; the headline says how
many uncapped Warlord decisions would have run past that on this machine (those play weaker
than the Warlord is designed to).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from scryptic.bench.movegen import _load_average
from shared.rules.game import Game

MAPS = ("anvil", "hollowmere", "pewter-marches")
TURNS = (8, 16, 24, 32)
KNIGHT = 2


def reference_positions(dictionary, seed: int = 1, maps: tuple[str, ...] = MAPS,
                        turns: tuple[int, ...] = TURNS) -> list[tuple[str, int, Game]]:
    """(map, turn, position) for each map and turn the Knight's game reached."""
    from shared.ai.player import decide
    from shared.maps.files import load_map
    from shared.rules.presets import PRESETS

    out: list[tuple[str, int, Game]] = []
    for name in maps:
        game = Game.new(load_map(name), PRESETS["war"], seed, dictionary)
        rng = random.Random(seed)
        wanted = list(turns)
        while wanted and not game.over:
            if game.turn >= wanted[0] and game.pending is None and not game.committed_this_turn:
                out.append((name, wanted.pop(0), game.copy()))
                continue
            actor = game.actor
            assert actor is not None  # the game is not over
            game.apply(decide(game, actor, KNIGHT, rng, math.inf).action)
    return out


def bench_decide(level: int = 4, seed: int = 1, progress: Callable[[str], None] | None = None,
                 maps: tuple[str, ...] = MAPS, turns: tuple[int, ...] = TURNS) -> dict[str, Any]:
    """Time ``level``'s uncapped decision in each reference position (seconds)."""
    from shared.ai.levels import get_level
    from shared.ai.memo import forget
    from shared.ai.player import CAP_RESERVE, decide
    from shared.ai.vocab import level_vocabulary
    from shared.words.dictionary import load_dictionary

    dictionary = load_dictionary()
    lv = get_level(level)
    start = time.perf_counter()
    level_vocabulary(dictionary, lv.min_zipf)  # built once per process, not counted in a decision
    build = time.perf_counter() - start
    rows: list[dict[str, Any]] = []
    for name, turn, game in reference_positions(dictionary, seed, maps, turns):
        forget()
        actor = game.actor
        assert actor is not None  # a reference position is not over
        c0, t0 = time.process_time(), time.perf_counter()
        decision = decide(game.copy(), actor, level, random.Random(seed), math.inf)
        row = {
            "map": name,
            "turn": turn,
            "letters": sum(len(layer) for layer in game.board.letters.values()),
            "seconds": round(time.perf_counter() - t0, 3),
            "cpu_seconds": round(time.process_time() - c0, 3),
            "candidates": decision.candidates,
            "action": type(decision.action).__name__,
        }
        rows.append(row)
        if progress:
            progress(f"{name} turn {turn}: {row['seconds']:.2f} s")
    stop = (1 - CAP_RESERVE) * lv.time_limit
    seconds = [r["seconds"] for r in rows]
    return {
        "level": level,
        "level_name": lv.name,
        "vocabulary_build_s": round(build, 2),
        "rows": rows,
        "headline": {
            "median_s": round(statistics.median(seconds), 3) if seconds else None,
            "longest_s": max(seconds, default=None),
            "cap_s": lv.time_limit,
            "search_stop_s": round(stop, 2),
            "over_stop": sum(s > stop for s in seconds),
            "decisions": len(seconds),
        },
        "load_average": _load_average(),
    }
