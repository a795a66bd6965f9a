"""The game screen: board, rack, side panel and header sections, buttons, dialogs, input.

It drives a :class:`~client.session.GameSession` and never knows whether it is local,
networked or a replay. Updates are animated one event at a time (:mod:`client.animation`); the
screen logic (the layout on the rack and board, the preview) lives in plain classes
(:class:`~client.turn.TurnPlanner`, :func:`~client.preview.compute_preview`). The keyboard and
mouse are in :mod:`client.views.game_input`, the words it shows in :mod:`client.views.game_text`,
how it follows each event of the game in :mod:`client.views.game_events`. Its parts see it as a
:class:`~client.views.game_screen.GameScreen`; it moves to other screens (hand-over, end of
game, how to play) through the window's :class:`~client.navigation.Navigator`.

The window draws a frame only when something changed (:meth:`ScrypticWindow.draw`): this view
asks for one when the game moved on, and says it is :meth:`animating` while anything moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import arcade

from client.animation import Animator
from client.display import DisplayState
from client.navigation import Navigator
from client.preview import Preview, compute_preview, shadow_game, word_marks
from client.session import GameSession, Rejected, Status, Update
from client.turn import TurnPlanner
from client.ui import theme
from client.ui.widgets import BrassButton
from client.views.board_section import BoardSection
from client.views.chronicle import Chronicle
from shared.analysis.explain import FightNarrator
from client.views.coach import attach_coach
from client.views.effects import Effects
from client.views.fast_draw import PartialUIManager
from client.views.game_actions import GameActions
from client.views.game_buttons import build_buttons, button_areas
from client.views.game_events import GameEvents
from client.views.game_input import Drag, GameInput
from client.views.game_replay import GameReplay
from client.views.game_sounds import ClockAlarm
from client.views.game_text import GameText
from client.views.layout import GameLayout, game_layout
from client.views.move_marks import MoveMarks
from client.views.offers import offer_bar
from client.views.rack_panel import RackSection
from client.views.side_panel import HeaderSection, SidePanel
from client.views.tooltip import Tooltip
from shared.rules.board import ACROSS
from shared.rules.terrain import Cell, Player

__all__ = ["Drag", "GameView"]


class GameView(GameEvents, GameActions, GameInput, GameText, GameReplay, arcade.View):
    """The alchemist's board in play."""

    def __init__(self, session: GameSession, *, tutorial: bool = False,
                 leave: Callable[[], Any] | None = None) -> None:
        super().__init__()
        self.session = session
        self.tutorial = tutorial
        self.leave_to = leave
        self.viewer: Player | None = session.viewer()
        self.view_dict = session.view(self.viewer)
        self.display = DisplayState.from_view(self.view_dict)
        self.planner = TurnPlanner(self.viewer or Player.GOLD)
        self._sync_planner()
        self.preview = Preview()
        self.word_marks: dict[Cell, bool] = {}
        self._shadow = None
        self._shadow_version: Any = -1
        self.log = Chronicle()
        self.narrator = FightNarrator(self.names())  # tells each fight in the chronicle
        self.move_marks = MoveMarks()
        self.error: str | None = None
        self.error_time = 0.0
        self.status_text = ""
        self.redeploy_mode = False
        self.drag: Drag | None = None
        self.armed_rack_index: int | None = None
        self.pan_from: tuple[float, float] | None = None
        self._panning = False
        self._press_cell: Cell | None = None
        self.clock = 0.0
        self.rng = random.Random()
        self.dialog: Any = None
        self.end_timer: float | None = None
        self.coach: Any = None
        self.fx = Effects(self)
        self.tooltip = Tooltip(self)
        self._frame_key: tuple = ()
        rate = getattr(getattr(self.window, "settings", None), "animation_rate", 1.0)
        self.animator = Animator(self, rate)
        self.layout: GameLayout = game_layout(self.window.width, self.window.height, self.rack_slots())
        self.board = BoardSection(self, self.layout.board)
        self.rack = RackSection(self, self.layout.rack)
        self.side = SidePanel(self, self.layout.side)
        self.header = HeaderSection(self, self.layout.header)
        self.top = self.header  # older name
        self.section_manager = arcade.SectionManager(self)
        for section in (self.board, self.rack, self.side, self.header):
            self.section_manager.add_section(section)
        self.section_manager.view_draw_first = False
        self.offers = offer_bar(self)  # an online game's draw, takeback and abort (views/offers.py)
        self.ui = PartialUIManager()
        self.buttons: dict[str, BrassButton] = {}
        self._build_buttons()
        self.open_log()  # the chronicle's first line, and a resumed game's story so far
        self.save_failures_told = self.save_failures()  # failures from now on are this screen's to tell
        self.coach = attach_coach(self)  # the guided game's coach, for a lesson's session
        self.clock_alarm = ClockAlarm()

    # ---------------------------------------------------------------- setup
    def rack_slots(self) -> int:
        """Slots the tray shows: the rack limit, or every coin held while over it."""
        held = len(self.planner.rack) + len(self.planner.placed) if self.viewer is not None else 0
        return max(self.session.rules.rack_limit, held)

    def _build_buttons(self) -> None:
        self.buttons = build_buttons(self)
        self._update_buttons()

    # ---------------------------------------------------------------- lifecycle
    def on_show_view(self) -> None:
        self.section_manager.enable()
        if self.dialog is None or getattr(self.dialog, "docked", False):
            self.ui.enable()
        if self.dialog is not None:
            self.dialog.ui.enable()
        self.on_resize(self.window.width, self.window.height)

    def on_hide_view(self) -> None:
        self.section_manager.disable()
        self.ui.disable()
        if self.dialog is not None:
            self.dialog.ui.disable()

    def on_resize(self, width: int, height: int) -> None:
        # Arcade's SectionManager stops the resize event before it reaches the window, whose own
        # handler sets the viewport: without this the screen stayed clipped to its old size (the
        # scores vanished when the window grew wider than 1280).
        self.window.viewport = (0, 0, width, height)
        self.layout = game_layout(width, height, self.rack_slots())
        if self.coach is not None:
            self.layout = self.coach.make_room(self.layout)
        lay = self.layout
        self.board.set_rect(lay.board)
        self.rack.set_rect(lay.rack)
        self.side.set_rect(lay.side)
        self.header.set_rect(lay.header)
        self._build_buttons()
        if self.dialog is not None:
            self.dialog.relayout()
        self.request_redraw()

    @property
    def navigator(self) -> Navigator:
        """Where the game screen goes next (the window's :class:`~client.navigation.Navigator`)."""
        return self.window.navigator  # type: ignore[attr-defined]

    def leave(self) -> None:
        """Back to the main menu (the session is closed; a local game is saved to resume), or
        where the screen that started the game asked (``leave``: the editor, the lobby)."""
        self.save_game(wait=True)  # the Resume list shows a local game as it was left
        self.session.close()
        if self.leave_to is not None:
            self.leave_to()
            return
        self.navigator.go_menu()

    def on_close(self) -> None:
        """The window is closing: make sure a local game is on disk to resume next time."""
        self.save_game(wait=True)

    # ---------------------------------------------------------------- state
    @property
    def my_turn(self) -> bool:
        """True if the player at the screen may lay letters now."""
        return (self.viewer is not None and self.display.result is None and not self.animator.busy
                and self.current_actor() == self.viewer and self.display.pending is None)

    def score_anchor(self, p: Player) -> tuple[float, float]:
        """Screen position of a player's score (points fly there)."""
        return self.side.score_anchor(p)

    def duel_key(self) -> tuple:
        step = self.fx.step if self.fx.duel_showing() else None
        return (id(step),)

    def shadow(self):
        """A game holding the shown view (for previews and tooltips), rebuilt when it changes."""
        if self._shadow_version != self.view_dict.get("version") or self._shadow is None:
            self._shadow = shadow_game(self.view_dict, self.session.lexicon, self.session.rules, self.viewer)
            self._shadow_version = self.view_dict.get("version")
        return self._shadow

    def _sync_planner(self) -> None:
        if self.viewer is None:
            self.planner.rack = []
            self.planner.placed = {}
            return
        if self.planner.player != self.viewer:
            self.planner = TurnPlanner(self.viewer)
        me = self.view_dict["players"][str(int(self.viewer))]
        self.planner.sync(me.get("rack") or "", self.display.letters.get(self.viewer, {}), self.display.width,
                          self.display.height, self.display.terrain)

    def planner_changed(self) -> None:
        """Recompute the preview after the layout changed."""
        if self.armed_rack_index is not None and self.armed_rack_index >= len(self.planner.rack):
            self.armed_rack_index = None
        if self.layout.slots != self.rack_slots():
            self.on_resize(self.window.width, self.window.height)
        if self.viewer is None or not self.planner.placed:
            self.preview = Preview()
            self.word_marks = {}
            return
        self.preview = compute_preview(self.view_dict, self.session.lexicon, self.viewer, self.planner.placed,
                                       self.planner.commit_direction(), self.session.rules, self.shadow())
        self.word_marks = word_marks(self.preview)

    def show_error(self, text: str, seconds: float = 6.0) -> None:
        if self.coach is not None:
            self.coach.on_error(text)
        self.error = text[0].upper() + text[1:] if text else text
        self.error_time = seconds

    # ---------------------------------------------------------------- frames
    def animating(self) -> bool:
        """True while something on screen moves (the window then draws every frame)."""
        return (self.animator.busy or self.end_timer is not None or self.side.counting()
                or (self.drag is not None and self.drag.moved) or self.fx.step is not None
                or (self.coach is not None and self.coach.pulse_due()))

    def _screen_key(self) -> tuple:
        """What the screen shows that can change without an event: compared once an update."""
        clocks = self.session.clock_left()
        return (self.headline(), tuple(self.actor_status(p) for p in Player), self.status_text, self.error,
                self.session.connection_text, None if not clocks else tuple(int(v) for v in clocks.values()),
                self.replay_text(), self.dialog_key(), self.coach.frame_key() if self.coach is not None else None)

    def dialog_key(self) -> Any:
        dialog = self.dialog
        return None if dialog is None else (id(dialog), getattr(dialog, "frame_key", lambda: None)())

    # ---------------------------------------------------------------- updates
    def on_update(self, delta_time: float) -> None:
        self.clock += delta_time
        changed = False
        if self.error_time > 0:
            self.error_time -= delta_time
            if self.error_time <= 0:
                self.error = None
        if self.is_replay and self.animator.busy:
            self.session.wait()  # a replay's next move waits until this one has been shown
        for message in self.session.poll() if not (self.is_replay and self.animator.busy) else []:
            changed = True
            if isinstance(message, Update):
                self.animator.enqueue(message)
            elif isinstance(message, Rejected):
                self.show_error(message.reason)
                if self.coach is not None:
                    self.coach.on_rejected(message)
            elif isinstance(message, Status) and message.kind == "notice":
                self.status_text = message.text
                self.log.append((message.text, theme.EMERALD))
            elif isinstance(message, Status):
                self.status_text = "" if message.kind == "thinking" else message.text
        self.animator.tick(delta_time)
        if self.offers is not None:
            changed |= self.offers.update(delta_time)
        if not self.animator.busy:
            self._check_decisions()
        if self.end_timer is not None:
            self.end_timer -= delta_time
            if self.end_timer <= 0:
                self.end_timer = None
                self._show_end()
        if self.coach is not None:
            self.coach.update(delta_time)
        self.clock_alarm.update(self)
        if self.dialog is not None:
            self.dialog.update(delta_time)
        changed |= self._update_buttons()
        changed |= self.tooltip.update()
        key = self._screen_key()
        if changed or key != self._frame_key:
            self._frame_key = key
            self.request_redraw()

    def request_redraw(self) -> None:
        request = getattr(self.window, "request_redraw", None)
        if request is not None:
            request()

    def _check_decisions(self) -> None:
        """Hand-over in pass-and-play, and the defence and discard dialogs."""
        if self.display.result is not None:
            return
        if self.session.hot_seat:
            actor = self.session.actor()
            if actor is not None and actor != self.viewer and self.dialog is None:
                self.planner.recall()
                self.navigator.show_hand_over(self, actor)
                return
        pending = self.display.pending
        if pending is None or self.viewer is None or Player(pending["player"]) != self.viewer:
            return
        if self.dialog is not None:
            return
        from client.views.dialogs import DefenceDialog, DiscardDialog

        if pending["kind"] == "discard":
            self.open_dialog(DiscardDialog(self, pending["count"]))
        else:
            self.open_dialog(DefenceDialog(self, pending))

    def set_viewer(self, player: Player) -> None:
        """Pass-and-play: the screen now belongs to ``player``."""
        self.viewer = player
        self.view_dict = self.session.view(player)
        self.display = DisplayState.from_view(self.view_dict)
        self.board.painter.revision = -1
        self.planner = TurnPlanner(player)
        self._sync_planner()
        self.planner_changed()
        self.redeploy_mode = False
        if not self.board.user_zoomed:
            self.board.default_view()  # each player opens on their own crossword

    def _show_end(self) -> None:
        self.navigator.show_game_over(self)

    def _update_buttons(self) -> bool:
        """Enable what can be done now; True if a button changed."""
        b = self.buttons
        if not b or "commit" not in b:
            return self.update_replay_buttons()
        mine = self.my_turn and self.dialog is None
        wanted = {
            "commit": not (mine and bool(self.planner.placed)),
            "end_turn": not mine,
            "redeploy": not mine or self.display.redeployed,
            "recall": not self.planner.placed,
            "shuffle": self.viewer is None or not self.planner.rack,
            "direction": self.viewer is None,
        }
        changed = False
        for name, disabled in wanted.items():
            if b[name].disabled != disabled:  # setting it, even unchanged, re-renders the UI
                b[name].disabled = disabled
                changed = True
        for name, text in (("direction", "Across" if self.planner.direction == ACROSS else "Down"),
                           ("redeploy", "Cancel" if self.redeploy_mode else "Redeploy")):
            if b[name].text != text:
                b[name].text = text
                self.ui.request_layout()
                changed = True
        return changed

    def set_hover(self, cell: Cell | None, x: float, y: float) -> None:
        """The mouse is over ``cell`` (None: off the board): the tooltip follows."""
        self.board.hover = cell
        self.tooltip.hover(cell, x, y)

    # ---------------------------------------------------------------- drawing
    def partial_ok(self) -> bool:
        """May an animation frame redraw only the board and what moves (see ScrypticWindow.draw)?
        Not while a dialog, a tooltip or a dragged coin lies over the panels."""
        return self.dialog is None and not self.tooltip.showing and self.drag is None

    def draw_drag(self) -> None:
        """The coin being dragged, with its shadow, under the pointer."""
        if self.drag is not None and self.drag.moved and self.viewer is not None:
            from client.ui import pieces
            size = max(48, self.board.coin_pixels)
            arcade.draw_texture_rect(pieces.coin_shadow_texture(),
                                     arcade.XYWH(self.drag.x + 6, self.drag.y - 8, size, size))
            arcade.draw_texture_rect(pieces.coin_texture(int(self.viewer), self.drag.letter),
                                     arcade.XYWH(self.drag.x, self.drag.y, size * 1.08, size * 1.08))

    def on_draw(self) -> None:
        """Drawn after the sections: the buttons, the coin being dragged, tooltips, dialogs."""
        # In a partial frame the buttons are left as they were, unless their panel was repainted.
        if not (getattr(self.window, "partial_frame", False) and self.rack.kept and self.header.kept
                and (self.offers is None or self.side.kept)):
            self.ui.draw_areas(button_areas(self))
        self.draw_drag()
        if self.coach is not None:
            self.coach.draw()
        if self.dialog is not None:
            self.dialog.draw()
        self.tooltip.draw()
