"""What the mouse does with each editor tool (pure: cells in, document operations out).

The view turns mouse events into board cells and calls :meth:`ToolController.press`,
:meth:`~ToolController.drag` and :meth:`~ToolController.release`; the controller edits the
:class:`~client.editor.document.MapDocument` and says what to preview under the cursor. Rule
errors (moving a city onto another, say) come out as ValueError with a plain message.
"""

from __future__ import annotations

from enum import StrEnum

from client.editor.document import MapDocument
from client.editor.paint import (
    BRUSH_SIZES,
    Paint,
    brush_cells,
    check_paint,
    flood_region,
    is_city,
    line_path,
    owner_of,
    rect_cells,
    stamp,
    with_mirror,
)
from shared.rules.terrain import Cell

LEFT = "left"
RIGHT = "right"


class Tool(StrEnum):
    """The editor's tools."""

    BRUSH = "brush"
    LINE = "line"
    RECT = "rect"
    FILL = "fill"
    PICK = "pick"
    CITY = "city"

    @property
    def label(self) -> str:
        return TOOL_LABELS[self]


TOOL_LABELS: dict[Tool, str] = {
    Tool.BRUSH: "Brush",
    Tool.LINE: "Line",
    Tool.RECT: "Rectangle",
    Tool.FILL: "Fill",
    Tool.PICK: "Pick",
    Tool.CITY: "Cities",
}

TOOL_HINTS: dict[Tool, str] = {
    Tool.BRUSH: "drag to paint; right-click picks a terrain",
    Tool.LINE: "drag from one end to the other",
    Tool.RECT: "drag from corner to corner",
    Tool.FILL: "click a region to fill it",
    Tool.PICK: "click a cell to take its terrain or city",
    Tool.CITY: "click places, drag moves, right-click removes",
}

DRAWING_TOOLS = (Tool.BRUSH, Tool.LINE, Tool.RECT, Tool.FILL)
"""The tools that paint terrain (a city paint switches to :attr:`Tool.CITY`)."""


