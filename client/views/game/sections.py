"""The panels of the game screen, one :class:`arcade.Section` each (gathered from their modules).

The sections draw; the game view owns the state and handles the mouse and keyboard (a drag
crosses from the rack to the board, so input is routed by the view, not by the sections).
"""

from __future__ import annotations

from client.views.board.marks import INVALID_BED, ISOLATED_BED, MARK_SHADOW
from client.views.board.section import BoardSection
from client.views.panel_base import Panel
from client.views.game.rack import RackSection
from client.views.game.side import CARD_H, HeaderSection, SidePanel

__all__ = ["CARD_H", "INVALID_BED", "ISOLATED_BED", "MARK_SHADOW", "BoardSection", "HeaderSection", "Panel",
           "RackSection", "SidePanel"]
