"""The map being edited: its cells and details, every editing operation, undo, files, checks.

A :class:`MapDocument` holds the grid as rows of paints (map characters, see
:mod:`client.editor.paint`) and records every change as a command in its
:class:`~client.editor.history.History`, so everything can be undone and redone without a
limit. With a symmetry mode set, every change also paints its mirror image, gold turning to
silver across the mirror. Pure Python: no window, no Arcade.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from client.editor.history import (
    CellsCommand,
    Command,
    DetailsCommand,
    History,
    RowsCommand,
)
from client.editor.paint import (
    PLAINS,
    TERRAIN_PAINTS,
    Paint,
    check_paint,
    check_symmetry,
    city_paint,
    flood_region,
    in_bounds,
    is_city,
    line_path,
    owner_of,
    rect_cells,
    stamp,
    terrain_of,
    with_mirror,
)
from shared.mapcheck import (
    ERROR,
    FairnessReport,
    Finding,
    check_map,
    fairness_report,
    mirror_cell,
)
from shared.mapfiles import MAP_SUFFIX, MAPS_DIR, load_map, resolve_map_path, save_map
from shared.mapgen import generate_map
from shared.maps import MAX_SIDE, MIN_SIDE, cell_label, grid_rows
from shared.terrain import Cell, GameMap, Player

DEFAULT_NAME = "Untitled map"
ANCHORS = ("top-left", "centre")
"""Where a resize keeps the old grid: at the top-left corner, or in the middle."""


class SaveRefused(ValueError):
    """The map has errors, so it is not written; ``errors`` are the findings that stop it."""

    def __init__(self, errors: Sequence[Finding]) -> None:
        self.errors = tuple(errors)
        first = self.errors[0].message if self.errors else "the map is not playable"
        more = f" (and {len(self.errors) - 1} more error{'s' if len(self.errors) > 2 else ''})" \
            if len(self.errors) > 1 else ""
        super().__init__(f"not saved: {first}{more}")


@dataclass(frozen=True)
class Details:
    """What a map says about itself besides its grid."""

    name: str
    author: str = ""
    description: str = ""
    version: int = 1


def check_size(width: int, height: int) -> tuple[int, int]:
    """``(width, height)`` if both are whole numbers from 7 to 64; else a ValueError."""
    for label, size in (("width", width), ("height", height)):
        if isinstance(size, bool) or not isinstance(size, int) or not MIN_SIDE <= size <= MAX_SIDE:
            raise ValueError(f"the {label} must be a whole number from {MIN_SIDE} to {MAX_SIDE}, not {size!r}")
    return width, height


def file_stem(name: str) -> str:
    """A file name for a map name: ``"The Pewter Marches"`` -> ``"the-pewter-marches"``."""
    stem = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")
    return stem or "map"


class MapDocument:
    """A map open in the editor (see the module docstring)."""

    def __init__(self, rows: Sequence[str], details: Details, path: str | os.PathLike[str] | None = None,
                 *, saved: bool = True) -> None:
        widths = {len(row) for row in rows}
        if not rows or len(widths) != 1:
            raise ValueError("the grid must have at least one row, all of the same length")
        check_size(len(rows[0]), len(rows))
        for row in rows:
            for paint in row:
                check_paint(paint)
        self._rows: list[list[Paint]] = [list(row) for row in rows]
        self._details = _checked_details(details)
        self.path: Path | None = Path(path) if path is not None else None
        self.history = History()
        self.revision = 0
        self._symmetry: str | None = None
        self._never_saved = not saved
        self._stroke: tuple[str, dict[Cell, tuple[Paint, Paint]]] | None = None
        self._cache: dict[str, tuple[int, object]] = {}

    # ---------------------------------------------------------------- making documents
    @classmethod
    def blank(cls, width: int, height: int, base: Paint = PLAINS, name: str = DEFAULT_NAME) -> MapDocument:
        """A new map of one terrain (no cities yet, so not playable until some are placed)."""
        check_size(width, height)
        if base not in TERRAIN_PAINTS:
            raise ValueError(f"the base terrain must be one of {' '.join(TERRAIN_PAINTS)}, not {base!r}")
        return cls([base * width] * height, Details(name=name))

    @classmethod
    def from_game_map(cls, game_map: GameMap, path: str | os.PathLike[str] | None = None,
                      *, saved: bool = True) -> MapDocument:
        """A document holding ``game_map`` (``path``: the file it came from, if any)."""
        details = Details(game_map.name, game_map.author, game_map.description, game_map.version)
        return cls(grid_rows(game_map), details, path, saved=saved)

    @classmethod
    def open(cls, path_or_name: str | os.PathLike[str]) -> MapDocument:
        """Load a map file (or a shipped map by name); FileNotFoundError or MapError if it fails."""
        path = resolve_map_path(path_or_name)
        return cls.from_game_map(load_map(path), path)

    @classmethod
    def generated(cls, width: int, height: int, seed: int | str, symmetry: str = "rot180",
                  name: str | None = None) -> MapDocument:
        """A new random playable map from :func:`shared.mapgen.generate_map` (not saved yet)."""
        check_size(width, height)
        return cls.from_game_map(generate_map(width, height, seed, symmetry, name or None), saved=False)

    # ---------------------------------------------------------------- reading
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
    def details(self) -> Details:
        return self._details

    @property
    def name(self) -> str:
        return self._details.name

    def at(self, cell: Cell) -> Paint:
        """The paint of ``cell``."""
        self._check_cell(cell)
        return self._rows[cell[0]][cell[1]]

    def cities(self) -> dict[Cell, Paint]:
        """Every city cell and its paint (``G``, ``S`` or ``P``)."""
        return {(r, c): p for r, row in enumerate(self._rows) for c, p in enumerate(row) if is_city(p)}

    @property
    def symmetry(self) -> str | None:
        """The symmetry mode: ``None``, ``"mirror-x"``, ``"mirror-y"`` or ``"rot180"``."""
        return self._symmetry

    @symmetry.setter
    def symmetry(self, value: str | None) -> None:
        self._symmetry = check_symmetry(value)

    @property
    def dirty(self) -> bool:
        """True if there are changes a save would keep (a generated map counts until saved)."""
        return self._never_saved or not self.history.at_saved

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

    def default_path(self) -> Path:
        """Where Save proposes to write: the file it came from, else ``maps/<name>.map``."""
        return self.path if self.path is not None else MAPS_DIR / (file_stem(self.name) + MAP_SUFFIX)

    # ---------------------------------------------------------------- painting
    def begin_stroke(self, label: str) -> None:
        """Start a stroke: the changes until :meth:`end_stroke` become one undo step."""
        self.end_stroke()
        self._stroke = (label, {})

    def stroke(self, cells: Iterable[Cell], paint: Paint) -> int:
        """Paint ``cells`` (and their mirrors) as part of the current stroke, at once.

        A terrain never replaces a city (remove or move the city instead); a city paint
        replaces whatever is there. Returns how many cells changed. Cells off the board are
        ignored.
        """
        check_paint(paint)
        if self._stroke is None:
            raise RuntimeError("stroke() outside begin_stroke()/end_stroke()")
        wanted = {cell: paint for cell in cells if self._on_board(cell)}
        paints = self._mirrored(wanted)
        if not is_city(paint):
            # Terrain flows around cities: only the city operations move or remove them.
            paints = {cell: p for cell, p in paints.items() if not is_city(self.at(cell))}
        return self._stroke_changes(paints)

    def end_stroke(self) -> Command | None:
        """Finish the current stroke; its command (None if it changed nothing or none was open)."""
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

    @property
    def in_stroke(self) -> bool:
        return self._stroke is not None

    def paint(self, cells: Iterable[Cell], paint: Paint, label: str = "Paint") -> Command | None:
        """Paint ``cells`` (and their mirrors) as one undo step."""
        self.begin_stroke(label)
        self.stroke(cells, paint)
        return self.end_stroke()

    def line(self, start: Cell, end: Cell, paint: Paint, size: int = 1) -> Command | None:
        """A straight line of ``paint`` from ``start`` to ``end``, ``size`` cells thick."""
        return self.paint(stamp(line_path(start, end), size, self.width, self.height), paint, "Line")

    def rectangle(self, corner: Cell, other: Cell, paint: Paint) -> Command | None:
        """Fill the rectangle between two opposite corners with ``paint``."""
        return self.paint(rect_cells(corner, other, self.width, self.height), paint, "Rectangle")

    def fill(self, cell: Cell, paint: Paint) -> Command | None:
        """Flood-fill the region of ``cell``'s paint (4-connected) with ``paint``."""
        self._check_cell(cell)
        return self.paint(flood_region(self._rows, cell), paint, "Fill")

    def pick(self, cell: Cell) -> Paint:
        """The eyedropper: the paint at ``cell``."""
        return self.at(cell)

    # ---------------------------------------------------------------- cities
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

    # ---------------------------------------------------------------- whole map
    def resize(self, width: int, height: int, anchor: str = "top-left", fill: Paint = PLAINS) -> Command | None:
        """Change the board's size; new cells get ``fill``, cells cut off are lost (undoable)."""
        check_size(width, height)
        if anchor not in ANCHORS:
            raise ValueError(f"anchor must be one of {', '.join(ANCHORS)}, not {anchor!r}")
        if fill not in TERRAIN_PAINTS:
            raise ValueError(f"new cells must be a terrain ({' '.join(TERRAIN_PAINTS)}), not {fill!r}")
        if (width, height) == (self.width, self.height):
            return None
        dr, dc = ((height - self.height) // 2, (width - self.width) // 2) if anchor == "centre" else (0, 0)
        after = tuple(
            "".join(
                self._rows[r - dr][c - dc] if in_bounds((r - dr, c - dc), self.width, self.height) else fill
                for c in range(width)
            )
            for r in range(height)
        )
        self.end_stroke()
        command = RowsCommand(f"Resize to {width}x{height}", self.rows, after)
        command.apply(self)
        self.history.push(command)
        return command

    def set_details(self, *, name: str | None = None, author: str | None = None,
                    description: str | None = None, version: int | None = None) -> Command | None:
        """Change what the map says about itself (undoable); ValueError for a bad value."""
        changes = {k: v for k, v in (("name", name), ("author", author), ("description", description),
                                     ("version", version)) if v is not None}
        after = _checked_details(replace(self._details, **changes))
        if after == self._details:
            return None
        self.end_stroke()
        label = "Rename" if set(changes) == {"name"} else "Map details"
        command = DetailsCommand(label, self._details, after)
        command.apply(self)
        self.history.push(command)
        return command

    def rename(self, name: str) -> Command | None:
        """Give the map a new name (undoable)."""
        return self.set_details(name=name)

    # ---------------------------------------------------------------- undo
    def undo(self) -> Command | None:
        """Undo the last change (a stroke in progress is finished first)."""
        self.end_stroke()
        return self.history.undo(self)

    def redo(self) -> Command | None:
        self.end_stroke()
        return self.history.redo(self)

    # ---------------------------------------------------------------- files
    def save(self, path: str | os.PathLike[str] | None = None) -> Path:
        """Write the map to ``path`` (default: the file it came from) and return the path.

        Raises :class:`SaveRefused` naming the errors if the map is not playable (nothing is
        written), ValueError if there is no path, OSError if the file cannot be written.
        """
        self.end_stroke()
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("no file to save to: choose one with Save as")
        errors = self.errors()
        if errors:
            raise SaveRefused(errors)
        written = save_map(self.to_game_map(), target)
        self.path = written
        self._never_saved = False
        self.history.mark_saved()
        return written

    # ---------------------------------------------------------------- used by commands
    def _put_cells(self, paints: dict[Cell, Paint]) -> None:
        for (r, c), paint in paints.items():
            self._rows[r][c] = paint
        self._changed()

    def _put_rows(self, rows: Sequence[str]) -> None:
        self._rows = [list(row) for row in rows]
        self._changed()

    def _put_details(self, details: Details) -> None:
        self._details = details
        self._changed()

    # ---------------------------------------------------------------- helpers
    def _changed(self) -> None:
        self.revision += 1

    def _cached(self, key: str, build):
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

    def _on_board(self, cell: Cell) -> bool:
        return in_bounds(cell, self.width, self.height)

    def _check_cell(self, cell: Cell) -> None:
        if not self._on_board(cell):
            raise ValueError(f"cell {cell} is off the {self.width}x{self.height} board")

    def _require_city(self, cell: Cell) -> Paint:
        paint = self.at(cell)
        if not is_city(paint):
            raise ValueError(f"there is no city at {cell_label(cell)}")
        return paint

    def _mirrored(self, wanted: dict[Cell, Paint]) -> dict[Cell, Paint]:
        return with_mirror(wanted, self._symmetry, self.width, self.height)

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

    def _stroke_changes(self, paints: dict[Cell, Paint]) -> int:
        assert self._stroke is not None
        pending = self._stroke[1]
        changed = {cell: paint for cell, paint in paints.items() if self.at(cell) != paint}
        for cell, paint in changed.items():
            before = pending[cell][0] if cell in pending else self.at(cell)
            pending[cell] = (before, paint)
        if changed:
            self._put_cells(changed)
        return len(changed)

    def _commit(self, label: str, paints: dict[Cell, Paint]) -> Command | None:
        self.begin_stroke(label)
        self._stroke_changes(paints)
        return self.end_stroke()


def _checked_details(details: Details) -> Details:
    name = details.name.strip() if isinstance(details.name, str) else details.name
    if not isinstance(name, str) or not name:
        raise ValueError("the map needs a name")
    out = {"name": name}
    for key in ("name", "author", "description"):
        value = getattr(details, key)
        if not isinstance(value, str):
            raise TypeError(f"the {key} must be text, not {value!r}")
        value = value.strip()
        if "\n" in value or "\r" in value:
            raise ValueError(f"the {key} must fit on one line")
        out[key] = value
    version = details.version
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise ValueError(f"the version must be a whole number of at least 1, not {version!r}")
    return Details(out["name"], out["author"], out["description"], version)
