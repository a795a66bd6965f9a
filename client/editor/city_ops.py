"""The city operations of a map in the editor: place, set the owner, remove, move (each one
undo step; with a symmetry mode, the mirror city too)."""

from __future__ import annotations

from client.editor.history import Command
from client.editor.paint import PLAINS, Paint, city_paint, is_city
from client.editor.sheet import Sheet, Strokes
from shared.maps.check import mirror_cell
from shared.maps.format import cell_label
from shared.rules.terrain import Cell, Player


class CityEditing:
    """The city operations on one sheet, recorded in its strokes (a
    :class:`~client.editor.document.MapDocument`'s ``city_ops``)."""

    def __init__(self, sheet: Sheet, strokes: Strokes) -> None:
        self._sheet = sheet
        self._strokes = strokes

    def place_city(self, cell: Cell, owner: Player | None) -> Command | None:
        """Put a city of ``owner`` (None: pewter) on ``cell``, replacing its terrain."""
        self._sheet.check_cell(cell)
        return self._strokes.commit("Place city", self._sheet.mirrored({cell: city_paint(owner)}))

    def set_owner(self, cell: Cell, owner: Player | None) -> Command | None:
        """Give the city on ``cell`` a new starting owner (None: pewter)."""
        self._require_city(cell)
        return self._strokes.commit("City owner", self._sheet.mirrored({cell: city_paint(owner)}))

    def remove_city(self, cell: Cell) -> Command | None:
        """Take the city off ``cell`` (plains remain); with symmetry, its mirror city too."""
        self._require_city(cell)
        return self._strokes.commit("Remove city", self._clearing_mirrored({cell: PLAINS}, {cell}))

    def move_city(self, source: Cell, target: Cell) -> Command | None:
        """Move the city on ``source`` to ``target`` (plains remain behind)."""
        sheet = self._sheet
        paint = self._require_city(source)
        sheet.check_cell(target)
        if target == source:
            return None
        if is_city(sheet.at(target)):
            raise ValueError(f"there is already a city at {cell_label(target)}")
        if sheet.symmetry is not None:
            # The moved city's twin lands on the target's mirror cell: never on another city.
            image = mirror_cell(sheet.symmetry, target, sheet.width, sheet.height)
            twin = mirror_cell(sheet.symmetry, source, sheet.width, sheet.height)
            if image not in (source, target, twin) and is_city(sheet.at(image)):
                raise ValueError(f"the mirror cell {cell_label(image)} already holds a city")
        return self._strokes.commit("Move city", self._clearing_mirrored({source: PLAINS, target: paint}, {source}))

    def _require_city(self, cell: Cell) -> Paint:
        paint = self._sheet.at(cell)
        if not is_city(paint):
            raise ValueError(f"there is no city at {cell_label(cell)}")
        return paint

    def _clearing_mirrored(self, wanted: dict[Cell, Paint], clearing: set[Cell]) -> dict[Cell, Paint]:
        """Like :meth:`Sheet.mirrored`, but a city taken away is mirrored only onto a city:
        removing a city never turns its mirror cell's forest or water into plains."""
        sheet = self._sheet
        out = sheet.mirrored(wanted)
        if sheet.symmetry is not None:
            for cell in clearing:
                image = mirror_cell(sheet.symmetry, cell, sheet.width, sheet.height)
                if image not in wanted and not is_city(sheet.at(image)):
                    del out[image]
        return out
