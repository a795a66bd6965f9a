"""Local games are kept in save slots after every accepted action and come back exactly as they
were; damaged files are listed as damaged; the older single save file is moved into a slot."""

from __future__ import annotations

import json
import os

import pytest

from shared.maps.files import load_map
from shared.rules.actions import Commit, EndTurn, Resign
from shared.rules.terrain import Player

from client.play import autosave, savegame
from client.play.replay import ReplaySession
from client.play.session import LocalSession, Rejected, Seat

GOLD, SILVER = Player.GOLD, Player.SILVER


@pytest.fixture(scope="module")
def lexicon():
    from shared.words.dictionary import load_dictionary

    return load_dictionary()


@pytest.fixture
def config(tmp_path, monkeypatch):
    """The settings folder (and so the saves folder) in a temporary folder of this test's own."""
    monkeypatch.setenv("SCRYPTIC_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("SCRYPTIC_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "config"


def skirmish(lexicon, seed=4, map_name="cinder-ford") -> LocalSession:
    return LocalSession.new(load_map(map_name), "standard", lexicon, seed=seed,
                            gold=Seat(GOLD, "Ada", True), silver=Seat(SILVER, "Computer (Knight)", False, 2))


def pass_and_play(lexicon, seed=5) -> LocalSession:
    return LocalSession.new(load_map("anvil"), "standard", lexicon, seed=seed,
                            gold=Seat(GOLD, "Ann", True), silver=Seat(SILVER, "Bob", True))


def first_commit(game, player, lexicon) -> Commit:
    """A word of the player's rack over their own city that the rules accept."""
    from itertools import permutations

    from shared.rules.errors import RuleError

    city = next(c for c, o in game.board.city_owner.items() if o == player)
    for n in (4, 3, 2):
        for letters in dict.fromkeys(permutations(game.racks[player], n)):
            if "".join(letters) not in lexicon:
                continue
            for i in range(n):
                for dr, dc in ((0, 1), (1, 0)):
                    cells = [(city[0] + dr * (k - i), city[1] + dc * (k - i)) for k in range(n)]
                    commit = Commit(player, tuple((r, c, ch) for (r, c), ch in zip(cells, letters)))
                    try:
                        game.plan_commit(commit)
                    except RuleError:
                        continue
                    return commit
    raise AssertionError("no first word in this rack")


def on_disk(path):
    return json.loads(path.read_text())


def test_a_kept_game_is_written_after_every_accepted_action_and_not_after_a_refused_one(lexicon, config):
    session = skirmish(lexicon)
    writer = autosave.SaveWriter()
    slot = autosave.keep(session, writer)
    assert slot.parent == config / "saves"
    assert writer.flush() and on_disk(slot)["turn"] == 1 and savegame.list_saves()[0].turn == 1
    session.submit(EndTurn(GOLD))
    assert writer.flush()
    assert on_disk(slot)["record"].count("\n") == 2, "the header and the one action"
    writes = writer.writes
    session.submit(EndTurn(GOLD))  # not gold's turn any more: refused, nothing written
    assert isinstance(session.poll()[-1], Rejected)
    assert writer.flush() and writer.writes == writes
    session._apply(EndTurn(SILVER))  # the computer's move is kept the same way
    assert writer.flush() and on_disk(slot)["turn"] == session.game.turn == 3
    assert not [p for p in slot.parent.iterdir() if p.name.startswith(".")], "no temporary file left"


def test_a_saved_game_resumes_with_the_same_board_racks_seats_and_story(lexicon, config):
    session = skirmish(lexicon)
    writer = autosave.SaveWriter()
    slot = autosave.keep(session, writer)
    commit = first_commit(session.game, GOLD, lexicon)
    session.submit(commit)
    session._apply(EndTurn(GOLD))
    session._apply(EndTurn(SILVER))
    writer.flush()
    back = savegame.load(lexicon, slot)
    assert back.save_slot == slot and back.resumed
    assert back.game.view(GOLD) == session.game.view(GOLD)
    assert back.game.racks == session.game.racks and back.game.pools == session.game.pools
    assert {p: (s.name, s.human_here, s.ai_level) for p, s in back.seats.items()} == {
        GOLD: ("Ada", True, None), SILVER: ("Computer (Knight)", False, 2)}
    # Each action's events, as gold saw them: the word, then the two passes.
    kinds = [[e.type for e in events] for events, _on_board in back.history]
    assert len(kinds) == 3 and "word_committed" in kinds[0]
    assert back.history[0][1] == {GOLD: 0, SILVER: 0}, "no letters on the board before the first word"
    assert back.history[1][1][GOLD] == len(commit.placements)


def test_two_games_have_two_slots_listed_newest_first_and_both_resume(lexicon, config):
    writer = autosave.SaveWriter()
    first, second = skirmish(lexicon, seed=1), pass_and_play(lexicon)
    slot1 = autosave.keep(first, writer)
    writer.flush()
    slot2 = autosave.keep(second, writer)
    second._apply(EndTurn(GOLD))
    writer.flush()
    os.utime(slot1, (1_000_000, 1_000_000))  # ties are broken by the time saved inside the file
    listed = savegame.list_saves()
    assert [g.path for g in listed] == [slot2, slot1]
    assert (listed[0].title, listed[0].opponent, listed[0].turn) == ("The Anvil", "Pass and play", 2)
    assert listed[0].seats == "Ann (gold), Bob (silver)"
    assert (listed[1].title, listed[1].opponent, listed[1].seats) == ("Cinder Ford", "Computer (Knight)", "Ada plays gold")
    assert savegame.load(lexicon, slot1).game.view(GOLD) == first.game.view(GOLD)
    assert savegame.load(lexicon, slot2).game.view(SILVER) == second.game.view(SILVER)


def test_a_finished_game_leaves_the_list(lexicon, config):
    session = skirmish(lexicon)
    writer = autosave.SaveWriter()
    slot = autosave.keep(session, writer)
    writer.flush()
    assert slot.exists()
    session.submit(Resign(GOLD))
    writer.flush()
    assert not slot.exists() and savegame.list_saves() == []


def test_a_damaged_save_is_listed_as_damaged_and_the_others_still_load(lexicon, config):
    writer = autosave.SaveWriter()
    good = autosave.keep(skirmish(lexicon), writer)
    writer.flush()
    folder = config / "saves"
    (folder / "game-broken.json").write_text("{not json")
    (folder / "game-stranger.json").write_text(json.dumps({"hello": 1}))
    replayless = on_disk(good)
    replayless["record"] = replayless["record"].replace('"seed"', '"seeds"')
    (folder / "game-bad-record.json").write_text(json.dumps(replayless))
    listed = {g.path.name: g for g in savegame.list_saves()}
    assert len(listed) == 4
    assert listed["game-broken.json"].damaged and "not JSON" in listed["game-broken.json"].problem
    assert listed["game-stranger.json"].problem == "the file is not a saved game"
    assert not listed[good.name].damaged
    with pytest.raises(savegame.SaveError, match="the file is damaged"):
        savegame.load(lexicon, folder / "game-broken.json")
    with pytest.raises(savegame.SaveError, match="could not be replayed .*seed"):
        savegame.load(lexicon, folder / "game-bad-record.json")
    assert (folder / "game-broken.json").exists(), "a damaged file stays listed until it is deleted"
    assert savegame.load(lexicon, good).game.turn == 1


def test_the_old_single_save_is_moved_into_a_slot_on_first_start(lexicon, config, tmp_path):
    session = skirmish(lexicon)
    session._apply(EndTurn(GOLD))
    session._apply(EndTurn(SILVER))
    old = tmp_path / "data" / "skirmish.json"
    old.parent.mkdir(parents=True)
    old.write_text(json.dumps({  # what the older version wrote
        "format": 1, "title": "Cinder Ford", "turn": session.game.turn,
        "seats": {"1": {"name": "Ada", "human": True, "ai_level": None},
                  "2": {"name": "Computer (Knight)", "human": False, "ai_level": 2}},
        "record": session.game.record().to_text()}))
    slot = savegame.migrate()
    assert slot is not None and slot.parent == config / "saves" and not old.exists()
    assert savegame.migrate() is None, "once"
    (entry,) = savegame.list_saves()
    assert (entry.title, entry.opponent, entry.turn, entry.damaged) == ("Cinder Ford", "Computer (Knight)", 3, False)
    assert savegame.load(lexicon, slot).game.view(GOLD) == session.game.view(GOLD)


def test_an_unreadable_old_save_is_moved_too_and_listed_as_damaged(config, tmp_path):
    old = tmp_path / "data" / "skirmish.json"
    old.parent.mkdir(parents=True)
    old.write_bytes(b"\xff\xfe half a file")
    slot = savegame.migrate()
    assert not old.exists() and slot.read_bytes() == b"\xff\xfe half a file"
    (entry,) = savegame.list_saves()
    assert entry.damaged and "not text" in entry.problem


def test_a_failed_write_is_kept_for_the_player_never_only_printed(lexicon, config):
    session = skirmish(lexicon)
    writer = autosave.SaveWriter()
    config.mkdir(parents=True)
    (config / "saves").write_text("a file where the folder should be")
    autosave.keep(session, writer)
    writer.flush()
    (failure,) = writer.take_failures()
    assert failure.startswith("A game could not be saved (turn 1 of Cinder Ford): ")
    assert writer.failure_count == 1 and writer.take_failures() == []


def test_only_local_games_in_progress_are_saved(lexicon):
    from client.tutorial.driver import TutorialDriver

    session = skirmish(lexicon)
    assert savegame.can_save(session)
    assert not savegame.can_save(ReplaySession(session.game.record(), lexicon))
    assert not savegame.can_save(TutorialDriver(lexicon, name="Ada").start(0)), "the guided game is not kept"
    session._apply(Resign(GOLD))
    assert not savegame.can_save(session), "a finished game is not kept"


def test_keeping_twice_keeps_one_listener_and_one_slot(lexicon, config):
    session = skirmish(lexicon)
    writer = autosave.SaveWriter()
    assert autosave.keep(session, writer) == autosave.keep(session, writer)
    assert len(session.listeners) == 1
    writer.flush()
    assert len(savegame.list_saves()) == 1
