"""What each animated event looks like: coins landing and falling, the fight, ice, forest, cities.

:class:`Effects` receives the animator's step starts and ends (through the game view), moves
the displayed board on by that event, and draws the step's overlay from its progress.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

import arcade

from client.play.animation import Step
from client.ui import pieces, theme
from client.ui.textures import glow_texture, panel_patch
from client.views.board.paint import BADGE_SIZE, CITY_COIN, COIN_BOOST, TILE, badge_centre, cell_centre
from client.views.layout import Rect
from shared.rules.terrain import Cell, Player, Terrain
from shared.wire import CityTaken, CombatStep, LettersRemoved, TerrainChanged, WordCommitted, WordLifted

if TYPE_CHECKING:
    from client.views.game.screen import GameScreen
    from client.views.board.section import BoardSection


CITY_SOCKET = (58, 43, 20, 255)  # the brass setting under a city tile that is turning over


def city_flip(t: float, before: int | None, after: int) -> tuple[int | None, float]:
    """(owner shown, width factor) of a city tile turning over at progress ``t``."""
    if t < 0.5:
        return before, max(0.03, math.cos(t * math.pi))
    return after, max(0.03, -math.cos(t * math.pi))


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in(t: float) -> float:
    return t * t


@dataclass
class Falling:
    cell: Cell
    player: int
    letter: str
    spin: float
    drift: float


class Effects:
    """Overlays for the step being animated."""

    def __init__(self, gv: "GameScreen") -> None:
        self.gv = gv
        self.step: Step | None = None
        self.falling: list[Falling] = []
        self.old_tiles: list[tuple[Cell, arcade.Texture]] = []
        self.old_city: tuple[Cell, int | None] | None = None  # (cell, previous owner)
        self.landing: list[tuple[Cell, int, str]] = []
        self.attack_cells: tuple[Cell, ...] = ()
        self.attack_player: int | None = None
        self.points: list[tuple[Cell, int, int]] = []  # (from cell, points, to player)
        self.texts = theme.TextCache()
        self.rng = random.Random(5)

    # ---------------------------------------------------------------- steps
    def started(self, step: Step) -> None:
        ev = step.event
        d = self.gv.display
        painter = self.gv.board.painter
        self.step = step
        if isinstance(ev, WordCommitted):
            self.landing = [((r, c), int(ev.player), ch) for r, c, ch in ev.placed]
            painter.hidden.update(cell for cell, _, _ in self.landing)
            self.attack_cells = tuple((r, c) for r, c in ev.cells) if ev.attacks else ()
            self.attack_player = int(ev.player)
        elif isinstance(ev, LettersRemoved):
            self.falling = [Falling((r, c), int(ev.owner), ch, self.rng.uniform(-160, 160),
                                    self.rng.uniform(-14, 14)) for r, c, ch in ev.letters]
            if ev.points_to and ev.points:
                first = (ev.letters[0][0], ev.letters[0][1])
                self.points = [(first, int(ev.points), int(ev.points_to))]
        elif isinstance(ev, TerrainChanged):
            self.old_tiles = []
            old = Terrain(ev.old)
            for r, c in ev.cells:
                self.old_tiles.append(((r, c), pieces.stone_texture(old, r, c, painter.seed)))
        elif isinstance(ev, CityTaken):
            cell = (int(ev.cell[0]), int(ev.cell[1]))
            prev = ev.previous
            self.old_city = (cell, None if prev is None else int(prev))
            painter.hidden_badges.add(cell)
            if ev.bonus:
                self.points = [(cell, int(ev.bonus), int(ev.player))]
        elif isinstance(ev, WordLifted):
            self.falling = [Falling((r, c), int(ev.player), ch, 0.0, 0.0) for r, c, ch in ev.returned]
        d.apply_event(ev)

    def finished(self, step: Step) -> None:
        painter = self.gv.board.painter
        if step.kind == "word_committed":
            painter.hidden.difference_update(cell for cell, _, _ in self.landing)
            self.landing = []
            self.gv.display.revision += 1
        elif step.kind in ("letters_removed", "word_lifted"):
            self.falling = []
        elif step.kind == "terrain_changed":
            self.old_tiles = []
        elif step.kind == "city_taken":
            if self.old_city is not None:
                painter.hidden_badges.discard(self.old_city[0])
                self.gv.display.revision += 1
            self.old_city = None
        self.points = []
        self.step = None

    def update_done(self) -> None:
        self.attack_cells = ()
        self.attack_player = None
        self.gv.board.painter.hidden.clear()
        self.gv.board.painter.hidden_badges.clear()

    # ---------------------------------------------------------------- drawing
    def draw_terrain_effects(self, board: "BoardSection") -> None:
        """Under the coins: the old stones fading, cracks spreading, a city turning over."""
        step = self.step
        if step is None:
            return
        t = step.t
        h = self.gv.display.height
        ev = step.event
        if isinstance(ev, TerrainChanged) and self.old_tiles:
            ice = ev.reason == "ice cracked"
            for cell, tex in self.old_tiles:
                x, y = cell_centre(cell, h)
                fade = 1.0 - ease_in(max(0.0, (t - 0.35) / 0.65)) if ice else 1.0 - ease_out(t)
                arcade.draw_texture_rect(tex, arcade.XYWH(x, y, TILE, TILE), alpha=int(255 * fade))
                if ice:
                    self._cracks(x, y, min(1.0, t / 0.45), cell)
                else:
                    for k in range(5):  # leaves scattering
                        a = k * 1.3 + cell[0]
                        dist = 30 * ease_out(t)
                        arcade.draw_circle_filled(x + math.cos(a) * dist, y + math.sin(a) * dist + 10 * t, 5 * (1 - t),
                                                  theme.with_alpha(theme.EMERALD, int(230 * (1 - t))))
        if isinstance(ev, CityTaken) and self.old_city is not None:
            cell, before = self.old_city
            x, y = cell_centre(cell, h)
            after = int(ev.player)
            # The tile turns over like a coin: the old metal to edge-on, then the new one.
            arcade.draw_lbwh_rectangle_filled(x - TILE / 2, y - TILE / 2, TILE, TILE, CITY_SOCKET)
            owner, width = city_flip(t, before, after)
            arcade.draw_texture_rect(pieces.city_texture(owner), arcade.XYWH(x, y, TILE * width, TILE * 1.04))
            glow = math.sin(t * math.pi)
            arcade.draw_texture_rect(glow_texture(), arcade.XYWH(x, y, TILE * 2.4, TILE * 2.4),
                                     color=arcade.types.Color(20, 10, 2, int(140 * glow)))
            arcade.draw_texture_rect(glow_texture(), arcade.XYWH(x, y, TILE * 1.9, TILE * 1.9),
                                     color=theme.with_alpha(theme.PLAYER_COLOURS[after], int(235 * glow)))

    def _city_over_coin(self, old_city: tuple[Cell, int | None], after: int, t: float, h: int) -> None:
        """The city's emblem on the coin flips with the tile; sparks fly as the new metal shows."""
        cell, before = old_city
        owner, width = city_flip(t, before, after)
        if self.gv.display.letter_at(cell) is not None:
            bx, by = badge_centre(cell, h)
            size = BADGE_SIZE * TILE * (1 + 0.5 * math.sin(t * math.pi))
            arcade.draw_texture_rect(pieces.city_badge_texture(owner), arcade.XYWH(bx, by, size * width, size))
        if t > 0.5:
            k = (t - 0.5) / 0.5
            x, y = cell_centre(cell, h)
            colour = theme.with_alpha(theme.mix(theme.PLAYER_COLOURS[after], (255, 255, 255, 255), 0.4),
                                      int(255 * (1 - k)))
            dark = arcade.types.Color(20, 10, 2, int(150 * (1 - k)))
            for i in range(8):
                a = i * math.tau / 8 + 0.3
                dist = TILE * (0.5 + 0.8 * ease_out(k))
                px, py = x + math.cos(a) * dist, y + math.sin(a) * dist
                rays = arcade.XYWH(px, py, TILE * 0.62, TILE * 0.16)
                arcade.draw_texture_rect(glow_texture(), arcade.XYWH(px + 2, py - 2, TILE * 0.7, TILE * 0.24),
                                         color=dark, angle=-math.degrees(a))
                arcade.draw_texture_rect(glow_texture(), rays, color=colour, angle=-math.degrees(a))

    def _cracks(self, x: float, y: float, t: float, cell: Cell) -> None:
        rng = random.Random(cell[0] * 977 + cell[1])
        colour = (40, 60, 90, int(230 * min(1.0, t * 2)))
        for _ in range(4):
            px, py = x + rng.uniform(-6, 6), y + rng.uniform(-6, 6)
            angle = rng.uniform(0, math.tau)
            length = 0.0
            pts = [(px, py)]
            while length < 34 * t:
                angle += rng.uniform(-0.7, 0.7)
                px, py = px + math.cos(angle) * 7, py + math.sin(angle) * 7
                pts.append((px, py))
                length += 7
            if len(pts) > 1:
                arcade.draw_line_strip(pts, colour, 2)

    def draw_world(self, board: "BoardSection") -> None:
        """Over the coins: highlights, coins landing and falling."""
        h = self.gv.display.height
        step = self.step
        if self.attack_cells:
            pulse = 0.5 + 0.5 * math.sin(self.gv.clock * 8)
            line = board.min_line(5)
            board.outline_cells(self.attack_cells, theme.with_alpha(theme.RUBY, int(150 + 100 * pulse)), line,
                                pad=-3)
        if step is None:
            return
        t = step.t
        ev = step.event
        if isinstance(ev, CityTaken) and self.old_city is not None:
            self._city_over_coin(self.old_city, int(ev.player), t, h)
        if isinstance(ev, CombatStep):
            cells = [(r, c) for r, c in ev.defend_cells]
            win = ev.attacker_wins
            board.fill_cells(cells, theme.with_alpha(theme.SAPPHIRE, 60))
            colour = theme.SAPPHIRE if t < 0.55 else (theme.RUBY if win else theme.EMERALD)
            board.outline_cells(cells, theme.with_alpha(colour, 230), board.min_line(5), pad=-1)
        cities = self.gv.display.cities
        for cell, player, ch in self.landing:
            x, y = cell_centre(cell, h)
            k = ease_out(t)
            size = TILE * COIN_BOOST * (1.6 - 0.6 * k) * (CITY_COIN if cell in cities else 1.0)
            arcade.draw_texture_rect(pieces.coin_shadow_texture(), arcade.XYWH(x + 3, y - 4, TILE, TILE),
                                     alpha=int(255 * k))
            arcade.draw_texture_rect(pieces.coin_texture(player, ch), arcade.XYWH(x, y + 40 * (1 - k), size, size),
                                     alpha=int(120 + 135 * k))
        if self.falling:
            lifted = step.kind == "word_lifted"
            for f in self.falling:
                x, y = cell_centre(f.cell, h)
                if lifted:
                    k = ease_out(t)
                    arcade.draw_texture_rect(pieces.coin_texture(f.player, f.letter),
                                             arcade.XYWH(x, y + 50 * k, TILE * (1 + 0.2 * k), TILE * (1 + 0.2 * k)),
                                             alpha=int(255 * (1 - k)))
                    continue
                k = ease_in(t)
                size = TILE * COIN_BOOST * (1 - 0.45 * k)
                arcade.draw_texture_rect(pieces.coin_texture(f.player, f.letter),
                                         arcade.XYWH(x + f.drift * k * 3, y - 90 * k, size, size),
                                         angle=f.spin * k, alpha=int(255 * (1 - k)))

    def draw_screen(self, board: "BoardSection") -> None:
        """In screen space: points flying from the board to the score."""
        step = self.step
        if step is None:
            return
        t = step.t
        for cell, points, to in self.points:
            sx, sy = board.cell_to_screen(cell)
            tx, ty = self.gv.side.score_anchor(Player(to))
            k = ease_in(t)
            x, y = sx + (tx - sx) * k, sy + 30 + (ty - sy - 30) * k
            self.texts.draw_shadowed(("pts", cell), f"+{points}", x, y, size=26, color=theme.PLAYER_COLOURS[to],
                                     anchor_x="center", anchor_y="center", bold=True)

    def duel_key(self) -> tuple[int]:
        """What the fight shown now is (the side panel redraws when it changes)."""
        return (id(self.step if self.duel_showing() else None),)

    def duel_showing(self) -> bool:
        """True while the side panel shows the fight instead of the preview."""
        step = self.step
        return step is not None and (isinstance(step.event, CombatStep)
                                     or (isinstance(step.event, WordCommitted) and bool(step.event.attacks)))

    def draw_duel(self, box: Rect) -> None:
        """In the preview's place beside the board (never over it): the attack, then each fight."""
        if not self.duel_showing():
            return
        step = self.step
        assert step is not None
        panel_patch("leather").draw_rect(rect=arcade.LBWH(box.left, box.bottom, box.width, box.height),
                                         pixelated=False)
        ev = step.event
        if isinstance(ev, WordCommitted):
            cx, cy = box.left + box.width / 2, box.top - box.height * 0.4
            alpha = int(255 * math.sin(min(1.0, max(0.05, step.t)) * math.pi))
            self.texts.draw_shadowed("attack", "ATTACK!", cx, cy, size=34,
                                     color=theme.with_alpha(theme.RUBY, max(80, alpha)),
                                     anchor_x="center", anchor_y="center", bold=True, offset=3)
            who = self.gv.seat_name(Player(int(ev.player)))
            self.texts.draw("attack-by", f"{who}: {ev.word.upper()}", cx, cy - 44, size=16,
                            color=theme.PLAYER_COLOURS[int(ev.player)], anchor_x="center", anchor_y="center",
                            bold=True)
            return
        if isinstance(ev, CombatStep):  # the only other step duel_showing lets through
            self._duel(box, ev, step.t)

    def _duel(self, box: Rect, ev: CombatStep, t: float) -> None:
        left, w = box.left, box.width
        cx = left + w / 2
        top = box.top
        attacker = int(ev.attacker)
        defender = 3 - attacker
        win = ev.attacker_wins
        a_col = theme.PLAYER_COLOURS[attacker]
        d_col = theme.PLAYER_COLOURS[defender]
        after = ev.attack_strength_after
        self.texts.draw("duel-title", "The fight", left + 18, top - 30, size=15, color=theme.BRASS_LIGHT, bold=True)
        self.texts.draw("duel-a", ev.attack_word.upper(), left + 22, top - 70, size=22, color=a_col, bold=True)
        self.texts.draw("duel-as", f"strength {ev.attack_strength}", left + 22, top - 92, size=13,
                        color=theme.PARCHMENT_DIM, font=theme.SANS)
        self.texts.draw("duel-d", ev.defend_word.upper(), left + w - 22, top - 70, size=22, color=d_col,
                        bold=True, anchor_x="right")
        self.texts.draw("duel-ds", f"strength {ev.defend_strength}", left + w - 22, top - 92, size=13,
                        color=theme.PARCHMENT_DIM, font=theme.SANS, anchor_x="right")
        if t < 0.5:
            swing = math.sin(t * math.pi * 6) * 6
            self.texts.draw("duel-vs", "vs", cx + swing, top - 120, size=24, color=theme.BRASS_LIGHT,
                            anchor_x="center", anchor_y="center", italic=True)
        else:
            k = min(1.0, (t - 0.5) / 0.2)
            verdict = (f"{ev.defend_word.upper()} is beaten: {after} left" if win
                       else f"{ev.attack_word.upper()} falls")
            colour = theme.EMERALD if win == (attacker == int(self.gv.viewer or attacker)) else theme.RUBY
            self.texts.draw("duel-v", verdict, cx, top - 124, size=16,
                            color=theme.with_alpha(colour, int(255 * k)), anchor_x="center",
                            anchor_y="center", bold=True, width=int(w - 30), multiline=True, align="center")
