"""The city operations of a :class:`~client.editor.document.MapDocument`: place, set the
owner, remove, move (each one undo step; with a symmetry mode, the mirror city too)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from client.editor.history import Command
from client.editor.paint import PLAINS, Paint, city_paint, is_city
from shared.maps.check import mirror_cell
from shared.maps.format import cell_label
from shared.rules.terrain import Cell, Player


class CityEditing:
    """Mixed into :class:`~client.editor.document.MapDocument`."""

    if TYPE_CHECKING:
        @property
        def width(self) -> int: ...
        @property
        def height(self) -> int: ...

        _symmetry: str | None

        def at(self, cell: Cell) -> Paint: ...
        def paint(self, cells, paint: Paint, label: str = "Paint") -> Command | None: ...
        def _check_cell(self, cell: Cell) -> None: ...
        def _mirrored(self, wanted: dict[Cell, Paint]) -> dict[Cell, Paint]: ...
        def _commit(self, label: str, paints: dict[Cell, Paint]) -> Command | None: ...

    def place_city(self, cell: Cell, owner: Player | None) -> Command | None:
        """Put a city of ``owner`` (None: pewter) on ``cell``, replacing its terrain."""
        self._check_cell(cell)
        return self.paint([cell], city_paint(owner), "Place city")

    def set_owner(self, cell: Cell, owner: Player | None) -> Command | None:
        """Give the city on ``cell`` a new starting owner (None: pewter)."""
        self._require_city(cell)
        return self.paint([cell], city_paint(owner), "City owner")

    def remove_city(self, cell: Cell) -> Command | None:
        """Take the city off ``cell`` (plains remain); with symmetry, its mirror city too."""
        self._require_city(cell)
        return self._commit("Remove city", self._clearing_mirrored({cell: PLAINS}, {cell}))

    def move_city(self, source: Cell, target: Cell) -> Command | None:
        """Move the city on ``source`` to ``target`` (plains remain behind)."""
        paint = self._require_city(source)
        self._check_cell(target)
        if target == source:
            return None
        if is_city(self.at(target)):
            raise ValueError(f"there is already a city at {cell_label(target)}")
        if self._symmetry is not None:
            # The moved city's twin lands on the target's mirror cell: never on another city.
            image = mirror_cell(self._symmetry, target, self.width, self.height)
            twin = mirror_cell(self._symmetry, source, self.width, self.height)
            if image not in (source, target, twin) and is_city(self.at(image)):
                raise ValueError(f"the mirror cell {cell_label(image)} already holds a city")
        return self._commit("Move city", self._clearing_mirrored({source: PLAINS, target: paint}, {source}))

    def _require_city(self, cell: Cell) -> Paint:
        paint = self.at(cell)
        if not is_city(paint):
            raise ValueError(f"there is no city at {cell_label(cell)}")
        return paint

    def _clearing_mirrored(self, wanted: dict[Cell, Paint], clearing: set[Cell]) -> dict[Cell, Paint]:
        """Like :meth:`_mirrored`, but a city taken away is mirrored only onto a city: removing
        a city never turns its mirror cell's forest or water into plains."""
        out = self._mirrored(wanted)
        if self._symmetry is not None:
            for cell in clearing:
                image = mirror_cell(self._symmetry, cell, self.width, self.height)
                if image not in wanted and not is_city(self.at(image)):
                    del out[image]
        return out
