"""Self-play, the AI's command line, and the generator on real positions."""

from __future__ import annotations

import json
import pickle
import random
from fractions import Fraction

import pytest

from shared.ai import generate_commits
from scryptic.bench.movegen import reference_positions, sample_racks
from shared.ai.selfplay import GameSpec, match_specs, play_game
from shared.ai.selfplay_report import summarise
from shared.tools.ascii import map_from_ascii
from shared.maps.files import save_map
from shared.rules.record import parse_record
from shared.rules.replay import replay
from shared.rules.presets import PRESETS, STANDARD
from shared.rules.terrain import Player

GOLD, SILVER = Player.GOLD, Player.SILVER

TINY = """
. . . . . . . .
. G . . f . . .
. . . . . . . .
. . ~ * ~ . . .
. . . P . . . .
. . . . . . S .
. . . . . . . .
"""


@pytest.fixture(scope="module")
def dictionary():
    from shared.words.dictionary import load_dictionary

    return load_dictionary()


def test_every_generated_commit_is_accepted_on_the_reference_positions(dictionary):
    """Big boards, real words: the engine accepts every commit, and playing some out works."""
    rng = random.Random(3)
    for name, game in reference_positions(dictionary).items():
        player = game.actor
        rack = sample_racks(9, 1, seed=7)[0]
        game.racks[player] = list(rack)
        commits = list(generate_commits(game, player))
        assert commits, name
        for commit in commits:
            game.plan_commit(commit)
        for commit in rng.sample(commits, min(20, len(commits))):
            game.copy().apply(commit)


def test_a_self_play_game_is_recorded_and_replays(dictionary):
    spec = GameSpec(0, "tiny", STANDARD, seed=11, gold_level=2, silver_level=1)
    game_map = map_from_ascii(TINY, "tiny")
    summary = play_game(spec, game_map, dictionary, keep_record=True)
    assert summary.reason != "unfinished"
    assert summary.commits[1] > 0 and summary.commits[2] > 0
    replayed = replay(parse_record(summary.record), dictionary)
    assert replayed.result is not None and replayed.result.reason == summary.reason
    assert {int(p): s for p, s in replayed.scores().items()} == summary.scores
    assert summary.letters_left == {int(p): len(rack) for p, rack in replayed.racks.items()}
    report = summarise([summary], 2, 1)
    assert report["games"] == 1 and report["maps"]["tiny"]["games"] == 1
    assert sum(report["wins"].values()) + report["draws"] == 1


def test_the_war_counted_from_events_agrees_with_the_game(dictionary):
    """Two Squires on a tiny board fight; the tallies match the engine's own, and the
    summary survives a trip to a worker process (pickle)."""
    spec = GameSpec(0, "tiny", STANDARD, seed=3, gold_level=1, silver_level=1, availability_cap=20)
    summary = play_game(spec, map_from_ascii(TINY, "tiny"), dictionary, keep_record=True)
    game = replay(parse_record(summary.record), dictionary)
    war = summary.war
    assert war.attacks == summary.attacks and sum(war.attacks.values()) > 0
    assert war.first_touch_turn is not None and 1 <= war.first_touch_turn <= summary.turns
    for p in game.captured:
        assert war.combat_points[int(p)] == game.captured[p]
        assert war.city_bonus[int(p)] == game.rules.city_capture_bonus * game.cities_taken[p]
        assert war.attacks_won[int(p)] + war.attacks_lost[int(p)] == war.attacks[int(p)]
    assert sum(war.removed.values()) == sum(game.removed.values())
    assert summary.preset == "standard" and summary.first == 1
    turns_checked = sum(a.turns for a in war.availability.values())
    assert 0 < turns_checked <= summary.turns
    assert all(a.checked <= 20 * a.turns for a in war.availability.values())
    assert pickle.loads(pickle.dumps(summary)) == summary
    assert war.first_touch_turn == first_touch_on_the_board(parse_record(summary.record), dictionary)


