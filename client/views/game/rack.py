"""The rack band under the board: the player's tray of coins (or, in a replay, where it stands).

The tray always has a slot for every coin: over the rack limit (before a discard) the slots
narrow and the extra ones show red, so no coin ever lies outside the tray.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from client.play.describe import side as side_name
from client.ui import pieces, theme
from client.ui.textures import glow_texture, panel_patch
from client.views.fast_draw import CachedLayer
from client.views.layout import PAD, Rect
from client.views.panel_base import Panel

if TYPE_CHECKING:
    from client.views.game.screen import GameScreen


class RackSection(Panel):
    """The player's rack: a tray of coin slots (the buttons beside it are arcade.gui)."""

    def __init__(self, gv: "GameScreen", rect: Rect) -> None:
        super().__init__(gv, rect, "rack", 2)
        self.layer = CachedLayer(gv.window)

    def on_draw(self) -> None:
        gv = self.gv
        lay = gv.layout
        key = (tuple(gv.planner.rack), gv.drag.source if gv.drag else None, gv.armed_rack_index, gv.viewer,
               lay.tray, lay.slot, gv.session.rules.rack_limit, self.rect, gv.replay.replay_text())
        self.draw_cached(self.layer, key, self._paint)

    def coin_size(self) -> float:
        lay = self.gv.layout
        return min(lay.slot - 4, lay.tray.height - 22)

    def _paint(self) -> None:
        gv = self.gv
        lay = gv.layout
        tray = lay.tray
        panel_patch("leather").draw_rect(rect=arcade.LBWH(tray.left, tray.bottom, tray.width, tray.height))
        replay = gv.replay.replay_text()
        if replay is not None:
            self.texts.draw("replay", replay, tray.left + tray.width / 2, tray.bottom + tray.height / 2,
                            size=17, color=theme.PARCHMENT, anchor_x="center", anchor_y="center", bold=True)
            return
        limit = gv.session.rules.rack_limit
        coin = self.coin_size()
        for i in range(lay.slots):
            x, y = lay.slot_centre(i)
            colour = (16, 11, 8, 200) if i < limit else (110, 24, 24, 220)
            arcade.draw_circle_filled(x, y - 4, coin * 0.47, colour)
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
            y -= 4
            if i == selected:
                arcade.draw_texture_rect(glow_texture(), arcade.XYWH(x, y, coin * 1.5, coin * 1.5),
                                         color=theme.with_alpha(theme.BRASS_LIGHT, 200))
                y += 6
            arcade.draw_texture_rect(pieces.coin_shadow_texture(), arcade.XYWH(x + 2, y - 3, coin, coin))
            arcade.draw_texture_rect(pieces.coin_texture(int(gv.viewer), ch), arcade.XYWH(x, y, coin, coin))
        me = side_name(int(gv.viewer), None)
        over = len(gv.planner.rack) > limit
        caption = f"{me}'s rack  {len(gv.planner.rack)}/{limit}" + ("  - over the limit" if over else "")
        k = lay.scale
        self.texts.draw_fitted("rack-title", caption, tray.left + PAD, tray.top - 19 * k, tray.width - 2 * PAD,
                               size=11 * k, color=theme.AMBER if over else theme.PARCHMENT_DIM, font=theme.SANS)
