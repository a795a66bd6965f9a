"""The game screen's plain logic: last-move marks, the chronicle, tooltips, pass notes, the
connection sentence and the headline, without a window."""

from __future__ import annotations

from dataclasses import replace

from shared.tools.ascii import position
from shared.rules.presets import PRESETS
from shared.rules.terrain import Player

from client.play.describe import ai_pass_note, terrain_line
from client.play.display import DisplayState
from client.views.game.chronicle import Chronicle
from client.views.board.move_marks import MoveMarks
from client.views.online.connect import connection_problem
from client.views.board.tooltips import cell_tooltip
from client.play.wire import wire_event, wire_events, wire_view
from rules_helpers import LEXICON
from shared.wire import Outcome, TurnEnded, WordLifted
from wire_helpers import removed, word

GOLD, SILVER = Player.GOLD, Player.SILVER


def test_each_side_keeps_its_last_word_marked_and_removed_letters_stay_until_the_next_word():
    marks = MoveMarks()
    marks.apply(word(1, "ca", [(2, 0), (2, 1)]))
    marks.apply(word(2, "on", [(1, 4), (1, 5)]))
    assert marks.commits == {GOLD: ((2, 0), (2, 1)), SILVER: ((1, 4), (1, 5))}
    marks.apply(removed(2, [(1, 5, "n")]))
    assert marks.commits[SILVER] == ((1, 4),) and marks.ghost_at((1, 5)).letter == "n"
    assert marks.last_commit_of((2, 1)) == GOLD and marks.last_commit_of((1, 5)) is None
    marks.apply(WordLifted(player=1, word="ca", cells=[(2, 0), (2, 1)], returned=[(2, 0, "c"), (2, 1, "a")]))
    assert GOLD not in marks.commits
    marks.apply(word(1, "t", [(3, 3)]))
    assert marks.ghosts == [], "the next word clears the ghosts"


def test_the_chronicle_wraps_keeps_everything_and_holds_still_while_scrolled_up():
    log = Chronicle()
    for i in range(30):
        log.append((f"entry {i} " + "word " * (i % 3) * 5, (1, 2, 3, 255)))
    rows = log.rows(20)
    assert len(rows) > 30 and all(len(text) <= 20 for text, _ in rows)
    assert log.visible(20, 5)[-1] == rows[-1], "at the bottom it shows the newest"
    log.scroll_by(7, 20, 5)
    shown = log.visible(20, 5)
    log.append(("a new line", (1, 2, 3, 255)))
    assert log.visible(20, 5) == shown, "scrolled up, the view stays put"
    log.scroll_by(-1000, 20, 5)
    assert log.visible(20, 5)[-1][0] == "a new line"
    log.scroll_by(1000, 20, 5)
    assert log.visible(20, 5)[0][0].startswith("entry 0"), "nothing was dropped"


def test_a_cell_tooltip_names_the_terrain_rule_the_letter_and_each_words_strength():
    game = position("""
        . . ^ . .
        G . ^ S .
    """, """
        . . . . .
        d o g O N
    """, LEXICON)
    display = DisplayState.from_view(wire_view(game.view(GOLD)))
    lines = cell_tooltip(display, (1, 2), game.board, LEXICON, game.rules, MoveMarks(), {1: "Ada", 2: "Bo"})
    assert lines == ["Row 2, column 3", "Mountains: a letter here counts double in a fight",
                     "Ada's G, worth 1 dot", "DOG: defends at 6 (3 in letters, mountains make it 4, x1.5 city)"]
    city = cell_tooltip(display, (1, 3), game.board, LEXICON, game.rules, None, {1: "Ada", 2: "You"})
    assert city[1] == "City, yours: a word with a letter here defends at x1.5" and city[2] == "Your O, worth 1 dot"
    assert cell_tooltip(display, (9, 9), game.board, LEXICON, game.rules) == []
    guard = replace(PRESETS["war"], city_guard_reach=1, city_gates_hold=False)  # the line follows the rule set
    city = cell_tooltip(display, (1, 3), game.board, LEXICON, guard, None, {1: "Ada", 2: "You"})
    assert city[1] == "City, yours: a word with a letter here defends at x2 against an attack on or beside this cell"
    assert city[3:] == ["ON: defends at 4 (2 in letters, x2 city)", "  ON defends at 2 against an attack away from its city"]
    capitals = replace(guard, capitals_guard_everywhere=True)  # only pewter cities have a gate
    city = cell_tooltip(display, (1, 3), game.board, LEXICON, capitals, None, {1: "Ada", 2: "You"})
    assert city[1] == "City, yours: a word with a letter here defends at x2" and city[3:] == [
        "ON: defends at 4 (2 in letters, x2 city)"]
    hold = replace(guard, city_gates_hold=True)  # the letters in a city's gate fall only to a fight there
    city = cell_tooltip(display, (1, 3), game.board, LEXICON, hold, None, {1: "Ada", 2: "You"})
    assert city[1] == ("City, yours: a word with a letter here defends at x2 against an attack on or beside this "
                       "cell; its letters that close fall only to such an attack")
    assert city[4] == ("  ON defends at 2 against an attack away from its city "
                       "(beaten, it keeps its letters near the city)")


