"""The analysis board in a real window (Xvfb + Mesa), driven by dispatched mouse and key events.

The analysis runs in the background while the screen takes input; the win-chance graph is drawn
and a click on it jumps to that turn; the better turn's ghost coins are drawn at its placements;
"Learn from your mistakes" shows a challenge, reveals the answer, judges a turn tried; and the
board opens from the end-of-game screen and from the end of a replay. The game is a short one
(13 turns) analysed at the quick depth (a few seconds).

The search is timed, so its findings (labels, better turns) may differ from run to run: the tests
take whatever the analysis found and check the screen against it. Screenshots go to the folder
in ``ANALYSIS_SHOTS`` if set (else a temporary folder).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui

if not os.environ.get("DISPLAY"):
    pytest.skip("needs a display (run under xvfb-run)", allow_module_level=True)

import arcade
import numpy as np
from game_screen_support import frame_image, key, pump_until, region
from gui_support import click, click_widget, find_button, pump

from shared.rules.terrain import Player

RECORD = (Path(__file__).parents[1] / "data" / "analysis"
          / "warlord-squire-g4-s1-0002-war-cinder-ford-seed75002.jsonl")
NAMES = {1: "Gold", 2: "Silver"}
ANALYSIS_WAIT = 180.0  # seconds at most for the whole quick analysis (2-5 s on an idle machine)


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    folder = Path(os.environ.get("ANALYSIS_SHOTS") or tmp_path_factory.mktemp("analysis-shots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def save(window, shots: Path, name: str) -> None:
    pump(window)
    arcade.get_image(0, 0, window.width, window.height).save(shots / name)


@pytest.fixture(scope="module")
def analysed(window):
    """The analysis board of the short game, its analysis finished (shared by the tests)."""
    window.navigator.go_analysis(RECORD.read_text(encoding="utf-8"), names=NAMES, depth="quick",
                                 back=window.navigator.go_menu)
    view = window.current_view
    pump_until(window, lambda: view.runner.done, timeout=ANALYSIS_WAIT, what="the analysis")
    assert view.runner.error is None
    return view


def fresh(window, analysed, owner=None):
    """A new board on the same finished analysis (no waiting), shown at the first turn."""
    from client.play.analysis_session import AnalysisSession
    from client.views.analysis.view import AnalysisView

    session = AnalysisSession(analysed.session.record, window.lexicon, names=NAMES)
    view = AnalysisView(session, owner=owner, depth="quick", back=window.navigator.go_menu, runner=analysed.runner)
    window.show_view(view)
    pump(window, 3)
    return view


def worst_turn(view) -> int:
    """The turn of the largest loss with a better turn that lays letters."""
    from client.play.analysis_board import better_turn

    found = [i for i, r in enumerate(view.runner.reports)
             if r.best_differs and better_turn(view.session.position(i), r.best).added]
    assert found, "the analysis found a better turn somewhere in this game"
    return max(found, key=lambda i: view.runner.reports[i].loss)


def cell_patch(img, board, cell, frac: float = 0.3) -> np.ndarray:
    x, y = board.cell_to_screen(cell)
    k = max(3, int(board.cell_pixels * frac))
    row, col = int(img.shape[0] - y), int(x)
    return img[row - k:row + k, col - k:col + k].reshape(-1, 3)


# ---------------------------------------------------------------- the analysis and its graph
def test_the_analysis_runs_in_the_background_while_the_board_takes_input(window, shots):
    from client.views.analysis.view import AnalysisView

    window.navigator.go_analysis(RECORD.read_text(encoding="utf-8"), names=NAMES, depth="quick",
                                 back=window.navigator.go_menu)
    view = window.current_view
    assert isinstance(view, AnalysisView) and view.depth == "quick"
    view.runner.pause()  # held after the turn it is searching: the rest waits, whatever the machine's speed
    pump_until(window, lambda: view.runner.reports, timeout=ANALYSIS_WAIT, what="the first turn's report")
    total = view.session.total
    assert not view.runner.done, "the first report shows before the whole game is analysed"
    assert f"turn 1 of {total}" in view.header.shown[2], "the header shows the progress"
    key(window, arcade.key.RIGHT)  # the screen answers while the worker searches
    assert view.session.index == 1 and view.headline() == f"Turn 2 of {total}: Silver"
    save(window, shots, "analysis-running.png")
    view.runner.resume()
    pump_until(window, lambda: view.runner.done, timeout=ANALYSIS_WAIT, what="the whole analysis")
    assert len(view.runner.reports) == total and view.status_text == ""


def test_the_graph_is_drawn_and_a_click_on_it_jumps_to_that_turn(window, analysed, shots):
    from client.play.analysis_board import gold_curve

    view = fresh(window, analysed)
    geo = view.band.geometry()
    curve = gold_curve(view.runner.reports, view.session.total)
    assert len(curve) == view.session.total + 1
    img = frame_image(window)
    plot = region(img, geo.plot.left, geo.plot.bottom, geo.plot.width, geo.plot.height)
    assert plot.std() > 12, "the graph is drawn"
    # Gold leads most of this game: the parchment between the line and the middle is gilded.
    lead = max(range(view.session.total), key=lambda i: curve[i] + curve[i + 1])
    x, y = geo.x(lead) + geo.step * 0.5, (geo.y(0.5) + geo.y((curve[lead] + curve[lead + 1]) / 2)) / 2
    r, g, b = region(img, x - 2, y - 2, 4, 4).reshape(-1, 3).mean(axis=0)
    assert r > 180 and r > b + 80, f"gold leaf under the line, got {(r, g, b)}"
    # Each labelled turn carries its gem, in its colour, on its stretch of the line.
    from client.ui import theme

    labelled = [i for i, rep in enumerate(view.runner.reports) if rep.label]
    assert labelled, "the analysis labelled some of the squire's turns"
    for i in labelled:
        gx, gy = geo.x(i) + geo.step / 2, geo.y((curve[i] + curve[i + 1]) / 2)
        colour = np.array(theme.LABEL_COLOURS[view.runner.reports[i].label][:3])
        patch = region(img, gx - 2, gy - 2, 4, 4).reshape(-1, 3)
        assert np.abs(patch - colour).sum(axis=1).min() < 90, f"turn {i + 1}'s gem is drawn"
    save(window, shots, "graph.png")

    target = labelled[-1]
    click(window, geo.x(target) + geo.step * 0.3, geo.plot.bottom + geo.plot.height * 0.2)
    pump(window, 2)
    assert view.session.index == target
    turn = view.session.turns[target]
    assert view.display.turn == turn.number and view.headline().startswith(f"Turn {turn.number} of")
    img = frame_image(window)
    left, right = geo.column(target)
    lit = region(img, left + 2, geo.plot.top - 6, right - left - 4, 4).reshape(-1, 3).mean(axis=0)
    other = region(img, geo.x(0) + 2, geo.plot.top - 6, geo.step - 4, 4).reshape(-1, 3).mean(axis=0)
    assert np.abs(lit - other).sum() > 20, "the column shown is lit"
    # The hover names the turn under the mouse.
    window.dispatch_event("on_mouse_motion", int(geo.x(0) + geo.step / 2), int(geo.plot.bottom + 10), 0, 0)
    pump(window)
    assert view.graph_hover == 0 and view.band.hover_words().startswith("Turn 1, Gold")
    # The end's half column, the keys and the list of turns.
    click(window, geo.plot.right - 2, geo.plot.bottom + geo.plot.height / 2)
    pump(window, 2)
    assert view.session.index == view.session.total and view.headline() == "The end of the game"
    assert view.display.result is not None
    key(window, arcade.key.LEFT)
    assert view.session.index == view.session.total - 1
    key(window, arcade.key.UP)
    assert view.session.index == max(i for i in labelled if i < view.session.total - 1)
    rect, position = view.side.list_rows()[0]
    click(window, rect.left + rect.width / 2, rect.bottom + rect.height / 2)
    pump(window, 2)
    assert view.session.index == position


def test_the_better_turn_is_drawn_as_ghost_coins_at_its_placements(window, analysed, shots):
    from client.play.analysis_board import better_turn

    view = fresh(window, analysed)
    index = worst_turn(view)
    view.jump(index)
    pump(window, 3)
    report = view.runner.reports[index]
    ghosts = view.better_shown()
    assert ghosts is not None and ghosts.added == better_turn(view.session.position(index), report.best).added
    placements = {(r, c): ch for a in report.best if a["type"] == "commit" for r, c, ch in a["placements"]}
    assert ghosts.added.items() <= placements.items(), "a ghost coin on each placement of the better turn"
    shown = frame_image(window)
    save(window, shots, "ghost-coins.png")
    key(window, arcade.key.B)
    assert view.better_shown() is None
    hidden = frame_image(window)
    board = view.board
    for cell in ghosts.added:
        diff = np.abs(cell_patch(shown, board, cell) - cell_patch(hidden, board, cell)).mean()
        assert diff > 20, f"a ghost coin at {cell} (mean change {diff:.1f})"
    marked = ghosts.cells | ghosts.lifted | set(ghosts.removed)
    quiet = next((r, c) for r in range(view.display.height) for c in range(view.display.width)
                 if all(abs(r - mr) > 2 or abs(c - mc) > 2 for mr, mc in marked))
    assert np.abs(cell_patch(shown, board, quiet) - cell_patch(hidden, board, quiet)).mean() < 2
    key(window, arcade.key.B)
    assert view.better_shown() is not None
    # The report box says what the better turn does; its words come from the analysis.
    assert view.runner.reports[index].best_summary


# ---------------------------------------------------------------- learn from your mistakes
def test_learn_from_your_mistakes_shows_a_challenge_then_the_answer(window, analysed, shots):
    from client.play.analysis_board import challenges
    from client.views.analysis.lesson import REVEALED, TRYING

    view = fresh(window, analysed)
    worst = challenges(view.runner.reports, None)
    assert worst, "the squire's mistakes make at least one challenge"
    click_widget(window, find_button(view, "learn"))
    pump(window, 3)
    lesson = view.lesson
    assert lesson is not None and lesson.index == worst[0] and lesson.phase == TRYING
    turn = view.session.turns[lesson.index]
    report = lesson.report
    assert view.session.index == lesson.index and view.viewer == turn.player and view.my_turn
    assert sorted(view.planner.rack) == sorted(turn.start.racks[turn.player]), "the mover's rack to try with"
    title, paragraphs = lesson.words()
    assert title == f"Turn {turn.number}: find a better turn"
    assert f"{round(report.loss * 100)} points below" in paragraphs[0][0] and "Find a better turn" in paragraphs[0][0]
    assert view.better_shown() is None, "the answer is hidden until asked for"
    before = frame_image(window)
    assert region(before, view.scroll_rect.left, view.scroll_rect.bottom, view.scroll_rect.width,
                  view.scroll_rect.height).std() > 20, "the lesson's scroll is drawn"
    save(window, shots, "lesson-challenge.png")

    click_widget(window, find_button(view, "lesson-answer"))
    pump(window, 3)
    assert lesson.phase == REVEALED and not view.my_turn
    ghosts = view.better_shown()
    assert ghosts is not None and ghosts.added
    after = frame_image(window)
    changed = [np.abs(cell_patch(after, view.board, c) - cell_patch(before, view.board, c)).mean()
               for c in ghosts.added]
    assert min(changed) > 20, f"the answer's ghost coins are drawn ({changed})"
    words = " ".join(text for text, _ in lesson.words()[1])
    assert "The better turn:" in words and f"keeps {round(report.chance_best * 100)}%" in words
    assert find_button(view, "lesson-answer").disabled
    save(window, shots, "lesson-answer.png")

    if len(lesson.indices) > 1:
        click_widget(window, find_button(view, "lesson-next"))
        pump(window, 2)
        assert lesson.number == 1 and view.session.index == lesson.indices[1] and lesson.phase == TRYING
    key(window, arcade.key.ESCAPE)
    assert view.lesson is None and view.viewer is None and view.session.index == lesson.index
    assert find_button(view, "learn") is not None


def test_a_turn_tried_in_a_lesson_is_judged(window, analysed, shots):
    from client.views.analysis.lesson import JUDGED

    view = fresh(window, analysed, owner=Player.SILVER)
    key(window, arcade.key.L)
    lesson = view.lesson
    assert lesson is not None and all(view.runner.reports[i].player == 2 for i in lesson.indices)
    report = lesson.report
    commit = next(a for a in report.best if a["type"] == "commit" and a["player"] == report.player)
    for (r, c, ch) in commit["placements"]:
        cell = (r, c)
        if view.planner.cursor != cell:
            x, y = view.board.cell_to_screen(cell)
            click(window, x, y)
        key(window, getattr(arcade.key, ch.upper()))
    assert view.planner.placed == {(r, c): ch for r, c, ch in commit["placements"]}
    if len(commit["placements"]) == 1 and view.planner.direction != commit["direction"]:
        key(window, arcade.key.SPACE)
    assert view.preview.ok, view.preview.error
    key(window, arcade.key.ENTER)
    pump_until(window, lambda: not view.animator.busy and not view.planner.placed, what="the commit")
    key(window, arcade.key.ENTER, arcade.key.MOD_SHIFT)  # end the turn: the try is judged
    pump_until(window, lambda: lesson.phase == JUDGED, timeout=ANALYSIS_WAIT, what="the judging")
    assert lesson.judge_error is None and lesson.tried is not None
    assert lesson.tried.played == view.session.trial_actions
    assert lesson.tried.played[0]["placements"] == commit["placements"]
    assert any(text.startswith("Your try") for text, _ in lesson.words()[1])
    save(window, shots, "lesson-judged.png")
    click_widget(window, find_button(view, "lesson-retry"))
    pump(window, 2)
    assert view.session.trial_open and view.my_turn and view.display.turn == view.session.turns[lesson.index].number
    key(window, arcade.key.ESCAPE)
    assert view.lesson is None


# ---------------------------------------------------------------- where it opens from
def test_the_end_screen_and_the_end_of_a_replay_open_the_analysis(window, analysed, monkeypatch):
    from client.play.replay import ReplaySession
    from client.play.session import LocalSession, Seat
    from client.views.analysis.view import AnalysisView
    from client.views.game.end import EndOfGameView
    from client.views.game.view import GameView

    monkeypatch.setattr(window.navigator, "analysis_depth", "quick")
    final = analysed.session.final.copy()  # pass and play, just finished
    seats = {p: Seat(p, NAMES[int(p)], True) for p in Player}
    game_view = GameView(LocalSession(final, seats, title="Pass and play"))
    window.navigator.show_game_over(game_view)
    end = window.current_view
    assert isinstance(end, EndOfGameView)
    pump(window, 2)
    click_widget(window, find_button(end, "analyse"))
    pump_until(window, lambda: isinstance(window.current_view, AnalysisView), what="the analysis board")
    board = window.current_view
    assert board.owner is None and board.learn_side is None, "pass and play: both sides' mistakes"
    assert board.session.record.actions == analysed.session.record.actions
    key(window, arcade.key.ESCAPE)
    assert window.current_view is end, "Escape goes back to the end screen"
    click_widget(window, find_button(end, "analyse"))
    pump_until(window, lambda: window.current_view is board, what="the same board again")
    key(window, arcade.key.ESCAPE)

    replay = ReplaySession.from_text(RECORD.read_text(encoding="utf-8"), window.lexicon, names=NAMES)
    replay_view = GameView(replay)
    window.show_view(replay_view)
    replay.seek(replay.total)
    pump_until(window, lambda: replay_view.buttons["replay-pause"].text == "Analyse", what="the end of the replay")
    click_widget(window, replay_view.buttons["replay-pause"])
    pump_until(window, lambda: isinstance(window.current_view, AnalysisView), what="the analysis of the replay")
    key(window, arcade.key.ESCAPE)
    assert window.current_view is replay_view
