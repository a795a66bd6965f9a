"""Searching for fights: the best fight a rack offers, and when a game is lost for good.

:func:`best_fight` generates only the commits that could fight (on or beside an enemy
letter, or on an enemy city) and rates each with the move estimator: the most the enemy
would lose to one winning fight (its words, the points their letters give, the cities
taken). The AI uses it two ways: on the position after each of its best candidates, with
the letters it would keep, to see which candidate sets up a fight for next turn (a threat);
and, at the top level, for the opponent's guessed racks (see :mod:`shared.ai.player`).

:func:`lost_beyond_recovery` is the resignation test of the top levels: deliberately
conservative, it only fires when the game is decided on points, the player's pool is empty,
no enemy city is within reach, and the deficit exceeds everything the letters left could
swing (nothing, if they fit nowhere on the board).
"""

from __future__ import annotations

from time import perf_counter

from shared.ai.estimate import MoveEstimator
from shared.ai.evaluate import DEFAULT_WEIGHTS, Weights, distance_to, side_info
from shared.ai.movegen import find_moves
from shared.ai.vocab import Vocabulary
from shared.ai.war import NEAR, around
from shared.rules.game import Game
from shared.rules.letters import face_value
from shared.rules.terrain import Cell, Player

FIGHT_CAP = 90.0
"""The most one threatened fight is counted for (taking the last city would end the game,
but a threat the opponent sees coming is rarely left standing)."""

FIGHT_STRIDE = 32
"""Moves estimated between two looks at the clock: a rich rack on a crowded board can have
twenty thousand fighting commits, a second and more of estimates."""

RESIGN_MARGIN = 40
"""Points of deficit beyond the most the remaining letters could swing before resigning."""


def fight_cells(game: Game, player: Player) -> set[Cell]:
    """Cells where a word of ``player`` would fight: on or beside an enemy letter, or on an
    enemy city."""
    board = game.board
    cells: set[Cell] = set(board.cities_of(player.other))
    for cell in board.letters[player.other]:
        cells.update(around(cell))
    return cells


def best_fight(game: Game, player: Player, vocab: Vocabulary, rack: list[str] | str, w: Weights,
               deadline: float | None = None) -> float:
    """What the enemy would lose to ``player``'s best winning fight with ``rack`` in this
    position (0 if no commit of ``rack`` wins a fight), capped at :data:`FIGHT_CAP`.

    With a ``deadline`` (a ``perf_counter`` time), the commits found and rated before it
    passes must do: the clock is read every :data:`FIGHT_STRIDE` estimates."""
    near = fight_cells(game, player)
    if not near or not rack:
        return 0.0
    _, moves = find_moves(game, player, vocab, rack, near=near, deadline=deadline)
    if not moves:
        return 0.0
    estimator = MoveEstimator(game, player, w, rack)
    best = 0.0
    for i, move in enumerate(moves):
        if deadline is not None and not i % FIGHT_STRIDE and perf_counter() > deadline:
            break
        estimate = estimator.estimate(move)
        if estimate.wins and estimate.damage > best:
            best = estimate.damage
    return min(best, FIGHT_CAP)


def lost_beyond_recovery(game: Game, player: Player, vocab: Vocabulary | None = None,
                         deadline: float | None = None, w: Weights | None = None) -> bool:
    """True when ``player`` cannot come back: the game is decided on points (not conquest
    only, not an endless pool), ``player``'s pool is empty, no enemy city is within reach of
    ``player``'s supply, and the deficit is more than :data:`RESIGN_MARGIN` beyond what the
    letters on the rack could swing (each counted three times over: in two words and in the
    fight that removes as much of the enemy's). With ``vocab``, a rack whose every commit of
    ``vocab`` is an attack that fails (a gift of points) or that makes none swings nothing
    and reaches no city: a player boxed in like that, more than :data:`RESIGN_MARGIN` behind,
    resigns rather than pass until the game runs out."""
    rules = game.rules
    if not rules.win_by_score or rules.endless_pool or game.pools[player]:
        return False
    scores = game.scores()
    deficit = scores[player.other] - scores[player]
    if deficit <= RESIGN_MARGIN:
        return False
    sources = side_info(game, player).sources
    reach = NEAR + 2
    in_reach = any(distance_to(sources, city) <= reach for city in game.board.cities_of(player.other))
    swing = 3 * (1 + rules.combat_points) * face_value("".join(game.racks[player]))
    if not in_reach and deficit > swing + RESIGN_MARGIN:
        return True
    if vocab is None or not game.racks[player]:
        return False
    # Boxed in: no word of the rack fits anywhere but in a losing attack, so no city can be
    # reached either, and every commit would only hand the enemy points.
    _, moves = find_moves(game, player, vocab, deadline=deadline)
    if moves.cut_short:
        return False
    estimator = MoveEstimator(game, player, w or DEFAULT_WEIGHTS.for_rules(rules), game.racks[player])
    for move in moves:
        if deadline is not None and perf_counter() > deadline:
            return False
        if not estimator.estimate(move).gift:
            return False
    return True
