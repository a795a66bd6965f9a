"""Self-play: AI levels against each other, and the statistics of what happened.

Game ``i`` of a match uses seed ``seed + i``; level A takes the first seat (gold, who
moves first) in even games and the second in odd ones, so both levels start equally often.
Every game is reproducible from its map, rules, seed and levels.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from shared.actions import Commit, Redeploy
from shared.ai.player import decide
from shared.game import Game
from shared.rules import RuleSet
from shared.terrain import GameMap, Player

MAX_ACTIONS = 4000
"""A game still running after this many actions is stopped and counted as unfinished."""


@dataclass(frozen=True)
class GameSpec:
    """One self-play game to play (picklable, for worker processes)."""

    index: int
    map_name: str
    rules: RuleSet
    seed: int
    gold_level: int
    silver_level: int
    time_limit: float | None = None


@dataclass
class GameSummary:
    """What one self-play game did."""

    index: int
    map_name: str
    seed: int
    levels: dict[int, int]  # player number -> level
    winner: int | None  # player number, None for a draw or an unfinished game
    reason: str  # conquest, score, stalemate, resigned, ... or "unfinished"
    scores: dict[int, int]
    turns: int
    actions: int
    commits: dict[int, int]
    attacks: dict[int, int]
    redeploys: dict[int, int]
    think: dict[int, list[float]] = field(default_factory=dict)  # seconds per decision
    timeouts: int = 0
    record: str | None = None  # JSON Lines, if asked for

    @property
    def winner_level(self) -> int | None:
        return None if self.winner is None else self.levels[self.winner]


def _rng_seed(spec: GameSpec, player: Player) -> int:
    return spec.seed * 7919 + int(player) * 104729 + 17


def play_game(spec: GameSpec, game_map: GameMap, lexicon, keep_record: bool = False) -> GameSummary:
    """Play one game between two AI levels."""
    game = Game.new(game_map, spec.rules, spec.seed, lexicon)
    levels = {Player.GOLD: spec.gold_level, Player.SILVER: spec.silver_level}
    rngs = {p: random.Random(_rng_seed(spec, p)) for p in levels}
    think: dict[int, list[float]] = {int(p): [] for p in levels}
    commits = Counter()
    attacks = Counter()
    redeploys = Counter()
    timeouts = 0
    while not game.over and game.version < MAX_ACTIONS:
        actor = game.actor
        assert actor is not None
        decision = decide(game, actor, levels[actor], rngs[actor], spec.time_limit)
        think[int(actor)].append(decision.seconds)
        timeouts += decision.timed_out
        events = game.apply(decision.action)
        if isinstance(decision.action, Commit):
            commits[int(actor)] += 1
            if any(getattr(e, "attacks", False) for e in events):
                attacks[int(actor)] += 1
        elif isinstance(decision.action, Redeploy):
            redeploys[int(actor)] += 1
    result = game.result
    scores = {int(p): s for p, s in game.scores().items()}
    return GameSummary(
        index=spec.index,
        map_name=spec.map_name,
        seed=spec.seed,
        levels={int(p): lv for p, lv in levels.items()},
        winner=None if result is None or result.winner is None else int(result.winner),
        reason="unfinished" if result is None else result.reason,
        scores=scores,
        turns=game.turn,
        actions=game.version,
        commits={int(p): commits[int(p)] for p in levels},
        attacks={int(p): attacks[int(p)] for p in levels},
        redeploys={int(p): redeploys[int(p)] for p in levels},
        think=think,
        timeouts=timeouts,
        record=game.record().to_text() if keep_record else None,
    )


def match_specs(games: int, level_a: int, level_b: int, maps: list[str], rules: RuleSet, seed: int,
                time_limit: float | None = None) -> list[GameSpec]:
    """The games of a match: maps in rotation, A first in even games and second in odd ones."""
    specs = []
    for i in range(games):
        gold, silver = (level_a, level_b) if i % 2 == 0 else (level_b, level_a)
        specs.append(GameSpec(i, maps[(i // 2) % len(maps)], rules, seed + i, gold, silver, time_limit))
    return specs


def _rate(wins: float, games: int) -> float | None:
    return None if games == 0 else round(wins / games, 3)


def summarise(games: list[GameSummary], level_a: int, level_b: int) -> dict[str, Any]:
    """Win rates, endings, lengths, scores and think times of a match (draws count half)."""
    n = len(games)
    wins = Counter(g.winner_level for g in games if g.winner is not None)
    draws = sum(1 for g in games if g.winner is None)
    same = level_a == level_b
    first_wins = sum(1 for g in games if g.winner == int(Player.GOLD))
    report: dict[str, Any] = {
        "games": n,
        "levels": [level_a, level_b],
        "wins": {} if same else {str(level_a): wins[level_a], str(level_b): wins[level_b]},
        "draws": draws,
        "win_rate": {} if same else {
            str(level_a): _rate(wins[level_a] + draws / 2, n),
            str(level_b): _rate(wins[level_b] + draws / 2, n),
        },
        "endings": dict(sorted(Counter(g.reason for g in games).items())),
        "first_player_win_rate": _rate(first_wins + draws / 2, n),
        "average_turns": round(statistics.mean(g.turns for g in games), 1) if games else None,
        "average_actions": round(statistics.mean(g.actions for g in games), 1) if games else None,
        "timeouts": sum(g.timeouts for g in games),
    }
    scores: dict[str, list[int]] = {str(level_a): [], str(level_b): []}
    think: dict[str, list[float]] = {str(level_a): [], str(level_b): []}
    attacks: dict[str, list[int]] = {str(level_a): [], str(level_b): []}
    for g in games:
        for p, lv in g.levels.items():
            scores[str(lv)].append(g.scores[p])
            think[str(lv)].extend(g.think.get(p, []))
            attacks[str(lv)].append(g.attacks.get(p, 0))
    report["average_score"] = {k: round(statistics.mean(v), 1) for k, v in scores.items() if v}
    report["average_attacks"] = {k: round(statistics.mean(v), 1) for k, v in attacks.items() if v}
    report["think_seconds"] = {
        k: {"mean": round(statistics.mean(v), 3), "p90": round(sorted(v)[int(0.9 * (len(v) - 1))], 3),
            "max": round(max(v), 3)}
        for k, v in think.items() if v
    }
    per_map: dict[str, dict[str, Any]] = {}
    for name in sorted({g.map_name for g in games}):
        subset = [g for g in games if g.map_name == name]
        m = len(subset)
        m_draws = sum(1 for g in subset if g.winner is None)
        entry: dict[str, Any] = {
            "games": m,
            "first_player_win_rate": _rate(sum(1 for g in subset if g.winner == 1) + m_draws / 2, m),
            "stalemate_share": _rate(sum(1 for g in subset if g.reason == "stalemate"), m),
            "endings": dict(sorted(Counter(g.reason for g in subset).items())),
        }
        if not same:
            entry["win_rate_" + str(level_a)] = _rate(
                sum(1 for g in subset if g.winner_level == level_a) + m_draws / 2, m)
        per_map[name] = entry
    report["maps"] = per_map
    return report
