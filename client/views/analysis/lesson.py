"""Learn from your mistakes: the worst turns of a game, each a challenge on a parchment scroll.

A :class:`Lesson` goes through the turns :func:`~client.play.analysis_board.challenges` picks (a side's
mistakes and blunders, the worst first). Each starts at that turn's start with the mover's rack
under the board: "You played X. Your win chance went A -> B, N points below a better turn's."
The player may lay words and end the turn as in a game; the turn tried is then judged in the background
(:func:`~client.play.analysis_runner.judge_in_background`) against the turn played and the better one.
*Show the answer* puts the better turn on the board as ghost coins, with what it does and each of
its fights explained; *Try again* goes back to the turn's start; *Next* to the next challenge.

:class:`LessonScroll` is the scroll beside the board that says all this (the buttons on it are the
screen's, see :mod:`client.views.analysis.buttons`).
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

import arcade
from arcade.types import RGBOrA255

from client.play.analysis_board import BetterTurn, answer_lines, better_turn, challenges, judge_try, lesson_intro, who
from client.play.analysis_runner import judge_in_background
from client.ui import theme
from client.views.coach import art
from client.views.coach.text import scroll_title
from client.views.layout import Rect
from client.views.panel_base import Panel
from shared.analysis import TurnReport

if TYPE_CHECKING:
    from client.views.analysis.screen import AnalysisScreen

TRYING, JUDGING, JUDGED, REVEALED = "trying", "judging", "judged", "revealed"
PAD = art.SHEET_INSET + 16
BUTTONS_H = 2 * 40 + 8  # two rows of buttons at the scroll's foot
KEYS = "Enter commit   Shift+Enter end the turn   Esc back"


class Lesson:
    """Where the player is in the challenges, and what their try came to."""

    def __init__(self, gv: Any, side: Any) -> None:
        self.gv = gv
        self.side = side  # the Player whose turns these are (None: both sides')
        self.indices: list[int] = challenges(gv.runner.reports, side)
        self.number = 0
        self.phase = TRYING
        self.tried: TurnReport | None = None
        self.judge_error: str | None = None
        self._future: Future | None = None
        self._better: BetterTurn | None = None

    @property
    def index(self) -> int:
        """The turn (an index into the session's turns) of the challenge shown."""
        return self.indices[self.number]

    @property
    def report(self) -> TurnReport:
        return self.gv.runner.reports[self.index]

    @property
    def last(self) -> bool:
        return self.number >= len(self.indices) - 1

    def refresh(self) -> None:
        """Take in the challenges of turns analysed since the lesson began (after those known)."""
        seen = set(self.indices)
        self.indices += [i for i in challenges(self.gv.runner.reports, self.side) if i not in seen]

    # ---------------------------------------------------------------- moving through it
    def enter(self) -> None:
        """Set up the challenge shown: its turn's start, the mover's rack, a trial open."""
        self.phase, self.tried, self.judge_error, self._future, self._better = TRYING, None, None, None, None
        session = self.gv.session
        session.seek(self.index, trial=True)
        turn = session.turns[self.index]
        self.gv.set_viewer(turn.player)
        self.gv.log.append((f"Challenge {self.number + 1}, turn {turn.number}: {self.gv.seat_name(turn.player)} "
                            "to move", theme.BRASS))

    def retry(self) -> None:
        """The turn's start again, for another try."""
        self.enter()

    def reveal(self) -> None:
        """Back to the turn's start with the better turn on the board as ghost coins."""
        session = self.gv.session
        if self.phase != REVEALED:
            session.seek(self.index, trial=True)
            session.close_trial()
            self.gv.set_viewer(session.turns[self.index].player)
        self.phase = REVEALED

    def forward(self) -> bool:
        """The next challenge; False if this was the last."""
        self.refresh()
        if self.last:
            return False
        self.number += 1
        self.enter()
        return True

    def better(self) -> BetterTurn | None:
        """The better turn to draw on the board (once revealed)."""
        if self.phase != REVEALED:
            return None
        if self._better is None:
            self._better = better_turn(self.gv.session.position(self.index), self.report.best)
        return self._better

    def update(self) -> bool:
        """Once a frame: judge a try that has ended, take in a judgement. True if anything changed."""
        gv = self.gv
        session = gv.session
        if self.phase == TRYING and session.trial_over and not gv.animator.busy:
            session.close_trial()
            self.phase = JUDGING
            self._future = judge_in_background(session.position(self.index), list(session.trial_actions),
                                               gv.depth, seed=session.record.seed)
            return True
        future = self._future
        if future is not None and future.done():
            self._future = None
            exc = future.exception()
            if exc is not None:
                self.judge_error = str(exc) or type(exc).__name__
            else:
                self.tried = future.result()
            if self.phase == JUDGING:
                self.phase = JUDGED
            return True
        return False

    def key(self) -> tuple:
        return (self.number, len(self.indices), self.phase, id(self.tried), self.judge_error)

    # ---------------------------------------------------------------- its words
    def words(self) -> tuple[str, list[tuple[str, RGBOrA255]]]:
        """(title, [(paragraph, ink)]) of the scroll."""
        report, gv = self.report, self.gv
        names = gv.names()
        turn = gv.session.turns[self.index]
        title = f"Turn {turn.number}: find a better turn"
        out: list[tuple[str, RGBOrA255]] = [(lesson_intro(report, names, gv.owner), art.INK)]
        mover = who(report.player, names)
        if self.phase == TRYING:
            whose = "your" if gv.owner is not None and int(gv.owner) == report.player else f"{mover}'s"
            out.append((f"Lay {whose} letters and commit as in a game; End turn has your try judged. "
                        "Or ask for the answer.", art.INK_SOFT))
        elif self.phase == JUDGING:
            out.append(("Judging your try\u2026", art.INK_AMBER))
        if self.judge_error:
            out.append((f"Your try could not be judged: {self.judge_error}", art.INK_RED))
        elif self.tried is not None:
            kind, sentence = judge_try(report, self.tried)
            out.append((sentence, art.INK_GREEN if kind != "worse" else art.INK_RED))
        if self.phase == REVEALED:
            lines = answer_lines(report)
            out.append((lines[0], art.INK_GREEN))
            out += [(line, art.INK_SOFT) for line in lines[1:]]
        elif self.phase == JUDGED:
            out.append(("Show the answer to see the better turn on the board, or try again.", art.INK_SOFT))
        return title, out


class LessonScroll(Panel):
    """The lesson's scroll beside the board (drawn only during a lesson)."""

    gv: AnalysisScreen  # the analysis board, not any game screen

    def __init__(self, gv: Any, rect: Rect) -> None:
        super().__init__(gv, rect, "lesson", 2)

    def buttons_top(self) -> float:
        return self.bottom + art.ROD + 30 + BUTTONS_H

    def on_draw(self) -> None:
        lesson = self.gv.lesson
        if lesson is None or self.width < 40:
            return
        left, bottom, w, h = self.left, self.bottom, int(self.width), int(self.height)
        arcade.draw_lbwh_rectangle_filled(left, bottom, w, h, theme.WALNUT)
        arcade.draw_texture_rect(art.scroll_texture(w, h), arcade.LBWH(left, bottom, w, h))
        x = left + PAD
        inner = int(self.width - 2 * PAD)
        top = self.top - art.ROD - 22
        total = len(lesson.indices)
        art.draw_progress(lesson.number + (lesson.phase == REVEALED), lesson.number, min(total, 12), x, top, size=16)
        self.texts.draw("count", f"Challenge {lesson.number + 1} of {total}", x + inner, top - 5, size=12,
                        color=art.INK_SOFT, italic=True, anchor_x="right")
        title, paragraphs = lesson.words()
        y = scroll_title(self.texts, title, x, top - 22, 19, inner) - 10
        floor = self.buttons_top() + 8
        for size in (14, 13, 12, 11):  # the largest type at which every paragraph fits
            if self._paragraphs(paragraphs, x, y, inner, floor, size, draw=False):
                break
        self._paragraphs(paragraphs, x, y, inner, floor, size, draw=True)
        for key_size in (10, 9, 8):
            keys = self.texts.get("keys", KEYS, left + self.width / 2, bottom + art.ROD + 11, size=key_size,
                                  color=art.INK_SOFT, font=theme.SANS, anchor_x="center", bold=True)
            if keys.content_width <= self.width - 2 * art.SHEET_INSET - 12:
                break
        keys.draw()

    def _paragraphs(self, paragraphs: list[tuple[str, RGBOrA255]], x: float, y: float, inner: int,
                    floor: float, size: int, *, draw: bool) -> bool:
        """Set the paragraphs from ``y`` down; True if they all fit above ``floor``."""
        for k, (text, ink) in enumerate(paragraphs):
            small = ink == art.INK_SOFT and k > 1
            obj = self.texts.get(("para", k), text, x, y, size=size - (1 if small else 0), color=ink, width=inner,
                                 multiline=True, anchor_y="top", font=theme.SERIF)
            if y - obj.content_height < floor:
                return False
            if draw:
                obj.draw()
            y -= obj.content_height + 7
        return True
