"""The Puzzles screen online, against a real server in this process, driven with real mouse and
key events (Xvfb): from the lobby's Puzzles tab to the server's list and online rating; one
puzzle solved on the game screen, judged and rated by the server (the glicko2 library's
numbers), the map's title on the scroll; a first attempt the server refuses (the same account
attempted it from another connection) told on the scroll, the rating kept; the list marked as
the server keeps it; O switches to this machine's puzzles and back; Escape goes to the lobby.
Screenshots go to the test's folder (looked at by hand when the screen changes)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import glicko2
import pytest

pytestmark = pytest.mark.gui

if not os.environ.get("DISPLAY"):
    pytest.skip("needs a display (run under xvfb-run)", allow_module_level=True)

import arcade
from game_screen_support import key
from gui_support import click, click_widget, find_button, pump
from online_support import ServerThread, click_on, open_lobby, pump_until, shoot, texts

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from puzzle_samples import FIGHT_WRONG, screen_pack  # noqa: E402

SHOTS = os.environ.get("SCRYPTIC_SHOTS")


@pytest.fixture
def online(window, tmp_path, monkeypatch):
    """A server of the screen's puzzles (and the same puzzles as this machine's pack), and a way
    to connect clients to it (all closed afterwards)."""
    from client.views.puzzles import menu
    from shared.puzzles.pack import PackLoad, write_pack
    from shared.puzzles.progress import default_progress_path

    monkeypatch.setenv("SCRYPTIC_DATA_DIR", str(tmp_path / "data"))
    puzzles = screen_pack(window.lexicon)
    monkeypatch.setattr(menu, "puzzle_pack", lambda: PackLoad(puzzles))
    default_progress_path().unlink(missing_ok=True)
    pack = write_pack(puzzles, tmp_path / "puzzles.jsonl")
    server = ServerThread(tmp_path / "server.sqlite3", window.lexicon, puzzle_pack=pack)
    clients: list[Any] = []

    def connect(name: str | None = None, token: str | None = None) -> Any:
        from client.net import ThreadedClient

        client = ThreadedClient(server.url, name=name, token=token)
        client.start()
        clients.append(client)
        return client

    yield connect
    window.navigator.go_menu()  # no screen keeps draining a closed client
    pump(window)
    for client in clients:
        client.close()
    server.stop()


def _shot(window, tmp_path: Path, name: str) -> Path:
    folder = Path(SHOTS) if SHOTS else tmp_path
    return shoot(window, folder / f"online-puzzles-{name}.png")


def _open(window, view, puzzle_id: str):
    """Click the puzzle's Play and wait for the server to send it to the game screen."""
    index = [line.id for line in view.shown].index(puzzle_id)
    click_widget(window, find_button(view, f"play-{index}"))
    pump_until(window, lambda: getattr(window.current_view, "session", None) is not None, what="the puzzle")
    gv = window.current_view
    assert gv.session.puzzle.id == puzzle_id
    return gv


def _play(window, gv, cell, letter: str, direction: str) -> None:
    """Click ``cell``, type ``letter`` in ``direction``, commit with Enter, end the turn."""
    x, y = gv.board.cell_to_screen(cell)
    click(window, x, y)
    if gv.planner.direction != direction:
        key(window, arcade.key.SPACE)
    key(window, getattr(arcade.key, letter.upper()))
    key(window, arcade.key.ENTER)
    pump_until(window, lambda: not gv.animator.busy and gv.session.game.pending is None and gv.my_turn,
               what="the defence answered")
    click_widget(window, gv.buttons["end_turn"])
    pump_until(window, lambda: gv.coach.state.phase in ("solved", "failed") and not gv.animator.busy,
               what="the server's verdict")
    pump(window, 2)


