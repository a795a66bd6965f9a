"""R3, R4 placement, R5: what a commit may do, and every reason it is refused."""

import pytest

from shared.rules import errors as E
from shared.rules.actions import Commit, EndTurn
from shared.tools.ascii import letters_text, position, terrain_text

from rules_helpers import GOLD, LEXICON, SILVER, across, board, down

OPEN = """
. . . . . . .
. . . . . . .
. . . G . . .
. . . . . . .
. . . . . . S
"""


def fresh(rack="cat", terrain=OPEN, letters="", **kw):
    return position(terrain, letters, LEXICON, racks={GOLD: rack, SILVER: "dog"}, **kw)


def refused(game, action, error):
    before = game.fingerprint()
    with pytest.raises(error) as info:
        game.apply(action)
    assert game.fingerprint() == before, "a refused action must change nothing"
    return info.value.reason


def test_first_word_must_cover_own_city():
    game = fresh()
    assert "does not connect" in refused(game, across(GOLD, 0, 0, "cat"), E.NotConnected)
    game.apply(across(GOLD, 2, 2, "cat"))
    assert letters_text(game) == board("""
        . . . . . . .
        . . . . . . .
        . . c a t . .
        . . . . . . .
        . . . . . . .
    """)
    assert game.racks[GOLD] == []


def test_each_malformed_commit_has_its_own_reason():
    game = fresh(rack="cats")
    assert refused(game, Commit(GOLD, ()), E.EmptyCommit)
    assert "not a letter" in refused(game, Commit(GOLD, ((2, 3, "1"),)), E.BadLetter)
    assert "off the board" in refused(game, Commit(GOLD, ((2, 9, "c"),)), E.OffBoard)
    assert "two letters placed on row 3, column 4" in refused(
        game, Commit(GOLD, ((2, 3, "c"), (2, 3, "a"))), E.DuplicateCell)
    assert "no 'Z'" in refused(game, across(GOLD, 2, 2, "za"), E.NotInRack)
    assert "only 1 'C'" in refused(game, across(GOLD, 2, 2, "cc"), E.NotInRack)
    assert "one row or one column" in refused(
        game, Commit(GOLD, ((2, 3, "c"), (3, 4, "a"))), E.NotInLine)
    assert "gap" in refused(game, Commit(GOLD, ((2, 3, "c"), (2, 5, "t"))), E.Gap)
    assert "at least 2" in refused(game, Commit(GOLD, ((2, 3, "c"),)), E.TooShort)
    assert "TCA" in refused(game, across(GOLD, 2, 2, "tca"), E.NotAWord)
    game.apply(EndTurn(GOLD))
    assert "gold's turn" not in refused(game, across(GOLD, 2, 2, "cat"), E.NotYourTurn)


def test_direction_of_a_commit_must_match_its_letters():
    game = fresh()
    assert "lie across, not down" in refused(
        game, Commit(GOLD, ((2, 2, "c"), (2, 3, "a"), (2, 4, "t")), "down"), E.NotInLine)


def test_cannot_place_on_own_letter_or_lava():
    game = fresh(rack="cats", letters="""
        . . . . . . .
        . . . . . . .
        . . c a t . .
        . . . . . . .
        . . . . . . .
    """)
    assert "already have a letter" in refused(game, across(GOLD, 2, 2, "c"), E.OwnLetterThere)
    lava = fresh(terrain="""
        . . . . . . .
        . . . . . . .
        . . x G . . .
        . . . . . . .
        . . . . . . S
    """)
    assert "lava" in refused(lava, across(GOLD, 2, 2, "cat"), E.LavaCell)


def test_cross_words_must_be_words():
    game = fresh(rack="to", letters="""
        . . . . . . .
        . . . . . . .
        . . c a t . .
        . . . . . . .
        . . . . . . .
    """)
    # "to" laid under "ca" makes the cross words ct and ao.
    assert "cross word CT" in refused(game, across(GOLD, 3, 2, "to"), E.NotAWord)
    game.apply(down(GOLD, 3, 4, "o"))  # t + o: "to"
    assert "t" in letters_text(game)


