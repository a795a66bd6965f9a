"""The chat on the game screen of an online game: folded at first (the chronicle shows, with a
count of new lines), Ctrl+T unfolds it in the right column, typed keys go to the line (not the
board), Enter sends it, the opponent's lines arrive masked, Esc folds it; a click on a line's
Report and Mute links reports it and hides its author."""

from __future__ import annotations

import os

import pytest

pytestmark = pytest.mark.gui

if not os.environ.get("DISPLAY"):
    pytest.skip("needs a display (run under xvfb-run)", allow_module_level=True)

import arcade
from game_screen_support import key
from gui_support import pump
from online_support import shoot
from test_game_offers import duel, until  # noqa: F401 - the fixture

__all__ = ["duel"]


def type_text(win, text: str) -> None:
    for ch in text:
        win.dispatch_event("on_text", ch)
    pump(win)


def test_the_chat_unfolds_beside_the_board_and_talks_to_the_opponent(window, duel, tmp_path):
    view, bo, game = duel()
    chat = view.chat
    assert chat is not None and not chat.chat.open
    board_rect = (view.board.left, view.board.bottom, view.board.width, view.board.height)
    # Bo says something while the panel is folded: counted, not shown.
    bo.call("chat", "game", "good luck, arse", game=game).result(10)
    until(window, lambda: chat.chat.unread == 1, what="Bo's line")
    shoot(window, tmp_path / "chat-folded.png")
    key(window, arcade.key.T, arcade.key.MOD_CTRL)
    assert chat.chat.open and chat.chat.unread == 0
    assert [(line.name, line.text) for line in chat.chat.lines] == [("Bo", "good luck, a***")]
    # Letters go to the line, not the board; Enter sends it.
    placed = dict(view.planner.placed)
    for symbol in (arcade.key.H, arcade.key.I):
        key(window, symbol)
    type_text(window, "hi there")
    assert view.planner.placed == placed and chat.chat.draft == "hi there"
    key(window, arcade.key.BACKSPACE)
    assert chat.chat.draft == "hi ther"
    type_text(window, "e")
    key(window, arcade.key.ENTER)
    until(window, lambda: len(chat.chat.lines) == 2, what="our line back from the server")
    assert chat.chat.lines[-1].text == "hi there" and chat.chat.lines[-1].mine
    assert (view.board.left, view.board.bottom, view.board.width, view.board.height) == board_rect  # the board stays
    pump(window, 2)
    shoot(window, tmp_path / "chat-open.png")
    key(window, arcade.key.ESCAPE)
    assert not chat.chat.open
    assert view.dialog is None  # Esc folded the chat; it did not open the menu


def test_a_line_of_the_opponent_is_reported_and_its_author_muted_by_a_click(window, duel, tmp_path):
    from gui_support import click as press_release

    view, bo, game = duel()
    chat = view.chat
    bo.call("chat", "game", "you play like a turnip", game=game).result(10)
    until(window, lambda: chat.chat.unread == 1, what="Bo's line")
    key(window, arcade.key.T, arcade.key.MOD_CTRL)
    pump(window, 2)
    links = {what: rect for rect, line, what in chat.links if line.name == "Bo"}
    assert sorted(links) == ["block", "mute", "report"]
    shoot(window, tmp_path / "chat-links.png")
    report = links["report"]
    press_release(window, report.left + report.width / 2, report.bottom + report.height / 2)
    until(window, lambda: chat.chat.note == "Bo's line was reported to the operator.", what="the report")
    pump(window, 2)
    mute = next(rect for rect, line, what in chat.links if what == "mute")
    press_release(window, mute.left + mute.width / 2, mute.bottom + mute.height / 2)
    until(window, lambda: chat.chat.note == "Bo is muted: their lines are hidden.", what="the mute")
    assert list(chat.chat.lines) == [] and chat.links == []
    pump(window, 2)
    shoot(window, tmp_path / "chat-muted.png")
    key(window, arcade.key.ESCAPE)
