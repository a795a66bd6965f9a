"""Zoom and pan of a board seen through an ``arcade.Camera2D``: shared by the game and the editor."""

from __future__ import annotations

import arcade

from client.views.board_paint import FRAME


class BoardCamera:
    """Mixin: fit, zoom about a point, drag to pan, keep the board in reach.

    The class using it sets ``cam`` (an ``arcade.Camera2D``), ``user_zoomed``, ``MIN_ZOOM``,
    ``MAX_ZOOM`` and ``FIT_MARGIN``, and says how big the board is (``board_extent``) and the
    screen area it is shown in (``view_extent``), both in pixels.
    """

    MIN_ZOOM = 0.25
    MAX_ZOOM = 2.5
    FIT_MARGIN = FRAME + 16
    cam: arcade.Camera2D
    user_zoomed: bool

    def board_extent(self) -> tuple[float, float]:
        raise NotImplementedError

    def view_extent(self) -> tuple[float, float]:
        raise NotImplementedError

    def _limit(self, zoom: float) -> float:
        return max(self.MIN_ZOOM, min(self.MAX_ZOOM, zoom))

    def fit_zoom(self) -> float:
        """The zoom at which the whole board and its surround fit."""
        w, h = self.board_extent()
        vw, vh = self.view_extent()
        margin = self.FIT_MARGIN
        return min(vw / (w + 2 * margin), vh / (h + 2 * margin))

    def fit(self) -> None:
        """Zoom so the whole board and its surround fit, centred."""
        w, h = self.board_extent()
        if not w or not h:
            return
        self.cam.zoom = self._limit(self.fit_zoom())
        self.cam.position = (w / 2, h / 2)
        self.user_zoomed = False

    def zoom_at(self, x: float, y: float, factor: float) -> None:
        """Zoom by ``factor`` keeping the point under (x, y) still."""
        before = self.cam.unproject((x, y))
        self.cam.zoom = self._limit(self.cam.zoom * factor)
        after = self.cam.unproject((x, y))
        px, py = self.cam.position
        self.cam.position = (px + before[0] - after[0], py + before[1] - after[1])
        self.user_zoomed = True
        self._clamp()

    def pan(self, dx: float, dy: float) -> None:
        """Move the board by a mouse drag of (dx, dy) screen pixels."""
        px, py = self.cam.position
        self.cam.position = (px - dx / self.cam.zoom, py - dy / self.cam.zoom)
        self.user_zoomed = True
        self._clamp()

    def _clamp(self) -> None:
        w, h = self.board_extent()
        px, py = self.cam.position
        self.cam.position = (max(-FRAME, min(w + FRAME, px)), max(-FRAME, min(h + FRAME, py)))
