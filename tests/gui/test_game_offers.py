"""Offers in the Arcade game screen against a real server: a draw offered, declined and accepted,
a takeback asked for and accepted (the board, rack and chronicle go back), an abort before the
first word, and a rated game's end screen with both rating changes.

A server runs in this process (its own thread and event loop, a temporary database, the
shipped maps and the real dictionary). The player at the screen is a real ThreadedClient shown
through a NetworkSession; the opponent is a second ThreadedClient. The screen is driven with
mouse clicks and key presses under Xvfb, and what it shows is read from its widgets, its
chronicle and screenshots (1280x800).
"""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections import Counter
from itertools import permutations
from pathlib import Path
from typing import Any

import pytest
from wire_helpers import plain
from shared.wire import View

pytestmark = pytest.mark.gui

if not os.environ.get("DISPLAY"):
    pytest.skip("needs a display (run under xvfb-run)", allow_module_level=True)

import arcade
import glicko2
import numpy as np
from gui_support import click, pump

from shared.rules.actions import Commit
from shared.rules.errors import RuleError
from shared.rules.terrain import Player

BLITZ, MAP, SEED = {"kind": "fischer", "initial": 180, "increment": 2}, "Cinder Ford", 5  # SEED: gold has a word


class ServerThread:
    """A GameServer on 127.0.0.1 (a free port) in a thread of its own; clients may fix the seed."""

    def __init__(self, db: Path, lexicon: Any) -> None:
        from scryptic.commands.server import load_maps
        from server.app import GameServer
        from server.config import ServerConfig
        from shared.words.dictionary import load_dictionary

        config = ServerConfig(host="127.0.0.1", port=0, db_path=db, stats_interval=0, gc_freeze_interval=0,
                              heartbeat_interval=0.2, max_connections_per_address=64, rate_per_second=1000.0,
                              rate_burst=1000, allow_client_seed=True)
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


@pytest.fixture
def duel(window, tmp_path, monkeypatch):
    """A fresh server and a way to start a game between the screen's player and Bo."""
    monkeypatch.setenv("SCRYPTIC_DATA_DIR", str(tmp_path / "data"))
    server = ServerThread(tmp_path / "server.sqlite3", window.lexicon)
    clients: list[Any] = []

    def start(**settings: Any):
        """Tester (gold, at the screen) against Bo (silver); the game screen is shown."""
        from client.net import ThreadedClient
        from client.play.net_session import NetworkSession
        from client.views.game.view import GameView

        me, bo = ThreadedClient(server.url, name="Tester"), ThreadedClient(server.url, name="Bo")
        for client in (me, bo):
            client.start()
            clients.append(client)
        game = me.create_game(map=MAP, seat="gold", seed=SEED, **settings).result(10)["game"]
        bo.join(game=game).result(10)
        until(window, lambda: me.drain() is not None and me.games[game].status == "active", what="the game to start")
        window.navigator.start_game(NetworkSession(me, game, window.lexicon))
        view = window.current_view
        assert isinstance(view, GameView) and view.offers is not None
        pump(window, 3)
        return view, bo, game

    yield start
    window.navigator.go_menu()
    pump(window)
    for client in clients:
        client.close()
    server.stop()


# ------------------------------------------------------------------------------------ helpers

def until(win, condition, timeout: float = 20.0, what: str = "", other: Any = None) -> None:
    """Run frames (and drain the other client, if given) until ``condition()``."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if other is not None:
            other.drain()
        pump(win)
        if condition():
            return
    pytest.fail(f"timed out waiting for {what or condition}")


def button(view, name: str):
    """The game screen's (or its dialog's) widget called ``name``, or None."""
    managers = [view.ui] + ([view.dialog.ui] if getattr(view, "dialog", None) is not None else [])
    for manager in managers:
        for child in manager.walk_widgets():
            if getattr(child, "name", None) == name:
                return child
    return None


def click_on(win, view, name: str) -> None:
    target = button(view, name)
    assert target is not None, f"no button named {name!r}"
    assert not target.disabled, f"{name} is disabled"
    click(win, *target.rect.center)


def key(win, symbol: int, modifiers: int = 0) -> None:
    win.dispatch_event("on_key_press", symbol, modifiers)
    win.dispatch_event("on_key_release", symbol, modifiers)
    win.dispatch_events()
    pump(win)


def frame(win, path: Path | None = None) -> np.ndarray:
    """The next frame's pixels (saved to ``path`` as well, if given)."""
    pump(win)
    win.dispatch_event("on_draw")
    win.dispatch_events()
    image = arcade.get_image(0, 0, win.width, win.height).convert("RGB")
    if path is not None:
        image.save(path)
    return np.asarray(image, dtype=np.int16)


