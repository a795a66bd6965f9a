"""What the GUI tests share: one Scryptic window per module, pumping its event loop, clicks and
widgets found by name."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import arcade


@contextmanager
def scryptic_window(tmp_path_factory, animation: str, **kwargs) -> Iterator[arcade.Window]:
    """A 1280x800 ScrypticWindow with its settings in a temporary folder; the previous window
    (if any) is current again afterwards."""
    import os

    os.environ["SCRYPTIC_CONFIG_DIR"] = str(tmp_path_factory.mktemp("config"))
    from client.app import ScrypticWindow
    from client.play.settings import Settings

    previous = None
    try:
        previous = arcade.get_window()
    except RuntimeError:
        pass
    win = ScrypticWindow(Settings(name="Tester", animation=animation), size=(1280, 800), **kwargs)
    try:
        yield win
    finally:
        win.close()
        if previous is not None:
            arcade.set_window(previous)


def pump(win: arcade.Window, frames: int = 1, dt: float = 1 / 30) -> None:
    """Run ``frames`` updates and draws through the window's own event dispatch."""
    for _ in range(frames):
        win.dispatch_event("on_update", dt)
        win.dispatch_event("on_draw")
        win.dispatch_events()


def click(win: arcade.Window, x: float, y: float, button: int = arcade.MOUSE_BUTTON_LEFT) -> None:
    """Move the mouse to (x, y), press and release ``button`` there, then draw a frame."""
    win.dispatch_event("on_mouse_motion", x, y, 0, 0)
    win.dispatch_event("on_mouse_press", x, y, button, 0)
    win.dispatch_events()
    win.dispatch_event("on_mouse_release", x, y, button, 0)
    win.dispatch_events()
    pump(win)


def click_widget(win: arcade.Window, widget) -> None:
    """Click the middle of an enabled widget."""
    assert not widget.disabled, f"{getattr(widget, 'name', widget)} is disabled"
    x, y = widget.rect.center
    click(win, x, y)


def find_button(view, name: str):
    """The widget called ``name`` on ``view``, its open dialog or its widget tree."""
    from client.ui.widgets import find_widget

    for manager in [view.ui] + ([view.dialog.ui] if getattr(view, "dialog", None) else []):
        for child in manager.walk_widgets():
            if getattr(child, "name", None) == name:
                return child
    widget = find_widget(view.root, name) if hasattr(view, "root") else None
    assert widget is not None, f"no widget named {name!r}"
    return widget
