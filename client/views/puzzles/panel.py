"""The puzzle's scroll beside the board: the goal, hints, the verdict explained, rating and streak.

The game screen shows a puzzle's session like any game (the same board, rack, keys and mouse);
this panel takes a column on the board's left, as the guided game's coach does, and shows the
:class:`~client.play.puzzle.PuzzleDriver`'s :class:`~client.play.puzzle.PuzzleState`. Its
buttons and keys: Hint (Ctrl+H: the theme, then the cells ringed on the board), Try again
(Ctrl+R), Show solution (Ctrl+S: played out on the board, its fights explained), Next puzzle
(Ctrl+N, or Enter once the turn is judged: near your rating, from the driver's ledger, this
machine's pack or the server) and Puzzles (back to the list). While a server judges the first
attempt, the buttons wait (only Puzzles leaves).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import arcade
from arcade.gui import UIAnchorLayout, UIBoxLayout

from client.play.puzzle import FAILED, PLAYING, SHOWN, SOLVED, WAITING, PuzzleDriver, PuzzleState
from client.play.session import Rejected, Update
from client.ui import theme
from client.ui.widgets import BrassButton
from client.views.board import marks as board_marks
from client.views.coach import art
from client.views.coach.panel import take_scroll_column
from client.views.fast_draw import CachedLayer, PartialUIManager
from client.views.layout import GameLayout
from client.views.panel_base import Panel
from client.views.puzzles.scroll import paint_puzzle

if TYPE_CHECKING:
    from client.views.game.screen import BoardArea, GameScreen

PAD = art.SHEET_INSET + 16
BUTTON_H, GAP = 36, 7
PULSE_FPS = 20
KEYS = {PLAYING: "Ctrl+H hint   Ctrl+S solution   Ctrl+N next",
        SOLVED: "Enter next puzzle   Ctrl+R try again",
        FAILED: "Ctrl+R try again   Ctrl+S solution   Enter next",
        SHOWN: "Enter next puzzle   Ctrl+R try again",
        WAITING: "Waiting for the server's verdict..."}


class PuzzlePanel(Panel):
    """The scroll, its buttons and keys, and the hinted cells on the board."""

    keeps_screen = True  # the game screen stays when the position's game ends (no end screen)
    leave_question = "Leave the puzzle? Its rating was kept if you had played it."

    def __init__(self, gv: "GameScreen", driver: PuzzleDriver) -> None:
        super().__init__(gv, gv.layout.board, "puzzle", 2)
        self.driver = driver
        self.state: PuzzleState = driver.state()
        self.layer = CachedLayer(gv.window)
        self.ui = PartialUIManager()
        self.buttons: dict[str, BrassButton] = {}
        self._key: Any = None
        self._built: Any = None
        self._go: Callable[[], Any] | None = None
        self.pulse_frame = -1
        self._drawn_live = False

    def make_room(self, layout: GameLayout) -> GameLayout:
        """Take a column on the board's left for the scroll; the board keeps the rest."""
        return take_scroll_column(self, layout)

    def on_show_section(self) -> None:
        self.ui.enable()

    def on_hide_section(self) -> None:
        self.ui.disable()

    # ---------------------------------------------------------------- what the game tells it
    def update(self, dt: float) -> None:
        """Every frame: a pending move to another screen, and the driver's news (the server's
        verdict, the next puzzle come)."""
        if self._go is not None:
            go, self._go = self._go, None
            go()
            return
        self.driver.poll()
        following = self.driver.following
        if following is not None:
            self.driver.following = None
            self._go = lambda: self._show(following.session)
        elif self.driver.none_left:
            self.driver.none_left = False
            self._go = self.gv.leave
        self._refresh()

    def on_update_done(self, update: Update) -> None:
        self._refresh()

    def on_rejected(self, rejected: Rejected) -> None:
        self._refresh()

    def on_error(self, text: str) -> None:
        """Errors are shown in the game's own error line."""

    def _refresh(self) -> None:
        state = self.driver.state()
        if state != self.state:
            self.state = state
            self.gv.request_redraw()

    def frame_key(self) -> Any:
        """What the scroll shows (the screen draws a frame when it changes)."""
        return self.state

    # ---------------------------------------------------------------- actions
    def _blocked(self) -> bool:
        dialog = self.gv.dialog
        return dialog is not None and not getattr(dialog, "docked", False)

    def hint(self) -> None:
        """The next hint."""
        if not self._blocked():
            self.driver.hint()
            self._refresh()

    def retry(self) -> None:
        """The position again (not rated)."""
        if not self._blocked() and self.state.phase not in (PLAYING, WAITING):
            self._go = lambda: self._show(self.driver.retry())

    def solution(self) -> None:
        """The solution, played out on the board."""
        if self._blocked():
            return
        session = self.driver.solution_session() if self.state.phase not in (SHOWN, WAITING) else None
        if session is not None:
            self._go = lambda: self._show(session)

    def next_puzzle(self) -> None:
        """Another puzzle near your rating (the list when none is left), once the ledger answers."""
        if not self._blocked() and self.state.phase != WAITING:
            self.driver.ask_next()

    def back(self) -> None:
        """Back to the list of puzzles."""
        self._go = self.gv.leave

    def _show(self, session: Any) -> None:
        gv = self.gv
        gv.session.close()
        gv.navigator.start_game(session, leave=getattr(gv, "leave_to", None))

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        """The puzzle's keys (see :data:`KEYS`); True if the key was one of them."""
        k = arcade.key
        ctrl = modifiers & (k.MOD_CTRL | k.MOD_COMMAND)
        action = {k.H: self.hint, k.R: self.retry, k.S: self.solution, k.N: self.next_puzzle}.get(symbol) if ctrl else None
        if (action is None and symbol in (k.ENTER, k.RETURN, k.NUM_ENTER) and self.state.phase not in (PLAYING, WAITING)
                and not self.gv.planner.placed):
            action = self.next_puzzle
        if action is None:
            return False
        action()
        return True

    # ---------------------------------------------------------------- the board
    def pulse_due(self) -> bool:
        """True when the hinted cells want a new frame (they pulse while shown)."""
        if self.state.highlights:
            return int(self.gv.clock * PULSE_FPS) != self.pulse_frame
        return self._drawn_live

    def draw_on_board(self, board: "BoardArea") -> None:
        """The second hint's cells, ringed and pulsing (under the board's camera)."""
        self._drawn_live = bool(self.state.highlights)
        if not self.state.highlights:
            return
        self.pulse_frame = int(self.gv.clock * PULSE_FPS)
        art.draw_highlights(board, self.state.highlights, art.TARGET, self.gv.clock)
        board_marks.draw_mark_frames(board)

    # ---------------------------------------------------------------- drawing
    def on_draw(self) -> None:
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
        built = (phase, self.state.hints, self.rect)
        if built == self._built:
            return
        self._built = built
        inner = int(self.width - 2 * PAD)
        half = (inner - GAP) // 2
        self.ui.clear()
        root = UIAnchorLayout()
        self.ui.add(root)
        grid = UIBoxLayout(space_between=GAP)
        top = UIBoxLayout(vertical=False, space_between=GAP)
        hint = BrassButton("Hint", width=half, height=BUTTON_H, kind="steel", font_size=15,
                           on_click=self.hint, name="puzzle-hint")
        hint.disabled = phase != PLAYING or self.state.hints >= 2
        again = BrassButton("Try again", width=half, height=BUTTON_H, kind="steel", font_size=15,
                            on_click=self.retry, name="puzzle-retry")
        again.disabled = phase in (PLAYING, WAITING)
        top.add(hint)
        top.add(again)
        grid.add(top)
        solution = BrassButton("Show solution", width=inner, height=BUTTON_H, kind="brass", font_size=15,
                               on_click=self.solution, name="puzzle-solution")
        solution.disabled = phase in (SHOWN, WAITING) or not self.driver.puzzle.solutions
        grid.add(solution)
        bottom = UIBoxLayout(vertical=False, space_between=GAP)
        back = BrassButton("Puzzles", width=half, height=BUTTON_H, kind="steel", font_size=15,
                           on_click=self.back, name="puzzle-back")
        onward = BrassButton("Next puzzle", width=half, height=BUTTON_H, kind="gold" if phase != PLAYING else "brass",
                             font_size=15, on_click=self.next_puzzle, name="puzzle-next")
        onward.disabled = phase == WAITING
        bottom.add(back)
        bottom.add(onward)
        grid.add(bottom)
        root.add(grid, anchor_x="left", anchor_y="bottom", align_x=self.left + PAD, align_y=self.bottom + art.ROD + 30)
        self.buttons = {"hint": hint, "retry": again, "solution": solution, "back": back, "next": onward}

    def buttons_top(self) -> float:
        """The top of the buttons (the text stays above it)."""
        return self.bottom + art.ROD + 30 + 3 * BUTTON_H + 2 * GAP

    def _paint(self) -> None:
        arcade.draw_texture_rect(art.scroll_texture(int(self.width), int(self.height)),
                                 arcade.LBWH(self.left, self.bottom, int(self.width), int(self.height)))
        paint_puzzle(self, self.state)
        for size in (10, 9, 8):
            keys = self.texts.get("keys", KEYS[self.state.phase], self.left + self.width / 2,
                                  self.bottom + art.ROD + 11, size=size, color=art.INK_SOFT, font=theme.SANS,
                                  anchor_x="center", bold=True)
            if keys.content_width <= self.width - 2 * art.SHEET_INSET - 12:
                break
        keys.draw()


def attach_puzzle(gv: "GameScreen") -> PuzzlePanel | None:
    """The puzzle panel for ``gv``'s session if it is a puzzle's (else None)."""
    driver = gv.session.driver
    if not isinstance(driver, PuzzleDriver):
        return None
    panel = PuzzlePanel(gv, driver)
    gv.section_manager.add_section(panel)  # type: ignore[attr-defined]
    return panel
