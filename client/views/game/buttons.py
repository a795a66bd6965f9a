"""The game screen's buttons: the turn's actions beside the rack (or a replay's controls), and the
menu and help buttons in the header. Built with arcade.gui, laid out for the current layout.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from arcade.gui import UIAnchorLayout, UIBoxLayout

from client.ui.widgets import BrassButton
from client.views.layout import BUTTON_GAP, BUTTON_H, BUTTON_W
from shared.rules.board import ACROSS

if TYPE_CHECKING:
    from client.views.fast_draw import PartialUIManager
    from client.views.game.screen import GameScreen
    from client.views.game.state import ScreenState

Row = list[tuple[str, str, Callable[[], Any], str]]


def action_rows(gv: "GameScreen") -> list[Row]:
    """The buttons beside the rack: a player's turn, or a replay's controls."""
    replay, act = gv.replay, gv.actions
    if replay.is_replay:
        return [
            [("|< Start", "replay-start", replay.replay_restart, "steel"),
             ("< Back", "replay-back", replay.replay_back, "steel"),
             ("Step >", "replay-step", replay.replay_step, "steel")],
            [("Slower", "replay-slower", lambda: replay.replay_speed(-1), "steel"),
             ("Pause", "replay-pause", replay.replay_main, "gold"),
             ("Faster", "replay-faster", lambda: replay.replay_speed(1), "steel")],
        ]
    return [
        [("Recall", "recall", act.recall, "steel"), ("Shuffle", "shuffle", act.shuffle, "steel"),
         ("Across", "direction", act.toggle_direction, "steel")],
        [("Redeploy", "redeploy", act.toggle_redeploy, "brass"), ("Commit", "commit", act.commit, "gold"),
         ("End turn", "end_turn", act.end_turn, "ruby")],
    ]


def build_buttons(gv: "GameScreen") -> dict[str, BrassButton]:
    """Fill ``gv.ui`` with the buttons for ``gv.layout``; return them by name."""
    buttons: dict[str, BrassButton] = {}
    gv.ui.clear()
    root = UIAnchorLayout()
    gv.ui.add(root)
    grid = UIBoxLayout(vertical=True, space_between=BUTTON_GAP)
    k = gv.layout.scale  # the size step of a large window (client/views/layout.py)
    for row in action_rows(gv):
        box = UIBoxLayout(vertical=False, space_between=BUTTON_GAP)
        for text, name, action, kind in row:
            button = BrassButton(text, width=round(BUTTON_W * k), height=round(BUTTON_H * k), kind=kind,
                                 font_size=round(15 * k), on_click=action, name=name)
            buttons[name] = button
            box.add(button)
        grid.add(box)
    lay = gv.layout
    root.add(grid, anchor_x="left", anchor_y="bottom", align_x=lay.buttons.left, align_y=lay.buttons.bottom + 2)
    header_buttons(gv, root, buttons, "Menu", "menu", gv.open_menu)
    offers = getattr(gv, "offers", None)  # an online game's offers strip (client/views/online/offers.py)
    if offers is not None:
        offers.add_buttons(root, buttons)
    return buttons


def button_areas(gv: "GameScreen") -> list[tuple[float, float, float, float]]:
    """Where the buttons are (the UI surface is copied only there)."""
    lay = gv.layout
    b, h = lay.buttons, lay.header
    offers = getattr(gv, "offers", None)
    return [(b.left - 4, 0, b.width + 12, lay.rack.height), (h.right - 140, h.top - 52, 140, 52),
            *(offers.areas() if offers is not None else [])]


def header_buttons(gv: Any, root: UIAnchorLayout, buttons: dict[str, BrassButton], caption: str, name: str,
                   on_click: Any) -> None:
    """The header's two steel buttons, top right: `?` (help) and ``caption`` (Menu, Back)."""
    header = gv.layout.header
    main = BrassButton(caption, width=74, height=32, kind="steel", font_size=14, on_click=on_click, name=name)
    helper = BrassButton("?", width=34, height=32, kind="steel", font_size=15, on_click=gv.open_help, name="help")
    buttons[name], buttons["help"] = main, helper
    row = UIBoxLayout(vertical=False, space_between=6)
    row.add(helper)
    row.add(main)
    root.add(row, anchor_x="left", anchor_y="top", align_x=header.right - 14 - 74 - 6 - 34, align_y=-12)


def update_turn_buttons(buttons: dict[str, BrassButton], ui: "PartialUIManager", state: "ScreenState", mine: bool) -> bool:
    """Enable the turn's buttons for what can be done now (``mine``: the player's turn, no dialog
    open); True if a button changed."""
    planner = state.planner
    wanted = {
        "commit": not (mine and bool(planner.placed)),
        "end_turn": not mine,
        "redeploy": not mine or state.display.redeployed,
        "recall": not planner.placed,
        "shuffle": state.viewer is None or not planner.rack,
        "direction": state.viewer is None,
    }
    changed = False
    for name, disabled in wanted.items():
        if buttons[name].disabled != disabled:  # setting it, even unchanged, re-renders the UI
            buttons[name].disabled = disabled
            changed = True
    for name, text in (("direction", "Across" if planner.direction == ACROSS else "Down"),
                       ("redeploy", "Cancel" if state.redeploy_mode else "Redeploy")):
        if buttons[name].text != text:
            buttons[name].text = text
            ui.request_layout()
            changed = True
    return changed
