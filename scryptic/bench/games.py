"""The benchmarks' map, words and scripted games: shared by the server and cluster benches
and by the tests that play on the same map."""

from __future__ import annotations

from typing import Any

from shared.maps.format import parse_map
from shared.rules.game import Game
from shared.rules.lexicon import WordList
from shared.rules.presets import DEFAULT_RULES, get_rules

BENCH_GRID = """
.........^.....
...G.....^.....
.........*.....
....f....~.....
.........~..P..
..^......~.....
.........~.....
.....P...~.....
.........*.....
......~~~~.....
.........f..S..
...............
"""
BENCH_MAP_NAME = "bench"
SCRIPT_SEEDS = (11, 12, 13, 14)


def bench_map():
    """The benchmark's 15x12 map: every terrain, a gold, a silver and two pewter cities."""
    text = f"scryptic-map 1\nname: {BENCH_MAP_NAME}\nversion: 1\ngrid:\n{BENCH_GRID.strip()}\n"
    return parse_map(text, source="bench map")


def bench_lexicon() -> WordList:
    from server.scripted import BENCH_WORDS

    return WordList(BENCH_WORDS)


def make_script(seed: int) -> list[dict[str, Any]]:
    """A whole legal game for ``seed`` on the bench map, as wire actions with their player."""
    from server.scripted import play_scripted

    game = Game.new(bench_map(), get_rules(DEFAULT_RULES), seed, bench_lexicon())
    actions = play_scripted(game, seed=seed)
    out = []
    for data in actions:
        data = dict(data)
        data.pop("reason", None)
        out.append(data)
    return out
