"""The editor's frame around the board: the top bar, the status line and the toast.

Every text is fitted to the room it has (shortened with an ellipsis), so nothing runs into a
neighbour at any window size.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import arcade

from client.editor.file_dialog import display_path
from client.editor.paint import paint_name
from client.editor.tools import TOOL_HINTS
from client.ui import theme
from client.ui.textures import plate_patch
from shared.maps.format import cell_label

if TYPE_CHECKING:
    from client.editor.host import EditorHost

PLAY_WIDTH = 190
GAP = 28
"""Pixels kept free between two texts on one line."""
MIN_HINT = 140
"""The tool's hint is left out of the status line when it would get less room than this."""


_FITS: dict[tuple, str] = {}
"""(text, room, elide, style) -> the text shortened to fit: measured once, not every frame."""


def fitted(texts: theme.TextCache, key: Any, text: str, x: float, y: float, max_width: float, elide: str,
           **style: Any) -> arcade.Text:
    """``text`` shortened with an ellipsis (at the ``"end"`` or in the ``"middle"``) to fit
    ``max_width`` pixels; the caller draws it."""
    memo = (text, int(max_width), elide, tuple(sorted((k, str(v)) for k, v in style.items() if k != "color")))
    if memo in _FITS:
        return texts.get(key, _FITS[memo], x, y, **style)
    shown = texts.get(key, text, x, y, **style)
    cut = 0
    if shown.content_width > max_width > 0:
        # Start near the answer (characters are roughly even in width), then step.
        cut = max(0, int(len(text) * (1 - max_width / shown.content_width)) - 2)
    while shown.content_width > max_width and cut < len(text) - 2:
        cut += 1
        keep = len(text) - cut
        if elide == "middle":
            head = keep // 3
            short = f"{text[:head]}\N{HORIZONTAL ELLIPSIS}{text[len(text) - (keep - head):]}"
        else:
            short = text[:keep].rstrip() + "\N{HORIZONTAL ELLIPSIS}"
        shown = texts.get(key, short, x, y, **style)
    if len(_FITS) > 512:
        _FITS.clear()
    _FITS[memo] = shown.text
    return shown


def draw_top_bar(view: EditorHost) -> None:
    """The brass bar: the map's name, size, file and whether it has unsaved changes."""
    top, px = view.layout.top, view.layout.px
    texts = view.texts
    plate_patch("brass", "normal").draw_rect(rect=arcade.LBWH(top.left - 20, top.bottom, top.width + 40,
                                                               top.height + 16))
    mid = top.bottom + top.height / 2
    doc = view.doc
    left = top.left + 14 + px(100) + 26  # clear of "Menu"
    right = top.right - 14 - px(PLAY_WIDTH) - 24  # clear of "Play this map"
    dirty_w = 0.0
    if doc.dirty:
        dirty = texts.get("dirty", "unsaved changes", 0, mid - 1, size=px(14), color=theme.RUBY_DARK,
                          anchor_y="center", italic=True, font=theme.SANS)
        dirty_w = 22 + px(12) + dirty.content_width
    # The name gets what it needs up to 60% of the room; the size and file take the rest.
    title = fitted(texts, "title", doc.name, left, mid, 0.6 * (right - left - dirty_w), "end", size=px(20),
                   color=theme.INK_DARK, bold=True, anchor_y="center")
    title.draw()
    ink = (70, 48, 20, 255)
    size = texts.draw("size", f"{doc.width}\N{MULTIPLICATION SIGN}{doc.height}   \N{MIDDLE DOT}",
                      title.x + title.content_width + 22, mid - 1, size=px(14), color=ink, anchor_y="center",
                      font=theme.SANS)
    where = display_path(doc.path) if doc.path else "not saved to a file yet"
    sub_x = size.x + size.content_width + 12
    sub_text = fitted(texts, "subtitle", where, sub_x, mid - 1, right - sub_x - dirty_w, "middle", size=px(14),
                      color=ink, anchor_y="center", font=theme.SANS)
    sub_text.draw()
    if doc.dirty:
        x = sub_text.x + sub_text.content_width + 22
        arcade.draw_circle_filled(x, mid, px(6), theme.RUBY_DARK)
        texts.draw("dirty", "unsaved changes", x + px(12), mid - 1, size=px(14), color=theme.RUBY_DARK,
                   anchor_y="center", italic=True, font=theme.SANS)


def status_texts(view: EditorHost) -> tuple[str, str]:
    """The status line's two texts: what is under the mouse (left) and the tool's hint (right)."""
    cell = view.tools.hover
    if view.hover_help:
        where = view.hover_help
    elif cell is not None:
        where = f"{cell_label(cell)}   {paint_name(view.doc.at(cell))}"
    else:
        where = ""
    tool = view.tools.tool
    return where, f"{tool.label}: {TOOL_HINTS[tool]}"


def draw_status(view: EditorHost) -> tuple[arcade.Text, arcade.Text | None]:
    """The line under the board; the left text has priority, the hint gets what room is left
    (none if too little). Returns the texts drawn, for tests."""
    s = view.layout.status
    arcade.draw_lbwh_rectangle_filled(s.left, s.bottom, s.width, s.height, theme.with_alpha(theme.WALNUT, 235))
    arcade.draw_line(s.left, s.top, s.right, s.top, theme.with_alpha(theme.BRASS, 120), 1)
    mid = s.bottom + s.height / 2
    where, hint = status_texts(view)
    inner = s.width - 28
    size = view.layout.px(13)
    left = fitted(view.texts, "where", where, s.left + 14, mid, inner, "end", size=size, color=theme.PARCHMENT,
                  anchor_y="center", font=theme.SANS)
    left.draw()
    used = left.content_width + GAP if where else 0.0
    room = inner - used
    if room < MIN_HINT:
        return left, None
    right = fitted(view.texts, "hint", hint, s.right - 14, mid, room, "end", size=size,
                   color=theme.PARCHMENT_DIM, anchor_x="right", anchor_y="center", italic=True, font=theme.SANS)
    right.draw()
    return left, right


def draw_toast(view: EditorHost) -> None:
    """Messages float over the foot of the board, clear of the panels and the status line
    (a long message grows upwards)."""
    if not view.toast:
        return
    b = view.layout.board
    cx = b.left + b.width / 2
    text = view.texts.get("toast", view.toast, cx, b.bottom, size=view.layout.px(15), color=theme.PARCHMENT,
                          anchor_x="center",
                          anchor_y="center", font=theme.SANS, width=int(b.width - 60), multiline=True,
                          align="center")
    tw = min(b.width - 40, text.content_width + 36)
    th = text.content_height + 18
    cy = b.bottom + 16 + th / 2
    text.position = (cx, cy)
    arcade.draw_lbwh_rectangle_filled(cx - tw / 2, cy - th / 2, tw, th, theme.with_alpha(theme.LEATHER_DARK, 240))
    arcade.draw_lbwh_rectangle_outline(cx - tw / 2, cy - th / 2, tw, th, view.toast_colour, 2)
    text.draw()
