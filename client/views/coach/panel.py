"""The guided first game's coach: a parchment scroll beside the board (never over it).

The lessons themselves are :mod:`client.tutorial`; this is how the game screen shows one. The
scroll takes a column on the board's left (:meth:`CoachPanel.make_room`) and says the lesson's
heading, what to do (or, once done, what happened, with that move's numbers) and a note (a
refusal, a hint, a word on silver's answer); the cells the lesson is about pulse on the board
(:meth:`CoachPanel.draw_on_board`). Its buttons and keys: Hint (Ctrl+H), Restart lesson
(Ctrl+L), Skip lesson (Ctrl+K) and, once a lesson is done, Next lesson (Enter); after the last,
Finish opens :class:`~client.views.coach.ready.ReadyView`.

Each lesson is its own session, so moving to another lesson starts a new game screen through
the navigator; the :class:`~client.tutorial.driver.TutorialDriver` rides along on the session
(``session.driver``), so whatever screen shows that session shows the coach.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import arcade
from arcade.gui import UIAnchorLayout, UIBoxLayout

from client.play.session import Rejected, Update
from client.tutorial.driver import DONE, FINISHED, PLAYING, STUCK, CoachState, TutorialDriver
from client.ui import theme
from client.ui.widgets import BrassButton
from client.views.board import marks as board_marks
from client.views.coach import art
from client.views.fast_draw import CachedLayer, PartialUIManager
from client.views.layout import GameLayout, Rect
from client.views.panel_base import Panel

if TYPE_CHECKING:
    from client.views.game.screen import BoardArea, GameScreen

PULSE_FPS = 20  # frames a second while the highlights pulse (drawn in part: only the board)
PULSE_SECONDS = 12.0  # they pulse this long after the coach's words change, then hold still
PAD = art.SHEET_INSET + 16
BUTTON_H, GAP = 38, 8
KEYS = {PLAYING: "Ctrl+H  hint   Ctrl+L  restart   Ctrl+K  skip",
        STUCK: "Ctrl+L  restart the lesson   Ctrl+K  skip",
        DONE: "Enter  next lesson   Ctrl+L  play it again",
        FINISHED: "Enter  finish   Ctrl+L  play it again"}


def coach_width(board_width: float) -> int:
    """The scroll's width beside a board area ``board_width`` pixels wide."""
    return int(max(280, min(440, board_width * 0.31)))


def take_scroll_column(panel: Panel, layout: GameLayout) -> GameLayout:
    """Give ``panel`` (the coach's or a puzzle's scroll) a column on the board's left; the board
    keeps the rest."""
    b = layout.board
    width = coach_width(b.width)
    panel.set_rect(Rect(b.left, b.bottom, width, b.height))
    return dataclasses.replace(layout, board=Rect(b.left + width, b.bottom, b.width - width, b.height))


def attach_coach(gv: "GameScreen") -> "CoachPanel | None":
    """The coach for ``gv``'s session if it is a lesson of the guided game (else None)."""
    driver = gv.session.driver
    if not isinstance(driver, TutorialDriver):
        return None
    coach = CoachPanel(gv, driver)
    gv.section_manager.add_section(coach)  # type: ignore[attr-defined]
    return coach


