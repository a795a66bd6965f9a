"""Saved games on screen: the Resume list (newest first, resume, delete with a confirm, damaged
files), a client killed mid-game and resumed at the same turn, SIGTERM saving and closing, the
chronicle told again after a resume, the editor's test game kept."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import arcade
import pytest
from game_screen_support import key, pump_until
from gui_support import click, pump
from saved_games_support import GOLD, SILVER, play_a_turn, start_skirmish

from client.play import autosave, savegame

SHOTS = Path(os.environ.get("SCRYPTIC_SHOTS", "/tmp/saves-shots"))
CHILD = Path(__file__).parent / "saving_child.py"


@pytest.fixture(autouse=True)
def no_saves(window):
    """Each test starts with no saved game (the module's settings folder is its own)."""
    autosave.WRITER.flush()
    for game in savegame.list_saves():
        savegame.delete(game.path)
    window.navigator.go_menu()
    pump(window)
    yield
    autosave.WRITER.flush()


def shot(window, name: str) -> Path:
    pump(window, 2)
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    arcade.get_image(0, 0, window.width, window.height).save(path)
    return path


def open_list(window):
    from client.views.menus.main import MainMenuView
    from client.views.menus.saved_games import SavedGamesView

    window.navigator.go_menu()
    pump(window, 2)
    menu = window.current_view
    assert isinstance(menu, MainMenuView)
    click(window, *menu.buttons["resume"].rect.center)
    listed = window.current_view
    assert isinstance(listed, SavedGamesView)
    pump(window, 2)
    return listed


def leave_to_menu(window, view) -> None:
    key(window, arcade.key.ESCAPE)
    key(window, arcade.key.L)
    key(window, arcade.key.Y)


def test_two_games_are_listed_newest_first_and_both_resume_where_they_were(window):
    from client.views.game.view import GameView

    first = start_skirmish(window, seed=31, map_name="cinder-ford", level=1)
    first.session.paused = True
    leave_to_menu(window, first)
    second = start_skirmish(window, seed=32, map_name="hollowmere", level=3)
    play_a_turn(window, second)
    second_turn, second_rack = second.session.game.turn, list(second.session.game.racks[GOLD])
    leave_to_menu(window, second)
    assert "2 games saved" in window.current_view.buttons["resume"].text
    shot(window, "main-menu-resume")
    listed = open_list(window)
    rows = [(g.title, g.opponent, g.turn) for g in listed.games]
    assert rows == [("Hollowmere", "Computer (Marshal)", second_turn), ("Cinder Ford", "Computer (Squire)", 1)]
    shot(window, "saved-games-list")
    click(window, *listed.buttons["resume-1"].rect.center)  # the older one, with the mouse
    resumed = window.current_view
    assert isinstance(resumed, GameView) and resumed.session.game.turn == 1
    assert resumed.session.game.map.name == "Cinder Ford"
    resumed.session.paused = True
    leave_to_menu(window, resumed)
    listed = open_list(window)
    assert [g.title for g in listed.games] == ["Cinder Ford", "Hollowmere"], "the game played last comes first"
    for _ in range(3):  # the keyboard: Resume and Delete of the first row, then the second row's Resume...
        key(window, arcade.key.DOWN)
    assert listed.nav.focused is listed.buttons["resume-1"]
    shot(window, "saved-games-keyboard")
    key(window, arcade.key.ENTER)  # ...which Enter presses
    resumed = window.current_view
    assert isinstance(resumed, GameView)
    assert (resumed.session.game.turn, resumed.session.game.racks[GOLD]) == (second_turn, second_rack)
    resumed.session.paused = True
    leave_to_menu(window, resumed)


def test_the_chronicle_after_a_resume_is_the_one_written_during_play(window):
    from client.views.game.view import GameView

    view = start_skirmish(window, seed=33)
    word = play_a_turn(window, view)
    told = [text for text, _colour in view.log]
    assert f"Tester lays {word.upper()}" in told
    leave_to_menu(window, view)
    listed = open_list(window)
    click(window, *listed.buttons["resume-0"].rect.center)
    resumed = window.current_view
    assert isinstance(resumed, GameView) and resumed is not view
    resumed.session.paused = True
    pump(window, 3)
    assert [text for text, _colour in resumed.log] == told
    assert resumed.move_marks.commits == view.move_marks.commits, "the last move's marks come back too"
    shot(window, "resumed-chronicle")
    leave_to_menu(window, resumed)


def test_delete_asks_first_and_then_the_game_leaves_the_list(window):
    for seed in (41, 42):
        view = start_skirmish(window, seed=seed)
        view.session.paused = True
        leave_to_menu(window, view)
    listed = open_list(window)
    doomed = listed.games[0].path
    click(window, *listed.buttons["delete-0"].rect.center)
    assert listed.confirming is not None and "confirm-delete" in listed.buttons
    shot(window, "saved-games-delete-confirm")
    key(window, arcade.key.N)  # No: nothing is deleted
    assert listed.confirming is None and doomed.exists() and len(listed.games) == 2
    click(window, *listed.buttons["delete-0"].rect.center)
    click(window, *listed.buttons["confirm-delete"].rect.center)
    assert not doomed.exists() and [g.path for g in listed.games] != [doomed] and len(listed.games) == 1


def test_a_damaged_save_is_listed_as_damaged_and_the_others_still_resume(window):
    from client.views.game.view import GameView

    view = start_skirmish(window, seed=51)
    view.session.paused = True
    leave_to_menu(window, view)
    (savegame.saves_dir() / "game-20240101-000000-dead00.json").write_text('{"format": 2, "title": "Anvi')
    listed = open_list(window)
    damaged = [g for g in listed.games if g.damaged]
    assert len(damaged) == 1 and "not JSON" in damaged[0].problem
    index = listed.games.index(damaged[0])
    assert listed.buttons[f"resume-{index}"].disabled and not listed.buttons[f"delete-{index}"].disabled
    shot(window, "saved-games-damaged")
    good = next(i for i, g in enumerate(listed.games) if not g.damaged)
    click(window, *listed.buttons[f"resume-{good}"].rect.center)
    assert isinstance(window.current_view, GameView)
    window.current_view.session.paused = True
    leave_to_menu(window, window.current_view)


def test_many_games_are_paged_and_none_is_dropped(window):
    writer = autosave.SaveWriter()
    from client.play.session import LocalSession, Seat
    from shared.maps.files import load_map

    for seed in range(14):
        session = LocalSession.new(load_map("anvil"), "standard", window.lexicon, seed=seed,
                                   gold=Seat(GOLD, "Ann", True), silver=Seat(SILVER, f"Bob {seed}", True))
        autosave.keep(session, writer)
    writer.flush()
    listed = open_list(window)
    per_page = listed.page_rows
    assert listed.pages == -(-14 // per_page) > 1
    seen = []
    for _ in range(listed.pages):
        seen += [g.path for g in listed.games[listed.page * per_page:(listed.page + 1) * per_page]]
        key(window, arcade.key.PAGEDOWN)
    assert len(set(seen)) == 14
    key(window, arcade.key.PAGEUP)
    shot(window, "saved-games-paged")


def run_child(mode: str) -> tuple[subprocess.Popen, dict]:
    """Start the child client; return it and what it said once its turn was played and saved."""
    proc = subprocess.Popen([sys.executable, str(CHILD), mode], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=dict(os.environ))
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stdout], [], [], 1.0)
        if ready:
            line = proc.stdout.readline()
            if line:
                return proc, json.loads(line)
        if proc.poll() is not None:
            break
    proc.kill()
    pytest.fail(f"the child client never reported its turn: {proc.stderr.read()[-2000:]}")