def test_notes_and_sentences_for_the_player():
    assert ai_pass_note("Warlord", 0, True) == "  the Warlord is gathering letters for a strong first word"
    assert ai_pass_note("Warlord", 3, True) is None and ai_pass_note("Squire", 0, False) is None
    assert terrain_line("lava") == "Lava: no letter may ever stand here"
    refused = ConnectionRefusedError(111, "Connect call failed ('127.0.0.1', 9)")
    text = connection_problem("ws://127.0.0.1:9", refused)
    assert text.startswith("Nothing answered at ws://127.0.0.1:9") and "111" not in text
    assert "not valid" in connection_problem("wss//x", ValueError("wss//x isn't a valid URI"))


def test_gold_and_silver_coins_differ_in_shape_as_well_as_colour():
    import numpy as np

    from client.ui import pieces

    gold = np.asarray(pieces.coin_image("gold", "a"), dtype=np.int16)
    silver = np.asarray(pieces.coin_image("silver", "a"), dtype=np.int16)
    outline = np.abs(gold[..., 3] - silver[..., 3]) > 128
    assert outline.sum() > 150, "the octagon's corners and flats are not the circle's edge"
    # Seen in grey (no colour at all), the outlines still differ the same way.
    grey_gold = (gold[..., :3].mean(axis=2) * gold[..., 3] / 255) > 40
    grey_silver = (silver[..., :3].mean(axis=2) * silver[..., 3] / 255) > 40
    assert (grey_gold != grey_silver).sum() > 150


def test_the_last_turn_is_announced_in_the_chronicle_and_kept_in_the_display():
    from shared.rules.actions import Commit, EndTurn

    from client.play.describe import describe_event
    from client.terminal.board import SEAT_NAMES

    game = position(". G . . . . S .", "", LEXICON, PRESETS["war"], racks={GOLD: "cat", SILVER: "dog"})
    for p in (GOLD, SILVER):
        game.pools[p].clear()
    game.apply(Commit(GOLD, ((0, 1, "c"), (0, 2, "a"), (0, 3, "t"))))
    before = DisplayState.from_view(wire_view(game.view(SILVER)))
    events = wire_events(game.apply(EndTurn(GOLD)), SILVER)
    assert not before.last_turn
    for event in events:
        before.apply_event(event)
    assert before.last_turn and DisplayState.from_view(wire_view(game.view(SILVER))).last_turn
    lines = [describe_event(e, {1: "Ada", 2: "Bo"}) for e in events]
    assert "Ada has used every letter: Bo plays the last turn" in lines
    terminal = [describe_event(e, SEAT_NAMES, detail=True) for e in events]  # the terminal client's words
    assert "gold has used every letter: silver plays the last turn" in terminal
    assert "gold ends the turn" in terminal and lines.count(None) > terminal.count(None)
    game.apply(EndTurn(SILVER))
    assert not DisplayState.from_view(wire_view(game.view(SILVER))).last_turn and game.result.reason == "score"
    online = {1: "Ada", 2: "You"}  # an online client names its own seat "You"
    assert "Ada has used every letter: You play the last turn" in [describe_event(e, online) for e in events]


def test_the_chronicle_speaks_to_you_in_the_plain_form():
    from client.play.describe import describe_event, describe_result

    names = {1: "You", 2: "Bo"}
    attack = {"player": 2, "word": "dog", "cells": [], "strength": 3, "detail": {"value": 3, "base": 3, "multipliers": []}}
    lines = [describe_event(e, names) for e in (
        word(1, "cat", attacks=True),
        word(2, "dog"),
        TurnEnded(player=1, passed=True),
        removed(1, [(0, 0, "a")], points_to=2, points=2),
        wire_event({"type": "defence_requested", "defender": 1, "attack": attack, "defenders": [], "suggested_order": []}),
        WordLifted(player=1, word="cat", cells=[], returned=[]),
    )]
    assert lines == ["You attack with CAT", "Bo lays DOG", "You pass", "  You lose A (defeated), +2 to Bo",
                     "  You order the defence", "You lift CAT"]
    assert describe_result(Outcome(winner=1, reason="conquest"), names) == "You win by conquest: every city taken"


def test_settings_offer_only_window_sizes_that_fit_the_screen():
    from client.views.menus.settings import sizes_that_fit

    assert sizes_that_fit((1366, 768), (1280, 800)) == [(1280, 800)], "kept: it is the size now"
    assert sizes_that_fit((1366, 768), (1200, 720)) == [(1200, 720)], "the smallest offered size does not fit"
    assert sizes_that_fit((1920, 1080), (1280, 800)) == [(1280, 800), (1440, 900), (1600, 1000)]
    assert sizes_that_fit((2560, 1440), (1600, 1000))[-1] == (1920, 1080)
