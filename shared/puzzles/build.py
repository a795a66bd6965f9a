"""Building a pack: self-play games from a seed, mined one by one, until the pack is full.

Game ``i`` of a build is played on map ``maps[i % len(maps)]`` between the levels
``PAIRS[r % len(PAIRS)]`` under the rule set ``rules[r % len(rules)]`` (``r = i // len(maps)``,
the round of the maps; by default the Knight against itself under the war rules, the
cheapest games to mine) with seed ``seed + i``, each decision capped far
above what a level takes (the levels' own limits decide, not the clock), so the same seed
plays the same games and mines the same puzzles: the pack is rebuilt byte for byte. The
build stops at the end of the round of maps in which the pack reached its target.

With a work folder, each game's puzzles are kept (``game-SEED-I.json``) as soon as it is
mined, so an interrupted build carries on where it stopped, and a bigger target only plays
the games it lacks.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import msgspec

from shared.ai.selfplay import GameSpec, play_game
from shared.analysis.winchance import load_model
from shared.files.atomic import write_bytes
from shared.maps.files import load_map
from shared.puzzles.miner import mine_record
from shared.puzzles.model import Puzzle
from shared.rules.lexicon import Lexicon
from shared.rules.presets import DEFAULT_RULES, get_rules
from shared.rules.record import parse_record
from shared.rules.terrain import Player

__all__ = ["PAIRS", "SELFPLAY_CAP", "BuildPlan", "BuildResult", "build_puzzles", "game_spec"]

PAIRS = ((2, 2),)
"""The levels (gold, silver) of the games, in turn: the Knight against itself. Its slips are the
positions where one turn punishes them; a game with the Squire cost several Knight games to
mine (docs/puzzles.md)."""
SELFPLAY_CAP = 60.0
"""Seconds a self-play decision may take: never reached, so the games are the same every time."""


@dataclass(frozen=True)
class BuildPlan:
    """What to build: ``target`` puzzles from games seeded from ``seed`` on ``maps``."""

    seed: int
    target: int
    maps: tuple[str, ...]
    rules: tuple[str, ...] = (DEFAULT_RULES,)
    max_games: int = 10_000
    work: Path | None = None


@dataclass
class BuildResult:
    """The puzzles built (sorted by id), the games played and the seconds it took."""

    puzzles: list[Puzzle] = field(default_factory=list)
    games: int = 0
    seconds: float = 0.0

    def info(self, plan: BuildPlan) -> dict[str, object]:
        """The pack header's description of the build (no time: the file must rebuild identically)."""
        return {"seed": plan.seed, "target": plan.target, "games": self.games, "maps": list(plan.maps),
                "rules": list(plan.rules), "built_by": "scryptic puzzles build"}


def game_spec(plan: BuildPlan, index: int) -> GameSpec:
    """Game ``index`` of the build."""
    round_ = index // len(plan.maps)
    gold, silver = PAIRS[round_ % len(PAIRS)]
    first = Player.GOLD if index % 2 == 0 else Player.SILVER
    rules = get_rules(plan.rules[round_ % len(plan.rules)])
    return GameSpec(index, plan.maps[index % len(plan.maps)], rules, plan.seed + index,
                    gold, silver, SELFPLAY_CAP, None, int(first))


def _cached(plan: BuildPlan, index: int) -> Path | None:
    return None if plan.work is None else plan.work / f"game-{plan.seed}-{index}.json"


def build_puzzles(plan: BuildPlan, lexicon: Lexicon, report: Callable[[str], None] | None = None) -> BuildResult:
    """Play and mine games until ``plan.target`` puzzles are found (see the module's docstring)."""
    model = load_model()
    maps = {name: load_map(name) for name in plan.maps}
    found: dict[str, Puzzle] = {}
    result = BuildResult()
    began = time.perf_counter()
    index = 0
    while index < plan.max_games and (len(found) < plan.target or index % len(plan.maps) != 0):
        spec = game_spec(plan, index)
        cache = _cached(plan, index)
        started = time.perf_counter()
        if cache is not None and cache.exists():
            puzzles = msgspec.json.decode(cache.read_bytes(), type=list[Puzzle])
            how = "kept"
        else:
            summary = play_game(spec, maps[spec.map_name], lexicon, keep_record=True)
            assert summary.record is not None
            source = f"self-play seed {spec.seed} ({spec.map_name}, levels {spec.gold_level} v {spec.silver_level}, {spec.rules.name})"
            puzzles = mine_record(parse_record(summary.record), lexicon, model, source, map_name=spec.map_name)
            if cache is not None:
                write_bytes(cache, msgspec.json.encode(puzzles))
            how = "mined"
        new = [p for p in puzzles if p.id not in found]
        for puzzle in new:
            found[puzzle.id] = puzzle
        index += 1
        if report:
            report(f"game {index} ({spec.map_name}, seed {spec.seed}, levels {spec.gold_level} v {spec.silver_level}): "
                   f"{how} {len(new)} puzzles in {time.perf_counter() - started:.1f} s; "
                   f"{len(found)}/{plan.target} after {time.perf_counter() - began:.0f} s")
    result.puzzles = sorted(found.values(), key=lambda p: p.id)
    result.games = index
    result.seconds = time.perf_counter() - began
    return result