class CoachPanel(Panel):
    """The scroll, its buttons and keys, and the highlights on the board."""

    def __init__(self, gv: "GameScreen", driver: TutorialDriver) -> None:
        super().__init__(gv, gv.layout.board, "coach", 2)
        self.driver = driver
        self.state: CoachState = driver.state()
        self.layer = CachedLayer(gv.window)
        self.ui = PartialUIManager()
        self.buttons: dict[str, BrassButton] = {}
        self._key: Any = None
        self._built: Any = None
        self._go: Callable[[], Any] | None = None  # a move to another screen, made at the next update
        self.pulse_frame = -1
        self._pulse_until = gv.clock + PULSE_SECONDS
        self._drawn_live = False

    # ---------------------------------------------------------------- layout
    def make_room(self, layout: GameLayout) -> GameLayout:
        """Take a column on the board's left for the scroll; the board keeps the rest."""
        return take_scroll_column(self, layout)

    def on_show_section(self) -> None:
        self.ui.enable()

    def on_hide_section(self) -> None:
        self.ui.disable()

    # ---------------------------------------------------------------- what the game tells it
    def update(self, dt: float) -> None:
        """Every frame: a pending move to another screen, the driver's clock, and redraws."""
        if self._go is not None:
            go, self._go = self._go, None
            go()
            return
        self.driver.tick(dt)
        self._refresh()

    def on_update_done(self, update: Update) -> None:
        """An update has been shown: the driver checks the goal or says what happened."""
        self.driver.on_update(update)
        self._refresh()

    def on_rejected(self, rejected: Rejected) -> None:
        """The engine refused a move: the coach says why, with a hint."""
        self.driver.on_rejected(rejected)
        self._refresh()

    def on_error(self, text: str) -> None:
        """The screen shows an error: a word the preview refuses at Commit counts as refused."""
        gv = self.gv
        if gv.planner.placed and text and text == gv.preview.error:
            self.driver.on_rejected(Rejected("refused", text))
            self._refresh()

    def _refresh(self) -> None:
        state = self.driver.state()
        if state != self.state:
            self.state = state
            self._pulse_until = self.gv.clock + PULSE_SECONDS
            self.gv.request_redraw()

    def frame_key(self) -> Any:
        """What the scroll shows (the screen draws a frame when it changes)."""
        return self.state

    # ---------------------------------------------------------------- actions
    def _blocked(self) -> bool:
        dialog = self.gv.dialog
        return dialog is not None and not getattr(dialog, "docked", False)

    def hint(self) -> None:
        """The next hint, as the note."""
        if not self._blocked():
            self.driver.hint()
            self._refresh()

    def restart(self) -> None:
        """This lesson again from its start."""
        if not self._blocked():
            self._go = lambda: self._show(self.driver.restart())

    def forward(self) -> None:
        """The next lesson (skipping this one if it is not done), or the end of the guided game."""
        if self._blocked():
            return
        if self.driver.finished:
            self._go = self._ready
            return
        self._go = lambda: self._show(self.driver.next_lesson(skip=True))

    def _show(self, session: Any) -> None:
        if session is None:
            self._ready()
            return
        gv = self.gv
        gv.navigator.start_game(session, tutorial=True, leave=getattr(gv, "leave_to", None))

    def _ready(self) -> None:
        from client.views.coach.ready import ReadyView

        self.gv.session.close()
        self.gv.navigator.show(ReadyView(self.driver.name))

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        """The coach's keys (see :data:`KEYS`); True if the key was one of them."""
        k = arcade.key
        ctrl = modifiers & (k.MOD_CTRL | k.MOD_COMMAND)
        action = {k.H: self.hint, k.L: self.restart, k.K: self.forward}.get(symbol) if ctrl else None
        if (action is None and symbol in (k.ENTER, k.RETURN, k.NUM_ENTER) and self.driver.done
                and not modifiers & k.MOD_SHIFT and not self.gv.planner.placed):
            action = self.forward
        if action is None:
            return False
        action()
        return True

    # ---------------------------------------------------------------- the board
    def pulsing(self) -> bool:
        """True while the highlights pulse: the lesson is on, and its words changed a moment ago
        (:data:`PULSE_SECONDS`; after that they hold still, so a quiet screen costs nothing)."""
        state = self.state
        return bool(state.highlights) and state.phase in (PLAYING, STUCK) and self.gv.clock < self._pulse_until

    def pulse_due(self) -> bool:
        """True when the highlights want a new frame: at most :data:`PULSE_FPS` a second while
        they pulse, and once more when they come to rest."""
        if self.pulsing():
            return int(self.gv.clock * PULSE_FPS) != self.pulse_frame
        return self._drawn_live

    def draw_on_board(self, board: "BoardArea") -> None:
        """The lesson's cells, ringed (under the board's camera): pulsing while the lesson is on,
        in gold once it is done."""
        state = self.state
        if not state.highlights:
            return
        self.pulse_frame = int(self.gv.clock * PULSE_FPS)
        self._drawn_live = self.pulsing()
        if state.phase in (DONE, FINISHED):
            art.draw_highlights(board, state.highlights, art.DONE, None)
        else:
            colour = art.STUCK if state.phase == STUCK else art.TARGET
            art.draw_highlights(board, state.highlights, colour, self.gv.clock if self._drawn_live else None)
        board_marks.draw_mark_frames(board)  # an isolated or invalid word's frame and badge stay in sight

    # ---------------------------------------------------------------- drawing
    def on_draw(self) -> None:
        # the buttons are made before the picture is painted: a new state brings new buttons
        if (self.state, self.rect) != self._key:
            self._key = (self.state, self.rect)
            self._build_buttons()
        self.draw_cached(self.layer, self._key, self._paint)

    def draw(self) -> None:
        """The buttons (after the sections, like the game's own buttons)."""
        if getattr(self.window, "partial_frame", False) and self.kept:
            return
        self.ui.draw_content(pad=6)

    def _build_buttons(self) -> None:
        phase = self.state.phase
        built = (phase, self.rect)
        if built == self._built:
            return
        self._built = built
        inner = int(self.width - 2 * PAD)
        half = (inner - GAP) // 2
        self.ui.clear()
        root = UIAnchorLayout()
        self.ui.add(root)
        grid = UIBoxLayout(space_between=GAP)
        row = UIBoxLayout(vertical=False, space_between=GAP)
        hint = BrassButton("Hint", width=half, height=BUTTON_H, kind="steel", font_size=15,
                           on_click=self.hint, name="coach-hint")
        hint.disabled = phase != PLAYING
        restart = BrassButton("Restart lesson" if half >= 130 else "Restart", width=half, height=BUTTON_H,
                              kind="gold" if phase == STUCK else "steel", font_size=15, on_click=self.restart,
                              name="coach-restart")
        row.add(hint)
        row.add(restart)
        grid.add(row)
        if phase in (DONE, FINISHED):
            text = "Next lesson" if phase == DONE else "Finish"
            onward = BrassButton(text, width=inner, height=BUTTON_H + 4, kind="gold", font_size=17,
                                 on_click=self.forward, name="coach-next")
        else:
            onward = BrassButton("Skip this lesson", width=inner, height=BUTTON_H, kind="brass", font_size=15,
                                 on_click=self.forward, name="coach-skip")
        grid.add(onward)
        root.add(grid, anchor_x="left", anchor_y="bottom", align_x=self.left + PAD,
                 align_y=self.bottom + art.ROD + 30)
        self.buttons = {"hint": hint, "restart": restart, "next": onward}

    def buttons_top(self) -> float:
        """The top of the buttons (the text stays above it)."""
        rows = 2 * BUTTON_H + GAP + (4 if self.state.phase in (DONE, FINISHED) else 0)
        return self.bottom + art.ROD + 30 + rows

    def _paint(self) -> None:
        from client.views.coach.text import paint_scroll

        arcade.draw_texture_rect(art.scroll_texture(int(self.width), int(self.height)),
                                 arcade.LBWH(self.left, self.bottom, int(self.width), int(self.height)))
        paint_scroll(self, self.state)
        for size in (10, 9, 8):  # the keys under the buttons, on one line
            keys = self.texts.get("keys", KEYS[self.state.phase], self.left + self.width / 2,
                                  self.bottom + art.ROD + 11, size=size, color=art.INK_SOFT, font=theme.SANS,
                                  anchor_x="center", bold=True)
            if keys.content_width <= self.width - 2 * art.SHEET_INSET - 12:
                break
        keys.draw()
