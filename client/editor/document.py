"""The map being edited: its cells and details, every editing operation, undo, files.

A :class:`MapDocument` is composed of parts: its :class:`~client.editor.sheet.Sheet` holds the
grid as rows of paints (map characters, see :mod:`client.editor.paint`) and the details, and its
:class:`~client.editor.sheet.Strokes` record every change as a command in a
:class:`~client.editor.history.History`, so everything can be undone and redone without a
limit. With a symmetry mode set, every change also paints its mirror image, gold turning to
silver across the mirror. The live checks (errors, fairness) are ``doc.checks``, a
:class:`~client.editor.document_checks.MapChecks`, and the city operations ``doc.city_ops``, a
:class:`~client.editor.city_ops.CityEditing`; both work on the same sheet. Pure Python: no
window, no Arcade.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path

from client.editor.city_ops import CityEditing
from client.editor.details import (
    ANCHORS,
    DEFAULT_NAME,
    Details,
    SaveRefused,
    check_size,
    checked_details,
    file_stem,
)
from client.editor.document_checks import MapChecks
from client.editor.folders import is_shipped, user_maps_dir
from client.editor.history import Command, DetailsCommand, History, RowsCommand
from client.editor.paint import (
    PLAINS,
    TERRAIN_PAINTS,
    Paint,
    check_paint,
    flood_region,
    in_bounds,
    is_city,
    line_path,
    rect_cells,
    stamp,
)
from client.editor.sheet import Sheet, Strokes
from shared.maps.files import MAP_SUFFIX, load_map, resolve_map_path, save_map
from shared.maps.format import grid_rows
from shared.maps.generate import generate_map
from shared.maps.tiled_export import TMJ_SUFFIX
from shared.maps.tiled_files import load_tiled, save_tiled
from shared.rules.terrain import Cell, GameMap

__all__ = ["ANCHORS", "DEFAULT_NAME", "Details", "MapDocument", "SaveRefused", "check_size", "file_stem"]


class MapDocument:
    """A map open in the editor (see the module docstring)."""

    def __init__(self, rows: Sequence[str], details: Details, path: str | os.PathLike[str] | None = None,
                 *, saved: bool = True) -> None:
        self._sheet = Sheet(rows, details)
        self._strokes = Strokes(self._sheet)
        self.checks = MapChecks(self._sheet)
        self.city_ops = CityEditing(self._sheet, self._strokes)
        self.path: Path | None = Path(path) if path is not None else None
        self._never_saved = not saved

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
        """Load a map file (or a shipped map by name; a ``.tmj`` is imported from Tiled);
        FileNotFoundError or MapError if it fails."""
        if Path(path_or_name).suffix.lower() == TMJ_SUFFIX:
            return cls.from_tiled(path_or_name)
        path = resolve_map_path(path_or_name)
        return cls.from_game_map(load_map(path, drafts=True), path)  # a draft is finished here

    @classmethod
    def from_tiled(cls, path: str | os.PathLike[str]) -> MapDocument:
        """A Tiled map (``.tmj``) to edit; not saved as a ``.map`` yet (TiledError, OSError if it fails)."""
        return cls.from_game_map(load_tiled(path), saved=False)

    @classmethod
    def generated(cls, width: int, height: int, seed: int | str, symmetry: str = "rot180",
                  name: str | None = None) -> MapDocument:
        """A new random playable map from :func:`shared.maps.generate.generate_map` (not saved yet)."""
        check_size(width, height)
        return cls.from_game_map(generate_map(width, height, seed, symmetry, name or None), saved=False)

    # ---------------------------------------------------------------- reading
    @property
    def width(self) -> int:
        return self._sheet.width

    @property
    def height(self) -> int:
        return self._sheet.height

    @property
    def rows(self) -> tuple[str, ...]:
        """The grid as text rows (the map format's grid)."""
        return self._sheet.rows

    @property
    def details(self) -> Details:
        return self._sheet.details

    @property
    def name(self) -> str:
        return self._sheet.details.name

    @property
    def revision(self) -> int:
        """Grows with every change to the cells or details (views redraw when it moves)."""
        return self._sheet.revision

    @property
    def history(self) -> History:
        """The undo and redo history."""
        return self._strokes.history

    def at(self, cell: Cell) -> Paint:
        """The paint of ``cell``."""
        return self._sheet.at(cell)

    def cities(self) -> dict[Cell, Paint]:
        """Every city cell and its paint (``G``, ``S`` or ``P``)."""
        return self._sheet.cities()

    def to_game_map(self) -> GameMap:
        """The map as the game and the checker see it."""
        return self.checks.to_game_map()

    @property
    def symmetry(self) -> str | None:
        """The symmetry mode: ``None``, ``"mirror-x"``, ``"mirror-y"`` or ``"rot180"``."""
        return self._sheet.symmetry

    @symmetry.setter
    def symmetry(self, value: str | None) -> None:
        self._sheet.symmetry = value

    @property
    def dirty(self) -> bool:
        """True if there are changes a save would keep (a generated map counts until saved)."""
        return self._never_saved or not self.history.at_saved

    def default_path(self, suffix: str = MAP_SUFFIX) -> Path:
        """Where Save as proposes to write: the file the map came from, unless that is one of the
        maps shipped with the game; else ``<name>.map`` in the player's maps folder.
        With ``suffix`` ``.tmj``: the same place, as a Tiled map."""
        if self.path is not None and not is_shipped(self.path):
            return self.path.with_suffix(suffix)
        stem = self.path.stem if self.path is not None else file_stem(self.name)
        return user_maps_dir() / (stem + suffix)

    # ---------------------------------------------------------------- painting
    def begin_stroke(self, label: str) -> None:
        """Start a stroke: the changes until :meth:`end_stroke` become one undo step."""
        self._strokes.begin(label)

    def stroke(self, cells: Iterable[Cell], paint: Paint) -> int:
        """Paint ``cells`` (and their mirrors) as part of the current stroke, at once.

        A terrain never replaces a city (remove or move the city instead); a city paint
        replaces whatever is there. Returns how many cells changed. Cells off the board are
        ignored.
        """
        check_paint(paint)
        if not self._strokes.open:
            raise RuntimeError("stroke() outside begin_stroke()/end_stroke()")
        wanted = {cell: paint for cell in cells if self._sheet.on_board(cell)}
        paints = self._sheet.mirrored(wanted)
        if not is_city(paint):
            # Terrain flows around cities: only the city operations move or remove them.
            paints = {cell: p for cell, p in paints.items() if not is_city(self.at(cell))}
        return self._strokes.add(paints)

    def end_stroke(self) -> Command | None:
        """Finish the current stroke; its command (None if it changed nothing or none was open)."""
        return self._strokes.end()

    @property
    def in_stroke(self) -> bool:
        return self._strokes.open

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
        self._sheet.check_cell(cell)
        return self.paint(flood_region(self._sheet.grid, cell), paint, "Fill")

    def pick(self, cell: Cell) -> Paint:
        """The eyedropper: the paint at ``cell``."""
        return self.at(cell)

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
        grid = self._sheet.grid
        after = tuple(
            "".join(
                grid[r - dr][c - dc] if in_bounds((r - dr, c - dc), self.width, self.height) else fill
                for c in range(width)
            )
            for r in range(height)
        )
        self.end_stroke()
        return self._strokes.record(RowsCommand(f"Resize to {width}x{height}", self.rows, after))

    def set_details(self, *, name: str | None = None, author: str | None = None,
                    description: str | None = None, version: int | None = None) -> Command | None:
        """Change what the map says about itself (undoable); ValueError for a bad value."""
        given = {k for k, v in (("name", name), ("author", author), ("description", description),
                                ("version", version)) if v is not None}
        before = self.details
        after = checked_details(replace(
            before, name=before.name if name is None else name,
            author=before.author if author is None else author,
            description=before.description if description is None else description,
            version=before.version if version is None else version))
        if after == before:
            return None
        self.end_stroke()
        label = "Rename" if given == {"name"} else "Map details"
        return self._strokes.record(DetailsCommand(label, before, after))

    def rename(self, name: str) -> Command | None:
        """Give the map a new name (undoable)."""
        return self.set_details(name=name)

    # ---------------------------------------------------------------- undo
    def undo(self) -> Command | None:
        """Undo the last change (a stroke in progress is finished first)."""
        return self._strokes.undo()

    def redo(self) -> Command | None:
        return self._strokes.redo()

    # ---------------------------------------------------------------- files
    def save(self, path: str | os.PathLike[str] | None = None, *, as_draft: bool = False) -> Path:
        """Write the map to ``path`` (default: the file it came from) and return the path.

        A map that is not playable yet is written only ``as_draft`` (marked so in the file: only
        the editor opens it, and no game lists it); otherwise :class:`SaveRefused` names the
        errors and nothing is written. ValueError if there is no path, OSError if the file
        cannot be written. A map still called "Untitled map" takes its name from the file's.
        """
        self.end_stroke()
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("no file to save to: choose one with Save as")
        errors = self.checks.errors()
        if errors and not as_draft:
            raise SaveRefused(errors)
        named = None
        if self.name == DEFAULT_NAME:
            named = " ".join(target.stem.replace("-", " ").replace("_", " ").split()).title() or None
        game_map = self.to_game_map() if named is None else replace(self.to_game_map(), name=named)
        written = save_map(game_map, target, draft=bool(errors))
        if named is not None:
            self.rename(named)
        self.path = written
        self._never_saved = False
        self.history.mark_saved()
        return written

    def export_tiled(self, path: str | os.PathLike[str]) -> list[Path]:
        """Write the map as a Tiled map (``.tmj``) at ``path``; return the files written.

        The document keeps its own file and unsaved state: an export is a copy. A map with
        errors may be exported (to finish it in Tiled).
        """
        self.end_stroke()
        target = Path(path)
        if target.suffix != TMJ_SUFFIX:
            target = target.with_name(target.name + TMJ_SUFFIX)
        return save_tiled(self.to_game_map(), target)