shoot = frame


def chronicle(view) -> list[str]:
    return [text for text, _colour in view.log]


def first_word(view_dict: View, lexicon, player: Player = Player.GOLD) -> tuple[str, list[tuple[int, int]], str]:
    """A word over ``player``'s city that the rules accept, from the rack ``view_dict`` shows."""
    from client.play.preview import shadow_game

    game = shadow_game(view_dict, lexicon, viewer=player)
    city = next(c for c, o in game.board.city_owner.items() if o == player)
    rack = game.racks[player]
    for n in (4, 3):
        for letters in dict.fromkeys(permutations(rack, n)):
            word = "".join(letters)
            if word not in lexicon:
                continue
            for i in range(n):
                for direction in ("across", "down"):
                    step = (0, 1) if direction == "across" else (1, 0)
                    cells = [(city[0] + (k - i) * step[0], city[1] + (k - i) * step[1]) for k in range(n)]
                    try:
                        game.plan_commit(Commit(player, tuple((r, c, ch) for (r, c), ch in zip(cells, word))))
                    except RuleError:
                        continue
                    return word, cells, direction
    pytest.fail(f"no first word in the rack {''.join(rack)} (choose another SEED)")


def lay_and_commit(win, view, word: str, cells: list[tuple[int, int]], direction: str) -> None:
    """Click the first cell, type the word (Space turns the direction), press Enter."""
    x, y = view.board.cell_to_screen(cells[0])
    click(win, x, y)
    if (direction == "down") != (view.planner.direction != "across"):
        key(win, arcade.key.SPACE)
    for ch in word:
        key(win, getattr(arcade.key, ch.upper()))
    assert {cell: ch for cell, ch in zip(cells, word)} == view.planner.placed
    key(win, arcade.key.ENTER)


def cells_image(img: np.ndarray, view, cells) -> np.ndarray:
    """The pixels of ``cells`` (a square of each, around its centre)."""
    half = max(6, int(view.board.cell_pixels * 0.35))
    h = img.shape[0]
    out = []
    for cell in cells:
        x, y = view.board.cell_to_screen(cell)
        out.append(img[int(h - y) - half:int(h - y) + half, int(x) - half:int(x) + half])
    return np.stack(out)


# ------------------------------------------------------------------------------------ draws

def test_a_draw_offer_declined_tells_the_offerer_and_one_accepted_ends_the_game_agreed(window, duel, tmp_path):
    from client.play.describe import describe_result
    from client.views.dialogs import ConfirmDialog
    from client.views.game.end import EndOfGameView

    view, bo, game = duel()
    strip = view.side.rects.strip
    assert strip is not None and strip.left >= view.layout.board.right, "the strip lies beside the board"
    assert view.offers.mode == "idle" and button(view, "abort") is not None  # before the first word
    # Ctrl+D offers a draw, after a confirmation (Y).
    key(window, arcade.key.D, arcade.key.MOD_CTRL)
    assert isinstance(view.dialog, ConfirmDialog)
    key(window, arcade.key.Y)
    until(window, lambda: bo.games[game].offered_to_me() == ["draw"], other=bo, what="Bo to see the offer")
    until(window, lambda: view.session.my_offers() == ["draw"], what="our offer to be shown")
    assert button(view, "offer-draw").text == "Withdraw"
    bo.answer_offer(game, "draw", False).result(10)
    until(window, lambda: view.offers.status()[0] == "Bo declined your draw offer", what="the declined notice")
    assert "Bo declined your draw offer" in chronicle(view)
    assert button(view, "offer-draw").text == "Draw"
    # Bo offers one: a banner beside the board, with Accept and Decline.
    assert bo.offer_draw(game).result(10) == {"game": game, "kind": "draw", "offered": True}
    until(window, lambda: view.offers.mode == "banner:draw", what="the banner")
    assert view.offers.banner_text()[0] == "Bo offers a draw"
    accept = button(view, "offer-accept")
    assert accept is not None and button(view, "offer-decline") is not None
    assert accept.rect.left >= view.layout.board.right, "Accept is beside the board, not over it"
    assert view.dialog is None, "the offer does not cover the board"
    shoot(window, tmp_path / "online-offer.png")
    click_on(window, view, "offer-accept")
    until(window, lambda: isinstance(window.current_view, EndOfGameView), other=bo, what="the end screen")
    end = window.current_view
    assert end.title == "A draw"
    assert plain(view.session.tracker.result)["reason"] == "agreed"
    assert plain(bo.games[game].result) == {"winner": None, "reason": "agreed", "scores": {"1": 0, "2": 0}}
    assert describe_result(view.display.result) == "A draw by agreement"
    shoot(window, tmp_path / "online-draw-end.png")