def test_a_single_letter_extending_two_words_needs_a_direction():
    game = fresh(rack="s", letters="""
        . . . . . . .
        . . . . . . .
        . . c a t . .
        . . . . . . t
        . . . . . . .
    """)
    game.board.letters[GOLD].update({(3, 5): "a", (4, 5): "n"})
    # (2,5) would extend CAT across into CATS and A-N down into SAN? pick a clean case:
    game2 = fresh(rack="s", letters="""
        . . . . . . .
        . . . . . . .
        . . c a t . .
        . . . . . a .
        . . . . . t .
    """)
    assert "say which word" in refused(game2, Commit(GOLD, ((2, 5, "s"),)), E.AmbiguousDirection)
    # cats across and sat down: both are words, so either direction is accepted
    game2.apply(Commit(GOLD, ((2, 5, "s"),), "across"))
    assert letters_text(game2).splitlines()[2] == ". . c a t s ."


def test_water_ends():
    water = """
        . . . . . . .
        . . . . . . .
        . . G ~ ~ . .
        . . . . . . .
        . . . . . . S
    """
    game = fresh(rack="cat", terrain=water)
    assert "AT ends on water at row 3, column 4" in refused(game, across(GOLD, 2, 2, "at"), E.WaterEnd)
    game2 = fresh(rack="cats", terrain=water)
    game2.apply(across(GOLD, 2, 2, "cats"))  # c on the city, a t on water, s on land
    assert letters_text(game2).splitlines()[2] == ". . c a t s ."


def test_forest_density_and_cutting():
    forest = """
        . . . . . . .
        . . . . . . .
        . . G f f f .
        . . . . . . .
        . . . . . . S
    """
    # tags: face 4, over 3 forest cells needing more than 6: refused
    game = fresh(rack="tags", terrain=forest)
    reason = refused(game, across(GOLD, 2, 2, "tags"), E.ForestTooDense)
    assert "TAGS is worth 4" in reason and "more than 6" in reason
    # axes: face 1+3+1+1 = 6, cutting word x1.5 = 9 > 6: cuts through, forest becomes plains
    game = fresh(rack="axes", terrain=forest)
    game.apply(across(GOLD, 2, 2, "axes"))
    assert terrain_text(game).splitlines()[2] == ". . G . . . ."
    # cut: face 1+1+1 = 3 over 2 forest cells: 4.5 > 4
    game = fresh(rack="cut", terrain="""
        . . . . . . .
        . . . . . . .
        . . . G f f .
        . . . . . . .
        . . . . . . S
    """)
    game.apply(across(GOLD, 2, 3, "cut"))


def test_cannot_build_on_an_invalid_run_without_fixing_it():
    game = fresh(rack="o", letters="""
        . . . . . . .
        . . . . . . .
        . . c a t . .
        . . . . n . .
        . . . . . . .
    """)
    # "tn" down is an invalid run (left by a combat, say). NO across uses its n and leaves it invalid.
    assert [r.text for r in game.crossword(GOLD).invalid] == ["tn"]
    assert "builds on the invalid run TN" in refused(game, across(GOLD, 3, 5, "o"), E.BuildsOnInvalid)


def test_isolated_words_cannot_be_built_on_but_can_be_reconnected():
    game = fresh(rack="ato", letters="""
        . . . . . . .
        c a t . . . .
        . . . G . . .
        . . . . . . .
        . . . . . . .
    """)
    cw = game.crossword(GOLD)
    assert [w.text for w in cw.isolated] == ["cat"]
    # "to" down from cat's t does not reach the city: building on an isolated word is refused
    assert "TO does not connect" in refused(game, Commit(GOLD, ((2, 2, "o"),), "down"), E.NotConnected)
    # a word over the city that touches cat reconnects it: "ts"? use "at" across at row 2 cols 2-3
    game.apply(Commit(GOLD, ((2, 2, "a"), (2, 3, "t")), "across"))
    cw = game.crossword(GOLD)
    assert {w.text for w in cw.supplied} == {"cat", "ta", "at"}