def first_touch_on_the_board(record, dictionary) -> int | None:
    """The turn in which a letter of one side first stood on or beside one of the other's,
    found by replaying the record and looking at the board: after every action, and at
    every commit's new letters before it is played (a failed attack touches, then goes)."""
    from shared.rules.actions import Commit, action_from_dict
    from shared.rules.game import Game

    def touches(cells, enemy, board) -> bool:
        return any(c in enemy or any(n in enemy for n in board.neighbours(c)) for c in cells)

    game = Game.new(record.game_map, record.rules, record.seed, dictionary, record.first)
    for data in record.actions:
        action = action_from_dict(data)
        turn, board = game.turn, game.board
        if isinstance(action, Commit):
            placed = [(r, c) for r, c, _ in action.placements]
            if touches(placed, board.letters[action.player.other], board):
                return turn
        game.apply(action)
        if touches(board.letters[GOLD], board.letters[SILVER], board):
            return turn
    return None


def test_match_alternates_seats_and_rotates_maps():
    specs = match_specs(8, 4, 1, ["a", "b"], STANDARD, seed=10)
    assert [s.map_name for s in specs] == ["a", "a", "b", "b", "a", "a", "b", "b"]
    assert [s.seed for s in specs] == list(range(10, 18))
    # the level that moves first: 4, 1, 4, 1, ...; the colour that moves first: gold on the
    # first round of the maps, silver on the next, so each map sees both
    assert [s.first for s in specs] == [1, 1, 1, 1, 2, 2, 2, 2]
    movers = [s.gold_level if s.first == 1 else s.silver_level for s in specs]
    assert movers == [4, 1, 4, 1, 4, 1, 4, 1]
    assert [(s.gold_level, s.silver_level) for s in specs] == [(4, 1), (1, 4), (4, 1), (1, 4),
                                                               (1, 4), (4, 1), (1, 4), (4, 1)]
    assert all(s.availability_cap is None for s in specs)


def test_a_match_can_keep_gold_first():
    specs = match_specs(4, 4, 1, ["a"], STANDARD, seed=10, gold_first=True)
    assert [s.first for s in specs] == [1, 1, 1, 1]
    assert [(s.gold_level, s.silver_level) for s in specs] == [(4, 1), (1, 4), (4, 1), (1, 4)]


def test_the_colour_chosen_to_move_first_moves_first(dictionary):
    spec = GameSpec(0, "tiny", STANDARD, seed=11, gold_level=1, silver_level=1, first=2)
    summary = play_game(spec, map_from_ascii(TINY, "tiny"), dictionary, keep_record=True)
    assert summary.first == 2
    record = parse_record(summary.record)
    assert record.first == Player.SILVER and record.actions[0]["player"] == 2
    assert summarise([summary], 1, 1)["first_player_by_colour"] == {
        "silver": {"games": 1, "first_player_win_rate": {2: 1.0, None: 0.5}.get(summary.winner, 0.0)}}


def test_every_preset_plays_the_same_games():
    conquest = PRESETS["conquest"]
    specs = match_specs(2, 4, 1, ["a"], [STANDARD, conquest], seed=10, availability_cap=50)
    assert [(s.index, s.rules.name, s.seed, s.gold_level) for s in specs] == [
        (0, "standard", 10, 4), (1, "standard", 11, 1), (2, "conquest", 10, 4), (3, "conquest", 11, 1)]
    assert {s.availability_cap for s in specs} == {50}


def test_selfplay_command_reports_json(capsys, tmp_path):
    from scryptic.cli import main

    code = main(["selfplay", "--games", "1", "--levels", "1,1", "--map", "cinder-ford", "--seed", "5",
                 "--json", "--save-dir", str(tmp_path)])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 1 and report["levels"] == [1, 1]
    assert set(report["maps"]) == {"cinder-ford"} and list(report["presets"]) == ["war"]
    assert set(report["war"]) >= {"attacks_per_game", "attack_win_share", "combat_letters_per_game",
                                  "winner_combat_share", "cities_per_game", "first_touch_turn", "never_touched",
                                  "touched_late"}
    assert set(report["pass_outs"]) == {"leftovers", "boxed_in"}
    assert "availability" not in report and report["availability_cap"] is None
    saved = list(tmp_path.glob("*.jsonl"))
    assert len(saved) == 1 and parse_record(saved[0].read_text()).end is not None


