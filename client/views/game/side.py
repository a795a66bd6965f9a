"""The side column: a header (map, whose turn, menu) over the players' cards, the preview and
the chronicle. Each part is painted into a cached layer and repainted only when it changes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import arcade

from client.ui import pieces, theme
from client.ui.textures import panel_patch, plate_patch
from client.views.game.chronicle import LINE_H, Chronicle
from client.views.fast_draw import CachedLayer, screen_camera
from client.views.layout import PAD, Rect
from client.views.panel_base import Panel
from shared.rules.terrain import Player

if TYPE_CHECKING:
    from client.views.game.screen import GameScreen

CARD_H = 100  # height of a player's card
CLOCK_CARD_H = 128  # ... in a game with a clock
LOW_TIME = 30.0  # seconds: the clock turns red
CORRESPONDENCE_LOW = 3600.0  # ... in a correspondence game (days per move)


def clock_text(seconds: float | None, kind: str | None = None) -> str:
    """'4:05' (minutes and seconds left, rounded up); a correspondence clock (days per move)
    shows '2d 23h', then '5h 07m' on the last day, and minutes and seconds in the last hour."""
    if seconds is None:
        return ""
    s = max(0, int(math.ceil(seconds)))
    if kind == "correspondence" and s >= 3600:
        days, hours, minutes = s // 86400, s % 86400 // 3600, s % 3600 // 60
        return f"{days}d {hours}h" if days else f"{hours}h {minutes:02d}m"
    return f"{s // 60}:{s % 60:02d}"


def low_time(seconds: float, kind: str | None = None) -> bool:
    """True when a clock should turn red: under 30 s, or the last hour of a correspondence move."""
    return seconds <= (CORRESPONDENCE_LOW if kind == "correspondence" else LOW_TIME)


@dataclass(frozen=True)
class SideRects:
    """Where the side panel's parts are."""

    cards: tuple[Rect, Rect]  # gold's card, silver's card
    preview: Rect
    chronicle: Rect
    strip: Rect | None = None  # an online game's offers (client/views/online/offers.py), at the foot


def side_rects(side: Rect, timed: bool, strip_h: float = 0.0, scale: float = 1.0) -> SideRects:
    """The cards at the top, the preview under them, the chronicle below (and under it, in an
    online game, the offers strip ``strip_h`` high); cards ``scale`` times their height."""
    left, width = side.left + 10, side.width - 20
    card_h = round((CLOCK_CARD_H if timed else CARD_H) * scale)
    top = side.top - 4
    gold = Rect(left, top - card_h, width, card_h)
    silver = Rect(left, gold.bottom - 6 - card_h, width, card_h)
    strip = Rect(left, side.bottom + 10, width, strip_h) if strip_h > 0 else None
    floor = side.bottom if strip is None else strip.top - 2  # where the chronicle's room ends
    room = silver.bottom - 8 - 10 - (floor - side.bottom)
    preview_h = max(150.0 * scale, min(290.0 * scale, room * 0.5))
    preview = Rect(left, silver.bottom - 8 - preview_h, width, preview_h)
    chronicle = Rect(left, floor + 10, width, max(0.0, preview.bottom - 8 - floor - 10))
    return SideRects((gold, silver), preview, chronicle, strip)