def test_an_online_puzzle_is_solved_rated_by_the_server_and_a_refused_attempt_is_told(window, online, tmp_path):
    from client.views.online.lobby import LobbyView
    from client.views.puzzles.menu import PuzzlesView

    me = online("Tester")
    twin = online(None, token=me.token)  # the same account, on another connection
    window.set_size(1280, 800)
    lobby = open_lobby(window, me)
    click_on(window, lobby, "tab-puzzles")
    view = window.current_view
    assert isinstance(view, PuzzlesView) and view.mode == "online"
    pump_until(window, lambda: view.online.lines is not None and view.online.daily is not None and not view.online.busy,
               what="the server's puzzles")
    pump(window, 2)
    assert [line.id for line in view.shown] == ["g-anvil", "g-cats", "g-cats2", "g-city"]
    assert "Your online puzzle rating 1500  \u00b7  streak 0 (best 0)  \u00b7  0 of 0 solved" in texts(view.root)
    assert "Cinder Ford" in texts(view.root)  # each puzzle's map by its title
    _shot(window, tmp_path, "list")

    gv = _open(window, view, "g-cats")
    panel = gv.coach
    assert panel.state.online and panel.state.counted and panel.state.map_title == "Cinder Ford"
    _play(window, gv, (6, 6), "s", "across")  # CATS attacks ON and TO
    solver = glicko2.Player()
    solver.update_player([1480.0], [90.0], [1.0])
    state = panel.state
    assert state.phase == "solved" and state.counted and state.streak == 1
    assert state.change == round(solver.rating - 1500.0, 1) and state.rating == round(solver.rating, 1)
    assert "Silver loses O (beaten, 1 point to Gold)." in state.lines
    assert not panel.buttons["solution"].disabled  # the server's answer carried the solution
    shot = _shot(window, tmp_path, "solved")
    assert shot.exists()

    click_widget(window, panel.buttons["back"])  # back to the online list, marked as the server keeps it
    pump_until(window, lambda: window.current_view is view and not view.online.busy, what="the list again")
    pump(window, 2)
    assert [line.mark for line in view.shown] == [None, "solved", None, None]

    gv = _open(window, view, "g-cats2")
    wrong = [{k: v for k, v in a.items() if k != "player"} for a in FIGHT_WRONG]
    missed = twin.puzzle_attempt("g-cats2", wrong).result(10)  # attempted from the other connection meanwhile
    _play(window, gv, (6, 6), "s", "across")
    state = gv.coach.state
    assert state.phase == "solved" and state.change is None and not state.counted  # judged here, not rated
    assert state.note == ("Refused by the server: You attempted puzzle g-cats2 already. "
                          "This try is not rated: it leaves your online rating as it was.")
    # the rating shown is the server's, which only the other connection's attempt moved
    pump_until(window, lambda: gv.coach.state.streak == 0, what="the server's rating")
    assert gv.coach.state.rating == missed["rating"]["after"] and gv.coach.state.change is None
    pump(window, 2)
    _shot(window, tmp_path, "refused")
    click_widget(window, gv.coach.buttons["back"])
    pump_until(window, lambda: window.current_view is view and not view.online.busy, what="the list again")

    key(window, arcade.key.N)  # the server's next puzzle for you: one not attempted yet
    pump_until(window, lambda: getattr(window.current_view, "session", None) is not None, what="the next puzzle")
    gv = window.current_view
    assert gv.session.puzzle.id in ("g-anvil", "g-city") and gv.coach.state.counted
    assert gv.coach.state.map_title in ("The Anvil", "Test Ford")
    click_widget(window, gv.coach.buttons["back"])
    pump_until(window, lambda: window.current_view is view and not view.online.busy, what="the list again")

    key(window, arcade.key.O)  # this machine's puzzles: none tried here
    assert view.mode == "local" and [line.mark for line in view.shown] == [None, None, None, None]
    assert "Your puzzle rating 1500  \u00b7  streak 0 (best 0)  \u00b7  0 of 0 solved" in texts(view.root)
    key(window, arcade.key.O)
    assert view.mode == "online"
    key(window, arcade.key.ESCAPE)
    pump(window, 2)
    assert isinstance(window.current_view, LobbyView)
