"""The end of the letters: what ending a turn brings, catching up, and which words to lift.

Once a side's own pool is empty, ending its turn may end the game (its letters used up, a
pass-out, the stall limit). :func:`turn_end` plays that on a copy, so that a commit laying
the last letters is valued as the end it brings; :func:`catch_up` is what a side behind
plays rather than pass; :func:`lift_candidates` orders the words worth lifting.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from shared.ai.memo import score_of
from shared.rules.actions import Commit, EndTurn
from shared.rules.board import Run
from shared.rules.crossword import Crossword
from shared.rules.game import Game
from shared.rules.terrain import Cell, Player


def turn_end(game: Game, player: Player) -> Game | None:
    """A copy of ``game`` as it ends if ``player``, the mover, ends the turn now, or None if
    play would go on (or ``player`` may not end the turn now).

    Only looked for once ``player``'s own pool is empty: the ends a turn can bring (letters
    used up, a pass-out, the stall limit) all need it. The turn limit, 200 turns, is left to
    the engine."""
    if (game.result is not None or game.pending is not None or game.to_move != player
            or game.rules.endless_pool or game.pools[player]):
        return None
    g = game.copy()
    g.apply(EndTurn(player))
    return g if g.result is not None else None


def used_up_and_won(game: Game, player: Player) -> bool:
    """Has ``player`` laid its last letters (pool and rack empty), so that ending the turn
    now ends the game, with ``player`` ahead?"""
    if game.racks[player]:
        return False
    ended = turn_end(game, player)
    return ended is not None and ended.result is not None and ended.result.winner == player


def score_diff(game: Game, player: Player) -> int:
    """``player``'s score less the opponent's."""
    return score_of(game, player) - score_of(game, player.other)


def catch_up(game: Game, player: Player, examined: Sequence[tuple[float, Commit, Game]]
             ) -> tuple[float, Commit] | None:
    """Behind (or level) once both pools are empty, the examined (value, commit, position
    after it) that gains most on the score difference, if one gains at all.

    No letters are coming, so ending the turn only brings the end (four passes, or the
    stall limit) nearer with the deficit standing: the loss. Any commit that closes the
    gap is better than that, whatever the positional terms say of it."""
    rules = game.rules
    if not rules.win_by_score or rules.endless_pool or any(game.pools.values()):
        return None
    now = score_diff(game, player)
    if now > 0:
        return None
    gains = [(score_diff(after, player) - now, value, commit) for value, commit, after in examined]
    gains = [g for g in gains if g[0] > 0]
    if not gains:
        return None
    _, value, commit = max(gains, key=lambda g: (g[0], g[1]))
    return value, commit


def laid_this_turn(game: Game, player: Player) -> set[Cell]:
    """The cells ``player`` has laid letters on since the current turn began."""
    cells: set[Cell] = set()
    for action in reversed(game.actions):
        if action["type"] == "end_turn":
            break
        if action["type"] == "commit" and action["player"] == int(player):
            cells.update((r, c) for r, c, _ in action["placements"])
    return cells


def lift_candidates(game: Game, player: Player, crossword: Crossword) -> list[Run]:
    """The words of ``player`` worth trying to lift, in the order to try them.

    While letters are still to come: the three shortest, isolated ones first. Once the own
    pool is empty, every word that gives letters back, fewest first: lifting ONE to lay ZONE
    is how a Z stuck on the rack at the end is played, and how a side ahead lays its last
    letters and ends the game. Never a word laid wholly this turn: its letters could have gone
    straight where they would go now, and a player sees only a change of mind."""
    fresh = laid_this_turn(game, player)
    words = [r for r in crossword.words if not fresh.issuperset(r.cells)]
    if game.rules.endless_pool or game.pools[player]:
        return sorted(words, key=lambda r: (r in crossword.supplied, len(r.cells), r.cells))[:3]
    in_runs = Counter(cell for run in crossword.runs for cell in run.cells)
    returned = {r: sum(in_runs[c] == 1 for c in r.cells) for r in words}
    return sorted((r for r in words if returned[r]), key=lambda r: (returned[r], r.cells))


__all__ = ["catch_up", "laid_this_turn", "lift_candidates", "score_diff", "turn_end", "used_up_and_won"]