class SidePanel(Panel):
    """Scores, pools, the opponent's rack, whose turn, clocks, the preview and the chronicle."""

    def __init__(self, gv: "GameScreen", rect: Rect) -> None:
        super().__init__(gv, rect, "side", 3)
        self.shown_scores: dict[Player, float] = {}
        self._counted_at = 0.0
        self._points_before = False
        self.layer = CachedLayer(gv.window)
        self._key: tuple = ()

    @property
    def timed(self) -> bool:
        return bool(self.gv.session.clock_left())

    @property
    def rects(self) -> SideRects:
        offers = getattr(self.gv, "offers", None)
        return side_rects(self.rect, self.timed, offers.height if offers is not None else 0.0, self.scale)

    @property
    def scale(self) -> float:
        """The window's size step (client/views/layout.py): fonts and heights grow with it."""
        layout = getattr(self.gv, "layout", None)
        return layout.scale if layout is not None else 1.0

    def clock_kind(self) -> str | None:
        return self.gv.session.clock_kind()

    def counting(self) -> bool:
        """True while a score still counts up to its new value."""
        return any(abs(self._target(p) - self.shown_scores.get(p, self._target(p))) > 0.01
                   for p in (Player.GOLD, Player.SILVER))

    def _target(self, p: Player) -> float:
        info = self.gv.display.players.get(p)
        return float(info.score if info else 0)

    def _content_key(self) -> tuple:
        gv = self.gv
        d = gv.display
        clocks = gv.session.clock_left()
        status = tuple(gv.text.actor_status(p) for p in (Player.GOLD, Player.SILVER))
        log: Chronicle = gv.log
        offers = getattr(gv, "offers", None)
        chat = getattr(gv, "chat", None)
        kind = self.clock_kind()
        return (d.revision, d.version, id(d), status, gv.current_actor(), id(gv.preview), gv.fx.duel_key(),
                gv.redeploy_mode, gv.my_turn, id(log), len(log), log.scroll,
                None if not clocks else tuple(clock_text(v, kind) for v in clocks.values()), self.rect,
                None if offers is None else offers.key(), None if chat is None else chat.key())

    def on_draw(self) -> None:
        now = self.gv.clock
        dt = min(0.1, max(0.0, now - self._counted_at))
        self._counted_at = now
        for p in (Player.GOLD, Player.SILVER):
            target = self._target(p)
            shown = self.shown_scores.get(p, target)
            # About half a second to count up, however fast frames come.
            shown += (target - shown) * (1 - math.exp(-8 * dt)) if abs(target - shown) > 0.5 else target - shown
            self.shown_scores[p] = shown
        key = self._content_key()
        if key != self._key:
            self._key = key
            self.layer.dirty = True
        points = bool(self.gv.fx.points)
        live = self.counting() or self.gv.fx.duel_showing() or points
        points_before, self._points_before = self._points_before, points
        if self.keep_last_frame(self.layer.dirty, live):
            return
        if not (getattr(self.window, "partial_frame", False) and not points and not points_before
                and self._restore_moving_parts()):
            def paint(size: tuple[int, int]) -> None:
                screen_camera(size, self.left, self.bottom).use()
                self._paint()

            self.layer.draw(self.left, self.bottom, self.width, self.height, paint, clear=theme.WALNUT, blend=False)
        # The scores count up as points arrive: drawn live over the cached cards, so counting
        # does not repaint the whole panel every frame.
        k = self.scale
        for p, card in zip((Player.GOLD, Player.SILVER), self.rects.cards):
            self.texts.draw(("score", p), f"{round(self.shown_scores[p])}", card.right - 22, card.top - 46 * k,
                            size=30 * k, color=theme.PARCHMENT, bold=True, anchor_x="right")
        self.gv.fx.draw_duel(self.rects.preview)

    def _restore_moving_parts(self) -> bool:
        """In a partial frame, cover only the scores and the fight again (not the whole panel)."""
        k = self.scale
        parts = [(card.right - 160 * k, card.top - 58 * k, 150 * k, 54 * k) for card in self.rects.cards]
        pv = self.rects.preview
        parts.append((pv.left, pv.bottom, pv.width, pv.height))
        return all(self.layer.restore(self.left, self.bottom, part) for part in parts)

    def score_anchor(self, p: Player) -> tuple[float, float]:
        card = self.rects.cards[0 if p == Player.GOLD else 1]
        return card.right - 50 * self.scale, card.top - 34 * self.scale

    # ---------------------------------------------------------------- painting
    def _paint(self) -> None:
        rects = self.rects
        for p, card in zip((Player.GOLD, Player.SILVER), rects.cards):
            self._player_card(p, card)
        if not self.gv.fx.duel_showing():
            self._preview(rects.preview)
        chat = getattr(self.gv, "chat", None)
        if chat is not None and chat.chat.open and rects.chronicle.height >= 60:
            chat.paint(self.texts, rects.chronicle)
        else:
            self._chronicle(rects.chronicle)
            if chat is not None and rects.chronicle.height >= 60:
                chat.paint_folded(self.texts, rects.chronicle)
        if rects.strip is not None:
            self.gv.offers.paint(self.texts, rects.strip)  # type: ignore[attr-defined]

    def _player_card(self, p: Player, card: Rect) -> None:
        gv = self.gv
        d = gv.display
        left, bottom, width, height = card.left, card.bottom, card.width, card.height
        active = d.result is None and gv.current_actor() == p
        panel_patch("leather").draw_rect(rect=arcade.LBWH(left, bottom, width, height))
        if active:
            arcade.draw_lbwh_rectangle_outline(left + 4, bottom + 4, width - 8, height - 8, theme.BRASS_LIGHT, 3)
        top, k = card.top, self.scale
        arcade.draw_texture_rect(pieces.coin_texture(int(p), ""),
                                 arcade.XYWH(left + 36 * k, top - 34 * k, 42 * k, 42 * k))
        name = gv.seat_name(p)
        colour = theme.PLAYER_COLOURS[int(p)]
        self.texts.draw_fitted(("name", p), name, left + 64 * k, top - 42 * k, width - 86 * k - 64 * k,
                               size=17 * k, color=colour, bold=True)
        info = d.players.get(p)
        pool = "endless" if info is None or info.pool is None else str(info.pool)
        cities = sum(1 for o in d.cities.values() if o == p)
        line = f"pool {pool}   rack {info.rack_size if info else 0}   cities {cities}"
        self.texts.draw_fitted(("info", p), line, left + PAD, top - 68 * k, width - 2 * PAD, size=12 * k,
                               color=theme.PARCHMENT_DIM, font=theme.SANS)
        status = gv.text.actor_status(p) if active else ""
        self.texts.draw_fitted(("status", p), status, left + PAD, bottom + 14 * k, width - 2 * PAD - 90 * k,
                               size=12 * k, color=theme.BRASS_LIGHT if active else theme.INK_MUTED, font=theme.SANS,
                               italic=True)
        clocks = gv.session.clock_left()
        if clocks and int(p) in clocks and d.result is None:
            left_s, kind = clocks[int(p)], self.clock_kind()
            ink = theme.RUBY if low_time(left_s, kind) else (theme.PARCHMENT if active else theme.INK_MUTED)
            self.texts.draw(("clock", p), clock_text(left_s, kind), card.right - 20, bottom + 12 * k, size=26 * k,
                            color=ink, bold=True, anchor_x="right", font=theme.MONO)
        # The opponent's rack: coin backs, face down.
        if gv.viewer is not None and p != gv.viewer and info is not None and not clocks:
            tex = pieces.coin_texture(int(p), "")
            for n in range(min(info.rack_size, 14)):
                x = left + width - 22 * k - n * 11 * k
                arcade.draw_texture_rect(tex, arcade.XYWH(x, bottom + 19 * k, 14 * k, 14 * k))

    def _preview(self, box: Rect) -> None:
        gv = self.gv
        k = self.scale
        panel_patch("leather").draw_rect(rect=arcade.LBWH(box.left, box.bottom, box.width, box.height))
        self.texts.draw("pv-title", "Preview", box.left + PAD, box.top - 30 * k, size=15 * k, color=theme.BRASS_LIGHT,
                        bold=True)
        y = box.top - 52 * k
        for i, (text, colour) in enumerate(gv.preview_lines()):
            if y < box.bottom + 14:
                break
            obj = self.texts.get(("pv", i), text, box.left + PAD, y, size=13 * k, color=colour, font=theme.SANS,
                                 width=int(box.width - 2 * PAD), multiline=True)
            obj.draw()
            y -= max(20 * k, obj.content_height + 4)

    def _chronicle(self, box: Rect) -> None:
        if box.height < 60:
            return
        log: Chronicle = self.gv.log
        k = self.scale
        panel_patch("leather").draw_rect(rect=arcade.LBWH(box.left, box.bottom, box.width, box.height))
        title = self.texts.draw("log-title", "Chronicle", box.left + PAD, box.top - 30 * k, size=15 * k,
                                color=theme.BRASS_LIGHT, bold=True)
        chars, count = self.chronicle_geometry(box, k)
        if log.scroll or log.more_above(chars, count):
            hint = "\u2191 wheel or PgUp for earlier" if log.scroll == 0 else f"\u2193 {log.scroll} newer below"
            self.texts.draw_fitted("log-hint", hint, box.right - PAD, box.top - 29 * k,
                                   box.width - 3 * PAD - title.content_width, size=10 * k, color=theme.INK_MUTED,
                                   font=theme.SANS, anchor_x="right", italic=True)
        y = box.top - 52 * k
        for i, (text, colour) in enumerate(log.visible(chars, count)):
            # Wrapped by an estimate of the letters' width; a row that still runs long ends in "…".
            self.texts.draw_fitted(("log", i), text, box.left + PAD, y, box.width - 2 * PAD, size=12 * k,
                                   color=colour, font=theme.SANS)
            y -= LINE_H * k

    @staticmethod
    def chronicle_geometry(box: Rect, scale: float = 1.0) -> tuple[int, int]:
        """(characters a row, rows shown) of the chronicle in ``box``, its text ``scale`` times the size."""
        return (Chronicle.chars_for((box.width - 2 * PAD) / scale),
                max(0, int((box.height - 50 * scale) // (LINE_H * scale))))

    def scroll_chronicle(self, rows: int) -> None:
        chars, count = self.chronicle_geometry(self.rects.chronicle, self.scale)
        self.gv.log.scroll_by(rows, chars, count)


class HeaderSection(Panel):
    """Above the side panel: the map's name, whose turn it is, and the connection."""

    def __init__(self, gv: "GameScreen", rect: Rect) -> None:
        super().__init__(gv, rect, "header", 4)
        self.layer = CachedLayer(gv.window)

    def on_draw(self) -> None:
        gv = self.gv
        key = (gv.session.title or gv.display.map_name, gv.headline(), gv.session.connection_text or gv.status_text,
               self.rect)
        self.draw_cached(self.layer, key, self._paint)

    def _paint(self) -> None:
        gv = self.gv
        plate_patch("brass", "normal").draw_rect(rect=arcade.LBWH(self.left + 6, self.bottom + 4, self.width - 12,
                                                                   self.height - 8))
        title = gv.session.title or gv.display.map_name
        k = self.gv.layout.scale if getattr(self.gv, "layout", None) is not None else 1.0
        inner = self.width - 2 * (6 + PAD)  # the plate is inset 6 px; the text PAD inside it
        self.texts.draw_fitted("game-title", title, self.left + 6 + PAD, self.top - 28 * k, inner - 110 * k,
                               size=13 * k, color=theme.INK_DARK, italic=True)
        full = round(17 * k)
        head = self.texts.get("turn", gv.headline(), self.left + 6 + PAD, self.bottom + 30 * k, size=full,
                              color=theme.INK_DARK, bold=True)
        if head.font_size != full:  # shrunk for a longer headline before: a short one gets its size back
            head.font_size = full
        while head.content_width > inner and head.font_size > 11:
            head.font_size -= 1
        head.draw()
        note = gv.session.connection_text or gv.status_text
        if note:
            self.texts.draw_fitted("conn", note, self.left + 6 + PAD, self.bottom + 12 * k, inner, size=11 * k,
                                   color=(110, 24, 24, 255), italic=True, font=theme.SANS)