# ------------------------------------------------------------------------------------ takebacks

def test_a_takeback_asked_from_the_screen_and_accepted_puts_the_board_back(window, duel, tmp_path):
    view, bo, game = duel()
    assert view.session.rated is False
    rack_before = view.view_dict.players["1"].rack
    word, cells, direction = first_word(view.view_dict, view.session.lexicon)
    view.planner.cursor = None
    before = cells_image(frame(window), view, cells)
    lay_and_commit(window, view, word, cells, direction)
    until(window, lambda: view.display.letters.get(Player.GOLD) and not view.animator.busy,
          what="the word on the board")
    assert any(line.endswith(f"lays {word.upper()}") for line in chronicle(view))
    assert button(view, "abort") is None and button(view, "resign-online") is not None, "too late to abort"
    laid = cells_image(frame(window), view, cells)
    assert np.abs(laid - before).mean() > 20, "the word is drawn on the board"
    # Ask to take the turn back (a click on Takeback); Bo agrees.
    click_on(window, view, "offer-takeback")
    until(window, lambda: bo.games[game].offered_to_me() == ["takeback"], other=bo, what="Bo to see the request")
    shoot(window, tmp_path / "online-takeback-asked.png")
    bo.answer_offer(game, "takeback", True).result(10)
    until(window, lambda: view.view_dict.version == 0 and not view.animator.busy
          and view.offers.status()[0] == "Bo agreed: your last turn is taken back", what="the board to go back")
    assert view.session.tracker.version == 0
    assert not view.display.letters.get(Player.GOLD), "no gold letter left on the board"
    assert view.display.players[Player.GOLD].score == 0 and view.display.players[Player.GOLD].rack_size == 7
    assert Counter(view.planner.rack) == Counter(rack_before), "the word's letters are back on the rack"
    assert not any("lays" in line for line in chronicle(view)), "the chronicle forgot the word"
    assert chronicle(view)[-1] == "Bo agreed: your last turn is taken back"
    assert view.move_marks.commits == {}, "no last-move mark on an empty board"
    view.planner.cursor = None
    after = cells_image(frame(window), view, cells)
    assert np.abs(after - before).mean() < 4, "the board is drawn as it was before the word"
    assert button(view, "abort") is not None, "no word on the board again: abort is back"
    shoot(window, tmp_path / "online-takeback-done.png")
    # The game goes on from there: the same word can be laid again.
    lay_and_commit(window, view, word, cells, direction)
    until(window, lambda: view.display.letters.get(Player.GOLD) and not view.animator.busy,
          what="the word laid again")
    assert view.view_dict.version == 1


def test_the_opponents_takeback_request_is_a_banner_declined_with_ctrl_n(window, duel, tmp_path):
    view, bo, game = duel()
    key(window, arcade.key.E, arcade.key.MOD_CTRL)  # gold passes: Bo's turn
    until(window, lambda: bo.games[game].my_move, other=bo, what="Bo's turn")
    word, cells, _direction = first_word(bo.games[game].view, window.lexicon, Player.SILVER)
    bo.commit(game, [(r, c, ch) for (r, c), ch in zip(cells, word)]).result(10)
    assert bo.request_takeback(game).result(10) == {"game": game, "kind": "takeback", "offered": True}
    until(window, lambda: view.offers.mode == "banner:takeback" and not view.animator.busy, what="the banner")
    assert view.offers.banner_text()[0] == "Bo asks for a takeback"
    assert view.display.letters.get(Player.SILVER), "Bo's word is on the board meanwhile"
    shoot(window, tmp_path / "online-takeback-banner.png")
    key(window, arcade.key.N, arcade.key.MOD_CTRL)
    until(window, lambda: not bo.games[game].offers["takeback"], other=bo, what="the decline to reach Bo")
    until(window, lambda: view.offers.mode == "idle", what="the banner to go")
    assert chronicle(view)[-1] == "You declined Bo's takeback request"
    assert view.display.letters.get(Player.SILVER), "declined: Bo's word stays"


