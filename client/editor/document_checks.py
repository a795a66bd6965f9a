"""The live checks of a map in the editor: the map the game sees, its errors (unplayable) and
warnings (unfair), and the fairness report, each built once per revision of the document's
:class:`~client.editor.sheet.Sheet` (the editor asks for them on every frame)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from client.editor.paint import owner_of, terrain_of
from client.editor.sheet import Sheet
from shared.maps.check import ERROR, FairnessReport, Finding, check_map, fairness_report
from shared.rules.terrain import Cell, GameMap, Player


class MapChecks:
    """The checks of one sheet (a :class:`~client.editor.document.MapDocument`'s ``checks``)."""

    def __init__(self, sheet: Sheet) -> None:
        self._sheet = sheet
        self._cache: dict[str, tuple[int, object]] = {}

    def to_game_map(self) -> GameMap:
        """The map as the game and the checker see it."""
        return self._cached("map", self._build_map)

    def findings(self) -> list[Finding]:
        """Errors (unplayable) and warnings (unfair) of the map as it is now."""
        return self._cached("findings", lambda: check_map(self.to_game_map()))

    def errors(self) -> list[Finding]:
        return [f for f in self.findings() if f.level == ERROR]

    def warnings(self) -> list[Finding]:
        return [f for f in self.findings() if f.level != ERROR]

    @property
    def playable(self) -> bool:
        return not self.errors()

    def fairness(self) -> FairnessReport | None:
        """Both sides measured (None while a side has no city)."""
        def build() -> FairnessReport | None:
            owners = set(self._sheet.cities().values())
            return fairness_report(self.to_game_map()) if {"G", "S"} <= owners else None

        return self._cached("fairness", build)

    # ---------------------------------------------------------------- helpers
    def _cached(self, key: str, build: Callable[[], Any]) -> Any:
        hit = self._cache.get(key)
        if hit is not None and hit[0] == self._sheet.revision:
            return hit[1]
        value = build()
        self._cache[key] = (self._sheet.revision, value)
        return value

    def _build_map(self) -> GameMap:
        sheet = self._sheet
        terrain = tuple(tuple(terrain_of(p) for p in row) for row in sheet.grid)
        cities: dict[Cell, Player | None] = {cell: owner_of(paint) for cell, paint in sheet.cities().items()}
        d = sheet.details
        return GameMap(name=d.name, terrain=terrain, cities=cities, version=d.version,
                       description=d.description, author=d.author)
