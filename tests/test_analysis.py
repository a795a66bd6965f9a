"""Post-game analysis: labels, the best turn found, win chances, calibration, bad input."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from shared.ai.movegen import generate_commits
from shared.analysis import (AnalysisError, GameNotOver, analyse_game, analyse_turn, best_turn, get_depth,
                             label_for, load_model, turn_accuracy)
from shared.analysis.calibrate import measure
from shared.analysis.game_analysis import turning_points
from shared.rules.actions import Commit, EndTurn, OrderDefence, action_to_dict
from shared.rules.game import Game, PendingDefence
from shared.rules.lexicon import WordList
from shared.rules.presets import PRESETS
from shared.rules.record import RecordError, parse_record
from shared.tools.ascii import position

from rules_helpers import CATEGORIES, GOLD, LEXICON, SILVER, WORDS

WAR = PRESETS["war"]
DATA = Path(__file__).parent / "data" / "analysis"

LINE = """
. . . . . .
. G . . S .
. . . . . .
"""
WIDE = """
. . . . . . .
. . G . . S .
. . . . . . .
"""


def test_labels_follow_the_documented_thresholds():
    assert [label_for(x) for x in (0.0, 0.049, 0.05, 0.099, 0.10, 0.149, 0.15, 0.6)] == [
        None, None, "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]
    assert turn_accuracy(0.0) == 100.0
    assert round(turn_accuracy(0.10), 1) == 63.6 and round(turn_accuracy(0.30), 1) == 24.8


def test_a_turn_that_lets_the_last_city_fall_is_a_blunder_when_a_safe_turn_existed():
    # Gold's city is bare; silver's AR runs from its city toward it, and silver holds S and T:
    # STAR would land on gold's city and end the game. Gold ends the turn: silver wins at once.
    # DOG down through gold's city stops it: STAR (4) against DOG (5 x 2 on its city) falls.
    lexicon = WordList(WORDS + ["ar"], CATEGORIES)
    game = position(LINE, """
        . . . . . .
        . . . A R .
        . . . . . .
    """, lexicon, rules=WAR, racks={GOLD: "dog", SILVER: "st"})
    report = analyse_turn(game, [action_to_dict(EndTurn(GOLD))], "quick")
    assert report.label == "blunder" and report.loss >= 0.15
    assert report.best_differs and report.chance_best > report.chance_after
    covered = game.copy()
    for data in report.best:
        if data["type"] == "commit":
            covered.apply(Commit(GOLD, tuple(tuple(p) for p in data["placements"]), data.get("direction")))
    assert covered.board.letters[GOLD].get((1, 1)) is not None, "the better turn covers the city"
    # and the pass really lost: silver's best reply takes the city
    passed = game.copy()
    passed.apply(EndTurn(GOLD))
    reply = best_turn(passed, get_depth("quick"), random.Random(0))
    assert reply.game.result.winner == SILVER and reply.game.result.reason == "conquest"


def _winning_attacks(game: Game) -> tuple[int, list[Commit]]:
    attacks, wins = 0, []
    for commit in generate_commits(game, GOLD):
        trial = game.copy()
        events = trial.apply(commit)
        if isinstance(trial.pending, PendingDefence):
            events += trial.apply(OrderDefence(SILVER, trial.pending.suggested_order))
        if any(e.type == "word_committed" and e.attacks for e in events):
            attacks += 1
            if not any(e.type == "letters_removed" and e.reason == "attack failed" for e in events):
                wins.append(commit)
    return attacks, wins


def test_finds_the_one_winning_attack():
    # Of the eight attacks S, N and A make, only CATS (5) beats TO (2 x 2 on silver's city):
    # its S lands on the O and takes silver's only city.
    game = position(WIDE, """
        . . . . . T .
        . . c a t O .
        . . . . . . .
    """, LEXICON, rules=WAR, racks={GOLD: "sna", SILVER: "dog"})
    attacks, wins = _winning_attacks(game)
    assert attacks == 8 and wins == [Commit(GOLD, ((1, 5, "s"),), "across")]
    report = analyse_turn(game, [action_to_dict(EndTurn(GOLD))], "quick")
    assert report.best[0] == action_to_dict(wins[0])
    assert report.chance_best == 1.0 and report.loss == round(1.0 - report.chance_after, 4) > 0
    assert report.best_summary == "attacks with CATS"
    assert report.best_fights[0][-1] == "Gold takes the city at row 2, column 6 (+40 points)."
    played = analyse_turn(game, [action_to_dict(wins[0])], "quick")
    assert played.loss == 0.0 and played.label is None and played.accuracy == 100.0


def test_win_chances_of_a_finished_game_are_exact():
    model = load_model()
    game = position(LINE, """
        . . . . . .
        . c a t . .
        . . . . . .
    """, LEXICON, rules=WAR, racks={GOLD: "s", SILVER: "dog"})
    game.apply(Commit(GOLD, ((1, 4, "s"),), "across"))
    assert game.result.winner == GOLD
    assert model.win_chance(game, GOLD) == 1.0 and model.win_chance(game, SILVER) == 0.0


def test_a_win_chance_is_one_side_s_complement_of_the_other():
    record = parse_record((DATA / "held-out-0.jsonl").read_text())
    game = Game.new(record.game_map, record.rules, record.seed, _dictionary(), record.first)
    model = load_model()
    for data in record.actions[:40]:
        from shared.rules.actions import action_from_dict

        game.apply(action_from_dict(data))
        if game.pending is None:
            gold, silver = model.win_chance(game, GOLD), model.win_chance(game, SILVER)
            assert 0.0 < gold < 1.0 and gold + silver == pytest.approx(1.0)


def test_turning_points_are_the_largest_swings():
    graph = [0.5, 0.52, 0.9, 0.85, 0.3, 0.31, 0.45]
    assert turning_points(graph) == [3, 1, 5]  # -0.55, +0.38, +0.14; the small moves are not named


def _dictionary():
    from shared.words.dictionary import load_dictionary

    return load_dictionary()


def test_calibration_beats_the_score_difference_baseline_on_held_out_games():
    # Self-play games the shipped model was not fitted on (held out when it was fitted)
    records = [parse_record(p.read_text()) for p in sorted(DATA.glob("held-out-*.jsonl"))]
    assert len(records) >= 6
    figures = measure(load_model(), records, _dictionary())
    assert figures["test_positions"] > 200
    assert figures["brier"] < figures["baseline_brier"]
    assert figures["brier"] < 0.25  # better than a coin


def test_the_stronger_level_plays_more_accurately():
    # Seeded Warlord v Squire games: the Warlord's turns lose less win chance.
    dictionary = _dictionary()
    totals = {4: [], 1: []}
    for path in sorted(DATA.glob("warlord-squire-*.jsonl")):
        text = path.read_text()
        record = parse_record(text)
        levels = _levels(path.name)
        analysis = analyse_game(record, dictionary, "quick")
        for player, accuracy in analysis.accuracy.items():
            totals[levels[player]].append(accuracy)
    assert totals[4] and totals[1]
    assert sum(totals[4]) / len(totals[4]) > sum(totals[1]) / len(totals[1])


def _levels(name: str) -> dict[int, int]:
    """'warlord-squire-g4-s1-....jsonl' -> {1: 4, 2: 1}."""
    parts = name.split("-")
    gold = next(p for p in parts if p.startswith("g") and p[1:].isdigit())
    silver = next(p for p in parts if p.startswith("s") and p[1:].isdigit())
    return {1: int(gold[1:]), 2: int(silver[1:])}


def test_bad_input_is_refused_clearly():
    dictionary = _dictionary()
    record = parse_record((DATA / "held-out-0.jsonl").read_text())
    unfinished = parse_record(record.to_text())
    unfinished.actions = unfinished.actions[:10]
    unfinished.end = None
    with pytest.raises(GameNotOver, match="the game is not over"):
        analyse_game(unfinished, dictionary)
    broken = parse_record(record.to_text())
    broken.actions[3] = {"type": "commit", "player": 1, "placements": [[0, 0, "q"]]}
    with pytest.raises(RecordError, match="line 5"):
        analyse_game(broken, dictionary)
    with pytest.raises(ValueError, match="unknown analysis depth 'abyss'"):
        analyse_game(record, dictionary, "abyss")
    assert issubclass(GameNotOver, AnalysisError)


def test_the_command_prints_the_analysis_and_refuses_bad_records_in_one_line(tmp_path, capsys):
    from scryptic.cli import main

    record = DATA / "warlord-squire-g1-s4-0001-war-anvil-seed75001.jsonl"
    assert main(["analyse", str(record), "--depth", "quick", "--json"]) == 0
    analysis = json.loads(capsys.readouterr().out)
    assert analysis["depth"] == "quick" and analysis["result"]["winner"] == 2
    assert len(analysis["graph"]) == len(analysis["turns"]) + 1
    assert main(["analyse", str(record), "--depth", "quick"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Analysis at depth quick: silver wins by conquest")
    assert "gold: accuracy" in text and "silver: accuracy" in text
    unfinished = tmp_path / "unfinished.jsonl"
    lines = record.read_text().splitlines()
    unfinished.write_text("\n".join(lines[:6]) + "\n")
    assert main(["analyse", str(unfinished)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("scryptic analyse: ") and "the game is not over" in err and "\n" not in err
    assert main(["analyse", str(tmp_path / "missing.jsonl")]) == 2
    assert "missing.jsonl" in capsys.readouterr().err
