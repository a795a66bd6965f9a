"""What the online screens' tests share: a server in a thread, frames until something holds,
widgets found by name, texts read from tables, screenshots, and layout checks."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

import arcade
import glicko2
import pytest
from gui_support import click, pump


class ServerThread:
    """A GameServer on 127.0.0.1 (a free port) in a thread of its own."""

    def __init__(self, db: Path, lexicon: Any, **overrides: Any) -> None:
        """``overrides``: more of the server's settings (``puzzle_pack``, ...)."""
        from scryptic.commands.server import load_maps
        from server.app import GameServer
        from server.config import ServerConfig
        from shared.words.dictionary import load_dictionary

        config = ServerConfig(host="127.0.0.1", port=0, db_path=db, stats_interval=0, gc_freeze_interval=0,
                              heartbeat_interval=0.2, max_connections_per_address=64, rate_per_second=1000.0,
                              rate_burst=1000, **overrides)
        self.server = GameServer(config, lexicon, maps=load_maps(None), lexicon_factory=load_dictionary)
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            self.loop.run_until_complete(self.server.start())
            ready.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=run, name="test-server", daemon=True)
        self.thread.start()
        assert ready.wait(30), "the server did not start"
        self.url = f"ws://127.0.0.1:{self.server.port}"

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.server.stop(), self.loop).result(30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


def pump_until(win, condition, timeout: float = 20.0, what: str = "") -> float:
    """Run frames until ``condition()``; the seconds it took."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        pump(win)
        if condition():
            return time.monotonic() - start
    pytest.fail(f"timed out waiting for {what or condition}")


def widget(view, name: str):
    """The visible widget called ``name`` on ``view`` (None if there is none)."""
    for child in view.ui.walk_widgets():
        if getattr(child, "name", None) == name and child.visible and _shown(child):
            return child
    return None


def _shown(child) -> bool:
    parent = child.parent
    while parent is not None and hasattr(parent, "visible"):
        if not parent.visible:
            return False
        parent = getattr(parent, "parent", None)
    return True


def click_on(win, view, name: str) -> None:
    target = widget(view, name)
    assert target is not None, f"no widget named {name!r} on {type(view).__name__}"
    assert not target.disabled, f"{name} is disabled"
    click(win, *target.rect.center)


def texts(container) -> list[str]:
    """Every label's text under ``container`` (a layout), in order."""
    from arcade.gui import UILabel

    out = []
    stack = [container]
    while stack:
        w = stack.pop()
        if isinstance(w, UILabel):
            out.append(w.text)
        stack.extend(reversed(list(w.children)))
    return out


def shoot(win, path: Path) -> Path:
    """A screenshot of the next frame."""
    pump(win)
    win.dispatch_event("on_draw")
    win.dispatch_events()
    arcade.get_image(0, 0, win.width, win.height).save(path)
    return path


def open_lobby(win, client):
    from client.views.online.lobby import LobbyView

    win.navigator.go_lobby(client)
    view = win.current_view
    assert isinstance(view, LobbyView)
    pump_until(win, lambda: client.lobby.changes >= 1 and not view.futures, what="the lobby subscription")
    return view


def fischer_change(score: float) -> float:
    """A new player's rating change after one game against another new player (Glicko-2)."""
    player = glicko2.Player(rating=1500.0, rd=350.0, vol=0.06)
    player.update_player([1500.0], [350.0], [score])
    return round(player.rating - 1500.0, 1)


def assert_fits(win, view) -> None:
    """The screen's body lies under its tabs, inside the window, and nothing spills out of it."""
    pump(win, 2)
    bar, body, _banner = view.root.children
    assert body.rect.top <= bar.rect.bottom and body.rect.bottom >= 0
    assert body.rect.left >= 0 and body.rect.right <= win.width
    for child in _inside(body):
        r = child.rect
        assert r.left >= body.rect.left - 1 and r.right <= body.rect.right + 1, f"{child} spills sideways"
        assert r.bottom >= body.rect.bottom - 1 and r.top <= body.rect.top + 1, f"{child} spills up or down"


def _inside(widget) -> list:
    """Every visible widget under ``widget``."""
    out, stack = [], list(widget.children)
    while stack:
        child = stack.pop()
        if child.visible:
            out.append(child)
            stack.extend(child.children)
    return out
