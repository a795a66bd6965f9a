"""The analysis board: a finished game, turn by turn, with what the analysis found.

It is the game screen (:class:`~client.views.game.view.GameView`: the same board, coins, marks and
tooltips) over an :class:`~client.play.analysis_session.AnalysisSession`, with the rack band and the
side column replaced: under the board the win-chance graph (:mod:`client.views.analysis.graph`),
beside it the players' accuracy, the turn's report and the list of turns
(:mod:`client.views.analysis.side`). On the board, the better turn found is drawn as ghost coins
(:mod:`client.views.analysis.marks`) and the last turn's word is bracketed as in a game.

The analysis runs in the background (:class:`~client.play.analysis_runner.AnalysisRunner`, polled
once a frame): the first turn's report shows as soon as it is searched, the rest follow, and the
worker holds still while the screen is not shown.

Keys: Left and Right a turn back or on, Up and Down the previous or next labelled turn, B the
better turn's ghost coins, L a lesson, Escape back. "Learn from your mistakes" turns the screen
into a lesson (:mod:`client.views.analysis.lesson`): the game's own layout, the rack under the
board and a scroll of challenges beside it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import arcade
from arcade.types import RGBOrA255

from client.play.analysis_board import SIDES, BetterTurn, better_turn, challenges, last_turn_cells
from client.play.analysis_runner import AnalysisRunner, ServerAnalysis
from client.play.analysis_session import AnalysisSession
from client.play.display import DisplayState
from client.play.session import Update
from client.play.turn import TurnPlanner
from client.ui import theme
from client.views.analysis.buttons import build_analysis_buttons, update_analysis_buttons
from client.views.analysis.graph import GraphSection
from client.views.analysis.layout import analysis_layout, lesson_layout
from client.views.analysis.lesson import REVEALED, Lesson, LessonScroll
from client.views.analysis.marks import draw_better_turn
from client.views.analysis.side import AnalysisSide
from client.views.board.paint import COIN_FRACTION, TILE
from client.views.game.chronicle import Chronicle
from client.views.game.view import GameView
from client.views.layout import Rect
from shared.analysis import TurnReport
from shared.rules.terrain import Player

LESSON_COIN_PX = 30
"""In a lesson the whole board shows if its coins are at least this wide, else the mover's part."""


