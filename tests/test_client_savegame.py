"""A local game saved on quit comes back exactly as it was; a damaged save is set aside."""

from __future__ import annotations

import pytest

from shared.rules.actions import EndTurn, Resign
from shared.maps.files import load_map
from shared.rules.terrain import Player

from client import savegame
from client.replay import ReplaySession
from client.session import LocalSession, Seat

GOLD, SILVER = Player.GOLD, Player.SILVER


@pytest.fixture(scope="module")
def lexicon():
    from shared.words.dictionary import load_dictionary

    return load_dictionary()


def skirmish(lexicon, seed=4) -> LocalSession:
    return LocalSession.new(load_map("cinder-ford"), "standard", lexicon, seed=seed,
                            gold=Seat(GOLD, "Ada", True), silver=Seat(SILVER, "Computer (Knight)", False, 2))


def test_a_saved_game_resumes_with_the_same_board_racks_and_seats(lexicon, tmp_path):
    session = skirmish(lexicon)
    session._apply(EndTurn(GOLD))
    session._apply(EndTurn(SILVER))
    assert savegame.can_save(session)
    path = savegame.save(session, tmp_path)
    assert path == tmp_path / "skirmish.json"
    assert savegame.peek(tmp_path) == savegame.SavedGame("Cinder Ford", session.game.turn, "Computer (Knight)")
    back = savegame.load(lexicon, tmp_path)
    assert back.game.view(GOLD) == session.game.view(GOLD)
    assert back.game.racks == session.game.racks and back.game.pools == session.game.pools
    assert {p: (s.name, s.human_here, s.ai_level) for p, s in back.seats.items()} == {
        GOLD: ("Ada", True, None), SILVER: ("Computer (Knight)", False, 2)}
    savegame.forget(tmp_path)
    assert savegame.peek(tmp_path) is None and savegame.load(lexicon, tmp_path) is None


def test_only_local_games_in_progress_are_saved(lexicon):
    session = skirmish(lexicon)
    replay = ReplaySession(session.game.record(), lexicon)
    assert not savegame.can_save(replay)
    session._apply(Resign(GOLD))
    assert not savegame.can_save(session), "a finished game is not kept"


def test_a_damaged_save_is_set_aside_with_a_plain_reason(lexicon, tmp_path):
    (tmp_path / "skirmish.json").write_text("{not json")
    assert savegame.peek(tmp_path) is None
    with pytest.raises(savegame.SaveError, match="could not be read"):
        savegame.load(lexicon, tmp_path)
    assert not (tmp_path / "skirmish.json").exists() and (tmp_path / "skirmish.json.corrupt").exists()
    # A record that does not parse any more is refused the same way.
    session = skirmish(lexicon)
    savegame.save(session, tmp_path)
    text = (tmp_path / "skirmish.json").read_text().replace('"seed', '"seeds')
    (tmp_path / "skirmish.json").write_text(text)
    with pytest.raises(savegame.SaveError):
        savegame.load(lexicon, tmp_path)


def test_the_save_goes_to_the_data_folder_named_by_the_environment(lexicon, tmp_path, monkeypatch):
    monkeypatch.setenv("SCRYPTIC_DATA_DIR", str(tmp_path / "data"))
    assert savegame.save_path() == tmp_path / "data" / "skirmish.json"
    savegame.save(skirmish(lexicon))
    assert (tmp_path / "data" / "skirmish.json").exists()