def board_of(game) -> dict:
    return {str(int(p)): sorted([r, c, ch] for (r, c), ch in game.board.letters[p].items()) for p in (GOLD, SILVER)}


def test_a_client_killed_after_a_turn_resumes_that_exact_turn(window):
    from client.views.game.view import GameView

    proc, state = run_child("kill")
    os.kill(proc.pid, signal.SIGKILL)
    assert proc.wait(30) == -signal.SIGKILL
    listed = open_list(window)
    assert [str(g.path) for g in listed.games] == [state["slot"]]
    click(window, *listed.buttons["resume-0"].rect.center)
    resumed = window.current_view
    assert isinstance(resumed, GameView)
    resumed.session.paused = True
    game = resumed.session.game
    assert game.turn == state["turn"] and board_of(game) == state["letters"]
    assert list(game.racks[GOLD]) == state["rack"]
    pump(window, 2)
    assert f"Tester lays {state['word'].upper()}" in [text for text, _colour in resumed.log], "the chronicle tells the word"
    leave_to_menu(window, resumed)


def test_sigterm_saves_and_closes_the_client_like_its_close_button(window):
    proc, state = run_child("term")
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err[-2000:]
    assert out.strip().endswith("closed"), "the client went through its normal closing"
    (entry,) = savegame.list_saves()
    assert str(entry.path) == state["slot"] and entry.turn == state["turn"]