class AnalysisView(GameView):
    """The analysis board of one finished game (see the module docstring)."""

    session: AnalysisSession  # the game screen's session, here a finished game's turns

    def __init__(self, session: AnalysisSession, *, owner: Player | None = None, depth: str = "normal",
                 back: Callable[[], Any] | None = None, runner: AnalysisRunner | None = None,
                 server: Callable[[], Any] | None = None) -> None:
        self.depth = depth
        self.owner = owner  # the seat this screen belongs to (None: pass and play, a replay, a spectator)
        self.learn_side: Player | None = owner  # whose mistakes a lesson goes through (None: both sides')
        self.show_best = True
        self.graph_hover: int | None = None
        self.lesson: Lesson | None = None
        self.scroll_rect = Rect(0, 0, 0, 0)
        if runner is None and server is not None:  # an online game: the server's stored analysis
            runner = ServerAnalysis(session.record, session.lexicon, server, depth, total=session.total)
        self.runner = runner or AnalysisRunner(session.record, session.lexicon, depth, total=session.total)
        self._better: dict[int, BetterTurn] = {}
        self._laid_out: tuple = ()
        super().__init__(session, leave=back)
        # The game's rack band and side column give way to the graph and the analysis's column;
        # the rack itself stays, drawn by the band during a lesson.
        for section in (self.side, self.rack):
            self.section_manager.remove_section(section)
        self.side = AnalysisSide(self, self.layout.side)
        self.band = GraphSection(self, self.layout.rack)
        self.scroll = LessonScroll(self, self.scroll_rect)
        for section in (self.side, self.band, self.scroll):
            self.section_manager.add_section(section)
        self.log = Chronicle()

    # ---------------------------------------------------------------- what it shows
    def report(self, index: int) -> TurnReport | None:
        """The analysis of turn ``index`` (None until it is in)."""
        reports = self.runner.reports
        return reports[index] if 0 <= index < len(reports) else None

    def better_shown(self) -> BetterTurn | None:
        """The better turn to draw as ghost coins now, if any."""
        if self.lesson is not None:
            return self.lesson.better()
        index = self.session.index
        report = self.report(index)
        if not self.show_best or report is None or not report.best_differs:
            return None
        if index not in self._better:
            self._better[index] = better_turn(self.session.position(index), report.best)
        return self._better[index]

    def draw_board_overlay(self, board: Any) -> None:
        """Called by the board under its camera: the better turn's ghost coins."""
        better = self.better_shown()
        if better is not None:
            draw_better_turn(board, better)

    def analysis_key(self) -> tuple:
        """What the analysis's parts show (a frame is drawn when it changes)."""
        r = self.runner
        return (self.session.index, len(r.reports), r.done, r.error, r.progress_text(), self.show_best,
                self.learn_side, self.graph_hover, None if self.lesson is None else self.lesson.key())

    def _screen_key(self) -> tuple:
        return super()._screen_key() + (self.analysis_key(),)

    def headline(self) -> str:
        lesson = self.lesson
        if lesson is not None:
            if self.session.trial_open:
                return super().headline()
            what = "the answer" if lesson.phase == REVEALED else "your try is judged"
            return f"Challenge {lesson.number + 1} of {len(lesson.indices)}: {what}"
        s = self.session
        if s.index >= s.total:
            return "The end of the game"
        turn = s.turns[s.index]
        return f"Turn {turn.number} of {s.turns[-1].number}: {self.seat_name(turn.player)}"

    def preview_lines(self) -> list[tuple[str, RGBOrA255]]:
        """In a lesson, once the try is over, the preview says where the answer is."""
        lesson = self.lesson
        if lesson is None or self.session.trial_open or self.planner.placed:
            return super().preview_lines()
        if lesson.better() is not None:
            return [("The ghost coins on the board are the better turn; the scroll says what it does.",
                     theme.EMERALD),
                    ("Try again, or go on to the next challenge.", theme.PARCHMENT_DIM)]
        return [("Your turn is over: the scroll says how it did.", theme.PARCHMENT_DIM)]

    def lesson_available(self) -> bool:
        return bool(challenges(self.runner.reports, self.learn_side))

    @property
    def my_turn(self) -> bool:
        """Only in a lesson's trial may letters be laid."""
        return self.session.trial_open and GameView.my_turn.fget(self)  # type: ignore[attr-defined]

    # ---------------------------------------------------------------- layout
    def on_resize(self, width: int, height: int) -> None:
        if not hasattr(self, "band"):  # during GameView.__init__
            super().on_resize(width, height)
            return
        self.window.viewport = (0, 0, width, height)
        if self.lesson is not None:
            self.layout, self.scroll_rect = lesson_layout(width, height, self.rack_slots())
        else:
            self.layout, self.scroll_rect = analysis_layout(width, height, self.rack_slots()), Rect(0, 0, 0, 0)
        lay = self.layout
        for section, rect in ((self.board, lay.board), (self.band, lay.rack), (self.rack, lay.rack),
                              (self.side, lay.side), (self.header, lay.header), (self.scroll, self.scroll_rect)):
            section.set_rect(rect)
        self._build_buttons()
        if self.dialog is not None:
            self.dialog.relayout()
        laid_out = (self.lesson is None, width, height)
        if laid_out != self._laid_out:  # a new layout: the whole board, or in a lesson the mover's part
            self._laid_out = laid_out
            fit_coin = self.board.fit_zoom() * COIN_FRACTION * TILE
            if self.lesson is None or fit_coin >= LESSON_COIN_PX:
                self.board.overview()
            else:
                self.board.default_view()
        self.request_redraw()

    def _build_buttons(self) -> None:
        self.buttons = build_analysis_buttons(self)
        self._update_buttons()

    def _update_buttons(self) -> bool:
        changed = update_analysis_buttons(self)
        return super()._update_buttons() or changed

    # ---------------------------------------------------------------- lifecycle
    def on_show_view(self) -> None:
        super().on_show_view()
        self.runner.start()
        self.runner.resume()

    def on_hide_view(self) -> None:
        super().on_hide_view()
        self.runner.pause()  # the worker holds between two turns until the board is shown again

    def stop(self) -> None:
        """Stop the analysis for good (the screen is dropped)."""
        self.runner.stop()

    def leave(self) -> None:
        """Back where the board was opened from (the end of the game, a replay), else the menu."""
        if self.leave_to is not None:
            self.leave_to()
        else:
            self.navigator.go_menu()

    def go_back(self) -> None:
        """Escape and Back: out of a lesson to the analysis, else off the board."""
        if self.lesson is not None:
            self.end_lesson()
        else:
            self.leave()

    def _show_end(self) -> None:
        """The end of a finished game shown again opens no end screen."""

    def partial_ok(self) -> bool:
        return False

    # ---------------------------------------------------------------- updates
    def on_update(self, delta_time: float) -> None:
        if self.runner.poll() and self.lesson is not None:
            self.lesson.refresh()
        if self.lesson is not None:
            self.lesson.update()
        self.status_text = "" if self.runner.done else self.runner.progress_text()
        super().on_update(delta_time)

    def update_finished(self, update: Update) -> None:
        super().update_finished(update)
        s = self.session
        if update.resync:
            self.side.shown_scores.clear()  # a jump shows the scores there at once, not counting
        if update.resync and 0 < s.index and self.lesson is None:  # the last turn's letters, bracketed
            turn = s.turns[s.index - 1]
            cells = last_turn_cells(turn.start, s.position(s.index), turn.player)
            if cells:
                self.move_marks.commits = {turn.player: cells}

    # ---------------------------------------------------------------- moving about
    def jump(self, index: int) -> None:
        """Show the start of turn ``index`` (the end past the last)."""
        if self.lesson is not None:
            return
        index = max(0, min(self.session.total, index))
        if index != self.session.index:
            self.animator.skip()
            self.session.seek(index)
            self.side.list_first = None
            self.request_redraw()

    def jump_label(self, direction: int) -> None:
        """The previous (-1) or next (1) turn the analysis labelled."""
        here = self.session.index
        labelled = [i for i, r in enumerate(self.runner.reports) if r.label]
        targets = [i for i in labelled if (i > here if direction > 0 else i < here)]
        if targets:
            self.jump(targets[0] if direction > 0 else targets[-1])

    def toggle_best(self) -> None:
        self.show_best = not self.show_best
        self.request_redraw()

    def cycle_learn_side(self) -> None:
        """Whose mistakes a lesson goes through: both sides', gold's, silver's."""
        self.learn_side = SIDES[(SIDES.index(self.learn_side) + 1) % len(SIDES)]

    # ---------------------------------------------------------------- lessons
    def start_lesson(self) -> None:
        """Learn from your mistakes: the first challenge (the worst turn)."""
        if self.lesson is not None or self.dialog is not None:
            return
        lesson = Lesson(self, self.learn_side)
        if not lesson.indices:
            self.show_error("no mistakes or blunders to learn from (so far)")
            return
        self.animator.skip()
        self.lesson = lesson
        self.log = Chronicle()
        self.log.append(("Learn from your mistakes: find a better turn.", theme.BRASS))
        self.on_resize(self.window.width, self.window.height)
        lesson.enter()

    def end_lesson(self) -> None:
        """Back to the analysis, at the turn of the challenge that was shown."""
        lesson, self.lesson = self.lesson, None
        if lesson is None:
            return
        self.animator.skip()
        self.close_dialog()
        self.session.seek(lesson.index)
        self._watch()
        self.on_resize(self.window.width, self.window.height)

    def lesson_reveal(self) -> None:
        if self.lesson is not None:
            self.animator.skip()
            self.planner.recall()
            self.lesson.reveal()

    def lesson_retry(self) -> None:
        if self.lesson is not None:
            self.animator.skip()
            self.lesson.retry()

    def lesson_next(self) -> None:
        if self.lesson is None:
            return
        self.animator.skip()
        if not self.lesson.forward():
            self.end_lesson()
        else:
            self._build_buttons()

    def _watch(self) -> None:
        """Nobody's rack: the screen watches the game again."""
        self.viewer = None
        self.view_dict = self.session.view(None)
        self.display = DisplayState.from_view(self.view_dict)
        self.board.painter.revision = -1
        self.planner = TurnPlanner(Player.GOLD)
        self._sync_planner()
        self.planner_changed()
        self.redeploy_mode = False
        self.log = Chronicle()

    # ---------------------------------------------------------------- input
    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        k = arcade.key
        if self.dialog is None:
            if symbol == k.ESCAPE and not self.planner.placed and not self.redeploy_mode:
                self.go_back()
                return True
            plain = not modifiers & (k.MOD_SHIFT | k.MOD_CTRL | k.MOD_COMMAND)
            if self.lesson is None and plain:
                action = {k.LEFT: lambda: self.jump(self.session.index - 1),
                          k.RIGHT: lambda: self.jump(self.session.index + 1),
                          k.UP: lambda: self.jump_label(-1), k.DOWN: lambda: self.jump_label(1),
                          k.B: self.toggle_best, k.L: self.start_lesson}.get(symbol)
                if action is not None:
                    action()
                    return True
        return super().on_key_press(symbol, modifiers)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool | None:
        if self.dialog is None and self.lesson is None and button == arcade.MOUSE_BUTTON_LEFT:
            position = self.band.position_at(x, y)
            if position is None:
                position = self.side.row_at(x, y)
            if position is not None:
                self.jump(position)
                return True
        return super().on_mouse_press(x, y, button, modifiers)

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> bool | None:
        hover = self.band.position_at(x, y) if self.dialog is None else None
        if hover != self.graph_hover:
            self.graph_hover = hover
            self.request_redraw()
        return super().on_mouse_motion(x, y, dx, dy)

    # ---------------------------------------------------------------- drawing
    def on_draw(self) -> None:
        """After the sections: the buttons, a coin being dragged, the dialog and the tooltip."""
        self.ui.draw_content(pad=4)
        self.draw_drag()
        if self.dialog is not None:
            self.dialog.draw()
        self.tooltip.draw()
