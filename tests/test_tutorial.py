"""The guided first game (client/tutorial): its lessons hold under the real engine.

Every lesson's position is played out by the engine; its own move, played through the
session and the driver as the game screen does, finishes it; a wrong move does not; the
numbers its texts quote are the engine's. Everything runs without a window.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from client.play.session import Rejected
from client.tutorial.course import GOLD_CITY, LESSONS, PEWTER_CITY
from client.tutorial.driver import (
    DONE,
    FINISHED,
    HINT_AFTER,
    PLAYING,
    STUCK,
    TutorialDriver,
)
from client.tutorial.facts import GOLD, SILVER, isolated_words
from client.tutorial.lesson import prepare
from client.tutorial.script import Script, ScriptError, across, deal, down
from client.tutorial.session import scripted_reply
from client.tutorial.transcript import board_text, deliver, play_through
from shared.maps.files import load_map
from shared.rules.actions import Discard, EndTurn, OrderDefence, Redeploy
from shared.rules.game import Game
from shared.rules.pending import PendingDiscard
from shared.rules.presets import STANDARD
from shared.rules.terrain import Terrain
from shared.words.dictionary import load_dictionary

LEXICON = load_dictionary()
ANVIL = load_map("anvil")
KEYS = [lesson.key for lesson in LESSONS]


@pytest.fixture
def driver() -> TutorialDriver:
    return TutorialDriver(LEXICON, ai_delay=0.0)


def _prepared(key: str):
    return prepare(LESSONS[KEYS.index(key)], ANVIL, LEXICON)


def _lay(driver: TutorialDriver, direction: str, row: int, col: int, letters: str) -> list:
    """Submit a word as the screen would (cells from 0) and hand the answer to the driver."""
    move = (across if direction == "across" else down)(GOLD, row, col, letters)
    driver.session.submit(move.action())
    return deliver(driver)


def _own_move(driver: TutorialDriver) -> list:
    driver.session.submit(driver.prepared.own_action(driver.session.game))
    return deliver(driver)


# ---------------------------------------------------------------- positions
def test_there_are_ten_lessons_on_the_anvil() -> None:
    assert KEYS == ["first-word", "supply", "attack", "city", "defence", "lift", "discard", "forest", "ice",
                    "end"]
    assert (ANVIL.width, ANVIL.height) == (13, 13)
    assert ANVIL.cities[GOLD_CITY] == GOLD and ANVIL.cities[PEWTER_CITY] is None


@pytest.mark.parametrize("key", KEYS)
def test_each_position_is_a_legal_game_the_engine_played(key: str) -> None:
    p = _prepared(key)
    game = p.start
    assert game.result is None and game.actor == GOLD
    for player in (GOLD, SILVER):
        cw = game.crossword(player)
        assert cw.invalid == (), f"{player.label} has a line that is not a word"
        # Every letter is accounted for, and every letter drawn is somewhere.
        assert game.letter_total(player) == 98
        assert game.drawn[player] == (len(game.racks[player]) + len(game.board.letters[player])
                                      + game.removed[player] + game.discarded[player])
        # Only the discard lesson starts over the limit, by one letter (its lesson).
        over = isinstance(game.pending, PendingDiscard) and game.pending.player == player
        assert over == (key == "discard" and player == GOLD)
        assert len(game.racks[player]) <= STANDARD.rack_limit + (1 if over else 0)
    # Only the supply lesson starts with a word cut off, and only gold's SEA.
    cut = [w.text for w in isolated_words(game, GOLD)]
    assert cut == (["sea"] if key == "supply" else [])
    assert isolated_words(game, SILVER) == ()
    # Every accepted action of the script is in the game's own list of actions.
    assert len(game.actions) == len(p.lesson.script.moves)


def test_a_script_the_engine_refuses_is_an_error() -> None:
    with pytest.raises(ScriptError, match="does not connect"):
        Script((across(GOLD, 1, 3, "one"),)).play(ANVIL, STANDARD, LEXICON)


def test_dealing_keeps_the_rack_size_and_every_letter() -> None:
    game = Game.new(ANVIL, STANDARD, 5, LEXICON)
    before = sorted(game.racks[GOLD] + game.pools[GOLD])
    deal(game, GOLD, "qzx")
    assert len(game.racks[GOLD]) == 7 and {"q", "z", "x"} <= set(game.racks[GOLD])
    assert sorted(game.racks[GOLD] + game.pools[GOLD]) == before
    deal(game, GOLD, "onestar", exact=True)
    assert game.racks[GOLD] == list("onestar")
    rack = list(game.racks[GOLD])
    with pytest.raises(ScriptError, match="no more 'qq'"):
        deal(game, GOLD, "qqq")
    with pytest.raises(ScriptError, match="holds 7 letters, not 3"):
        deal(game, GOLD, "abc", exact=True)
    assert game.racks[GOLD] == rack  # a refused deal changes nothing


# ---------------------------------------------------------------- the numbers quoted
def test_first_word_numbers() -> None:
    p = _prepared("first-word")
    assert p.facts["word"] == "ONE" and p.facts["score"] == 3 == p.plan.after.score(GOLD)
    assert p.facts["city"] == "row 11, column 5" and p.facts["on_city"] == "E"
    assert "Lay ONE down from row 9, column 5: its E lands on your city." in p.intro


def test_supply_numbers() -> None:
    p = _prepared("supply")
    f = p.facts
    # Silver's OX, on two mountains, beat OATS 8 to 5 and took its A and T.
    story = next(e for e in p.story.last_word if e.type == "combat_step")
    assert (f["story_word"], f["story_attack"], f["story_beaten"], f["story_defence"]) == ("OX", 8, "OATS", 5)
    assert (story.attack_strength, story.defend_strength) == (8, 5)
    assert f["story_removed"] == "A, T"
    # SEA defends at 3 x 0.6 = 1 while cut off, 3 once NOTE joins it to ONE.
    assert (f["cut"], f["cut_now"], f["cut_supplied"], f["cut_after"]) == ("SEA", 1, 3, 3)
    assert (f["word"], f["anchor"]) == ("NOTE", "ONE")
    assert "SEA holds at 1 instead of 3" in p.intro


def test_attack_numbers_agree_with_the_fight() -> None:
    p = _prepared("attack")
    f = p.facts
    step = p.plan.of_type("combat_step")[0]
    assert (f["attack"], f["defence"]) == (step.attack_strength, step.defend_strength) == (5, 4)
    assert f["attack_why"] == "5 (3 dots, 5 with its mountain letters doubled)"
    assert f["defence_why"] == "4 (3 dots, x1.5 on a city, rounded down)"
    assert (f["removed"], f["points"]) == ("A, I", 2)
    assert f["kept_note"] == "The R stays: it is also in STAIR."
    assert "it attacks at 5 (3 dots" in p.intro and "AIR defends at 4" in p.intro


def test_city_numbers() -> None:
    p = _prepared("city")
    f = p.facts
    taken = p.plan.of_type("city_taken")[0]
    assert (taken.cell, taken.previous, taken.bonus) == ((6, 6), int(SILVER), 40)
    assert (f["word"], f["bonus"], f["score"]) == ("GATE", 40, 53)
    assert f["capital"] == "row 3, column 9" and f["city_x"] == "x1.5"


def test_defence_numbers_agree_with_the_pending_fight() -> None:
    p = _prepared("defence")
    f = p.facts
    pending = p.start.pending.to_dict()
    assert pending["attack"]["strength"] == f["attack"] == 6
    assert [(d["word"], d["strength"]) for d in pending["defenders"]] == [("oats", 5), ("gate", 13)]
    assert (f["best"], f["best_strength"], f["weak"], f["weak_strength"]) == ("GATE", 13, "OATS", 5)
    assert (f["silver_lost"], f["points"], f["gold_lost"]) == ("A, S, H", 5, "nothing")
    # The other order: OATS falls (6 against 5), then GATE stops what is left of ASH.
    wrong = p.start.copy().apply(OrderDefence(GOLD, (0, 1)))
    steps = [e.to_dict(GOLD) for e in wrong if e.type == "combat_step"]
    assert [(s["defend_word"], s["attack_strength"], s["attacker_wins"]) for s in steps] == [
        ("oats", 6, True), ("gate", 1, False)]
    assert "Put OATS first and OATS falls (6 against 5)" in p.intro


@pytest.mark.parametrize("key", KEYS)
def test_every_text_fills_in(key: str) -> None:
    p = _prepared(key)
    texts = [p.intro, *p.hints, p.text(p.lesson.miss), p.text(p.lesson.done, p.facts_of(p.plan))]
    for text in texts:
        assert "{" not in text and "}" not in text and text.strip()


# ---------------------------------------------------------------- playing the lessons
@pytest.mark.parametrize("index", range(len(LESSONS)))
def test_the_lessons_own_move_finishes_it(driver: TutorialDriver, index: int) -> None:
    driver.start(index)
    assert driver.phase == PLAYING and (bool(driver.highlights()) != (LESSONS[index].key == "discard"))
    handed = _own_move(driver)
    assert not any(isinstance(m, Rejected) for m in handed)
    assert driver.done and driver.state().text.startswith("Well done!")
    assert driver.phase == (FINISHED if index == len(LESSONS) - 1 else DONE)


def test_the_whole_guided_game_plays_through(driver: TutorialDriver) -> None:
    text = play_through(driver)
    for i, lesson in enumerate(LESSONS, 1):
        assert f"Lesson {i} of 10: {lesson.title}" in text
    assert text.count("Well done!") == 10 and "(finished)" in text
    assert driver.finished and driver.next_lesson() is None


def test_a_first_word_off_the_city_is_refused_with_a_hint(driver: TutorialDriver) -> None:
    driver.start(0)
    handed = _lay(driver, "across", 1, 3, "one")
    assert isinstance(handed[0], Rejected)
    assert driver.phase == PLAYING and not driver.done
    assert driver.state().note.startswith("Not allowed: ONE does not connect")
    assert "Click row 9, column 5" in driver.state().note
    _lay(driver, "down", 8, 4, "rtn")
    assert "RTN at row 9, column 5 is not in the dictionary" in driver.state().note
    _lay(driver, "down", 6, 4, "stone")  # another word on the city does the lesson too
    assert driver.done and "STONE is on the board. It scores 5" in driver.state().text


def test_supply_a_word_that_does_not_join_sea_is_not_enough(driver: TutorialDriver) -> None:
    driver.start(1)
    handed = _lay(driver, "down", 11, 7, "t")  # SEAT: joined only to the cut-off SEA
    assert isinstance(handed[0], Rejected) and "does not connect" in handed[0].reason
    _lay(driver, "down", 7, 4, "t")  # TONE attacks OX and falls; SEA stays cut off
    assert not driver.done and "SEA is still cut off" in driver.state().note
    assert driver.phase == STUCK  # the T for NOTE is gone
    driver.restart()
    assert driver.phase == PLAYING and driver.session.game.racks[GOLD][:2] == ["o", "t"]
    _lay(driver, "across", 9, 4, ".od.")  # NODE joins SEA as well as NOTE does
    assert driver.done and "NODE joins SEA to ONE" in driver.state().text


def test_attack_a_tie_is_not_a_win(driver: TutorialDriver) -> None:
    driver.start(2)
    _lay(driver, "down", 7, 6, "a")  # AT: 4 against AIR's 4, and the attacker falls
    assert not driver.done
    assert "AT (4) falls to AIR (4)" in driver.state().note
    assert driver.phase == STUCK


def test_attack_on_two_words_is_judged_once_silver_has_ordered_its_defence(driver: TutorialDriver) -> None:
    driver.start(2)
    _lay(driver, "across", 7, 6, "ion")  # touches AIR and STAIR: silver orders the defence
    assert driver.state().note == "Silver orders its defence..."
    for _ in range(20):
        driver.session.wait_for_computer()
        deliver(driver)
        if driver.session.game.pending is None:
            break
    note = driver.state().note
    assert "Gold attacks with ION; ION (5) falls to STAIR (7)" in note
    assert "No fight won yet: AIR defends at 4" in note
    assert driver.phase == PLAYING  # A and E are still there for ATE
    _own_move(driver)
    assert driver.done


def test_city_a_word_elsewhere_takes_no_city(driver: TutorialDriver) -> None:
    driver.start(3)
    _lay(driver, "down", 11, 4, "s")  # ONES
    assert not driver.done and driver.phase == PLAYING
    assert "The city at row 7, column 7 is still silver's" in driver.state().note
    _lay(driver, "down", 6, 6, "d")  # DATE takes it just as GATE would
    assert driver.done and "DATE took the city at row 7, column 7: +40" in driver.state().text


def test_defence_the_wrong_order_costs_letters(driver: TutorialDriver) -> None:
    driver.start(4)
    driver.session.submit(OrderDefence(GOLD, (0, 1)))
    deliver(driver)
    assert not driver.done and driver.phase == STUCK
    assert "GATE should have fought first" in driver.state().note
    assert "restart the lesson" in driver.state().note
    driver.restart()
    _own_move(driver)
    assert driver.done and not driver.finished


def test_lift_numbers_and_a_lift_the_engine_refuses(driver: TutorialDriver) -> None:
    p = _prepared("lift")
    assert (p.facts["word"], p.facts["returned"], p.facts["kept"], p.facts["kept_in"]) == ("OATS", "A, T, S", "O", "ONE")
    assert p.facts["click"] == "row 9, column 6" and p.facts["rack"] == "A, A, E, E, I, O, U"
    assert p.facts["rack_after"] == 10 and p.facts["guard"] == "ONE"
    assert p.hints[1] == "Lifting ONE is refused: lifting ONE would cut OATS off from your cities."
    driver.start(KEYS.index("lift"))
    driver.session.submit(Redeploy(GOLD, (9, 4), "down"))
    deliver(driver)
    assert not driver.done and driver.state().note.startswith("Not allowed: lifting ONE would cut OATS off")
    driver.session.submit(Redeploy(GOLD, (8, 6), "across"))
    deliver(driver)
    assert driver.done and "A, T, S are back in your rack (10 letters)" in driver.state().text
    assert sorted(driver.session.game.racks[GOLD]) == sorted("aeiouaeats")


def test_discard_any_letter_does_and_it_leaves_the_game(driver: TutorialDriver) -> None:
    p = _prepared("discard")
    assert (p.facts["held"], p.facts["limit"], p.facts["count"], p.facts["draw"]) == (13, 12, 1, 3)
    assert p.facts["letter"] == "Q" and p.plan.after.discarded[GOLD] == 1
    driver.start(KEYS.index("discard"))
    assert isinstance(driver.session.game.pending, PendingDiscard)
    driver.session.submit(Discard(GOLD, "vq"))
    deliver(driver)
    assert not driver.done and driver.state().note.startswith("Not allowed:")
    driver.session.submit(Discard(GOLD, "v"))
    deliver(driver)
    assert driver.done and driver.state().text.startswith("Well done! The V left the game (1 discarded so far)")
    game = driver.session.game
    assert len(game.racks[GOLD]) == 12 and "v" not in game.racks[GOLD] and game.discarded[GOLD] == 1


def test_forest_a_word_too_light_is_refused_and_a_strong_one_clears_it(driver: TutorialDriver) -> None:
    p = _prepared("forest")
    assert (p.facts["word"], p.facts["forest"], p.facts["needed"], p.facts["power"]) == ("TIPS", 2, 4, "5")
    assert p.facts["forest_cells"] == "row 12, column 2 and row 12, column 3"
    driver.start(KEYS.index("forest"))
    _lay(driver, "across", 11, 1, "toes")
    assert driver.state().note.startswith(
        "Not allowed: TOES is worth 4 but the 2 forest cell(s) under its new letters need more than 4")
    assert not driver.done
    _lay(driver, "across", 11, 1, "tips")
    assert driver.done and "the forest at row 12, column 2 and row 12, column 3 is plains now" in driver.state().text
    terrain = driver.session.game.board.terrain
    assert [terrain[11][c] for c in range(4)] == [Terrain.FOREST, Terrain.PLAINS, Terrain.PLAINS, Terrain.PLAINS]


def test_ice_a_heavy_letter_sinks_the_word_and_a_light_one_holds(driver: TutorialDriver) -> None:
    p = _prepared("ice")
    assert (p.facts["word"], p.facts["on_ice"], p.facts["ice"], p.facts["ice_dots"]) == ("EAT", "T", "row 10, column 10", 1)
    driver.start(KEYS.index("ice"))
    _lay(driver, "across", 9, 7, ".cho")
    game = driver.session.game
    assert game.board.terrain[9][9] is Terrain.WATER and (9, 9) not in game.board.letters[GOLD]
    assert not driver.done and driver.phase == STUCK, "the ice is water now: EAT would end on water"
    assert "restart the lesson" in driver.state().note
    driver.restart()
    _lay(driver, "across", 9, 7, ".at")
    assert driver.done and driver.state().text.startswith("Well done! EAT stands on the ice")
    assert driver.session.game.board.terrain[9][9] is Terrain.ICE


def test_end_the_last_city_ends_the_game_at_once(driver: TutorialDriver) -> None:
    p = _prepared("end")
    game = p.start
    assert game.board.letters[SILVER] == {} and game.board.city_owner[(2, 8)] == SILVER
    assert (p.facts["story_word"], p.facts["story_beaten"], p.facts["capital"]) == ("MOWS", "STAIR", "row 3, column 9")
    assert p.facts["crosses"] == "MI and GOD" and (p.facts["stall"], p.facts["turn_limit"]) == (20, 200)
    driver.start(KEYS.index("end"))
    _lay(driver, "down", 3, 8, "taid")  # beside the capital, not on it: no city, no end
    assert not driver.done and driver.session.game.result is None
    driver.restart()
    _lay(driver, "down", 2, 8, "staid")
    result = driver.session.game.result
    assert result is not None and (result.winner, result.reason) == (GOLD, "conquest")
    assert driver.finished and driver.state().text.endswith("You win by conquest, 120 to 0.")


# ---------------------------------------------------------------- the driver's other calls
def test_hints_go_round_and_come_by_themselves(driver: TutorialDriver) -> None:
    driver.start(0)
    driver.tick(HINT_AFTER - 1)
    assert driver.state().note == ""
    driver.tick(1)
    first = driver.state().note
    assert first.startswith("Hint: Click row 9, column 5")
    hints = [driver.hint() for _ in range(3)]
    assert hints[-1] == first.removeprefix("Hint: ")  # three hints, then round again


def test_next_lesson_waits_for_the_goal_unless_skipped(driver: TutorialDriver) -> None:
    driver.start(0)
    with pytest.raises(ValueError, match="not done"):
        driver.next_lesson()
    session = driver.next_lesson(skip=True)
    assert driver.index == 1 and session is driver.session
    with pytest.raises(IndexError, match="no lesson 11"):
        driver.start(10)


def test_the_tutor_passes_and_the_lesson_waits(driver: TutorialDriver) -> None:
    driver.start(0)
    session = driver.session
    session.submit(EndTurn(GOLD))
    deliver(driver)
    assert "Silver passes and waits for you" in driver.state().note
    for _ in range(20):
        deliver(driver)
        session.wait_for_computer()
        if session.game.actor == GOLD:
            break
    deliver(driver)
    assert session.game.actor == GOLD and session.game.turn == 3
    assert session.game.board.letters[SILVER] == {}  # the tutor laid nothing
    _own_move(driver)
    assert driver.done


def test_the_tutor_passes_discards_and_defends_the_best_way() -> None:
    game = _prepared("attack").start.copy()
    game.apply(EndTurn(GOLD))  # silver's turn
    assert scripted_reply(game, SILVER, 0, None) == EndTurn(SILVER)
    game.pending = PendingDiscard(SILVER, 2)
    assert scripted_reply(game, SILVER, 0, None) == Discard(SILVER, "".join(game.racks[SILVER][-2:]))
    # ODES, laid again where OATS stood, attacks both OX and AX: silver must order them.
    attacked = _prepared("supply").start.copy()
    attacked.apply(across(GOLD, 8, 4, ".de.").action())
    assert [d.run.text for d in attacked.pending.defenders] == ["ox", "ax"]
    assert scripted_reply(attacked, SILVER, 0, None) == OrderDefence(SILVER, attacked.best_defence_order())


def test_a_lesson_has_no_record_and_its_rematch_is_a_restart(driver: TutorialDriver) -> None:
    first = driver.start(2)
    assert first.record_text() is None
    again = first.rematch()
    assert again is driver.session and again is not first
    assert again.game.fingerprint()[:4] == first.game.fingerprint()[:4]


def test_board_text_brackets_the_highlights() -> None:
    p = _prepared("city")
    text = board_text(p.start, p.highlights)
    row7 = text.splitlines()[7]
    assert row7.startswith("  7") and "[S]" in row7  # the pewter city, silver's for now


def test_the_tutorial_imports_no_arcade() -> None:
    code = ("import sys, client.tutorial.driver, client.tutorial.transcript; "
            "sys.exit('arcade' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