# ------------------------------------------------------------------------------------ aborts

def test_abort_before_the_first_word_ends_the_game_aborted(window, duel, tmp_path):
    from client.views.dialogs import ConfirmDialog
    from client.views.game.end import EndOfGameView

    view, bo, game = duel()
    click_on(window, view, "abort")
    assert isinstance(view.dialog, ConfirmDialog)
    click_on(window, view, "no")  # a slip of the mouse changes nothing
    assert view.dialog is None and view.display.result is None
    key(window, arcade.key.A, arcade.key.MOD_CTRL)
    assert isinstance(view.dialog, ConfirmDialog)
    click_on(window, view, "yes")
    until(window, lambda: isinstance(window.current_view, EndOfGameView), other=bo, what="the end screen")
    end = window.current_view
    assert end.title == "Aborted"
    assert plain(bo.games[game].result)["reason"] == "aborted" and bo.games[game].rating_changes is None
    assert view.headline() == "Game aborted: no winner, not rated"
    shoot(window, tmp_path / "online-aborted.png")


# ------------------------------------------------------------------------------------ rated games

def glicko_after(score: float) -> float:
    """A new player's rating after one game against another new player (the glicko2 package)."""
    player = glicko2.Player(rating=1500.0, rd=350.0, vol=0.06)
    player.update_player([1500.0], [350.0], [score])
    return player.rating


def test_a_rated_game_has_no_takeback_and_its_end_screen_shows_both_rating_changes(window, duel, tmp_path):
    from client.views.game.end import EndOfGameView

    view, bo, game = duel(rated=True, time_control=BLITZ)
    assert view.session.rated
    takeback = button(view, "offer-takeback")
    assert takeback is not None and takeback.disabled
    assert view.offers.status()[0] == "Rated game: no takebacks (Ctrl+D offers a draw)"
    key(window, arcade.key.Z, arcade.key.MOD_CTRL)
    assert view.error == "Takebacks are for casual games; this one is rated"
    shoot(window, tmp_path / "online-rated.png")
    bo.resign(game).result(10)
    until(window, lambda: isinstance(window.current_view, EndOfGameView), other=bo, what="the end screen")
    end = window.current_view
    until(window, lambda: end.extras.ratings_shown, what="the rating changes")
    assert end.title == "Victory!"
    win_after, loss_after = glicko_after(1.0), glicko_after(0.0)
    gold, silver = (end.extras.rating_labels[p].text for p in (Player.GOLD, Player.SILVER))
    assert gold == f"blitz 1500 \u2192 {win_after:.0f}?  ({win_after - 1500:+.1f})"
    assert silver == f"blitz 1500 \u2192 {loss_after:.0f}?  ({loss_after - 1500:+.1f})"
    racks = end.extras.racks
    assert set(racks) == {Player.GOLD, Player.SILVER} and all(len(r) == 7 for r in racks.values()), \
        "both racks are shown once the game is over"
    shoot(window, tmp_path / "online-rated-end.png")


def test_a_correspondence_clock_shows_days_and_hours_per_move(window, duel, tmp_path):
    from client.views.game.side import clock_text

    view, _bo, _game = duel(time_control={"kind": "correspondence", "days": 3})
    assert view.session.clock_kind() == "correspondence"
    left = view.session.clock_left()
    assert 3 * 86400 - 60 < left[1] <= 3 * 86400
    assert clock_text(left[1], "correspondence") in ("3d 0h", "2d 23h")  # rounded up to the second
    assert clock_text(2 * 86400 + 23 * 3600 + 59 * 60, "correspondence") == "2d 23h"
    assert clock_text(5 * 3600 + 7 * 60 + 5, "correspondence") == "5h 07m"
    assert clock_text(59 * 60 + 5, "correspondence") == "59:05"
    assert clock_text(125.2) == "2:06"
    shown = view.side.texts._entries[("clock", Player.GOLD)].text.text  # what gold's card shows
    assert shown in ("3d 0h", "2d 23h")
    shoot(window, tmp_path / "online-correspondence.png")
    # The keys overlay lists the online keys.
    from client.views.game.help_overlay import HelpOverlay

    key(window, arcade.key.F1)
    assert isinstance(view.dialog, HelpOverlay)
    shoot(window, tmp_path / "online-keys.png")
    key(window, arcade.key.ESCAPE)
    assert view.dialog is None
