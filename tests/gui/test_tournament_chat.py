"""The lobby chat of the Tournaments tab against a real server, in a real window: the recent
lines shown on choosing the event, a panel beside the standings that never covers them, a
line typed and sent, a player of the standings reported and muted by clicks (a silent one's
report refused with the reason), the operator's chat mute said at once with its reason, and a
ban's reason shown when the connection is refused."""

from __future__ import annotations

import asyncio
import os

import pytest

pytestmark = pytest.mark.gui

if not os.environ.get("DISPLAY"):
    pytest.skip("needs a display (run under xvfb-run)", allow_module_level=True)

import arcade
from game_screen_support import key
from gui_support import click, pump
from online_support import assert_fits, click_on, open_lobby, pump_until, shoot, texts
from test_tournaments_screen import online  # noqa: F401 - the fixture

__all__ = ["online"]


def type_text(win, text: str) -> None:
    for ch in text:
        win.dispatch_event("on_text", ch)
    pump(win)


def queued(server) -> list[dict]:
    """The reports waiting for the operator (read on the server's own loop)."""
    reports = server.server.social.chat.archive.reports(10)
    return asyncio.run_coroutine_threadsafe(reports, server.loop).result(10)


def lines_of(view) -> list[tuple[str, str]]:
    return [(line.name, line.text) for line in view.chat.chat.lines]


def test_the_lobby_chat_talks_beside_the_standings(window, online, tmp_path):
    from client.views.online.tournaments import TournamentsView

    server, connect, key_text = online
    warden, bo, eve, me = connect("Warden"), connect("Bo"), connect("Eve"), connect("Tester")
    cup = warden.call("create_tournament", key_text, "Chatter Cup", 1800, start_in=3600, map="Cinder Ford").result(10)
    tid = cup["id"]
    for player in (bo, eve):
        player.call("join_tournament", tid).result(10)
    bo.call("chat", "tournament", "good luck all, arse", tournament=tid).result(10)

    lobby = open_lobby(window, me)
    click_on(window, lobby, "tab-tournaments")
    view = window.current_view
    assert isinstance(view, TournamentsView)
    pump_until(window, lambda: view.chat is not None and view.chat.chat.lines, what="the lobby's recent lines")
    assert lines_of(view) == [("Bo", "good luck all, a***")]  # said before Tester came, masked
    assert texts(view.table)[texts(view.table).index("1"):][:2] == ["1", "Bo"]
    chat, standings = view.chat_rect(), view.table.rect
    assert chat.left >= standings.right and chat.width == 330  # beside the standings, never over them
    assert_fits(window, view)

    # A click on the panel gives it the keyboard; Enter sends the line, Bo gets it.
    click(window, chat.left + chat.width / 2, chat.bottom + chat.height / 2)
    assert view.chat.chat.open
    type_text(window, "hello from the rail")
    key(window, arcade.key.BACKSPACE)
    type_text(window, "l")
    assert view.chat.chat.draft == "hello from the rail"
    key(window, arcade.key.ENTER)
    pump_until(window, lambda: ("Tester", "hello from the rail") in lines_of(view), what="our line back")
    assert view.chat.chat.draft == ""
    bo.call("chat", "tournament", "you play like a turnip", tournament=tid).result(10)
    pump_until(window, lambda: ("Bo", "you play like a turnip") in lines_of(view), what="Bo's answer")
    key(window, arcade.key.ESCAPE)  # the keyboard back to the screen; the screen stays
    assert not view.chat.chat.open and window.current_view is view
    shoot(window, tmp_path / "tournament-chat.png")

    # Bo's row of the standings: Report (his newest line), then Mute.
    row = next(r for r, user, name in view.standing_rows if name == "Bo")
    click(window, *row.rect.center)
    pump(window, 2)
    assert view.picked == (bo.client.user["id"], "Bo")
    click_on(window, view, "report-player")
    pump_until(window, lambda: view.chat.chat.note == "Bo's line was reported to the operator.", what="the report")
    (report,) = queued(server)
    assert (report["line"]["text"], report["room"], report["place"]) == ("you play like a turnip", "tournament", tid)
    shoot(window, tmp_path / "tournament-chat-report.png")
    click_on(window, view, "mute-player")
    pump_until(window, lambda: view.chat.chat.note == "Bo is muted: their lines are hidden.", what="the mute")
    assert lines_of(view) == [("Tester", "hello from the rail")]
    # Eve said nothing: there is no line of hers to report, and nothing is queued.
    row = next(r for r, user, name in view.standing_rows if name == "Eve")
    click(window, *row.rect.center)
    click_on(window, view, "report-player")
    pump(window, 2)
    assert view.chat.chat.problem == "Nothing of Eve's to report: only a line they said here can be reported."
    assert view.toast == view.chat.chat.problem  # said in the panel and as a toast
    assert len(queued(server)) == 1

    # The operator mutes Tester in chat: told at once, and why; a line is then refused with it.
    warden.request("admin", key=key_text, op="silence", name="Tester", reason="spamming the lobby").result(10)
    pump_until(window, lambda: view.chat.chat.problem == "The operator muted you in chat: spamming the lobby",
               what="the operator's chat mute")
    assert view.toast == "The operator muted you in chat: spamming the lobby"
    click(window, chat.left + chat.width / 2, chat.bottom + chat.height / 2)
    type_text(window, "why?")
    key(window, arcade.key.ENTER)
    pump_until(window, lambda: (view.chat.chat.problem or "").startswith("the operator muted you in chat"),
               what="the refused line")
    assert "spamming the lobby" in view.chat.chat.problem
    pump(window, 2)
    shoot(window, tmp_path / "tournament-chat-muted.png")
    key(window, arcade.key.ESCAPE)


