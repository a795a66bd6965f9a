"""The lines a commit can lie in, as the move generator sees them (RULINGS R3-R5).

A commit's word lies in one row or column (a *line*). Along the line, each cell is the
player's own letter (fixed: the word must read through it), free (empty, or an enemy
letter, which an overlap may cover) or blocked (lava). A free cell with own letters
beside it across the line carries a *cross-check*: the letters that make that cross word a
known word whose ends are not on water. Cells where a word connects to supply are the
*anchors* (see :func:`connection_cells`); only lines that hold one can hold a commit.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shared.ai.vocab import Vocabulary
from shared.rules.board import ACROSS, DOWN
from shared.rules.crossword import read_crossword
from shared.rules.game import Game
from shared.rules.terrain import Cell, Player, Terrain

_WATER, _FOREST, _LAVA = Terrain.WATER, Terrain.FOREST, Terrain.LAVA


@dataclass
class Line:
    """One row (across) or column (down) of the board, as the generator sees it."""

    direction: str
    index: int
    cells: list[Cell]
    fixed: list[str | None]  # the player's own letter, if any
    free: list[bool]  # a letter may be placed here (empty or enemy, not lava)
    allowed: list[frozenset[str] | None]  # cross-check set; None: no cross word here
    cross: list[tuple[str, str, tuple[Cell, ...]] | None]  # (before, after, cells) of the cross word
    anchor: list[bool]  # a word through this cell connects
    water: list[bool]
    forest: list[bool]
    bad: list[bool]  # own letter of an invalid run across this line: may not be built on


@dataclass
class Position:
    """What the generator precomputes about a position for one player."""

    game: Game
    player: Player
    own: dict[Cell, str]
    connect: frozenset[Cell]  # cells of supplied words and owned cities
    bad_across: frozenset[Cell]  # own letters in invalid across runs
    bad_down: frozenset[Cell]
    lines: list[Line] = field(default_factory=list)


def connection_cells(game: Game, player: Player) -> tuple[frozenset[Cell], frozenset[Cell], frozenset[Cell]]:
    """(cells of supplied words and owned cities, own letters in invalid across / down runs).

    A commit connects exactly when its word or one of its cross words covers one of the
    first set. (Every old word lives on inside a new word that contains it, so a new word
    reaching an old supplied word is supplied; and a path to a city through new words
    must leave the new words through an old supplied one or end on the city itself.)
    """
    board = game.board
    cw = read_crossword(board, player, game.lexicon)
    connect = {c for w in cw.supplied for c in w.cells}
    connect.update(cell for cell, owner in board.city_owner.items() if owner == player)
    bad_across = {c for r in cw.invalid if r.direction == ACROSS for c in r.cells}
    bad_down = {c for r in cw.invalid if r.direction == DOWN for c in r.cells}
    return frozenset(connect), frozenset(bad_across), frozenset(bad_down)


def prepare(game: Game, player: Player, vocab: Vocabulary, near: set[Cell] | None = None) -> Position:
    """Build the lines (with cross-checks and anchors) that can hold a connected commit
    (and, if ``near`` is given, a cell of ``near``)."""
    board = game.board
    own = board.letters[player]
    connect, bad_across, bad_down = connection_cells(game, player)
    pos = Position(game, player, own, connect, bad_across, bad_down)
    height, width = board.height, board.width
    # Only lines that hold an anchor can hold a commit: rows/columns of connect cells and
    # the ones beside own letters (their cells take cross words).
    rows = {r for r, _ in connect} | {r + d for r, _ in own for d in (-1, 1)}
    cols = {c for _, c in connect} | {c + d for _, c in own for d in (-1, 1)}
    if near is not None:
        rows &= {r for r, _ in near}
        cols &= {c for _, c in near}
    revision2 = game.rules.revision >= 2
    for direction, indices, count in ((ACROSS, rows, height), (DOWN, cols, width)):
        # R3 (revision 2): a cross word may not take in a letter of an invalid run parallel
        # to this line, which the commit leaves invalid.
        if direction == ACROSS:
            bad_set, cross_bad = bad_down, (bad_across if revision2 else frozenset())
        else:
            bad_set, cross_bad = bad_across, (bad_down if revision2 else frozenset())
        # own letters and connect cells by line: position along the line
        own_on: dict[int, dict[int, str]] = {}
        connect_on: dict[int, list[int]] = {}
        for cell, letter in own.items():
            on, at = cell if direction == ACROSS else cell[::-1]
            own_on.setdefault(on, {})[at] = letter
        for cell in connect:
            on, at = cell if direction == ACROSS else cell[::-1]
            connect_on.setdefault(on, []).append(at)
        for index in sorted(i for i in indices if 0 <= i < count):
            line = build_line(game, direction, index, own, connect, bad_set, cross_bad, vocab, own_on, connect_on)
            if line is not None:
                pos.lines.append(line)
    return pos


def build_line(game: Game, direction: str, index: int, own: dict[Cell, str], connect: frozenset[Cell],
               bad_set: frozenset[Cell], cross_bad: frozenset[Cell], vocab: Vocabulary,
               own_on: dict[int, dict[int, str]], connect_on: dict[int, list[int]]) -> Line | None:
    """One line with its cross-checks and anchors, or None if no word along it can connect.
    ``own_on`` and ``connect_on`` hold the own letters and connect cells by line (row for
    across, column for down), by position along it."""
    board = game.board
    terrain = board.terrain
    if direction == ACROSS:
        cells = [(index, c) for c in range(board.width)]
        kinds = terrain[index]
        dr, dc = 1, 0  # cross words run down
    else:
        cells = [(r, index) for r in range(board.height)]
        kinds = [row[index] for row in terrain]
        dr, dc = 0, 1
    n = len(cells)
    water = [t is _WATER for t in kinds]
    forest = [t is _FOREST for t in kinds]
    free = [t is not _LAVA for t in kinds]
    fixed: list[str | None] = [None] * n
    allowed: list[frozenset[str] | None] = [None] * n
    cross: list[tuple[str, str, tuple[Cell, ...]] | None] = [None] * n
    anchor = [False] * n
    bad = [False] * n
    for i, letter in own_on.get(index, {}).items():
        fixed[i] = letter
        free[i] = False
        bad[i] = cells[i] in bad_set
        anchor[i] = cells[i] in connect
    # positions with an own letter next to them across the line
    beside = {i for side in (index - 1, index + 1) for i in own_on.get(side, ()) if free[i]}
    for i in connect_on.get(index, ()):
        if free[i] and i not in beside:  # an owned city
            anchor[i] = True
    for i in sorted(beside):
        r, c = cells[i]
        up: list[Cell] = []
        rr, cc = r - dr, c - dc
        while (rr, cc) in own:
            up.append((rr, cc))
            rr, cc = rr - dr, cc - dc
        up.reverse()
        down: list[Cell] = []
        rr, cc = r + dr, c + dc
        while (rr, cc) in own:
            down.append((rr, cc))
            rr, cc = rr + dr, cc + dc
        xcells = (*up, cells[i], *down)
        first, last = xcells[0], xcells[-1]
        before = "".join([own[x] for x in up])
        after = "".join([own[x] for x in down])
        on_water = terrain[first[0]][first[1]] is _WATER or terrain[last[0]][last[1]] is _WATER
        if on_water or (cross_bad and any(x in cross_bad for x in xcells)):
            allowed[i] = frozenset()  # no letter makes an acceptable cross word here
        else:
            allowed[i] = vocab.cross_letters(before, after)
        cross[i] = (before, after, xcells)
        anchor[i] = any(x in connect for x in xcells)
    if not any(anchor):
        return None
    return Line(direction, index, cells, fixed, free, allowed, cross, anchor, water, forest, bad)
