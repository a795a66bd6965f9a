"""Zoom and pan of a board seen through an ``arcade.Camera2D``: shared by the game and the editor."""

from __future__ import annotations

from collections.abc import Callable

import arcade

from client.views.board.paint import FRAME

Extent = Callable[[], tuple[float, float]]


class BoardCamera:
    """Fit, zoom about a point, drag to pan, keep the board in reach.

    A board's view (the game's board section, the editor's board) owns one, handing it the
    camera, how big the board is (``board_extent``) and the screen area it is shown in
    (``view_extent``), both in pixels, the zoom's limits, the margin kept round the board when
    it is fitted, and optionally its own ``fit_zoom`` (the zoom at which the board fits).
    ``user_zoomed`` says whether the player zoomed or panned since the board was last fitted.
    """

    def __init__(self, cam: arcade.Camera2D, board_extent: Extent, view_extent: Extent, *,
                 min_zoom: float = 0.25, max_zoom: float = 2.5, fit_margin: float = FRAME + 16,
                 fit_zoom: Callable[[], float] | None = None) -> None:
        self.cam = cam
        self.board_extent = board_extent
        self.view_extent = view_extent
        self.min_zoom = min_zoom
        self.max_zoom = max_zoom
        self.fit_margin = fit_margin
        self._fit_zoom = fit_zoom
        self.user_zoomed = False

    def limit(self, zoom: float) -> float:
        """``zoom`` within the camera's limits."""
        return max(self.min_zoom, min(self.max_zoom, zoom))

    def fit_zoom(self) -> float:
        """The zoom at which the whole board and its surround fit."""
        if self._fit_zoom is not None:
            return self._fit_zoom()
        w, h = self.board_extent()
        vw, vh = self.view_extent()
        margin = self.fit_margin
        return min(vw / (w + 2 * margin), vh / (h + 2 * margin))

    def fit(self) -> None:
        """Zoom so the whole board and its surround fit, centred."""
        w, h = self.board_extent()
        if not w or not h:
            return
        self.cam.zoom = self.limit(self.fit_zoom())
        self.cam.position = (w / 2, h / 2)
        self.user_zoomed = False

    def zoom_at(self, x: float, y: float, factor: float) -> None:
        """Zoom by ``factor`` keeping the point under (x, y) still."""
        before = self.cam.unproject((x, y))
        self.cam.zoom = self.limit(self.cam.zoom * factor)
        after = self.cam.unproject((x, y))
        px, py = self.cam.position
        self.cam.position = (px + before[0] - after[0], py + before[1] - after[1])
        self.user_zoomed = True
        self.keep_in_reach()

    def pan(self, dx: float, dy: float) -> None:
        """Move the board by a mouse drag of (dx, dy) screen pixels."""
        px, py = self.cam.position
        self.cam.position = (px - dx / self.cam.zoom, py - dy / self.cam.zoom)
        self.user_zoomed = True
        self.keep_in_reach()

    def keep_in_reach(self) -> None:
        """Keep the camera's centre over the board and its frame."""
        w, h = self.board_extent()
        px, py = self.cam.position
        self.cam.position = (max(-FRAME, min(w + FRAME, px)), max(-FRAME, min(h + FRAME, py)))