class ToolController:
    """The current tool, brush size and paint, and a gesture in progress."""

    def __init__(self, doc: MapDocument) -> None:
        self.doc = doc
        self.tool = Tool.BRUSH
        self.brush_size = 1
        self.paint: Paint = "f"
        self.city: Paint = "G"  # the city paint the Cities tool places
        self._drawing_tool = Tool.BRUSH  # where Pick and Cities return to
        self.hover: Cell | None = None
        self.anchor: Cell | None = None  # where the current drag started (None: no drag)
        self.current: Cell | None = None
        self._button: str | None = None
        self._last: Cell | None = None
        self._fill_cache: tuple[tuple[int, int, Cell], list[Cell]] | None = None

    # ---------------------------------------------------------------- choices
    def set_document(self, doc: MapDocument) -> None:
        """Work on another document (a gesture in progress is dropped)."""
        self.cancel()
        self.doc = doc
        self.hover = None

    def select_tool(self, tool: Tool) -> None:
        """Switch tools (a gesture in progress is finished first)."""
        tool = Tool(tool)
        self.cancel()
        if tool in DRAWING_TOOLS:
            self._drawing_tool = tool
            if is_city(self.paint):
                self.paint = "."
        self.tool = tool

    def select_paint(self, paint: Paint) -> None:
        """Choose a paint: a city paint selects the Cities tool, a terrain a drawing tool."""
        check_paint(paint)
        if is_city(paint):
            self.city = paint
            self.tool = Tool.CITY
        else:
            self.paint = paint
            if self.tool not in DRAWING_TOOLS:
                self.tool = self._drawing_tool

    @property
    def current_paint(self) -> Paint:
        """What a click lays down now: the city paint with the Cities tool, else the terrain."""
        return self.city if self.tool is Tool.CITY else self.paint

    def set_brush_size(self, size: int) -> None:
        """Use a brush of ``size`` (1, 3 or 5)."""
        if size not in BRUSH_SIZES:
            raise ValueError(f"brush size must be one of {BRUSH_SIZES}, not {size!r}")
        self.brush_size = size

    def step_brush_size(self, delta: int) -> None:
        """The next smaller (-1) or larger (+1) brush."""
        i = BRUSH_SIZES.index(self.brush_size) + delta
        self.brush_size = BRUSH_SIZES[max(0, min(len(BRUSH_SIZES) - 1, i))]

    @property
    def busy(self) -> bool:
        """True while a drag is in progress."""
        return self.anchor is not None

    # ---------------------------------------------------------------- gestures
    def press(self, cell: Cell, button: str = LEFT) -> None:
        """A mouse button went down on ``cell``."""
        self.cancel()
        self.hover = cell
        doc = self.doc
        if button == RIGHT:
            if self.tool is Tool.CITY and is_city(doc.at(cell)):
                doc.city_ops.remove_city(cell)
            else:
                self._pick(cell)
            return
        tool = self.tool
        if tool is Tool.FILL:
            doc.fill(cell, self.paint)
            return
        if tool is Tool.PICK:
            self._pick(cell)
            return
        if tool is Tool.CITY and not is_city(doc.at(cell)):
            doc.city_ops.place_city(cell, owner_of(self.city))
            return
        self.anchor = self.current = self._last = cell
        self._button = button
        if tool is Tool.BRUSH:
            doc.begin_stroke("Brush")
            doc.stroke(brush_cells(cell, self.brush_size, doc.width, doc.height), self.paint)

    def drag(self, cell: Cell) -> None:
        """The mouse moved to ``cell`` with the button held."""
        self.hover = cell
        if self.anchor is None or cell == self.current:
            return
        self.current = cell
        if self.tool is Tool.BRUSH and self.doc.in_stroke:
            # Stamp every cell between the last position and this one: a fast mouse skips cells.
            path = line_path(self._last or cell, cell)
            self.doc.stroke(stamp(path, self.brush_size, self.doc.width, self.doc.height), self.paint)
        self._last = cell

    def release(self, cell: Cell | None) -> None:
        """The button came up on ``cell`` (None: off the board, which ends the gesture there
        for a stroke and cancels a line, rectangle or city move)."""
        anchor, tool = self.anchor, self.tool
        self.anchor = self.current = self._last = None
        self._button = None
        if anchor is None:
            return
        doc = self.doc
        if tool is Tool.BRUSH:
            doc.end_stroke()
        elif cell is None:
            return
        elif tool is Tool.LINE:
            doc.line(anchor, cell, self.paint, self.brush_size)
        elif tool is Tool.RECT:
            doc.rectangle(anchor, cell, self.paint)
        elif tool is Tool.CITY:
            if cell == anchor:
                if doc.at(anchor) != self.city:
                    doc.city_ops.set_owner(anchor, owner_of(self.city))
            else:
                doc.city_ops.move_city(anchor, cell)

    def cancel(self) -> None:
        """Drop a gesture in progress (a brush stroke keeps what it painted, as one step)."""
        if self.doc.in_stroke:
            self.doc.end_stroke()
        self.anchor = self.current = self._last = None
        self._button = None

    def _pick(self, cell: Cell) -> None:
        paint = self.doc.pick(cell)
        if is_city(paint):
            self.city = paint
            self.tool = Tool.CITY
        else:
            self.paint = paint
            self.tool = self._drawing_tool

    # ---------------------------------------------------------------- preview
    def preview(self) -> tuple[dict[Cell, Paint], dict[Cell, Paint]]:
        """What the gesture would paint now: (cells under the cursor, their mirror images),
        each cell with its paint. Empty while nothing would change shape or paint."""
        doc = self.doc
        w, h = doc.width, doc.height
        cells: list[Cell] = []
        paint = self.current_paint
        tool = self.tool
        if self.anchor is not None and self.current is not None:
            if tool is Tool.LINE:
                cells = stamp(line_path(self.anchor, self.current), self.brush_size, w, h)
            elif tool is Tool.RECT:
                cells = rect_cells(self.anchor, self.current, w, h)
            elif tool is Tool.CITY and self.current != self.anchor:
                cells, paint = [self.current], doc.at(self.anchor)
            elif tool is Tool.BRUSH:
                cells = brush_cells(self.current, self.brush_size, w, h)
        elif self.hover is not None and 0 <= self.hover[0] < h and 0 <= self.hover[1] < w:
            if tool is Tool.BRUSH or tool is Tool.LINE:
                cells = brush_cells(self.hover, self.brush_size, w, h)
            elif tool is Tool.RECT or tool is Tool.PICK or tool is Tool.CITY:
                cells = [self.hover]
            elif tool is Tool.FILL:
                cells = self._fill_region(self.hover)
        primary = {cell: paint for cell in cells}
        mirrored = {k: v for k, v in with_mirror(primary, doc.symmetry, w, h).items() if k not in primary}
        return primary, mirrored

    def _fill_region(self, cell: Cell) -> list[Cell]:
        """The region a click would fill (cached: the cursor rests on it for many frames)."""
        key = (id(self.doc), self.doc.revision, cell)
        if self._fill_cache is None or self._fill_cache[0] != key:
            self._fill_cache = (key, flood_region(self.doc.rows, cell))
        return self._fill_cache[1]
