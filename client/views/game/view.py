"""The game screen: board, rack, side panel and header sections, buttons, dialogs, input.

It drives a :class:`~client.play.session.GameSession` and never knows whether it is local,
networked or a replay. Updates are animated one event at a time (:mod:`client.play.animation`).
The view is assembled from parts of client/views/game, each handed only what it reads: state, text,
chronicle_teller, events, actions, dialogs, replay, input and chat_panel (an online game's chat). Its
sections, dialogs and effects see it as a :class:`~client.views.game.screen.GameScreen`; it moves to
other screens through the window's :class:`~client.navigation.Navigator`.

The window draws a frame only when something changed (:meth:`ScrypticWindow.draw`): this view
asks for one when the game moved on, and says it is :meth:`animating` while anything moves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import arcade

from client.play.animation import Animator
from client.play.display import DisplayState
from client.navigation import Navigator
from client.play.preview import Preview
from client.play.session import GameSession, Rejected, Update
from client.play.turn import TurnPlanner
from client.ui.widgets import BrassButton
from client.views.board.section import BoardSection
from client.views.game.chronicle import Chronicle
from client.views.coach.panel import attach_coach
from client.views.board.effects import Effects
from client.views.fast_draw import PartialUIManager
from client.views.game.actions import GameSaver, TurnActions
from client.views.game.buttons import build_buttons, button_areas, update_turn_buttons
from client.views.game.chronicle_teller import ChronicleTeller
from client.views.game.dialogs import DialogSlot, decision_due, draw_drag
from client.views.game.events import EventApplier, poll_session
from client.views.game.chat_panel import chat_panel
from client.views.game.input import GameInput
from client.views.game.replay import ReplayControls
from client.views.game.sounds import ClockAlarm
from client.views.game.state import Drag, ScreenState, StateField
from client.views.game.text import Colour, GameText
from client.views.layout import GameLayout, game_layout
from client.views.board.move_marks import MoveMarks
from client.views.online.offers import offer_bar
from client.views.game.rack import RackSection
from client.views.game.side import HeaderSection, SidePanel
from client.views.board.tooltip import Tooltip
from shared.rules.terrain import Cell, Player
from shared.wire import View

__all__ = ["Drag", "GameView"]


class GameView(arcade.View):
    """The alchemist's board in play."""

    # What the screen shows and the player is doing: kept in ``self.state``, read here by the
    # sections, dialogs and effects, which see the screen as a GameScreen.
    viewer = StateField[Player | None]()
    view_dict = StateField[View]()
    display = StateField[DisplayState]()
    planner = StateField[TurnPlanner]()
    preview = StateField[Preview]()
    word_marks = StateField[dict[Cell, bool]]()
    log = StateField[Chronicle]()
    move_marks = StateField[MoveMarks]()
    error = StateField[str | None]()
    status_text = StateField[str]()
    redeploy_mode = StateField[bool]()
    armed_rack_index = StateField[int | None]()
    drag = StateField[Drag | None]()
    pan_from = StateField[tuple[float, float] | None]()
    clock = StateField[float]()
    dialog = StateField[Any]()

    def __init__(self, session: GameSession, *, tutorial: bool = False,
                 leave: Callable[[], Any] | None = None) -> None:
        super().__init__()
        self.session = session
        self.tutorial = tutorial
        self.leave_to = leave
        self.state = ScreenState.start(session)
        self.coach: Any = None
        self.text = GameText(self.state, lambda: self.my_turn)
        self.teller = ChronicleTeller(self.state, self.names, self.seat_name)
        self.saver = GameSaver(self.state, self.show_error)
        self.fx = Effects(self)
        self.tooltip = Tooltip(self)
        self._frame_key: tuple[Any, ...] = ()
        rate = getattr(getattr(self.window, "settings", None), "animation_rate", 1.0)
        self.events = EventApplier(self.state, self.fx, self.teller, self.update_finished)
        self.animator = Animator(self.events, rate)
        self.replay = ReplayControls(self.state, self.animator, self.show_error, lambda record: (
            self.navigator.go_analysis(record, names=self.names(), owner=None, back=lambda: self.navigator.show(self))))
        self.actions = TurnActions(self.state, my_turn=lambda: self.my_turn, busy=lambda: self.animator.busy,
                                   show_error=self.show_error, planner_changed=self.planner_changed)
        self.layout: GameLayout = self._layout(self.window.width, self.window.height)
        self.board = BoardSection(self, self.layout.board)
        self.rack = RackSection(self, self.layout.rack)
        self.side: Any = SidePanel(self, self.layout.side)
        self.header = HeaderSection(self, self.layout.header)
        self.top = self.header  # older name
        self.section_manager = arcade.SectionManager(self)
        for section in (self.board, self.rack, self.side, self.header):
            self.section_manager.add_section(section)
        self.section_manager.view_draw_first = False
        self.input = GameInput(self, self.state, self.actions, self.replay, self.animator)
        self.offers = offer_bar(self)  # an online game's draw, takeback and abort (views/online/offers.py)
        self.chat = chat_panel(session)  # an online game's chat, folded in place of the chronicle
        self.ui = PartialUIManager()
        self.dialogs = DialogSlot(self.state, session, self.ui, lambda: self.window.current_view is self,
                                  self.request_redraw)
        self.buttons: dict[str, BrassButton] = {}
        self._build_buttons()
        self.teller.open_log()  # the chronicle's first line, and a resumed game's story so far
        self.state.save_failures_told = self.saver.save_failures()  # failures from now on are this screen's
        self.coach = attach_coach(self)  # the guided game's coach, for a lesson's session
        self.clock_alarm = ClockAlarm()

    # ---------------------------------------------------------------- setup
    def rack_slots(self) -> int:
        """Slots the tray shows: the rack limit, or every coin held while over it."""
        return self.state.rack_slots()

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
        # The SectionManager stops resizes before the window sets its viewport: set it here, or the screen stays clipped.
        self.window.viewport = (0, 0, width, height)
        self.layout = self._layout(width, height)
        if self.coach is not None:
            self.layout = self.coach.make_room(self.layout)
        lay = self.layout
        for section, rect in ((self.board, lay.board), (self.rack, lay.rack), (self.side, lay.side),
                              (self.header, lay.header)):
            section.set_rect(rect)
        self._build_buttons()
        if self.dialog is not None:
            self.dialog.relayout()
        self.request_redraw()

    @property
    def navigator(self) -> Navigator:
        """Where the game screen goes next (the window's :class:`~client.navigation.Navigator`)."""
        return self.window.navigator  # type: ignore[attr-defined, no-any-return]

    def leave(self) -> None:
        """Back to the main menu (the session is closed; a local game is saved to resume), or
        where the screen that started the game asked (``leave``: the editor, the lobby)."""
        self.saver.save_game(wait=True)  # the Resume list shows a local game as it was left
        self.session.close()
        if self.leave_to is not None:
            self.leave_to()
            return
        self.navigator.go_menu()

    def on_close(self) -> None:
        """The window is closing: make sure a local game is on disk to resume next time."""
        self.saver.save_game(wait=True)

    # ---------------------------------------------------------------- state
    @property
    def my_turn(self) -> bool:
        """True if the player at the screen may lay letters now."""
        return self.state.can_play(self.animator.busy)

    @property
    def is_replay(self) -> bool:
        """True while a recorded game is played back."""
        return self.replay.is_replay

    # The words shown (the analysis board tells its own headline and preview).
    def names(self) -> dict[int, str]:
        """The players' names by seat."""
        return self.text.names()

    def seat_name(self, p: Player) -> str:
        """The name shown for seat ``p``."""
        return self.text.seat_name(p)

    def current_actor(self) -> Player | None:
        """Who must act now as the screen shows it."""
        return self.state.current_actor()

    def headline(self) -> str:
        """The line at the top: whose turn, what is awaited, or how the game ended."""
        return self.text.headline()

    def preview_lines(self) -> list[tuple[str, Colour]]:
        """The preview panel's text, line by line with colours."""
        return self.text.preview_lines()

    def shadow(self) -> Any:
        """A game holding the shown view (for previews and tooltips), rebuilt when it changes."""
        return self.state.shadow()

    def _sync_planner(self) -> None:
        self.state.sync_planner()

    def planner_changed(self) -> None:
        """Recompute the preview after the layout changed."""
        if self.armed_rack_index is not None and self.armed_rack_index >= len(self.planner.rack):
            self.armed_rack_index = None
        if self.layout.slots != self.rack_slots():
            self.on_resize(self.window.width, self.window.height)
        self.state.refresh_preview()

    def show_error(self, text: str, seconds: float = 6.0) -> None:
        """A message in the error line for a few seconds (the coach hears of it)."""
        if self.coach is not None:
            self.coach.on_error(text)
        self.state.show_error(text, seconds)

    # ---------------------------------------------------------------- frames
    def animating(self) -> bool:
        """True while something on screen moves (the window then draws every frame)."""
        return (self.animator.busy or self.state.end_timer is not None or self.side.counting()
                or (self.drag is not None and self.drag.moved) or self.fx.step is not None
                or (self.coach is not None and self.coach.pulse_due()))

    def _screen_key(self) -> tuple[Any, ...]:
        """What the screen shows that can change without an event: compared once an update."""
        clocks = self.session.clock_left()
        return (self.headline(), tuple(self.text.actor_status(p) for p in Player), self.status_text, self.error,
                self.session.connection_text, None if not clocks else tuple(int(v) for v in clocks.values()),
                self.replay.replay_text(), self.dialogs.key(), self.coach.frame_key() if self.coach is not None else None)

    # ---------------------------------------------------------------- updates
    def on_update(self, delta_time: float) -> None:
        state = self.state
        state.tick(delta_time)
        changed = poll_session(state, self.animator, self.is_replay, self.show_error, self._rejected)
        self.animator.tick(delta_time)
        if self.offers is not None:
            changed |= self.offers.update(delta_time)
        if not self.animator.busy:
            self._check_decisions()
        if state.end_due(delta_time) and not self.tutorial:  # a lesson's coach tells the end
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

    def _rejected(self, message: Rejected) -> None:
        if self.coach is not None:
            self.coach.on_rejected(message)

    def update_finished(self, update: Update) -> None:
        """Every event of ``update`` has been shown and the state holds its view (called by
        :class:`~client.views.game.events.EventApplier`): repaint, preview, the end of the game."""
        self.board.painter.revision = -1
        self.planner_changed()
        if update.view.result is not None and self.state.end_timer is None and not self.is_replay:
            self.state.end_timer = 1.2  # (a local game's save slot went when the game ended: client.play.autosave)
        self.saver.tell_save_failures()
        if self.coach is not None:
            self.coach.on_update_done(update)
        self.request_redraw()

    def request_redraw(self) -> None:
        """Draw the next frame."""
        request = getattr(self.window, "request_redraw", None)
        if request is not None:
            request()

    def _check_decisions(self) -> None:
        """Hand-over in pass-and-play, and the defence and discard dialogs."""
        due = decision_due(self.state)
        if due is None:
            return
        from client.views.dialogs import DefenceDialog, DiscardDialog

        kind, what = due
        if kind == "hand_over":
            self.planner.recall()
            self.navigator.show_hand_over(self, what)
        else:
            self.open_dialog(DiscardDialog(self, what) if kind == "discard" else DefenceDialog(self, what))

    def set_viewer(self, player: Player) -> None:
        """Pass-and-play: the screen now belongs to ``player``."""
        self.state.show_as(player)
        self.board.painter.revision = -1
        self.planner_changed()
        if not self.board.framing.user_zoomed:
            self.board.default_view()  # each player opens on their own crossword

    def _layout(self, width: int, height: int) -> GameLayout:
        """The rectangles (a narrow board widens the side column; in a lesson the coach takes that room)."""
        return game_layout(width, height, self.rack_slots(), self.display.width / self.display.height if self.coach is None else None)

    def _show_end(self) -> None:
        self.navigator.show_game_over(self)

    def _update_buttons(self) -> bool:
        """Enable what can be done now; True if a button changed."""
        if not self.buttons or "commit" not in self.buttons:
            return self.replay.update_buttons(self.buttons, self.ui)
        return update_turn_buttons(self.buttons, self.ui, self.state, self.my_turn and self.dialog is None)

    def set_hover(self, cell: Cell | None, x: float, y: float) -> None:
        """The mouse is over ``cell`` (None: off the board): the tooltip follows."""
        self.board.hover = cell
        self.tooltip.hover(cell, x, y)

    # ---------------------------------------------------------------- dialogs (client.views.game.dialogs)
    def open_dialog(self, dialog: Any) -> None:
        """Show ``dialog`` over the board (closing the one shown)."""
        self.dialogs.open(dialog)

    def close_dialog(self) -> None:
        """Close the dialog shown, if any."""
        self.dialogs.close()

    def open_menu(self) -> None:
        """The pause menu."""
        from client.views.dialogs import PauseMenu

        if self.dialogs.free():
            self.open_dialog(PauseMenu(self))

    def open_help(self) -> None:
        """The keys overlay."""
        from client.views.game.help_overlay import HelpOverlay

        if self.dialogs.free():
            self.open_dialog(HelpOverlay(self, previous=self.dialog))

    # ---------------------------------------------------------------- input (client.views.game.input)
    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        self.tooltip.rest()  # typing over a cell: its tooltip waits until the mouse rests again
        return self.input.on_key_press(symbol, modifiers)

    def on_text(self, text: str) -> bool | None:
        return self.chat.on_text(text) if self.chat is not None else None

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool | None:
        return self.input.on_mouse_press(x, y, button, modifiers)

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> bool | None:
        return self.input.on_mouse_drag(x, y, dx, dy, buttons, modifiers)

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> bool | None:
        return self.input.on_mouse_motion(x, y, dx, dy)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> bool | None:
        return self.input.on_mouse_release(x, y, button, modifiers)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> bool | None:
        return self.input.on_mouse_scroll(x, y, scroll_x, scroll_y)

    # ---------------------------------------------------------------- drawing
    def partial_ok(self) -> bool:
        """May an animation frame redraw only the board and what moves (see ScrypticWindow.draw)?
        Not while a dialog, a tooltip or a dragged coin lies over the panels."""
        return self.dialog is None and not self.tooltip.showing and self.drag is None

    def draw_drag(self) -> None:
        """The coin being dragged, with its shadow, under the pointer."""
        draw_drag(self.drag, self.viewer, self.board.coin_pixels)

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
