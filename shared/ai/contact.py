"""The urge to meet: an opening that drags on costs the side that keeps its distance.

Most games see the first fight by turn 6 or 7. In a few, both sides build away from each
other, or stand a cell apart where every attack would fail, and the first fight waits until
turn 13 to 17, or never comes. From :data:`URGE_FROM` on, until the crosswords have first
met, the levels that create fights (``contact`` in :class:`~shared.ai.levels.Level`) count
the wait as a cost: ``contact`` points on turn :data:`URGE_FROM`, 4 times that on the next
turn, 9 times on the one after and so on, the square of the turns waited (the *urge*), for
each empty cell between the two crosswords and one more for not having met. A word that
closes the gap earns what it closes; an attack, won or lost, ends the wait and earns it all.
While the urge is on, a lost attack is weighed like any other move rather than refused: once
the wait costs more than the letters, the side to move pays for a probing attack.

Before :data:`URGE_FROM`, only a gap too wide to close in time costs anything: on a large
map the two sides can open on different fronts, twenty cells and more apart, and even
heading straight for each other from turn 9 they would not meet by :data:`MEET_BY`. Each
cell beyond what two crosswords close by then, at :data:`CLOSING` cells a turn, costs
``contact`` points (:func:`wait_cost`).

The crosswords *have met* once a fight has given either side combat points, or while their
letters touch. Once they have met the wait costs nothing; so does a gap that can still be
closed in time before :data:`URGE_FROM`, so a game that meets in time is played exactly as
without the urge.
"""

from __future__ import annotations

from shared.rules.board import Board
from shared.rules.game import Game
from shared.rules.terrain import Cell, Player

URGE_FROM = 9
"""The first turn (counting both sides' turns) on which an unmet enemy is a cost: each
side has had four turns to come to grips."""

MEET_BY = 12
"""The turn by which the crosswords should have met (the war game's goal for every game)."""

CLOSING = 2
"""The cells a turn (counting both sides' turns) by which two crosswords built toward each
other close the gap, as played: in the one game whose fronts stayed apart until the urge,
from 22 cells on turn 9 to 9 on turn 15."""

PROBES = 2
"""While the wait costs, this many of the best-estimated attacks are played out besides the
best-estimated moves. The estimate of a quiet move can be far too high (a pewter city taken
in the enemy's reach: only the exact value sees the danger to it), and a few such moves
would otherwise fill the play-outs and leave the fight that ends the wait untried."""


def have_met(game: Game) -> bool:
    """True once a fight has given points, or while the two sides' letters touch."""
    if any(game.captured.values()):
        return True
    return gap(game.board, Player.GOLD) == 0


def urge(game: Game, contact: float) -> float:
    """What each cell between the crosswords (and the wait itself) costs now: ``contact``
    for each turn from :data:`URGE_FROM` on; 0 before it, once the crosswords have met, or
    when ``contact`` is 0."""
    if not contact or game.turn < URGE_FROM or have_met(game):
        return 0.0
    return _per_cell(game.turn, contact)


def _per_cell(turn: int, contact: float) -> float:
    """The urge on ``turn`` (from :data:`URGE_FROM`): ``contact`` times the square of the
    turns waited. Growing only by ``contact`` a turn, it let two sides stand a cell apart
    past :data:`MEET_BY` when their only touches were attacks that fall (10 to 19 points
    worse than waiting in the games that met late)."""
    return contact * (turn - URGE_FROM + 1) ** 2


def wait_cost(turn: int, gap_cells: int, contact: float) -> float:
    """What an enemy not yet met, ``gap_cells`` empty cells away, costs on ``turn``: from
    :data:`URGE_FROM`, the urge for each cell and one more (``contact`` x (turn - 8) squared
    x (gap + 1)); before it, ``contact`` for each cell beyond the :data:`CLOSING` x
    (:data:`MEET_BY` - turn) that can still be closed in time. 0 when ``contact`` is 0."""
    if not contact:
        return 0.0
    if turn >= URGE_FROM:
        return _per_cell(turn, contact) * (gap_cells + 1)
    return contact * max(0, gap_cells - _allowance(turn))


def _allowance(turn: int) -> int:
    """The gap two crosswords can still close by :data:`MEET_BY`, before :data:`URGE_FROM`."""
    return CLOSING * (MEET_BY - turn)


def position_wait_cost(game: Game, contact: float) -> float:
    """:func:`wait_cost` for a position: 0 once the crosswords have met."""
    if not contact or any(game.captured.values()):
        return 0.0
    turn = game.turn
    # before URGE_FROM only the cells beyond the allowance cost: knowing the gap is within it is enough
    cells = gap(game.board, Player.GOLD, _allowance(turn) if turn < URGE_FROM else 0)
    return wait_cost(turn, cells, contact) if cells else 0.0


def gap(board: Board, player: Player, enough: int = 0) -> int:
    """The empty cells between the two crosswords: the smallest Manhattan distance from a
    letter of ``player`` to an enemy letter, less one (0 when they touch; 0 if a side has
    no letter, when there is nothing to close). With ``enough``, the search stops at the
    first pair of letters at most ``enough`` empty cells apart, and returns their gap: then
    the answer is only known to be at most ``enough``."""
    own, enemy = board.letters[player], board.letters[player.other]
    if not own or not enemy:
        return 0
    best = 1 << 30
    stop = enough + 1
    for r, c in own:
        for er, ec in enemy:
            d = abs(r - er) + abs(c - ec)
            if d < best:
                best = d
                if d <= stop:
                    return d - 1
    return best - 1


def distances_to_enemy(board: Board, player: Player) -> dict[Cell, int]:
    """For every cell of the board, the Manhattan distance to the nearest enemy letter less
    one (what the gap would be if a letter of ``player`` stood there); empty if the enemy
    has no letter."""
    frontier = list(board.letters[player.other])
    out: dict[Cell, int] = dict.fromkeys(frontier, -1)
    height, width = board.height, board.width
    while frontier:  # breadth first: on an open grid, steps are Manhattan distances
        following = []
        for r, c in frontier:
            d = out[(r, c)] + 1
            for cell in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if cell not in out and 0 <= cell[0] < height and 0 <= cell[1] < width:
                    out[cell] = d
                    following.append(cell)
        frontier = following
    return out
