"""What a map in the editor is made of: its cells and details (:class:`Sheet`), and the undo
history of changes to them with the stroke being painted (:class:`Strokes`). Pure Python."""

from __future__ import annotations

from collections.abc import Sequence

from client.editor.details import Details, check_size, checked_details
from client.editor.history import CellsCommand, Command, History
from client.editor.paint import Paint, check_paint, check_symmetry, in_bounds, is_city, with_mirror
from shared.rules.terrain import Cell


class Sheet:
    """The grid as rows of paints, the map's details, the symmetry mode, and a revision
    number that grows with every change (the :class:`~client.editor.history.Editable` that
    commands change)."""

    def __init__(self, rows: Sequence[str], details: Details) -> None:
        """ValueError for a ragged or empty grid, a bad size, paint or detail."""
        widths = {len(row) for row in rows}
        if not rows or len(widths) != 1:
            raise ValueError("the grid must have at least one row, all of the same length")
        check_size(len(rows[0]), len(rows))
        for row in rows:
            for paint in row:
                check_paint(paint)
        self._rows: list[list[Paint]] = [list(row) for row in rows]
        self._details = checked_details(details)
        self._symmetry: str | None = None
        self.revision = 0

    @property
    def width(self) -> int:
        return len(self._rows[0])

    @property
    def height(self) -> int:
        return len(self._rows)

    @property
    def rows(self) -> tuple[str, ...]:
        """The grid as text rows (the map format's grid)."""
        return tuple("".join(row) for row in self._rows)

    @property
    def grid(self) -> Sequence[Sequence[Paint]]:
        """The grid as rows of paints (read only)."""
        return self._rows

    @property
    def details(self) -> Details:
        return self._details

    @property
    def symmetry(self) -> str | None:
        """The symmetry mode: ``None``, ``"mirror-x"``, ``"mirror-y"`` or ``"rot180"``."""
        return self._symmetry

    @symmetry.setter
    def symmetry(self, value: str | None) -> None:
        self._symmetry = check_symmetry(value)

    def at(self, cell: Cell) -> Paint:
        """The paint of ``cell`` (ValueError off the board)."""
        self.check_cell(cell)
        return self._rows[cell[0]][cell[1]]

    def cities(self) -> dict[Cell, Paint]:
        """Every city cell and its paint (``G``, ``S`` or ``P``)."""
        return {(r, c): p for r, row in enumerate(self._rows) for c, p in enumerate(row) if is_city(p)}

    def on_board(self, cell: Cell) -> bool:
        return in_bounds(cell, self.width, self.height)

    def check_cell(self, cell: Cell) -> None:
        """ValueError if ``cell`` is off the board."""
        if not self.on_board(cell):
            raise ValueError(f"cell {cell} is off the {self.width}x{self.height} board")

    def mirrored(self, wanted: dict[Cell, Paint]) -> dict[Cell, Paint]:
        """``wanted`` with the mirror image of each change added (for the symmetry mode)."""
        return with_mirror(wanted, self._symmetry, self.width, self.height)

    # ---------------------------------------------------------------- changed by commands
    def put_cells(self, paints: dict[Cell, Paint]) -> None:
        for (r, c), paint in paints.items():
            self._rows[r][c] = paint
        self.revision += 1

    def put_rows(self, rows: Sequence[str]) -> None:
        self._rows = [list(row) for row in rows]
        self.revision += 1

    def put_details(self, details: Details) -> None:
        self._details = details
        self.revision += 1


class Strokes:
    """The undo history of a :class:`Sheet`, and the stroke being painted: the changes made
    between :meth:`begin` and :meth:`end` become one undo step."""

    def __init__(self, sheet: Sheet) -> None:
        self._sheet = sheet
        self.history = History()
        self._stroke: tuple[str, dict[Cell, tuple[Paint, Paint]]] | None = None

    @property
    def open(self) -> bool:
        """True while a stroke is being painted."""
        return self._stroke is not None

    def begin(self, label: str) -> None:
        """Start a stroke (finishing the one open, if any)."""
        self.end()
        self._stroke = (label, {})

    def add(self, paints: dict[Cell, Paint]) -> int:
        """Repaint cells as part of the open stroke, at once; how many changed."""
        if self._stroke is None:
            raise RuntimeError("stroke() outside begin_stroke()/end_stroke()")
        pending = self._stroke[1]
        sheet = self._sheet
        changed = {cell: paint for cell, paint in paints.items() if sheet.at(cell) != paint}
        for cell, paint in changed.items():
            before = pending[cell][0] if cell in pending else sheet.at(cell)
            pending[cell] = (before, paint)
        if changed:
            sheet.put_cells(changed)
        return len(changed)

    def end(self) -> Command | None:
        """Finish the open stroke; its command (None if it changed nothing or none was open)."""
        if self._stroke is None:
            return None
        label, changes = self._stroke
        self._stroke = None
        changes = {cell: pair for cell, pair in changes.items() if pair[0] != pair[1]}
        if not changes:
            return None
        command = CellsCommand(label, changes)
        self.history.push(command)
        return command

    def commit(self, label: str, paints: dict[Cell, Paint]) -> Command | None:
        """Repaint cells as one undo step of their own."""
        self.begin(label)
        self.add(paints)
        return self.end()

    def record(self, command: Command) -> Command:
        """Apply ``command`` to the sheet as one undo step (after the open stroke)."""
        self.end()
        command.apply(self._sheet)
        self.history.push(command)
        return command

    def undo(self) -> Command | None:
        """Undo the last change (a stroke in progress is finished first)."""
        self.end()
        return self.history.undo(self._sheet)

    def redo(self) -> Command | None:
        self.end()
        return self.history.redo(self._sheet)
