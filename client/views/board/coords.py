"""Where the board's row and column numbers go: on the brass frame while it is in view, else
pinned to the edges of the board's area on a brass strip, so the numbers the messages speak of
("row 12, column 30") can always be read off the screen whatever the zoom and pan.

:func:`coordinate_layout` works in the board area's own pixels (0, 0 at its lower left) from a
projection of world points; it draws nothing, so the tests can read it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from client.views.board.paint import FRAME, TILE

MIN_BAND = 18.0
"""The least thickness in pixels of the band the numbers sit on (the frame, or a strip)."""
MAX_BAND = 28.0
"""The most a strip is thick, however far the board is zoomed in (it covers the cells' edges)."""
STEPS = (1, 5, 10, 20, 50)


@dataclass
class CoordLayout:
    """The numbers to draw (key, text, x, y: their centres) and the strips under pinned ones."""

    font: float = 10.0
    band: float = MIN_BAND
    labels: list[tuple[tuple[str, int], str, float, float]] = field(default_factory=list)
    strips: list[tuple[float, float, float, float]] = field(default_factory=list)  # left, bottom, w, h

    def texts(self, side: str) -> dict[int, tuple[float, float]]:
        """Number -> centre of each label drawn on ``side`` ("top", "bottom", "left", "right")."""
        return {index + 1: (x, y) for (where, index), _, x, y in self.labels if where == side}


def coordinate_layout(project: Callable[[tuple[float, float]], tuple[float, float]], zoom: float,
                      rows: int, cols: int, size: tuple[float, float]) -> CoordLayout:
    """The numbers of ``rows`` x ``cols`` cells seen through ``project`` at ``zoom`` in an area
    of ``size`` pixels."""
    width, height = size
    frame = FRAME * zoom
    band = max(MIN_BAND, min(MAX_BAND, frame))
    half = band / 2
    off = max(frame, band) / 2  # from the board's edge to the middle of the frame (or strip)
    out = CoordLayout(font=max(8.0, min(14.0, band * 0.56)), band=band)
    cell_px = TILE * zoom
    step = next((s for s in STEPS if cell_px * s >= out.font * 2.0), STEPS[-1])
    w, h = cols * TILE, rows * TILE
    x0, y0 = project((0.0, 0.0))
    x1, y1 = project((w, h))
    # Each line of numbers sits just outside the board's edge, or at the area's edge when the
    # board runs past it (pinned there on a strip of its own).
    top = min(y1 + off, height - half)
    bottom = max(y0 - off, half)
    left = max(x0 - off, half)
    right = min(x1 + off, width - half)
    pinned = {"top": top < y1 + off, "bottom": bottom > y0 - off,
              "left": left > x0 - off, "right": right < x1 + off}
    wide = band > frame + 0.5  # thicker than the frame: a strip carries the numbers
    lo_x, hi_x = max(0.0, x0 - band), min(width, x1 + band)
    lo_y, hi_y = max(0.0, y0 - band), min(height, y1 + band)
    if pinned["top"] or wide:
        out.strips.append((lo_x, top - half, hi_x - lo_x, band))
    if pinned["bottom"] or wide:
        out.strips.append((lo_x, bottom - half, hi_x - lo_x, band))
    if pinned["left"] or wide:
        out.strips.append((left - half, lo_y, band, hi_y - lo_y))
    if pinned["right"] or wide:
        out.strips.append((right - half, lo_y, band, hi_y - lo_y))
    # Numbers stay clear of the other lines' bands (the corners) and inside the area.
    for c in range(cols):
        if (c + 1) % step and c:
            continue
        x = project(((c + 0.5) * TILE, 0.0))[0]
        if left + half + out.font * 0.6 <= x <= right - half - out.font * 0.6:
            out.labels.append((("top", c), str(c + 1), x, top))
            out.labels.append((("bottom", c), str(c + 1), x, bottom))
    for r in range(rows):
        if (r + 1) % step and r:
            continue
        y = project((0.0, (rows - r - 0.5) * TILE))[1]
        if bottom + half + out.font * 0.5 <= y <= top - half - out.font * 0.5:
            out.labels.append((("left", r), str(r + 1), left, y))
            out.labels.append((("right", r), str(r + 1), right, y))
    return out
