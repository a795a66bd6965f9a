"""The live checks of a :class:`~client.editor.document.MapDocument`: the map the game sees,
its errors (unplayable) and warnings (unfair), and the fairness report, each built once per
revision of the document (the editor asks for them on every frame)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from client.editor.details import Details
from client.editor.paint import Paint, owner_of, terrain_of
from shared.maps.check import ERROR, FairnessReport, Finding, check_map, fairness_report
from shared.rules.terrain import Cell, GameMap, Player


class MapChecks:
    """Mixed into :class:`~client.editor.document.MapDocument`."""

    if TYPE_CHECKING:
        revision: int
        _rows: list[list[Paint]]
        _details: Details
        _cache: dict[str, tuple[int, object]]

        def cities(self) -> dict[Cell, Paint]: ...

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
            owners = set(self.cities().values())
            return fairness_report(self.to_game_map()) if {"G", "S"} <= owners else None

        return self._cached("fairness", build)

    # ---------------------------------------------------------------- helpers
    def _cached(self, key: str, build: Callable[[], Any]) -> Any:
        hit = self._cache.get(key)
        if hit is not None and hit[0] == self.revision:
            return hit[1]
        value = build()
        self._cache[key] = (self.revision, value)
        return value

    def _build_map(self) -> GameMap:
        terrain = tuple(tuple(terrain_of(p) for p in row) for row in self._rows)
        cities: dict[Cell, Player | None] = {cell: owner_of(paint) for cell, paint in self.cities().items()}
        d = self._details
        return GameMap(name=d.name, terrain=terrain, cities=cities, version=d.version,
                       description=d.description, author=d.author)
