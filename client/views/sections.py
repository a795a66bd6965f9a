"""The panels of the game screen, one :class:`arcade.Section` each.

The sections draw; the game view owns the state and handles the mouse and keyboard (a drag
crosses from the rack to the board, so input is routed by the view, not by the sections).
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

import arcade

from client.describe import side as side_name
from client.ui import pieces, theme
from client.ui.textures import glow_texture, mark_badge_texture, panel_patch, plate_patch
from client.views.board_camera import BoardCamera
from client.views.board_paint import CITY_COIN, FRAME, TILE, BoardPainter, cell_centre, world_to_cell
from client.views.fast_draw import CachedLayer, screen_camera
from client.views.layout import Rect
from shared.terrain import Cell, Player

if TYPE_CHECKING:
    from client.views.game import GameView

CARD_H = 112  # height of a player's card in the side panel
INVALID_BED = (190, 24, 40, 165)
ISOLATED_BED = (214, 104, 8, 160)
MARK_SHADOW = (26, 10, 4, 200)


def _clock(seconds: float | None) -> str:
    if seconds is None:
        return ""
    s = max(0, int(math.ceil(seconds)))
    return f"{s // 60}:{s % 60:02d}"


class _Panel(arcade.Section):
    """A section whose input is handled by the game view."""

    def __init__(self, gv: "GameView", rect: Rect, name: str, draw_order: int) -> None:
        super().__init__(rect.left, rect.bottom, rect.width, rect.height, name=name,
                         accept_keyboard_keys=False, accept_mouse_events=False, draw_order=draw_order)
        self.gv = gv
        self.texts = theme.TextCache()

    def set_rect(self, rect: Rect) -> None:
        self.left, self.bottom, self.width, self.height = rect.left, rect.bottom, rect.width, rect.height

    @property
    def rect(self) -> Rect:  # type: ignore[override]
        return Rect(self.left, self.bottom, self.width, self.height)


class BackdropSection(_Panel):
    """Under the panels. It draws nothing while they tile the window.

    The board, rack, side panel and top bar each copy an opaque cached layer over their whole
    rectangle, and :func:`~client.views.layout.game_layout` makes the four rectangles tile the
    window, so a full-window clear (a few ms under software OpenGL) would be wasted. The clear
    comes back if a layout ever leaves a gap.
    """

    def __init__(self, gv: "GameView", rect: Rect) -> None:
        super().__init__(gv, rect, "backdrop", 0)

    def on_draw(self) -> None:
        if not self.gv.layout.tiles(int(self.width), int(self.height)):
            self.window.clear(color=theme.WALNUT)


class BoardSection(BoardCamera, _Panel):
    """The board under a zoomable, pannable camera, with every mark and animation on it."""

    MIN_ZOOM = 0.25
    MAX_ZOOM = 2.5
    FIT_MARGIN = FRAME + 18

    def __init__(self, gv: "GameView", rect: Rect) -> None:
        super().__init__(gv, rect, "board", 1)
        self.painter = BoardPainter()
        self.cam = arcade.Camera2D(viewport=arcade.LBWH(rect.left, rect.bottom, rect.width, rect.height))
        self.layer = CachedLayer(gv.window)
        self._layer_key: tuple = ()
        self.user_zoomed = False
        self.hover: Cell | None = None

    # ---------------------------------------------------------------- camera
    def set_rect(self, rect: Rect) -> None:
        super().set_rect(rect)
        self.cam.viewport = arcade.LBWH(rect.left, rect.bottom, max(1, rect.width), max(1, rect.height))
        self.cam.equalise()
        if not self.user_zoomed:
            self.fit()

    def board_extent(self) -> tuple[float, float]:
        return self.gv.display.width * TILE, self.gv.display.height * TILE

    def view_extent(self) -> tuple[float, float]:
        return self.width, self.height

    def cell_at(self, x: float, y: float) -> Cell | None:
        """The board cell under a screen point (None off the board or outside the section)."""
        if not self.rect.contains(x, y):
            return None
        wx, wy, _ = self.cam.unproject((x, y))
        if wx < 0 or wy < 0:
            return None
        cell = world_to_cell(wx, wy, self.gv.display.height)
        return cell if self.gv.display.in_bounds(cell) else None

    def cell_to_screen(self, cell: Cell) -> tuple[float, float]:
        x, y = cell_centre(cell, self.gv.display.height)
        p = self.cam.project((x, y))
        return p[0], p[1]

    def min_line(self, world: float, pixels: float = 3.0) -> float:
        """A line width in world units that is at least ``pixels`` wide on screen."""
        return max(world, pixels / max(0.05, self.cam.zoom))

    @property
    def cell_pixels(self) -> float:
        return TILE * self.cam.zoom

    # ---------------------------------------------------------------- drawing
    def on_draw(self) -> None:
        gv = self.gv
        d = gv.display
        self.painter.sync(d)
        key = (self.painter.static_revision, tuple(self.cam.position), self.cam.zoom, self.width, self.height)
        if key != self._layer_key:
            self._layer_key = key
            self.layer.dirty = True
        self.layer.draw(self.left, self.bottom, self.width, self.height, self._paint_static,
                        clear=theme.WALNUT, blend=False)
        self.cam.use()
        gv.fx.draw_terrain_effects(self)
        self._draw_marks()
        self.painter.draw_coins()
        self._draw_mark_frames()
        gv.fx.draw_world(self)
        self._draw_provisional()
        self._draw_cursor()
        self.window.default_camera.use()
        gv.fx.draw_screen(self)
        self._draw_banner()

    def _paint_static(self, size: tuple[int, int]) -> None:
        """The cached layer: the brass surround, the stones and the cities."""
        cam = arcade.Camera2D(viewport=arcade.LBWH(0, 0, size[0], size[1]), position=self.cam.position,
                              zoom=self.cam.zoom)
        cam.use()
        d = self.gv.display
        w, h = d.width * TILE, d.height * TILE
        panel_patch("brass").draw_rect(rect=arcade.LBWH(-FRAME, -FRAME, w + 2 * FRAME, h + 2 * FRAME))
        self.painter.draw_terrain()

    def _cells_rect(self, cells, pad: float) -> tuple[float, float, float, float]:
        h = self.gv.display.height
        rows = [r for r, _ in cells]
        cols = [c for _, c in cells]
        left = min(cols) * TILE + pad
        right = (max(cols) + 1) * TILE - pad
        bottom = (h - 1 - max(rows)) * TILE + pad
        top = (h - min(rows)) * TILE - pad
        return left, bottom, right - left, top - bottom

    def outline_cells(self, cells, colour, width: float = 4, pad: float = 3) -> None:
        if not cells:
            return
        left, bottom, ww, hh = self._cells_rect(cells, pad)
        arcade.draw_lbwh_rectangle_outline(left, bottom, ww, hh, colour, width)

    def fill_cells(self, cells, colour, pad: float = 2) -> None:
        for cell in cells:
            left, bottom, ww, hh = self._cells_rect([cell], pad)
            arcade.draw_lbwh_rectangle_filled(left, bottom, ww, hh, colour)

    def _draw_marks(self) -> None:
        """Under the coins: invalid runs and isolated words lie on a red or amber bed."""
        d = self.gv.display
        for p in (Player.GOLD, Player.SILVER):
            for run in d.isolated.get(p, []):
                self.fill_cells(run, ISOLATED_BED, pad=1)
            for run in d.invalid.get(p, []):
                self.fill_cells(run, INVALID_BED, pad=1)

    def _draw_mark_frames(self) -> None:
        """Over the coins: a pulsing frame round each marked run and a badge saying what is wrong.

        Frame and badge keep a minimum size on screen, so a 40x30 board shows them too.
        """
        d = self.gv.display
        if not any(d.invalid.get(p) or d.isolated.get(p) for p in (Player.GOLD, Player.SILVER)):
            return
        zoom = max(0.05, self.cam.zoom)
        pulse = 0.8 + 0.2 * math.sin(time.monotonic() * 3.0)
        line = self.min_line(5.0)
        badge = max(TILE * 0.42, 18 / zoom)
        for p in (Player.GOLD, Player.SILVER):
            for kind, runs, colour in (("isolated", d.isolated.get(p, []), theme.AMBER),
                                       ("invalid", d.invalid.get(p, []), theme.RUBY)):
                for run in runs:
                    # A dark under-stroke keeps the frame visible on pale stones as on dark ones.
                    self.outline_cells(run, MARK_SHADOW, line * 2.2, pad=-line / 2)
                    self.outline_cells(run, theme.with_alpha(colour, int(255 * pulse)), line, pad=-line / 2)
                    # Top left: the top right shoulder of a coin may carry a city's emblem.
                    left, bottom, ww, hh = self._cells_rect(run, 0)
                    arcade.draw_texture_rect(mark_badge_texture(kind), arcade.XYWH(left, bottom + hh, badge, badge))

    def _draw_provisional(self) -> None:
        gv = self.gv
        planner = gv.planner
        if not planner.placed or gv.viewer is None:
            return
        marks = gv.word_marks
        h = gv.display.height
        for cell, ch in planner.placed.items():
            x, y = cell_centre(cell, h)
            ok = marks.get(cell)
            ring = theme.EMERALD if ok else theme.RUBY if ok is False else theme.SAPPHIRE
            arcade.draw_texture_rect(glow_texture(), arcade.XYWH(x, y, TILE * 1.4, TILE * 1.4),
                                     color=theme.with_alpha(ring, 190))
            if gv.drag is not None and gv.drag.source == ("board", cell):
                continue
            # Provisional coins float a little above the board, slightly see-through.
            size = TILE * (CITY_COIN if cell in gv.display.cities else 1.0)
            arcade.draw_texture_rect(pieces.coin_shadow_texture(), arcade.XYWH(x + 5, y - 6, size, size))
            arcade.draw_texture_rect(pieces.coin_texture(int(gv.viewer), ch), arcade.XYWH(x, y + 5, size, size),
                                     alpha=235)
            arcade.draw_circle_outline(x, y + 5, size * 0.45, theme.with_alpha(ring, 255), 4)
        if gv.preview.ok and gv.preview.attack:
            main = next((w for w in gv.preview.words if w.main), None)
            if main is not None:
                self.outline_cells(main.cells, theme.with_alpha(theme.RUBY, 200), 3, pad=-2)

    def _draw_cursor(self) -> None:
        gv = self.gv
        planner = gv.planner
        hover = self.hover
        if gv.redeploy_mode and hover is not None:
            run = gv.lift_candidate(hover)
            if run is not None:
                self.fill_cells(run.cells, theme.with_alpha(theme.SAPPHIRE, 80))
                self.outline_cells(run.cells, theme.SAPPHIRE, 4)
            return
        cell = planner.cursor
        if cell is None or gv.viewer is None or not gv.my_turn:
            return
        h = gv.display.height
        x, y = cell_centre(cell, h)
        blink = 0.55 + 0.45 * math.sin(time.monotonic() * 5)
        colour = theme.with_alpha(theme.BRASS_LIGHT, int(255 * blink))
        arcade.draw_lbwh_rectangle_outline(x - TILE / 2 + 3, y - TILE / 2 + 3, TILE - 6, TILE - 6, colour, 4)
        # The typing direction: a small arrow on the cursor's edge.
        if planner.direction == "across":
            arcade.draw_triangle_filled(x + TILE / 2 - 4, y, x + TILE / 2 - 16, y + 8, x + TILE / 2 - 16, y - 8, colour)
        else:
            arcade.draw_triangle_filled(x, y - TILE / 2 + 4, x - 8, y - TILE / 2 + 16, x + 8, y - TILE / 2 + 16, colour)

    def _draw_banner(self) -> None:
        """Rule errors and hints, in plain words, at the foot of the board."""
        gv = self.gv
        text, colour = gv.banner()
        if not text:
            return
        label = self.texts.get("banner", text, self.left + self.width / 2, self.bottom + 30, size=15,
                               color=theme.PARCHMENT, anchor_x="center", anchor_y="center",
                               font=theme.SANS, width=int(self.width - 80), multiline=False)
        w = min(self.width - 40, label.content_width + 44)
        left = self.left + self.width / 2 - w / 2
        arcade.draw_lbwh_rectangle_filled(left, self.bottom + 12, w, 36, theme.with_alpha(theme.LEATHER_DARK, 235))
        arcade.draw_lbwh_rectangle_outline(left, self.bottom + 12, w, 36, colour, 2)
        label.draw()


class RackSection(_Panel):
    """The player's rack: a brass tray of coin slots (the buttons beside it are arcade.gui)."""

    def __init__(self, gv: "GameView", rect: Rect) -> None:
        super().__init__(gv, rect, "rack", 2)
        self.layer = CachedLayer(gv.window)
        self._key: tuple = ()

    def on_draw(self) -> None:
        gv = self.gv
        tray = gv.layout.tray
        key = (tuple(gv.planner.rack), gv.drag.source if gv.drag else None, gv.armed_rack_index, gv.viewer,
               tray, gv.session.rules.rack_limit, self.rect)
        if key != self._key:
            self._key = key
            self.layer.dirty = True
        left, bottom = self.left, self.bottom
        self.layer.draw(left, bottom, self.width, self.height,
                        lambda size: (screen_camera(size, left, bottom).use(), self._paint()),
                        clear=theme.WALNUT, blend=False)

    def _paint(self) -> None:
        gv = self.gv
        lay = gv.layout
        tray = lay.tray
        panel_patch("leather").draw_rect(rect=arcade.LBWH(tray.left, tray.bottom, tray.width, tray.height))
        limit = gv.session.rules.rack_limit
        coin = min(lay.slot - 6, tray.height - 26)
        for i in range(max(limit, len(gv.planner.rack))):
            x, y = lay.slot_centre(i)
            colour = (16, 11, 8, 200) if i < limit else (90, 20, 20, 200)
            arcade.draw_circle_filled(x, y, coin * 0.47, colour)
        if gv.viewer is None:
            self.texts.draw("watch", "Watching: the racks are hidden", tray.left + tray.width / 2,
                            tray.bottom + tray.height / 2, size=16, color=theme.PARCHMENT_DIM,
                            anchor_x="center", anchor_y="center", italic=True)
            return
        selected = gv.armed_rack_index
        for i, ch in enumerate(gv.planner.rack):
            if gv.drag is not None and gv.drag.source == ("rack", i):
                continue
            x, y = lay.slot_centre(i)
            if i == selected:
                arcade.draw_texture_rect(glow_texture(), arcade.XYWH(x, y, coin * 1.5, coin * 1.5),
                                         color=theme.with_alpha(theme.BRASS_LIGHT, 200))
                y += 6
            arcade.draw_texture_rect(pieces.coin_shadow_texture(), arcade.XYWH(x + 2, y - 3, coin, coin))
            arcade.draw_texture_rect(pieces.coin_texture(int(gv.viewer), ch), arcade.XYWH(x, y, coin, coin))
        me = side_name(int(gv.viewer), None)
        self.texts.draw("rack-title", f"{me}'s rack  {len(gv.planner.rack)}/{limit}", tray.left + 20,
                        tray.top + 4, size=11, color=theme.PARCHMENT_DIM, font=theme.SANS)


