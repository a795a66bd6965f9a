"""The words on the coach's scroll: the lesson's place in the course, its title, its text and
the note, set in ink on the parchment and made to fit (the type shrinks for a long lesson on a
small window)."""

from __future__ import annotations

from typing import Any, Protocol

import arcade
from arcade.types import RGBOrA255

from client.tutorial.driver import DONE, FINISHED, STUCK, CoachState
from client.ui import theme
from client.views.coach import art


class Scroll(Protocol):
    """The coach's panel as the writing sees it (:class:`~client.views.coach.panel.CoachPanel`)."""

    texts: theme.TextCache

    @property
    def left(self) -> float: ...

    @property
    def width(self) -> float: ...

    @property
    def top(self) -> float: ...

    def buttons_top(self) -> float: ...

SMALLEST = 11  # the body's type never gets smaller than this


def largest_size(width: float) -> int:
    """The body's largest type on a scroll ``width`` pixels wide (15 at 1280x800, up to 18)."""
    return int(min(18, 15 + max(0.0, width - 300) // 40))
WELL_DONE = "Well done! "


def note_style(state: CoachState) -> tuple[str, RGBOrA255]:
    """(kind, ink) of the note: a refusal, a hint, a stuck lesson, the end, or a plain word."""
    note = state.note
    if note.startswith("Not allowed"):
        return "refused", art.INK_RED
    if note.startswith("Hint:"):
        return "hint", art.INK_GREEN
    if state.phase == STUCK:
        return "stuck", art.INK_AMBER
    if state.phase == FINISHED:
        return "finale", art.INK_TITLE
    return "info", art.INK_SOFT


def paragraphs(state: CoachState) -> tuple[str | None, list[str]]:
    """(a "Well done!" headline or None, the paragraphs of the lesson's text)."""
    text = state.text
    headline = None
    if state.phase in (DONE, FINISHED) and text.startswith(WELL_DONE):
        headline, text = WELL_DONE.strip(), text[len(WELL_DONE):]
    return headline, [p.strip() for p in text.split("\n") if p.strip()]


def scroll_title(texts: Any, title: str, left: float, y: float, size: int, inner: float) -> float:
    """A parchment scroll's title from ``y`` down, ruled off with an ink line and a dot; the
    height just under the rule."""
    head = texts.get("title", title, left, y, size=size, color=art.INK_TITLE, bold=True, width=inner,
                     multiline=True, anchor_y="top")
    head.draw()
    y -= head.content_height + 8
    arcade.draw_line(left, y, left + inner, y, theme.with_alpha(art.INK_SOFT, 150), 1.5)
    arcade.draw_circle_filled(left + inner / 2, y, 3, art.INK_TITLE)
    return y


def paint_scroll(panel: Scroll, state: CoachState) -> None:
    """Everything written on the scroll, between its top rod and the buttons."""
    texts = panel.texts
    left = panel.left + art.SHEET_INSET + 16
    inner = int(panel.width - 2 * (art.SHEET_INSET + 16))
    top = panel.top - art.ROD - 22
    # The coins take the scroll's width; the count sits under them when they leave it no room.
    coin = min(18.0, (inner - 7 * (state.total - 1)) / state.total)
    art.draw_progress(state.number - 1 if state.phase not in (DONE, FINISHED) else state.number,
                      state.number - 1, state.total, left, top, size=coin)
    count_room = inner - state.total * (coin + 7) >= 110
    texts.draw("count", f"Lesson {state.number} of {state.total}", left + inner, top - (5 if count_room else 24),
               size=12, color=art.INK_SOFT, italic=True, anchor_x="right")
    big = largest_size(panel.width)
    y = scroll_title(texts, state.title, left, top - (22 if count_room else 34), big + 6, inner) - 12
    floor = panel.buttons_top() + 10
    headline, parts = paragraphs(state)
    for size in range(big, SMALLEST - 1, -1):
        if _body(panel, state, headline, parts, left, inner, y, floor, size, draw=False) or size == SMALLEST:
            _body(panel, state, headline, parts, left, inner, y, floor, size, draw=True)
            return


def _body(panel: Scroll, state: CoachState, headline: str | None, parts: list[str], left: float,
          inner: int, y: float, floor: float, size: int, *, draw: bool) -> bool:
    """Lay out (and with ``draw`` draw) the text at ``size``; True if it fits above ``floor``."""
    texts = panel.texts
    if headline:
        obj = texts.get("headline", headline, left, y, size=size + 5, color=art.INK_GREEN, bold=True, anchor_y="top")
        if draw:
            obj.draw()
        y -= obj.content_height + 4
    for i, part in enumerate(parts):
        obj = texts.get(("para", i), part, left, y, size=size, color=art.INK, width=inner, multiline=True,
                        anchor_y="top")
        if draw:
            obj.draw()
        y -= obj.content_height + size * 0.6
    if state.note:
        kind, ink = note_style(state)
        obj = texts.get("note", state.note, left + 14, y - 8, size=size, color=ink, width=inner - 20,
                        multiline=True, anchor_y="top", italic=kind == "info")
        box_h = obj.content_height + 16
        if draw:
            _note_box(kind, ink, left, y - box_h, inner, box_h)
            obj.draw()
        y -= box_h
    return y >= floor


def _note_box(kind: str, ink: RGBOrA255, left: float, bottom: float, width: float, height: float) -> None:
    """A tinted card under the note, with a bar of its colour down the left."""
    tint: dict[str, Any] = {"refused": (200, 60, 60, 46), "hint": (60, 160, 90, 46), "stuck": (230, 150, 40, 56),
                            "finale": (214, 170, 70, 60), "info": (120, 90, 50, 26)}
    arcade.draw_lbwh_rectangle_filled(left, bottom, width, height, tint[kind])
    arcade.draw_lbwh_rectangle_filled(left, bottom, 4, height, ink)
