"""The words on the puzzle's scroll: its title, the map's title, the goal, what happened, the
fights explained, the hint or note, and the rating (this machine's, or the online one) and streak; the type shrinks until it fits above the buttons."""

from __future__ import annotations

import dataclasses
from typing import Any, Protocol

import arcade
from arcade.types import RGBOrA255

from client.play.puzzle import FAILED, SHOWN, SOLVED, PuzzleState
from client.ui import theme
from client.views.coach import art
from client.views.coach.text import SMALLEST, largest_size, scroll_title


MORE = "... the chronicle tells the whole fight."


class Scroll(Protocol):
    """The puzzle panel as the writing sees it."""

    texts: theme.TextCache

    @property
    def left(self) -> float: ...

    @property
    def width(self) -> float: ...

    @property
    def top(self) -> float: ...

    def buttons_top(self) -> float: ...


def rating_line(state: PuzzleState) -> str:
    """"Rating 1523  (+23)   streak 3" ("Online rating ..." when a server rates it)."""
    change = "" if state.change is None else f"  ({state.change:+.0f})"
    rated = "" if state.counted or state.change is not None else "   (not rated)"
    return f"{'Online rating' if state.online else 'Rating'} {state.rating:.0f}{change}   streak {state.streak}{rated}"


def paint_puzzle(panel: Scroll, state: PuzzleState) -> None:
    """Everything written on the scroll, between its top rod and the buttons."""
    texts = panel.texts
    left = panel.left + art.SHEET_INSET + 16
    inner = int(panel.width - 2 * (art.SHEET_INSET + 16))
    top = panel.top - art.ROD - 18
    for size in (12, 11, 10):  # the line shrinks to the scroll's width ("Online rating ... (not rated)")
        rating = texts.fitted("rating", rating_line(state), left, top - 4, inner if size == 10 else 10 ** 6,
                              size=size, color=art.INK_SOFT, bold=True, font=theme.SANS)
        if rating.content_width <= inner:
            break
    rating.draw()
    big = largest_size(panel.width)
    y = scroll_title(texts, state.title, left, top - 24, big + 5, inner) - 10
    floor = panel.buttons_top() + 10
    for size in range(big, SMALLEST, -1):
        if _body(panel, state, left, inner, y, floor, size, draw=False):
            _body(panel, state, left, inner, y, floor, size, draw=True)
            return
    lines = state.lines  # still too long: the fight's middle gives way (the chronicle has it all)
    for keep in range(len(lines) - 1, -1, -1):
        shown = lines[:keep] + ((MORE,) if keep < len(lines) - 1 else ()) + lines[-1:]
        cut = dataclasses.replace(state, lines=shown)
        if _body(panel, cut, left, inner, y, floor, SMALLEST, draw=False) or keep == 0:
            _body(panel, cut, left, inner, y, floor, SMALLEST, draw=True)
            return


def _body(panel: Scroll, state: PuzzleState, left: float, inner: int, y: float, floor: float, size: int,
          *, draw: bool) -> bool:
    texts = panel.texts

    def put(key: Any, text: str, at: float, *, ink: RGBOrA255 = art.INK, grow: int = 0, bold: bool = False,
            italic: bool = False, indent: float = 0) -> float:
        obj = texts.get(key, text, left + indent, at, size=size + grow, color=ink, width=int(inner - indent),
                        multiline=True, anchor_y="top", bold=bold, italic=italic)
        if draw:
            obj.draw()
        return at - obj.content_height - size * 0.5

    if state.map_title:
        y = put("map", f"Map: {state.map_title}", y, ink=art.INK_SOFT, italic=True)
    y = put("goal", state.goal, y, ink=art.INK_TITLE, grow=1, bold=True)
    if state.phase == SOLVED:
        y = put("verdict", state.text, y, ink=art.INK_GREEN, grow=4, bold=True)
    elif state.phase == FAILED:
        y = put("verdict", state.text, y, ink=art.INK_RED, grow=3, bold=True)
    else:
        y = put("text", state.text, y, ink=art.INK_SOFT if state.phase == SHOWN else art.INK)
    for i, line in enumerate(state.lines):
        y = put(("line", i), line if line == MORE else "\u2022 " + line, y, indent=4, italic=line == MORE)
    if state.note:
        kind, ink = ("hint", art.INK_GREEN) if state.note.startswith("Hint:") else ("info", art.INK_SOFT)
        obj = texts.get("note", state.note, left + 14, y - 6, size=size, color=ink, width=inner - 20,
                        multiline=True, anchor_y="top", italic=kind == "info")
        box_h = obj.content_height + 16
        if draw:
            _card(kind == "hint", ink, left, y - box_h, inner, box_h)
            obj.draw()
        y -= box_h
    return y >= floor


def _card(hint: bool, ink: RGBOrA255, left: float, bottom: float, width: float, height: float) -> None:
    """A tinted card under the note (green for a hint, as the coach's), a bar of its ink down the left."""
    arcade.draw_lbwh_rectangle_filled(left, bottom, width, height, (60, 160, 90, 46) if hint else (120, 90, 50, 26))
    arcade.draw_lbwh_rectangle_filled(left, bottom, 4, height, ink)
