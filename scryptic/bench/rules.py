"""The rules benchmark: validating and applying commits on a mid-game position of a large map."""

from __future__ import annotations

import random
import statistics
import time

from shared.rules.actions import Commit, EndTurn, OrderDefence
from shared.rules.errors import RuleError
from shared.rules.events import WordCommitted
from shared.rules.game import Game, PendingDefence
from shared.tools.random_player import random_commit, sensible_action
from shared.rules.presets import STANDARD


def _common_words(dictionary, limit: int = 4000) -> list[str]:
    words = [w for w in dictionary if 2 <= len(w) <= 6 and dictionary.zipf(w) >= 3.5]
    words.sort(key=lambda w: (-dictionary.zipf(w), w))
    return sorted(words[:limit])


def midgame_position(map_name: str, seed: int, dictionary, fights: int = 12, max_actions: int = 3000) -> Game:
    """Play seeded random commits that grow toward the enemy until the crosswords have fought
    ``fights`` times: a crowded mid-game front."""
    from shared.maps.files import load_map

    words = _common_words(dictionary)
    rng = random.Random(seed)
    game = Game.new(load_map(map_name), STANDARD, seed, dictionary)
    seen = 0
    for _ in range(max_actions):
        if game.over or (seen >= fights and game.pending is None):
            break
        actor = game.actor
        assert actor is not None  # the game is not over
        if game.pending is not None or game.committed_this_turn:
            action = sensible_action(game, rng, words) if game.pending is not None else EndTurn(actor)
        else:
            action = random_commit(game, actor, rng, words, tries=400, toward_enemy=True) or EndTurn(actor)
        events = game.apply(action)
        seen += sum(1 for e in events if isinstance(e, WordCommitted) and e.attacks)
    if game.actor is not None and game.pending is None and game.committed_this_turn:
        game.apply(EndTurn(game.actor))
    while not game.over and game.pending is not None:
        game.apply(sensible_action(game, rng, words))
    return game


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench_rules(map_name: str, seed: int, samples: int, progress: bool = True) -> dict:
    """Time commits (plain, attacking, refused) on a mid-game position; medians and p90 in ms."""
    from shared.words.dictionary import load_dictionary

    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover
        tqdm = None
    dictionary = load_dictionary()
    game = midgame_position(map_name, seed, dictionary)
    if game.pending is not None or game.over:
        raise RuntimeError("the benchmark position is not ready for a commit")
    words = _common_words(dictionary, 8000)
    rng = random.Random(seed + 1)
    plain: list[Commit] = []
    fights: list[Commit] = []
    refused: list[Commit] = []
    player = game.actor
    assert player is not None  # the game is not over
    found = 0
    bar = tqdm(total=samples * 2, desc="finding commits", disable=not progress or tqdm is None) if tqdm else None
    for attempt in range(samples * 20):  # stops as soon as every group is full
        if min(len(plain), len(fights), len(refused)) >= samples:
            break
        commit = random_commit(game, player, rng, words, tries=200, toward_enemy=attempt % 2 == 0)
        if commit is None:
            continue
        trial = game.copy()
        events = trial.apply(commit)
        group = fights if any(isinstance(e, WordCommitted) and e.attacks for e in events) else plain
        if len(group) < samples:
            group.append(commit)
            found += 1
            if bar:
                bar.update(1)
        if len(refused) < samples and len(commit.placements) > 1:
            # the same cells with the letters reversed: almost never a word, refused late
            letters = [ch for _, _, ch in commit.placements][::-1]
            mangled = tuple((r, c, ch) for (r, c, _), ch in zip(commit.placements, letters))
            try:
                game.plan_commit(Commit(player, mangled))
            except RuleError:
                refused.append(Commit(player, mangled))
    if bar:
        bar.close()
    groups = {}
    for name, commits in (("commit (no combat)", plain), ("commit with combat", fights),
                          ("refused commit", refused)):
        times = []
        for commit in commits:
            trial = game.copy()
            start = time.perf_counter()
            try:
                trial.apply(commit)
                if isinstance(trial.pending, PendingDefence):
                    trial.apply(OrderDefence(trial.pending.player, trial.best_defence_order()))
            except RuleError:
                pass
            times.append((time.perf_counter() - start) * 1000)
        if times:
            groups[name] = {
                "n": len(times),
                "median_ms": statistics.median(times),
                "p90_ms": _percentile(times, 0.9),
            }
    return {
        "map": game.map.name,
        "size": f"{game.map.width}x{game.map.height}",
        "position_actions": game.version,
        "letters_on_board": sum(len(v) for v in game.board.letters.values()),
        "groups": groups,
    }
