"""The analysis board's logic without a window: the background runner, the session you jump about
in and try a turn with, the better turn's ghost coins, the lessons' choice of turns, the layout.

The search is timed, so its findings may differ from run to run: these tests check the shape of
what comes back and what follows from it, never particular chances or labels of a real game.
"""

from __future__ import annotations

import msgspec

import dataclasses
import json
from pathlib import Path

import pytest

from client.play.analysis_board import (better_turn, challenges, count_words, gold_curve, judge_try, label_counts,
                                   last_turn_cells, lesson_intro, played_summary)
from client.play.analysis_runner import AnalysisRunner, judge_in_background
from client.play.analysis_session import AnalysisSession
from client.play.session import Rejected, Update
from client.views.analysis.layout import GraphGeometry, analysis_layout, lesson_layout
from client.views.layout import Rect
from shared.analysis import GameNotOver, TurnReport, split_turns
from shared.rules.actions import EndTurn
from shared.rules.record import parse_record
from shared.rules.terrain import Player

RECORD = Path(__file__).parent / "data" / "analysis" / "warlord-squire-g4-s1-0002-war-cinder-ford-seed75002.jsonl"
WAIT = 120.0  # seconds at most for the worker (a quick analysis of this game takes 2-5 s)


@pytest.fixture(scope="module")
def lexicon():
    from shared.words.dictionary import load_dictionary

    return load_dictionary()


