"""Text stays inside its panel: every line of the game screen's chronicle, cards and header, and
every map in the editor's Open list, keeps the inner padding (PAD) from its panel's edges at
1200x720, 1280x800 and 1920x1080, long lines cut short with "…" rather than past the edge."""

from __future__ import annotations

import os

import pytest

pytestmark = pytest.mark.gui

if not os.environ.get("DISPLAY"):
    pytest.skip("needs a display (run under xvfb-run)", allow_module_level=True)

import arcade
from gui_support import pump

from client.ui import theme
from client.views.layout import PAD

SIZES = ((1200, 720), (1280, 800), (1920, 1080))
LONG = ("Gold lays UNCHARACTERISTICALLY across from row 12, column 30 and attacks TRANSUBSTANTIATION, "
        "whose defenders were supercalifragilisticexpialidocious")


def resize(win, width: int, height: int) -> None:
    win.set_size(width, height)
    win.dispatch_event("on_resize", width, height)
    pump(win)
    win.flip()  # Mesa resizes the back buffer when a frame is presented
    pump(win, 3)


def inside(text: arcade.Text, left: float, right: float) -> bool:
    x = text.x - (text.content_width if text.anchor_x == "right" else 0)
    return left + PAD - 0.5 <= x and x + text.content_width <= right - PAD + 0.5


def test_side_panel_text_keeps_its_padding_at_three_sizes(window):
    from client.capture import sample_session
    from client.views.game.view import GameView

    session = sample_session("pewter-marches", window.lexicon, turns=10)
    window.navigator.start_game(session)
    pump(window, 3)
    view = window.current_view
    assert isinstance(view, GameView)
    view.log.append((LONG, theme.PARCHMENT))
    view.log.append(("x" * 300, theme.PARCHMENT))  # one word longer than any row
    try:
        for size in SIZES:
            resize(window, *size)
            view.side.layer.dirty = True
            pump(window, 2)
            side = view.side
            box = side.rects.chronicle
            rows = [e.text for key, e in side.texts._entries.items() if isinstance(key, tuple) and key[0] == "log"]
            shown = [t for t in rows if t.text]
            assert len(shown) >= 3, size
            for text in shown:
                assert inside(text, box.left, box.right), (size, text.text, text.x, text.content_width, box)
            assert any(t.text.endswith("\N{HORIZONTAL ELLIPSIS}") for t in shown), "the long word is cut short"
            for p, card in zip((1, 2), side.rects.cards):
                for key in (("info", p), ("status", p)):
                    entry = side.texts._entries.get(key)
                    if entry is not None and entry.text.text:
                        assert inside(entry.text, card.left, card.right), (size, key)
            header = view.header
            title = header.texts._entries["game-title"].text
            assert inside(title, header.left + 6, header.right - 6), size
        # The size step: at 1920x1080 the side column's fonts are larger than at 1280x800.
        assert view.layout.scale == 1.25
        assert side.texts._entries[("info", 1)].text.font_size == 15
    finally:
        resize(window, 1280, 800)
        session.close()
        window.navigator.go_menu()
        pump(window)


def test_the_open_list_fits_every_map_inside_its_button(window, tmp_path):
    from client.editor.file_dialog import FileDialog

    window.navigator.go_editor()
    pump(window, 3)
    editor = window.current_view
    try:
        for size in SIZES:
            resize(window, *size)
            editor.files.open_map()
            pump(window, 2)
            dialog = editor.dialog
            assert isinstance(dialog, FileDialog)
            buttons = [dialog.find(f"map-{i}") for i in range(len(dialog.entries[:dialog.PAGE]))]
            assert buttons and all(b is not None for b in buttons)
            for button, entry in zip(buttons, dialog.entries):
                probe = arcade.Text(button.text, 0, 0, font_size=14, font_name=theme.SERIF)
                assert probe.content_width <= button.width - 2 * PAD, (size, button.text)
                assert button.text == entry.caption or button.text.startswith(entry.short.split("   ")[0])
            marches = [b.text for b, e in zip(buttons, dialog.entries) if e.path.name == "pewter-marches.map"]
            assert marches == ["The Pewter Marches   40x30   \N{MIDDLE DOT} comes with the game"], marches
            dialog.dismiss()
            pump(window)
    finally:
        resize(window, 1280, 800)
        window.navigator.go_menu()
        pump(window)


def test_the_editor_steps_up_on_a_large_window_and_its_panel_text_keeps_its_padding(window):
    window.navigator.go_editor("pewter-marches")
    pump(window, 3)
    editor = window.current_view
    try:
        for size in SIZES:
            resize(window, *size)
            for tab in ("checks", "fairness"):
                editor.side.select_tab(tab)
                pump(window, 2)
                for panel in (editor.palette, editor.side):
                    shown = [e.text for e in panel.texts._entries.values() if e.text.text]
                    assert len(shown) >= 10, (size, tab)
                    for text in shown:
                        start = text.x - {"left": 0, "center": 0.5, "right": 1}[text.anchor_x] * text.content_width
                        assert panel.rect.left + PAD - 0.5 <= start, (size, tab, text.text)
                        assert start + text.content_width <= panel.rect.right - PAD + 0.5, (size, tab, text.text)
            lay = editor.layout
            tool, swatch = editor.palette.buttons["tool-brush"], editor.palette.swatches["."]
            heading = editor.palette.texts._entries[("h", "Tools")].text
            if size == (1920, 1080):
                assert lay.scale == 1.25 and (tool.width, tool.height, swatch.width, heading.font_size) == (118, 48, 70, 21)
                assert editor.side.buttons["new"].height == 45 and editor.menu_button.width == 125
            else:
                assert lay.scale == 1.0 and (tool.width, tool.height, swatch.width, heading.font_size) == (94, 38, 56, 17)
    finally:
        resize(window, 1280, 800)
        window.navigator.go_menu()
        pump(window)
