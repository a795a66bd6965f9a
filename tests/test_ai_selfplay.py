"""Self-play, the AI's command line, and the generator on real positions."""

from __future__ import annotations

import json
import random

import pytest

from shared.ai import generate_commits
from shared.ai.bench import reference_positions, sample_racks
from shared.ai.selfplay import GameSpec, match_specs, play_game, summarise
from shared.ascii import map_from_ascii
from shared.record import parse_record, replay
from shared.rules import STANDARD

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
    from shared.dictionary import load_dictionary

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
    assert summary.reason in ("conquest", "score", "stalemate")
    assert summary.commits[1] > 0 and summary.commits[2] > 0
    replayed = replay(parse_record(summary.record), dictionary)
    assert replayed.result is not None and replayed.result.reason == summary.reason
    assert {int(p): s for p, s in replayed.scores().items()} == summary.scores
    report = summarise([summary], 2, 1)
    assert report["games"] == 1 and report["maps"]["tiny"]["games"] == 1
    assert sum(report["wins"].values()) + report["draws"] == 1


def test_match_alternates_seats_and_rotates_maps():
    specs = match_specs(4, 4, 1, ["a", "b"], STANDARD, seed=10)
    assert [(s.gold_level, s.silver_level) for s in specs] == [(4, 1), (1, 4), (4, 1), (1, 4)]
    assert [s.map_name for s in specs] == ["a", "a", "b", "b"]
    assert [s.seed for s in specs] == [10, 11, 12, 13]


def test_selfplay_command_reports_json(capsys, tmp_path):
    from scryptic.cli import main

    code = main(["selfplay", "--games", "1", "--levels", "1,1", "--map", "cinder-ford", "--seed", "5",
                 "--json", "--save-dir", str(tmp_path)])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 1 and report["levels"] == [1, 1]
    assert set(report["maps"]) == {"cinder-ford"}
    saved = list(tmp_path.glob("*.jsonl"))
    assert len(saved) == 1 and parse_record(saved[0].read_text()).end is not None


def test_selfplay_command_refuses_bad_levels(capsys):
    from scryptic.cli import main

    assert main(["selfplay", "--games", "1", "--levels", "1,9"]) == 2
    assert "unknown AI level" in capsys.readouterr().err