def test_the_chat_and_the_standings_fit_the_smallest_window(window, online, tmp_path):
    from client.play.settings import MIN_WINDOW
    from client.views.online.tournaments import TournamentsView

    server, connect, key_text = online
    warden, bo, me = connect("Warden"), connect("Bo"), connect("Tester")
    cup = warden.call("create_tournament", key_text, "Small Cup", 1800, start_in=3600, map="Cinder Ford").result(10)
    bo.call("join_tournament", cup["id"]).result(10)
    bo.call("chat", "tournament", "a rather long line to see how the panel wraps it at this width", tournament=cup["id"]
            ).result(10)
    window.set_size(*MIN_WINDOW)
    try:
        pump(window, 3)
        lobby = open_lobby(window, me)
        click_on(window, lobby, "tab-tournaments")
        view = window.current_view
        assert isinstance(view, TournamentsView)
        pump_until(window, lambda: view.chat is not None and view.chat.chat.lines, what="the lobby's recent lines")
        assert view.chat_rect().left >= view.table.rect.right and view.chat_rect().right <= window.width
        assert_fits(window, view)
        shoot(window, tmp_path / "tournament-chat-small.png")
    finally:
        window.set_size(1280, 800)
        pump(window, 3)


def test_a_banned_player_is_told_why_on_the_tournaments_tab(window, online, tmp_path):
    from client.views.online.tournaments import TournamentsView

    server, connect, key_text = online
    warden, me = connect("Warden"), connect("Tester")
    warden.call("create_tournament", key_text, "Strict Cup", 1800, start_in=3600, map="Cinder Ford").result(10)
    lobby = open_lobby(window, me)
    click_on(window, lobby, "tab-tournaments")
    view = window.current_view
    assert isinstance(view, TournamentsView)
    pump_until(window, lambda: view.chat is not None, what="the event and its lobby")
    warden.request("admin", key=key_text, op="ban", name="Tester", reason="abusive in the lobby").result(10)
    told = "the server refused the connection: this account is banned from this server: abusive in the lobby"
    pump_until(window, lambda: view.connection_note == told, what="the refused connection")
    assert view.toast == "This account is banned from this server: abusive in the lobby."
    pump(window, 2)
    shoot(window, tmp_path / "tournament-banned.png")
