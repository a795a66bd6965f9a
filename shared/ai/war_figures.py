"""The war figures of the self-play report: attacks, combat letters, combat's share of the
winner's score, cities, first contact and the race for the first pewter city."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from shared.ai.figures import mean, share, spread

if TYPE_CHECKING:  # pragma: no cover
    from shared.ai.selfplay import GameSummary

LATE_TOUCH_TURN = 12
"""The war goal's latest turn for the first touch; later first touches are counted apart."""


def pewter_race(games: list[GameSummary]) -> dict[str, Any]:
    """Who took the first pewter city to fall, and how that went.

    A pewter city between the capitals is a prize the first player reaches a turn sooner; on
    a map where its taker usually wins, the first player's share shows it. ``games`` counts
    the games where a pewter city fell; the shares are of those games."""
    taken = [(g, g.war.first_pewter) for g in games if g.war.first_pewter is not None]
    first = sum(1 for g, (taker, _turn) in taken if taker == g.first)
    won = sum(1 for g, (taker, _turn) in taken if g.winner == taker)
    return {
        "games": len(taken),
        "first_player_took": share(first, len(taken)),
        "taker_won": share(won, len(taken)),
        "turn": spread([turn for _g, (_taker, turn) in taken]),
    }


def war_report(games: list[GameSummary]) -> dict[str, Any]:
    """The fighting: attacks, combat letters, combat's share of the winner's score, cities,
    first contact, the pewter race. Per-game figures are means over the games."""
    n = len(games)
    attacks = [sum(g.war.attacks.values()) for g in games]
    won = sum(sum(g.war.attacks_won.values()) for g in games)
    lost = sum(sum(g.war.attacks_lost.values()) for g in games)
    removed: Counter[str] = Counter()
    for g in games:
        removed.update(g.war.removed)
    shares = []
    for g in games:
        if g.winner is not None:
            part = g.war.combat_share(g.winner, g.scores[g.winner])
            if part is not None:
                shares.append(part)
    touches = [g.war.first_touch_turn for g in games if g.war.first_touch_turn is not None]
    by_level: dict[str, dict[str, Any]] = {}
    for level in sorted({lv for g in games for lv in g.levels.values()}):
        seats = [(g, p) for g in games for p, lv in g.levels.items() if lv == level]
        l_won = sum(g.war.attacks_won.get(p, 0) for g, p in seats)
        l_lost = sum(g.war.attacks_lost.get(p, 0) for g, p in seats)
        by_level[str(level)] = {
            "attacks_per_game": mean([g.war.attacks.get(p, 0) for g, p in seats]),
            "attack_win_share": share(l_won, l_won + l_lost),
            "combat_points_per_game": mean([g.war.combat_points.get(p, 0) for g, p in seats]),
        }
    return {
        "attacks_per_game": mean(attacks),
        "attacks_won_per_game": share(won, n) if n else None,
        "attack_win_share": share(won, won + lost),
        "combat_letters_per_game": mean([g.war.combat_letters for g in games]),
        "removed_letters_per_game": {reason: round(count / n, 1) for reason, count in sorted(removed.items())},
        "winner_combat_share": mean(shares, 3),
        "winner_combat_share_games": len(shares),
        "cities_per_game": {"enemy": mean([sum(g.war.enemy_cities.values()) for g in games], 2),
                            "pewter": mean([sum(g.war.pewter_cities.values()) for g in games], 2)},
        "first_touch_turn": spread(touches),
        "touched_late": sum(1 for t in touches if t > LATE_TOUCH_TURN),
        "never_touched": n - len(touches),
        "pewter_race": pewter_race(games),
        "by_level": by_level,
    }