def test_selfplay_command_refuses_bad_levels(capsys):
    from scryptic.cli import main

    assert main(["selfplay", "--games", "1", "--levels", "1,9"]) == 2
    assert "unknown AI level" in capsys.readouterr().err


@pytest.mark.parametrize("args, message", [
    (["--preset", "chess"], "unknown rule set 'chess'"),
    (["--availability-cap", "5"], "--availability-cap needs --availability"),
    (["--availability", "--availability-cap", "0"], "--availability-cap must be at least 1"),
    (["--rule", "city_guard_reach=-1"], "bad rule setting 'city_guard_reach=-1': it may not be negative"),
    (["--rule", "colour=red"], "a rule setting is name=value with a name among rack_start,"),
])
def test_selfplay_command_refuses_bad_options(capsys, args, message):
    from scryptic.cli import main

    assert main(["selfplay", "--games", "1", "--levels", "1,1", *args]) == 2
    assert message in capsys.readouterr().err


def test_selfplay_command_prints_the_markdown_rows_per_preset(capsys, tmp_path):
    from scryptic.cli import main

    tiny = save_map(map_from_ascii(TINY, "tiny"), tmp_path / "tiny.map")
    code = main(["selfplay", "--games", "1", "--levels", "1,1", "--map", str(tiny), "--preset", "standard",
                 "--preset", "ios-2011", "--seed", "3", "--availability", "--availability-cap", "10",
                 "--markdown"])
    assert code == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("<!-- scryptic selfplay --games 1 --levels 1,1 --map ")
    assert "--preset standard --preset ios-2011 --seed 3 --availability --availability-cap 10" in lines[0]
    assert lines[1].startswith("| match | preset | map | games | conquest |")
    assert [line.split(" | ")[1:3] for line in lines[3:5]] == [["standard", str(tiny)], ["ios-2011", str(tiny)]]
    assert lines[6].startswith("Offers: every turn, up to 10 fighting commits")


def test_selfplay_command_tries_a_rule_setting_on_a_preset(capsys, tmp_path):
    from scryptic.cli import main

    tiny = save_map(map_from_ascii(TINY, "tiny"), tmp_path / "tiny.map")
    records = tmp_path / "records"
    code = main(["selfplay", "--games", "1", "--levels", "1,1", "--map", str(tiny), "--preset", "war",
                 "--rule", "city_guard_reach=2", "--seed", "3", "--json", "--save-dir", str(records)])
    assert code == 0
    assert list(json.loads(capsys.readouterr().out)["presets"]) == ["war+city_guard_reach=2"]
    (saved,) = records.glob("*.jsonl")
    rules = parse_record(saved.read_text()).rules
    assert (rules.name, rules.city_guard_reach, rules.combat_points) == ("war+city_guard_reach=2", 2, 2)
    assert main(["selfplay", "--games", "1", "--levels", "1,1", "--map", str(tiny), "--preset", "war",
                 "--rule", "city_guard_reach=2", "--seed", "3", "--markdown"]) == 0
    assert "--preset war --rule city_guard_reach=2 --seed 3" in capsys.readouterr().out.splitlines()[0]
    # A fraction's slash stays out of the record's file name.
    assert main(["selfplay", "--games", "1", "--levels", "1,1", "--map", str(tiny), "--preset", "war",
                 "--rule", "city_defence_multiplier=7/4", "--seed", "3", "--json", "--save-dir", str(records)]) == 0
    (fraction,) = [p for p in records.iterdir() if "7_4" in p.name]
    assert fraction.is_file() and fraction.name == "game-0000-war+city_defence_multiplier=7_4-tiny-seed3.jsonl"
    assert parse_record(fraction.read_text()).rules.city_defence_multiplier == Fraction(7, 4)
