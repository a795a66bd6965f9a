"""Self-play: AI levels against each other, and what happened in each game.

Game ``i`` of a match uses seed ``seed + i``; level A moves first in even games and second
in odd ones, so both levels start equally often. Unless a match keeps gold first (as every
match did before 2026-11-28), the colour that moves first alternates too, each time the maps
have come round: so on every map gold and silver move first about equally often, and the
first player's share measures moving first, not the side of the board (the maps are
symmetric, but words read one way: see docs/maps.md, *Which colour moves first*).
Every game is reproducible from its map, rules, seed and levels. A match may be played
under several presets: each preset plays the same games (same seeds, seats and maps).
The statistics are in :mod:`shared.ai.selfplay_report`; the fighting is counted from the
events by :mod:`shared.ai.warstats`.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from shared.rules.actions import Commit, Redeploy
from shared.ai.availability import timed_check
from shared.ai.levels import get_level
from shared.ai.player import decide
from shared.ai.vocab import level_vocabulary
from shared.ai.warstats import WarCounter, WarTally
from shared.rules.game import Game
from shared.rules.presets import RuleSet
from shared.rules.terrain import GameMap, Player

__all__ = ["MAX_ACTIONS", "GameSpec", "GameSummary", "match_specs", "play_game"]

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
    availability_cap: int | None = None  # check each turn's offers, at most this many commits; None: off
    first: int = int(Player.GOLD)  # the player (colour) who moves first


@dataclass
class GameSummary:
    """What one self-play game did."""

    index: int
    map_name: str
    seed: int
    levels: dict[int, int]  # player number -> level
    preset: str
    first: int  # the player who moved first
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
    war: WarTally = field(default_factory=WarTally)
    record: str | None = None  # JSON Lines, if asked for
    letters_left: dict[int, int] = field(default_factory=dict)  # letters on each rack at the end

    @property
    def winner_level(self) -> int | None:
        return None if self.winner is None else self.levels[self.winner]


def _rng_seed(spec: GameSpec, player: Player) -> int:
    return spec.seed * 7919 + int(player) * 104729 + 17


def play_game(spec: GameSpec, game_map: GameMap, lexicon, keep_record: bool = False) -> GameSummary:
    """Play one game between two AI levels and count what happened.

    With ``spec.availability_cap``, the start of every turn (once no discard is pending)
    also checks which fights the mover's own vocabulary offered (see
    :mod:`shared.ai.availability`); this does not change the game.
    """
    game = Game.new(game_map, spec.rules, spec.seed, lexicon, Player(spec.first))
    levels = {Player.GOLD: spec.gold_level, Player.SILVER: spec.silver_level}
    rngs = {p: random.Random(_rng_seed(spec, p)) for p in levels}
    think: dict[int, list[float]] = {int(p): [] for p in levels}
    commits: Counter[int] = Counter()
    attacks: Counter[int] = Counter()
    redeploys: Counter[int] = Counter()
    timeouts = 0
    counter = WarCounter(tuple(int(p) for p in levels), track_offers=spec.availability_cap is not None)
    counter.observe(game.initial_events)
    checked_turn = 0
    while not game.over and game.version < MAX_ACTIONS:
        actor = game.actor
        assert actor is not None
        if spec.availability_cap is not None and game.pending is None and game.turn != checked_turn:
            checked_turn = game.turn
            vocab = level_vocabulary(lexicon, get_level(levels[actor]).min_zipf)
            offer, seconds = timed_check(game, actor, vocab, spec.availability_cap)
            counter.offer(int(actor), offer, seconds)
        decision = decide(game, actor, levels[actor], rngs[actor], spec.time_limit)
        think[int(actor)].append(decision.seconds)
        timeouts += decision.timed_out
        events = game.apply(decision.action)
        counter.observe(events)
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
        preset=spec.rules.name,
        first=int(game.first),
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
        war=counter.finish(),
        record=game.record().to_text() if keep_record else None,
        letters_left={int(p): len(game.racks[p]) for p in levels},
    )


def match_specs(games: int, level_a: int, level_b: int, maps: list[str], rules: RuleSet | list[RuleSet],
                seed: int, time_limit: float | None = None,
                availability_cap: int | None = None, gold_first: bool = False) -> list[GameSpec]:
    """The games of a match: maps in rotation, A first in even games and second in odd ones.

    The colour that moves first is gold in the first round of the maps, silver in the next,
    and so on (always gold with ``gold_first``). With several rule sets, each plays the
    same ``games`` games (indices run on)."""
    presets = [rules] if isinstance(rules, RuleSet) else list(rules)
    specs = []
    for k, preset in enumerate(presets):
        for i in range(games):
            mover, other = (level_a, level_b) if i % 2 == 0 else (level_b, level_a)
            first = Player.GOLD if gold_first or (i // (2 * len(maps))) % 2 == 0 else Player.SILVER
            gold, silver = (mover, other) if first == Player.GOLD else (other, mover)
            specs.append(GameSpec(k * games + i, maps[(i // 2) % len(maps)], preset, seed + i, gold, silver,
                                  time_limit, availability_cap, int(first)))
    return specs
