"""The main menu at the window sizes a player meets: from the game's smallest (and smaller, on a
small screen) to full HD, every part of it in view and nothing over another (real window, Xvfb)."""

from __future__ import annotations

import os

import pytest

pytestmark = pytest.mark.gui

if not os.environ.get("DISPLAY"):
    pytest.skip("needs a display (run under xvfb-run)", allow_module_level=True)

from gui_support import pump


def _resize(window, size) -> None:
    window.set_size(*size)
    window.dispatch_event("on_resize", *size)
    pump(window)
    window.flip()  # Mesa resizes the back buffer when a frame is presented
    pump(window, 2)


@pytest.mark.parametrize("size", [(1024, 640), (1200, 720), (1280, 800), (1920, 1080)])
def test_the_main_menu_fits_between_its_tagline_and_its_greeting(window, size):
    from client.views.menus.main import GREETING_BLOCK, TITLE_BLOCK, MainMenuView

    try:
        _resize(window, size)
        window.navigator.go_menu()
        pump(window, 2)
        menu = window.current_view
        assert isinstance(menu, MainMenuView)
        panel = menu.panel.rect
        assert panel.top <= window.height - TITLE_BLOCK, f"the plaque covers the tagline at {size}"
        assert panel.bottom >= GREETING_BLOCK, f"the plaque runs into the greeting at {size}"
        buttons = sorted(menu.buttons.values(), key=lambda b: -b.rect.top)
        for upper, lower in zip(buttons, buttons[1:]):
            assert upper.rect.bottom > lower.rect.top, "buttons do not overlap"
        assert all(panel.left < b.rect.left and b.rect.right < panel.right for b in buttons)
        assert menu.greeting.rect.top <= GREETING_BLOCK
        heights = {b.rect.height for b in buttons}
        assert min(heights) >= 30, f"buttons stay big enough to read and click at {size}"
        if size[1] >= 1000:
            assert min(heights) >= 60, "a tall window gets larger buttons"
    finally:
        _resize(window, (1280, 800))