def test_the_editors_test_game_is_kept_as_its_leave_question_says(window):
    from client.editor.view import EditorView
    from client.views.game.view import GameView

    editor = EditorView(str(Path(__file__).parent / "editor_sample.map"))
    window.show_view(editor)
    pump(window, 2)
    editor.play("gold", 1, "standard")
    game = window.current_view
    assert isinstance(game, GameView) and game.session.origin == "editor"
    game.session.paused = True
    key(window, arcade.key.ESCAPE)
    key(window, arcade.key.L)
    assert game.dialog.question == "Back to the editor? The test game is kept: resume it from the main menu."
    key(window, arcade.key.Y)
    assert window.current_view is editor
    (entry,) = savegame.list_saves()
    assert entry.path == game.session.save_slot and entry.turn == 1
    resumed = savegame.load(window.lexicon, entry.path)
    assert resumed.game.view(GOLD) == game.session.game.view(GOLD)


def test_the_guided_game_and_pictures_of_games_are_not_kept(window):
    from client.capture import sample_session
    from client.views.game.view import GameView

    window.navigator.go_tutorial()
    pump(window, 2)
    assert isinstance(window.current_view, GameView) and window.current_view.session.save_slot is None
    window.show_view(GameView(sample_session("cinder-ford", window.lexicon)))  # what `scryptic screenshot` does
    pump(window, 2)
    autosave.WRITER.flush()
    assert savegame.list_saves() == []


def test_a_resumed_chronicle_still_opens_with_who_moved_first(window):
    from client.play.session import LocalSession, Seat
    from client.views.game.view import GameView
    from shared.maps.files import load_map

    session = LocalSession.new(load_map("cinder-ford"), "standard", window.lexicon, seed=61, ai_delay=0.0,
                               first=SILVER, gold=Seat(GOLD, "Tester", True),
                               silver=Seat(SILVER, "Computer (Squire)", False, 1))
    window.navigator.start_game(session)
    view = window.current_view
    pump_until(window, lambda: session.game.actor == GOLD and not session.thinking and not view.animator.busy,
               timeout=60, what="the computer's first move")
    told = [text for text, _colour in view.log]
    assert told[0] == "Cinder Ford: Computer (Squire) to move"
    leave_to_menu(window, view)
    listed = open_list(window)
    click(window, *listed.buttons["resume-0"].rect.center)
    resumed = window.current_view
    assert isinstance(resumed, GameView)
    resumed.session.paused = True
    assert [text for text, _colour in resumed.log] == told
    leave_to_menu(window, resumed)


def test_a_save_that_fails_is_told_in_the_game_and_on_the_main_menu(window, tmp_path):
    from client.play.session import LocalSession, Seat
    from client.views.menus.main import MainMenuView
    from shared.maps.files import load_map

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the saves folder should be")
    session = LocalSession.new(load_map("cinder-ford"), "standard", window.lexicon, seed=71, ai_delay=0.0,
                               gold=Seat(GOLD, "Tester", True), silver=Seat(SILVER, "Computer (Squire)", False, 1))
    session.save_slot = blocker / "game.json"  # cannot be written
    window.navigator.start_game(session)
    view = window.current_view
    autosave.WRITER.flush()
    key(window, arcade.key.E, arcade.key.MOD_CTRL)  # a pass: the screen shows the update, then tells
    pump_until(window, lambda: any("could not be saved" in text for text, _c in view.log), what="the failure told")
    assert view.error.startswith("A game could not be saved (turn ")
    session.paused = True
    leave_to_menu(window, view)
    menu = window.current_view
    assert isinstance(menu, MainMenuView)
    assert menu.toast.startswith("A game could not be saved (turn ") and "more)" in menu.toast
    shot(window, "main-menu-save-failed")
