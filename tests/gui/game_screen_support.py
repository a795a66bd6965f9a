"""What the game-screen GUI tests share: keys, frames and pixels, and ready-made games."""

from __future__ import annotations

import time

import arcade
import numpy as np
import pytest
from gui_support import pump

from shared.rules.terrain import Player

GOLD, SILVER = Player.GOLD, Player.SILVER


def key(win, symbol: int, modifiers: int = 0) -> None:
    win.dispatch_event("on_key_press", symbol, modifiers)
    win.dispatch_event("on_key_release", symbol, modifiers)
    win.dispatch_events()
    pump(win)


def frame_image(win) -> np.ndarray:
    pump(win)
    return np.asarray(arcade.get_image(0, 0, win.width, win.height).convert("RGB"), dtype=np.int16)


def region(img: np.ndarray, left: float, bottom: float, width: float, height: float) -> np.ndarray:
    """Pixels of a screen rectangle (y up) in the image (y down)."""
    h = img.shape[0]
    return img[max(0, int(h - bottom - height)):int(h - bottom), max(0, int(left)):int(left + width)]


def pump_until(win, condition, timeout: float = 20.0, what: str = "") -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        pump(win)
        if condition():
            return
    pytest.fail(f"timed out waiting for {what or condition}")


def local_game(win, map_name: str = "cinder-ford", rules: str = "standard", seed: int = 11, *, human=GOLD,
               level: int = 1):
    from client.play.session import LocalSession, Seat
    from client.views.game.view import GameView
    from shared.maps.files import load_map

    seats = {human: Seat(human, "You", True), human.other: Seat(human.other, "CPU", False, level)}
    session = LocalSession.new(load_map(map_name), rules, win.lexicon, seed=seed, gold=seats[GOLD],
                               silver=seats[SILVER])
    session.paused = True
    view = GameView(session)
    win.show_view(view)
    pump(win, 2)
    return view


def defence_game(win):
    """Gold (the computer) is about to make CATS, which attacks silver's ON and TO: two defenders,
    so silver (the player) must order the defence."""
    from client.play.session import LocalSession, Seat
    from client.views.game.view import GameView
    from shared.tools.ascii import position

    terrain = "\n".join([". " * 14] * 4 + [". . . . . . . . . . . . . .", ". . . . . . . . . . . . . .",
                                           ". . . G . . . S . . . . . ."] + [". " * 14] * 3)
    letters = "\n".join([". " * 14] * 5 + [". . . . . . . T O . . . . .", ". . . c a t . O N . . . . ."]
                        + [". " * 14] * 3)
    game = position(terrain, letters, win.lexicon, racks={GOLD: "s", SILVER: "eat"})
    seats = {GOLD: Seat(GOLD, "Computer", False, 1), SILVER: Seat(SILVER, "You", True)}
    session = LocalSession(game, seats, title="Skirmish")
    session.paused = True
    view = GameView(session)
    win.show_view(view)
    pump(win, 2)
    return view, session


def first_word(game, player, lexicon):
    """(word, cells, direction) of a first word over the player's city from their rack."""
    from itertools import permutations

    from shared.rules.actions import Commit
    from shared.rules.errors import RuleError

    city = next(c for c, o in game.board.city_owner.items() if o == player)
    rack = game.racks[player]
    for n in (4, 3, 2):
        for letters in dict.fromkeys(permutations(rack, n)):
            word = "".join(letters)
            if word not in lexicon:
                continue
            for i in range(n):
                for direction, dr, dc in (("across", 0, 1), ("down", 1, 0)):
                    cells = [(city[0] + dr * (k - i), city[1] + dc * (k - i)) for k in range(n)]
                    try:
                        game.plan_commit(Commit(player, tuple((r, c, ch) for (r, c), ch in zip(cells, word))))
                    except RuleError:
                        continue
                    return word, cells, direction
    return None