class SidePanel(_Panel):
    """Scores, pools, the opponent's rack, whose turn, clocks, the preview and the event log."""

    def __init__(self, gv: "GameView", rect: Rect) -> None:
        super().__init__(gv, rect, "side", 3)
        self.shown_scores: dict[Player, float] = {}
        self.layer = CachedLayer(gv.window)
        self._key: tuple = ()

    def _content_key(self) -> tuple:
        gv = self.gv
        d = gv.display
        clocks = gv.session.clock_left()
        status = tuple(gv.actor_status(p) for p in (Player.GOLD, Player.SILVER))
        return (d.revision, d.version, id(d), status, gv.current_actor(), id(gv.preview),
                gv.redeploy_mode, gv.my_turn, len(gv.log), gv.log[-1] if gv.log else None,
                None if not clocks else tuple(int(v) for v in clocks.values()), self.left, self.width, self.height)

    def on_draw(self) -> None:
        gv = self.gv
        for p in (Player.GOLD, Player.SILVER):
            info = gv.display.players.get(p)
            target = float(info.score if info else 0)
            shown = self.shown_scores.get(p, target)
            shown += (target - shown) * (0.12 if abs(target - shown) > 0.5 else 1.0)
            self.shown_scores[p] = shown
        key = self._content_key()
        if key != self._key:
            self._key = key
            self.layer.dirty = True
        self.layer.draw(self.left, self.bottom, self.width, self.height,
                        lambda size: (screen_camera(size, self.left, self.bottom).use(), self._paint()),
                        clear=theme.WALNUT, blend=False)
        # The scores count up as points arrive: drawn live over the cached cards, so counting
        # does not repaint the whole panel every frame.
        for i, p in enumerate((Player.GOLD, Player.SILVER)):
            bottom = self.top - 10 - (i + 1) * CARD_H - i * 8
            self.texts.draw(("score", p), f"{round(self.shown_scores[p])}", self.right - 32, bottom + CARD_H - 42,
                            size=30, color=theme.PARCHMENT, bold=True, anchor_x="right")
        actor = gv.current_actor()
        if actor is not None and gv.display.result is None:
            i = 0 if actor == Player.GOLD else 1
            card_h = CARD_H
            bottom = self.top - 10 - (i + 1) * card_h - i * 8
            pulse = 0.55 + 0.45 * math.sin(time.monotonic() * 3)
            arcade.draw_lbwh_rectangle_outline(self.left + 14, bottom + 4, self.width - 28, card_h - 8,
                                               theme.with_alpha(theme.BRASS_LIGHT, int(255 * pulse)), 3)

    def _paint(self) -> None:
        left, width = self.left + 10, self.width - 20
        top = self.top - 10
        card_h = CARD_H
        for i, p in enumerate((Player.GOLD, Player.SILVER)):
            self._player_card(p, left, top - (i + 1) * card_h - i * 8, width, card_h)
        y = top - 2 * card_h - 8 - 10
        preview_h = max(170, min(300, (y - 20) * 0.52))
        self._preview(left, y - preview_h, width, preview_h)
        y -= preview_h + 10
        self._log(left, 10, width, y - 10)

    def _player_card(self, p: Player, left: float, bottom: float, width: float, height: float) -> None:
        gv = self.gv
        d = gv.display
        active = d.result is None and (gv.current_actor() == p)
        panel_patch("leather").draw_rect(rect=arcade.LBWH(left, bottom, width, height))
        icon = 44
        arcade.draw_texture_rect(pieces.coin_texture(int(p), ""), arcade.XYWH(left + 38, bottom + height - 40, icon, icon))
        name = gv.seat_name(p)
        colour = theme.PLAYER_COLOURS[int(p)]
        name_text = self.texts.get(("name", p), name, left + 70, bottom + height - 36, size=17, color=colour,
                                   bold=True)
        while name_text.content_width > width - 150 and len(name) > 4:
            name = name[:-2].rstrip() + "…" if not name.endswith("…") else name[:-2].rstrip() + "…"
            name_text = self.texts.get(("name", p), name, left + 70, bottom + height - 36, size=17, color=colour,
                                       bold=True)
        name_text.draw()
        info = d.players.get(p)
        pool = "endless" if info is None or info.pool is None else str(info.pool)
        cities = sum(1 for o in d.cities.values() if o == p)
        line = f"pool {pool}   rack {info.rack_size if info else 0}   cities {cities}"
        self.texts.draw(("info", p), line, left + 20, bottom + 40, size=12, color=theme.PARCHMENT_DIM, font=theme.SANS)
        status = ""
        if d.result is None:
            if active:
                status = gv.actor_status(p)
            clocks = gv.session.clock_left()
            if clocks and int(p) in clocks:
                status = (status + "   " if status else "") + f"clock {_clock(clocks[int(p)])}"
        self.texts.draw(("status", p), status, left + 20, bottom + 16, size=12,
                        color=theme.BRASS_LIGHT if active else theme.INK_MUTED, font=theme.SANS, italic=True)
        # The opponent's rack: coin backs, face down.
        if gv.viewer is not None and p != gv.viewer and info is not None:
            n = info.rack_size
            for k in range(min(n, 14)):
                x = left + width - 22 - k * 10
                arcade.draw_circle_filled(x, bottom + 20, 6, theme.PLAYER_COLOURS[int(p)])
                arcade.draw_circle_outline(x, bottom + 20, 6, (60, 40, 20, 255), 1)

    def _preview(self, left: float, bottom: float, width: float, height: float) -> None:
        gv = self.gv
        panel_patch("leather").draw_rect(rect=arcade.LBWH(left, bottom, width, height))
        self.texts.draw("pv-title", "Preview", left + 20, bottom + height - 30, size=15,
                        color=theme.BRASS_LIGHT, bold=True)
        lines = gv.preview_lines()
        y = bottom + height - 54
        for i, (text, colour) in enumerate(lines):
            if y < bottom + 14:
                break
            obj = self.texts.get(("pv", i), text, left + 20, y, size=13, color=colour, font=theme.SANS,
                                 width=int(width - 40), multiline=True)
            obj.draw()
            y -= max(20, obj.content_height + 4)

    def _log(self, left: float, bottom: float, width: float, height: float) -> None:
        if height < 60:
            return
        gv = self.gv
        panel_patch("leather").draw_rect(rect=arcade.LBWH(left, bottom, width, height))
        self.texts.draw("log-title", "Chronicle", left + 20, bottom + height - 30, size=15,
                        color=theme.BRASS_LIGHT, bold=True)
        rows = int((height - 50) // 19)
        lines = list(gv.log)[-rows:] if rows > 0 else []
        y = bottom + height - 52
        limit = int((width - 36) / 6.6)  # characters that fit at this size
        for i, (text, colour) in enumerate(lines):
            if len(text) > limit:
                text = text[: limit - 1].rstrip() + "\u2026"
            self.texts.draw(("log", i), text, left + 20, y, size=12, color=colour, font=theme.SANS)
            y -= 19


class TopBar(_Panel):
    """The title of the game, whose move it is, the turn number and the connection."""

    def __init__(self, gv: "GameView", rect: Rect) -> None:
        super().__init__(gv, rect, "top", 4)
        self.layer = CachedLayer(gv.window)
        self._key: tuple = ()

    def on_draw(self) -> None:
        gv = self.gv
        key = (gv.session.title or gv.display.map_name, gv.headline(), gv.session.connection_text or gv.status_text,
               self.rect)
        if key != self._key:
            self._key = key
            self.layer.dirty = True
        left, bottom = self.left, self.bottom
        self.layer.draw(left, bottom, self.width, self.height,
                        lambda size: (screen_camera(size, left, bottom).use(), self._paint()),
                        clear=theme.WALNUT, blend=False)

    def _paint(self) -> None:
        gv = self.gv
        plate_patch("brass", "normal").draw_rect(rect=arcade.LBWH(self.left - 20, self.bottom, self.width + 40,
                                                                   self.height + 16))
        mid = self.bottom + self.height / 2
        self.texts.draw("game-title", gv.session.title or gv.display.map_name, self.left + 150, mid,
                        size=20, color=theme.INK_DARK, bold=True, anchor_y="center")
        self.texts.draw("turn", gv.headline(), self.left + self.width / 2 + 40, mid, size=17,
                        color=theme.INK_DARK, anchor_x="center", anchor_y="center")
        note = gv.session.connection_text or gv.status_text
        if note:
            self.texts.draw("conn", note, self.right - 20, mid, size=14, color=(90, 20, 20, 255),
                            anchor_x="right", anchor_y="center", italic=True)
