"""What the AI answers when the rules ask it outside its own choice of move: which letters to
discard when its rack is over the limit, and in which order its words defend."""

from __future__ import annotations

import random
from itertools import combinations

from shared.ai.leave import leave_value
from shared.ai.levels import Level
from shared.rules.actions import Discard, OrderDefence
from shared.rules.game import Game, PendingDefence
from shared.rules.terrain import Player

__all__ = ["choose_defence", "choose_discard"]


def choose_discard(game: Game, player: Player, count: int) -> Discard:
    """Discard the ``count`` letters whose loss leaves the best rack."""
    rack = sorted(game.racks[player])
    draws = game.rules.draw_per_turn if (game.rules.endless_pool or game.pools[player]) else 0
    keep = game.rules.rack_limit - draws
    if count >= len(rack):
        return Discard(player, "".join(rack))
    best: tuple[float, str] | None = None
    if count <= 4:
        seen: set[str] = set()
        for idx in combinations(range(len(rack)), count):
            thrown = "".join(rack[i] for i in idx)
            if thrown in seen:
                continue
            seen.add(thrown)
            kept = "".join(ch for i, ch in enumerate(rack) if i not in idx)
            key = (leave_value(kept, keep), thrown)
            if best is None or key[0] > best[0]:
                best = key
        assert best is not None
        return Discard(player, best[1])
    thrown_letters: list[str] = []  # greedy, one letter at a time, for big discards
    left = list(rack)
    for _ in range(count):
        options = sorted(set(left))
        choice = max(options, key=lambda ch: (leave_value("".join(_without(left, ch)), keep), ch))
        left.remove(choice)
        thrown_letters.append(choice)
    return Discard(player, "".join(thrown_letters))


def _without(letters: list[str], ch: str) -> list[str]:
    out = list(letters)
    out.remove(ch)
    return out


def choose_defence(pending: PendingDefence, player: Player, lv: Level, rng: random.Random) -> OrderDefence:
    """The engine's best order (R7), or at a gentle level sometimes the order as listed."""
    if lv.naive_defence and rng.random() < lv.naive_defence:
        return OrderDefence(player, tuple(range(len(pending.defenders))))
    return OrderDefence(player, tuple(pending.suggested_order))