@pytest.fixture(scope="module")
def record():
    return parse_record(RECORD.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def turns(record, lexicon):
    return split_turns(record, lexicon)


def report(number: int, player: int, *, loss: float = 0.0, label: str | None = None, before: float = 0.5,
           after: float = 0.5, best: float | None = None, differs: bool = True) -> TurnReport:
    best_chance = after + loss if best is None else best
    return TurnReport(number=number, player=player, played=[{"type": "end_turn", "player": player}],
                      played_summary="lays CAT, ends the turn", chance_before=before, chance_after=after,
                      best=[{"type": "commit"}] if differs else [{"type": "end_turn", "player": player}],
                      best_summary="lays DOG, ends the turn", chance_best=best_chance, loss=loss, label=label,
                      accuracy=100.0)


# ---------------------------------------------------------------- the runner
def test_the_runner_hands_over_every_turn_in_order_then_the_summary(record, lexicon):
    runner = AnalysisRunner(record, lexicon, "quick")
    assert runner.progress_text() == "The analysis has not started"
    runner.pause()  # held after the first turn: the first result is there before the rest
    runner.start()
    while not runner.reports:
        assert runner.wait(WAIT) or runner.total is not None, "nothing came from the worker"
    turns, _ = split_turns(record, lexicon)
    assert runner.total == len(turns) == 13
    assert len(runner.reports) == 1 and runner.reports[0].number == turns[0].number
    assert not runner.done and runner.running
    assert runner.wait(0.3) == 0, "a paused worker hands nothing more over"
    assert runner.progress_text() == "Analysis paused at turn 1 of 13"
    runner.resume()
    while not runner.done:
        runner.wait(WAIT)
        assert runner.error is None
    assert [r.number for r in runner.reports] == [t.number for t in turns]
    assert [r.player for r in runner.reports] == [int(t.player) for t in turns]
    assert len(runner.summary.graph) == len(turns) + 1
    assert gold_curve(runner.reports, len(turns)) == pytest.approx(runner.summary.graph, abs=1e-3)
    assert runner.progress_text() == "Analysed: 13 turns at quick depth"
    assert runner.join(WAIT) and not runner.running


def test_a_stopped_runner_ends_and_an_unfinished_game_is_an_error(record, lexicon):
    runner = AnalysisRunner(record, lexicon, "quick")
    runner.pause()
    runner.start()
    while not runner.reports:
        runner.wait(WAIT)
    runner.stop()
    assert runner.join(WAIT), "the worker ends once stopped, even while paused"
    runner.poll()
    assert len(runner.reports) == 1 and not runner.done

    unfinished = dataclasses.replace(record, actions=record.actions[:6], end=None)
    failed = AnalysisRunner(unfinished, lexicon, "quick").start()
    while failed.error is None:
        failed.wait(WAIT)
    assert "not over" in failed.error
    assert failed.progress_text().startswith("The analysis failed")


def test_a_turn_tried_is_judged_in_the_background(turns):
    turn = turns[0][7]
    future = judge_in_background(turn.start, turn.actions, "quick", seed=75002)
    judged = future.result(WAIT)
    assert judged.number == turn.number and judged.player == int(turn.player)
    assert judged.played == turn.actions
    assert 0.0 <= judged.chance_after <= 1.0


# ---------------------------------------------------------------- the session
def test_the_session_jumps_to_any_turn_and_the_end(record, lexicon, turns):
    session = AnalysisSession(record, lexicon, names={1: "Ann", 2: "Bob"})
    all_turns, final = turns
    assert session.total == len(all_turns) and session.title == "Analysis: Cinder Ford"
    assert [session.seats[p].name for p in Player] == ["Ann", "Bob"]
    session.seek(7)
    (update,) = session.poll()
    assert isinstance(update, Update) and update.resync and update.events == []
    assert update.view.turn == all_turns[7].number and update.view.to_move == int(all_turns[7].player)
    assert session.viewer() is None and update.view.players["2"].rack is None
    session.seek(99)
    assert session.index == session.total and msgspec.to_builtins(session.poll()[0].view.result) == final.result.to_dict()
    session.submit(EndTurn(Player.GOLD))
    assert isinstance(session.poll()[0], Rejected), "no action outside a trial"


def test_a_trial_takes_the_movers_actions_and_knows_when_the_turn_is_over(record, lexicon, turns):
    from shared.rules.actions import action_from_dict

    session = AnalysisSession(record, lexicon)
    turn = next(t for t in turns[0] if any(a.get("type") == "order_defence" for a in t.actions))
    index = turns[0].index(turn)
    session.seek(index, trial=True)
    assert session.viewer() == turn.player and session.trial_open
    assert session.poll()[0].view.player(turn.player).rack, "the mover's rack is shown"
    mine = [a for a in turn.actions if a["player"] == int(turn.player)]
    for data in mine:
        session.submit(action_from_dict(data))
    assert session.trial_over
    # The defender's orders were added as the engine's best, which the record's defender chose too.
    assert session.trial_actions == turn.actions
    updates = session.poll()
    assert all(isinstance(u, Update) for u in updates) and len(updates) == len(mine)
    session.submit(action_from_dict(mine[0]))
    assert isinstance(session.poll()[0], Rejected), "the turn tried is over"
    session.seek(index, trial=True)
    assert session.trial_actions == [] and not session.trial_over


def test_an_unfinished_game_cannot_be_analysed(record, lexicon):
    with pytest.raises(GameNotOver):
        AnalysisSession(dataclasses.replace(record, actions=record.actions[:6], end=None), lexicon)


# ---------------------------------------------------------------- what the board shows
def test_the_better_turn_as_ghost_coins_lifted_words_and_fallen_letters(turns):
    all_turns, _ = turns
    eighth = all_turns[7]  # silver lays THY, then LI
    ghosts = better_turn(eighth.start, eighth.actions)
    placed = {(r, c): ch for a in eighth.actions if a["type"] == "commit" for r, c, ch in a["placements"]}
    assert ghosts.added == placed and ghosts.player == Player.SILVER
    assert sorted(set(ghosts.order.values())) == [1, 2] and ghosts.words == ["THY", "LI"]
    assert ghosts.cells == set(last_turn_cells(eighth.start, all_turns[8].start, Player.SILVER))
    third = all_turns[2]  # gold lays AA, lifts UREDIA, lays DURA, attacks with VIREO
    ghosts = better_turn(third.start, third.actions)
    assert ghosts.lifted, "the lifted word is marked"
    assert ghosts.removed and all(owner == Player.SILVER for owner in ghosts.removed.values())
    assert not ghosts.cells & ghosts.lifted
    # An action the rules refuse ends the play-out there.
    assert better_turn(eighth.start, [{"type": "commit", "player": 2, "placements": [[0, 0, "q"]],
                                       "direction": "across"}]).added == {}


def test_the_lessons_go_through_the_worst_mistakes_and_blunders_first():
    reports = [report(1, 1, loss=0.12, label="mistake"), report(2, 2, loss=0.3, label="blunder"),
               report(3, 1, loss=0.06, label="inaccuracy"), report(4, 2, loss=0.12, label="mistake"),
               report(5, 1, loss=0.2, label="blunder", differs=False), report(6, 1, loss=0.16, label="blunder")]
    assert challenges(reports, None) == [1, 5, 0, 3]
    assert challenges(reports, Player.GOLD) == [5, 0]
    assert challenges(reports, Player.SILVER) == [1, 3]
    assert label_counts(reports, 1) == {"inaccuracy": 1, "mistake": 1, "blunder": 2}
    assert count_words(label_counts(reports, 1)) == "2 blunders, 1 mistake, 1 inaccuracy"
    assert count_words(label_counts([], 1)) == "no mistakes"


def test_gold_curve_and_the_lessons_words():
    reports = [report(1, 1, before=0.5, after=0.6), report(2, 2, before=0.4, after=0.3, loss=0.2, label="blunder")]
    assert gold_curve(reports, 5) == pytest.approx([0.5, 0.6, 0.7])
    assert gold_curve([], 5) == []
    blunder = reports[1]
    assert lesson_intro(blunder, {1: "Ann", 2: "Bob"}, Player.SILVER).startswith(
        "You played: lays CAT. Your win chance went 40% \u2192 30%, 20 points below a better turn's.")
    assert lesson_intro(blunder, {1: "Ann", 2: "Bob"}, None).startswith("Bob played")
    assert judge_try(blunder, dataclasses.replace(blunder, chance_after=0.5))[0] == "best"
    assert judge_try(blunder, dataclasses.replace(blunder, chance_after=0.4))[0] == "better"
    assert judge_try(blunder, dataclasses.replace(blunder, chance_after=0.2))[0] == "worse"


def test_played_summary_before_the_analysis(turns):
    assert played_summary(turns[0][7]) == "lays THY, lays LI"


def test_the_layouts_tile_and_the_graph_maps_columns_to_turns():
    lay = analysis_layout(1280, 800)
    assert lay.tiles(1280, 800)
    assert lay.tray.right < lay.buttons.left and lay.buttons.right <= lay.rack.right
    lesson, scroll = lesson_layout(1280, 800, 7)
    assert scroll.right == lesson.board.left and scroll.left == 0
    geo = GraphGeometry(Rect(100, 20, 270, 100), 13)
    assert geo.x(0) == 100 and geo.x(13) == pytest.approx(100 + 13 * geo.step) and geo.step == pytest.approx(20)
    for position in range(14):
        left, right = geo.column(position)
        assert geo.position_at((left + right) / 2, 70) == position
    assert geo.position_at(50, 70) is None and geo.position_at(200, 300) is None
    assert geo.y(0.5) == 70 and geo.y(2) == 120


def test_an_online_game_s_analysis_comes_from_its_server_as_made_there(record, lexicon):
    from concurrent.futures import Future

    from client.play.analysis_runner import ServerAnalysis
    from shared.analysis import analyse_game

    made = analyse_game(record, lexicon, "quick")
    given: Future = Future()
    given.set_result(json.loads(json.dumps(made.to_dict())))  # as the wire carries it
    asked = []
    runner = ServerAnalysis(record, lexicon, lambda: asked.append(1) or given, "normal").start()
    assert runner.join(WAIT), "the server's analysis was not handed over"
    runner.poll()
    assert asked == [1] and runner.source == "server" and runner.depth == "quick"
    assert runner.reports == made.turns
    assert (runner.summary.graph, runner.summary.accuracy, runner.summary.labels, runner.summary.turning) == (
        made.graph, made.accuracy, made.labels, made.turning)


def test_an_online_game_the_server_will_not_analyse_is_analysed_here(record, lexicon):
    from concurrent.futures import Future

    from client.play.analysis_runner import ServerAnalysis
    from client.net.errors import ServerError

    refused: Future = Future()
    refused.set_exception(ServerError("analysis_off", "this server does not analyse games"))
    runner = ServerAnalysis(record, lexicon, lambda: refused, "quick").start()
    assert runner.join(WAIT), "the analysis made here did not end"
    runner.poll()
    assert runner.error is None and runner.source == "here"
    assert runner.refusal == "this server does not analyse games"
    assert len(runner.reports) == runner.total and runner.reports[0].number == 1
