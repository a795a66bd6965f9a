"""The player's hands: rack order, provisional letters on the board, the typing cursor.

Nothing here talks to the engine. The planner keeps what the player has laid out but not yet
committed (R2: letters laid out are the client's business) and turns it into a
:class:`~shared.rules.actions.Commit` when they press Commit.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from shared.rules.actions import Commit
from shared.rules.board import ACROSS, DOWN, line_run
from shared.rules.terrain import Cell, Player, Terrain

_STEP = {ACROSS: (0, 1), DOWN: (1, 0)}


@dataclass
class TurnPlanner:
    """Rack order, provisional placements and the cursor of the player at the board.

    ``rack`` holds the letters still on the rack in display order; a letter laid on the board
    moves from ``rack`` to ``placed``. ``own`` (the player's committed letters) and
    ``blocked`` (cells where nothing may go: lava, off the board) come from the display.
    """

    player: Player
    rack: list[str] = field(default_factory=list)
    placed: dict[Cell, str] = field(default_factory=dict)
    cursor: Cell | None = None
    direction: str = ACROSS
    own: dict[Cell, str] = field(default_factory=dict)
    width: int = 0
    height: int = 0
    lava: frozenset[Cell] = frozenset()
    _order: list[Cell] = field(default_factory=list)  # placement order, for backspace
    # Own letters the cursor stepped over since the last letter typed, in order: typing one of
    # them next means "that letter is already there", not "lay another".
    _skipped: list[Cell] = field(default_factory=list)

    # ---------------------------------------------------------------- syncing
    def sync(self, rack: str, own: dict[Cell, str], width: int, height: int,
             terrain: list[list[Terrain]] | None = None) -> None:
        """Adopt the authoritative rack and board; keep what still fits of the layout."""
        if own != self.own:
            self._skipped = []
        self.own = dict(own)
        self.width, self.height = width, height
        if terrain is not None:
            self.lava = frozenset((r, c) for r, row in enumerate(terrain) for c, t in enumerate(row)
                                  if t is Terrain.LAVA)
        available = Counter(rack)
        kept: dict[Cell, str] = {}
        for cell in self._order:
            ch = self.placed.get(cell)
            if ch is None or cell in self.own or cell in self.lava or available[ch] <= 0:
                continue
            kept[cell] = ch
            available[ch] -= 1
        self.placed = kept
        self._order = [c for c in self._order if c in kept]
        # Keep the player's rack order where the letters are still there; new ones go last.
        order: list[str] = []
        for ch in self.rack:
            if available[ch] > 0:
                order.append(ch)
                available[ch] -= 1
        for ch in rack:
            if available[ch] > 0:
                order.append(ch)
                available[ch] -= 1
        self.rack = order
        if self.cursor is not None and not self.in_bounds(self.cursor):
            self.cursor = None

    def in_bounds(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.height and 0 <= cell[1] < self.width

    # ---------------------------------------------------------------- rack
    def all_letters(self) -> str:
        """Every letter the player holds (rack and provisional), sorted."""
        return "".join(sorted(self.rack + list(self.placed.values())))

    def shuffle(self, rng: random.Random) -> None:
        rng.shuffle(self.rack)

    def move_in_rack(self, index: int, to: int) -> None:
        """Move the rack letter at ``index`` to position ``to``."""
        if not 0 <= index < len(self.rack):
            return
        ch = self.rack.pop(index)
        self.rack.insert(max(0, min(to, len(self.rack))), ch)

    def recall(self) -> None:
        """Every provisional letter back to the rack."""
        for cell in list(self._order):
            self.lift(cell)

    # ---------------------------------------------------------------- board
    def can_place(self, cell: Cell) -> bool:
        """True if a provisional letter may be put on ``cell`` (the rules judge the rest)."""
        return self.in_bounds(cell) and cell not in self.own and cell not in self.lava

    def place(self, cell: Cell, rack_index: int, slot: int | None = None) -> bool:
        """Move rack letter ``rack_index`` onto ``cell`` (swapping out a provisional one there)."""
        if not self.can_place(cell) or not 0 <= rack_index < len(self.rack):
            return False
        ch = self.rack.pop(rack_index)
        if cell in self.placed:
            self.lift(cell, slot=rack_index)
        self.placed[cell] = ch
        self._order.append(cell)
        return True

    def place_letter(self, cell: Cell, letter: str) -> bool:
        """Put a letter of the rack (by value) on ``cell``."""
        letter = letter.lower()
        if letter not in self.rack:
            return False
        return self.place(cell, self.rack.index(letter))

    def lift(self, cell: Cell, slot: int | None = None) -> str | None:
        """Take the provisional letter on ``cell`` back to the rack (at ``slot`` or the end)."""
        ch = self.placed.pop(cell, None)
        if ch is None:
            return None
        self._order = [c for c in self._order if c != cell]
        if slot is None:
            self.rack.append(ch)
        else:
            self.rack.insert(max(0, min(slot, len(self.rack))), ch)
        return ch

    def move_placed(self, cell: Cell, to: Cell) -> bool:
        """Drag a provisional letter from one cell to another."""
        if cell not in self.placed or not self.can_place(to) or to == cell:
            return False
        ch = self.placed.pop(cell)
        self._order = [c for c in self._order if c != cell]
        if to in self.placed:
            self.lift(to)
        self.placed[to] = ch
        self._order.append(to)
        return True

    # ---------------------------------------------------------------- typing
    def set_cursor(self, cell: Cell | None) -> None:
        """Click a cell: the cursor goes there; clicking it again turns the direction."""
        if cell is not None and not self.in_bounds(cell):
            return
        if cell is not None and cell == self.cursor:
            self.toggle_direction()
        self.cursor = cell
        self._skipped = []

    def toggle_direction(self) -> None:
        self.direction = DOWN if self.direction == ACROSS else ACROSS
        self._skipped = []

    def move_cursor(self, dr: int, dc: int) -> None:
        """Arrow keys: move the cursor (and point the typing direction that way)."""
        if self.cursor is None:
            self.cursor = (self.height // 2, self.width // 2)
            return
        nxt = (self.cursor[0] + dr, self.cursor[1] + dc)
        self._skipped = []
        if self.in_bounds(nxt):
            self.cursor = nxt
        if dc:
            self.direction = ACROSS
        elif dr:
            self.direction = DOWN

    def _past_own(self, cell: Cell) -> tuple[Cell | None, list[Cell]]:
        """The first cell from ``cell`` on (itself included) in the typing direction without an
        own letter (None: the board ends first), and the own cells before it."""
        dr, dc = _STEP[self.direction]
        run: list[Cell] = []
        while self.in_bounds(cell) and cell in self.own:
            run.append(cell)
            cell = (cell[0] + dr, cell[1] + dc)
        return (cell if self.in_bounds(cell) else None), run

    def type_letter(self, letter: str) -> bool:
        """Type a letter at the cursor and move on; False if it cannot go (nothing changes then).

        Typing runs through the player's own letters: the cursor steps over them. Typing such a
        letter (the one the cursor sits on, or the next one it just stepped over) lays nothing:
        the letter is already there. So N-O-T-E across an own N lays O, T and E, whether the
        player types the N or not."""
        letter = letter.lower()
        if self.cursor is None:
            return False
        cursor: Cell | None = self.cursor
        skipped = list(self._skipped)
        if cursor in self.own:  # the cursor sits on own letters: typing starts after them
            cursor, skipped = self._past_own(cursor)
        if skipped and self.own.get(skipped[0]) == letter:
            self._skipped = skipped[1:]
            if cursor is not None:
                self.cursor = cursor
            return True
        if cursor is None or letter not in self.rack or not self.can_place(cursor):
            return False
        if cursor in self.placed:
            self.lift(cursor)
        self.place_letter(cursor, letter)
        dr, dc = _STEP[self.direction]
        after, self._skipped = self._past_own((cursor[0] + dr, cursor[1] + dc))
        self.cursor = after or cursor
        return True

    def backspace(self) -> bool:
        """Take back the last provisional letter; the cursor returns to its cell."""
        if not self._order:
            return False
        cell = self._order[-1]
        self.lift(cell)
        self.cursor = cell
        self._skipped = []
        return True

    # ---------------------------------------------------------------- commit
    def commit_direction(self) -> str | None:
        """The direction to send with the commit (only needed for a single letter)."""
        if len(self.placed) != 1:
            return None
        (cell, ch), = self.placed.items()
        layer = dict(self.own)
        layer[cell] = ch
        across = line_run(layer, cell, ACROSS)
        down = line_run(layer, cell, DOWN)
        if across and down:
            return self.direction
        return None

    def commit(self) -> Commit | None:
        """The Commit of the laid-out letters (None if nothing is laid out)."""
        if not self.placed:
            return None
        placements = tuple((r, c, ch) for (r, c), ch in sorted(self.placed.items()))
        return Commit(self.player, placements, self.commit_direction())

    def clear(self) -> None:
        """Forget the layout after it was committed (the next sync brings the rack)."""
        self.placed.clear()
        self._order.clear()
