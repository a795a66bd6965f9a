"""The tables of the online screens: fixed-width cells on ledger lines, column titles, row buttons.

Text that does not fit its column is cut with an ellipsis, measured in the font it is drawn in
(the measures are cached: the same names and maps come back on every rebuild).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import arcade
from arcade.gui import UIAnchorLayout, UIBoxLayout, UILabel, UIWidget
from arcade.types import Color, RGBOrA255

from client.ui import theme
from client.ui.widgets import BrassButton, Panel, label

ELLIPSIS = "\u2026"


@functools.lru_cache(maxsize=4096)
def text_width(text: str, size: float, bold: bool = False, italic: bool = False) -> float:
    """How wide ``text`` is drawn in the screens' serif font at ``size``, in pixels."""
    return arcade.Text(text, 0, 0, font_size=size, font_name=theme.SERIF, bold=bold, italic=italic).content_width


def fit(text: str, width: float, size: float, *, bold: bool = False, italic: bool = False) -> str:
    """``text``, or its longest start that fits ``width`` pixels followed by an ellipsis."""
    if text_width(text, size, bold, italic) <= width:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix that fits with the ellipsis
        mid = (low + high + 1) // 2
        if text_width(text[:mid].rstrip() + ELLIPSIS, size, bold, italic) <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + ELLIPSIS


def named(name: str, rating: str, width: float, size: int = 15) -> str:
    """``name rating`` in ``width`` pixels (bold): a long name is cut, never its rating."""
    if not rating:
        return fit(name, width, size, bold=True)
    room = width - text_width(" " + rating, size, True)
    return f"{fit(name, room, size, bold=True)} {rating}"


def versus(first: tuple[str, str], second: tuple[str, str], width: float, size: int = 15) -> str:
    """``A 1500  vs  B 1480`` in ``width`` pixels (bold): the longer name gives way first."""
    sep = "  vs  "
    full = [f"{name} {rating}".strip() for name, rating in (first, second)]
    if text_width(sep.join(full), size, True) <= width:
        return sep.join(full)
    room = width - text_width(sep, size, True)
    sizes = [text_width(text, size, True) for text in full]
    short = 0 if sizes[0] <= sizes[1] else 1
    parts = [first, second]
    out = ["", ""]
    if sizes[short] <= room * 0.6:  # the shorter one whole, the rest for the longer
        out[short] = full[short]
        out[1 - short] = named(*parts[1 - short], room - sizes[short], size)
    else:
        out = [named(*part, room / 2, size) for part in parts]
    return sep.join(out)


def cell(text: str, width: int, *, size: int = 15, color: RGBOrA255 = theme.PARCHMENT,
         bold: bool = False, italic: bool = False, align: str = "left") -> UILabel:
    """One cell of a table: a one-line label of a fixed width (long text ends in an ellipsis)."""
    return label(fit(text, width - 2, size, bold=bold, italic=italic), size=size, color=color, bold=bold,
                 italic=italic, width=width, align=align)


def table_row(cells: Sequence[UIWidget], width: int, *, height: int = 44, shade: bool = False,
              glow: RGBOrA255 | None = None) -> UIAnchorLayout:
    """Cells side by side on a ledger line; ``shade`` stripes every other row, ``glow`` tints one."""
    box = UIBoxLayout(vertical=False, space_between=8, align="center")
    for widget in cells:
        box.add(widget)
    row = UIAnchorLayout(width=width, height=height, size_hint=None)
    if glow is not None:
        row.with_background(color=theme.with_alpha(glow, 40))
    elif shade:
        row.with_background(color=Color(255, 232, 190, 12))
    row.add(box, anchor_x="left", anchor_y="center", align_x=10)
    return row


def header_row(columns: Sequence[tuple[str, int]], width: int) -> UIAnchorLayout:
    """The column titles over a table, small and muted."""
    cells = [cell(title.upper(), w, size=11, color=theme.INK_MUTED, bold=True) for title, w in columns]
    return table_row(cells, width, height=24)


def small_button(text: str, on_click: Callable[[], Any], *, name: str, kind: str = "brass",
                 width: int = 96) -> BrassButton:
    """A row's button (Join, Watch, Resume...)."""
    return BrassButton(text, width=width, height=34, font_size=15, kind=kind, on_click=on_click, name=name)


def two_lines(top: str, bottom: str, width: int, *, colour: RGBOrA255 = theme.PARCHMENT,
              bold: bool = False, bottom_colour: RGBOrA255 = theme.INK_MUTED) -> UIBoxLayout:
    """A table cell of two lines: ``top`` in the row's size, ``bottom`` small and italic under it."""
    box = UIBoxLayout(space_between=0, align="left")
    box.add(cell(top, width, color=colour, bold=bold))
    box.add(cell(bottom, width, size=11, color=bottom_colour, italic=True))
    return box


def spread(columns: Sequence[tuple[str, int]], row_width: int, flexible: Sequence[int]) -> list[tuple[str, int]]:
    """``columns`` (title, least width) widened to fill a row ``row_width`` wide: the room left over
    is shared among the columns at the indices ``flexible`` (names and maps), one share for each
    time an index is listed."""
    used = sum(w for _, w in columns) + 8 * (len(columns) - 1) + 20
    share = max(0, row_width - used) // max(1, len(flexible))
    return [(title, w + share * list(flexible).count(i)) for i, (title, w) in enumerate(columns)]


def top_panel(child: UIWidget, width: int, height: int) -> Panel:
    """A framed panel with ``child`` at its top (a table grows downwards from there)."""
    panel = Panel(width=width, height=height, padding=22)
    panel.add(child, anchor_x="center", anchor_y="top")
    return panel
