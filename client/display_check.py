"""Is there a screen to open a window on? Asked before any Arcade window is made.

Without one, pyglet fails deep inside window creation; the commands that open windows call
:func:`require_display` first, which says in one line that a display is needed and how to run
under a virtual X screen (Xvfb) instead.
"""

from __future__ import annotations

import os
import sys

from shared.faults import FaultError

XVFB_HINT = 'run it on a desktop, or under a virtual screen: xvfb-run -a -s "-screen 0 1920x1080x24" {command}'


def require_display(command: str) -> None:
    """Raise :class:`FaultError` if no window can be opened (``command`` is shown in the hint)."""
    if not sys.platform.startswith("linux") or os.environ.get("ARCADE_HEADLESS"):
        return  # Windows and macOS always have a screen; headless Arcade needs none
    hint = XVFB_HINT.format(command=command)
    display = os.environ.get("DISPLAY")
    if not display and not os.environ.get("WAYLAND_DISPLAY"):
        raise FaultError("there is no display to open a window on (DISPLAY is not set)", hint)
    try:
        import pyglet

        pyglet.display.get_display()  # connects to the X server (and keeps the connection)
    except Exception as exc:  # noqa: BLE001 - pyglet's exception classes are per platform
        raise FaultError(f"cannot open a window on display {display or 'wayland'} ({exc})", hint) from None
