"""The game record format and `scryptic replay`."""

import json
import random

import pytest

from scryptic.cli import main
from shared.rules.actions import EndTurn
from shared.rules.game import Game
from shared.rules.record import RecordError, parse_record
from shared.rules.replay import replay
from shared.rules.presets import STANDARD

from random_play import LEXICON, WORDS, sensible_action
from test_rules_properties import ARENA


def played_game(seed=5, actions=120):
    rng = random.Random(seed)
    game = Game.new(ARENA, STANDARD, seed, LEXICON)
    for _ in range(actions):
        if game.over:
            break
        game.apply(sensible_action(game, rng))
    return game


@pytest.fixture
def words_file(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("\n".join(WORDS))
    return path


def test_record_round_trips_through_text():
    game = played_game()
    text = game.record().to_text()
    record = parse_record(text)
    assert record.to_text() == text
    header = json.loads(text.splitlines()[0])
    assert header["format"] == "scryptic-record" and header["version"] == 2
    assert len(text.splitlines()) == 1 + game.version + (1 if game.over else 0)


@pytest.mark.parametrize("mangle, line, message", [
    (lambda lines: ["{not json"] + lines[1:], 1, "not valid JSON"),
    (lambda lines: ['{"format": "other"}'] + lines[1:], 1, "format"),
    (lambda lines: [lines[0].replace('"version": 2', '"version": 9')] + lines[1:], 1, "unsupported record version 9"),
    (lambda lines: lines[:3] + ['{"type": "fly", "player": 1}'] + lines[3:], 4, "unknown action type 'fly'"),
    (lambda lines: lines[:3] + ["[1, 2]"] + lines[3:], 4, "JSON object"),
])
def test_malformed_records_name_the_line(mangle, line, message):
    lines = played_game().record().to_text().splitlines()
    with pytest.raises(RecordError) as info:
        replay(parse_record("\n".join(mangle(lines))), LEXICON)
    assert info.value.line == line and message in info.value.reason


def test_an_illegal_action_names_its_line_and_rule():
    game = Game.new(ARENA, STANDARD, 1, LEXICON)
    game.apply(EndTurn(game.actor))
    lines = game.record().to_text().splitlines()
    lines.append(json.dumps({"type": "end_turn", "player": 1}))  # silver is to move
    with pytest.raises(RecordError) as info:
        replay(parse_record("\n".join(lines)), LEXICON)
    assert info.value.line == 3 and info.value.reason.startswith("not_your_turn: it is silver's turn")


def test_replay_command_prints_the_final_state(tmp_path, words_file, capsys):
    game = played_game(actions=400)
    path = tmp_path / "game.jsonl"
    path.write_text(game.record().to_text())
    assert main(["replay", str(path), "--words", str(words_file)]) == 0
    out = capsys.readouterr().out
    assert "letters (gold lower case, SILVER UPPER CASE)" in out
    assert f"score {game.score(game.first):>4}" in out
    assert main(["replay", str(path), "--words", str(words_file), "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["scores"] == {"gold": game.score(game.first), "silver": game.score(game.first.other)}
    assert state["pools"]["gold"] == game.pool_count(game.first)
    assert state["racks"]["gold"] == "".join(sorted(game.racks[game.first]))
    if game.over:
        assert state["reason"] == game.result.reason


def test_replay_command_reports_a_bad_line(tmp_path, words_file, capsys):
    path = tmp_path / "bad.jsonl"
    path.write_text(played_game().record().to_text().splitlines()[0] + "\n{\n")
    assert main(["replay", str(path), "--words", str(words_file)]) == 1
    assert "line 2: not valid JSON" in capsys.readouterr().err


def test_bench_rules_reports_medians(capsys):
    assert main(["bench", "rules", "--samples", "5", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["size"] == "40x30"
    groups = report["groups"]
    assert set(groups) == {"commit (no combat)", "commit with combat", "refused commit"}
    for row in groups.values():
        assert row["n"] == 5 and 0 < row["median_ms"] <= row["p90_ms"]
