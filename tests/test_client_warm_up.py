"""The computer's word graphs in a skirmish: built while the game opens, once per dictionary."""

from __future__ import annotations

from client.play.session import LocalSession, Seat
from shared.ai import LEVELS, warmed
from shared.rules.lexicon import WordList
from shared.tools.ascii import position

from rules_helpers import GOLD, SILVER, WORDS

TERRAIN = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . S . . . G .
"""


class _CountedList(WordList):
    """A word list that counts its listings (one per word graph built from it)."""

    listings = 0

    def __iter__(self):
        self.listings += 1
        return super().__iter__()


def test_a_skirmish_builds_the_computer_s_word_graphs_before_its_first_move_and_only_once():
    lexicon = _CountedList(WORDS)
    seats = {GOLD: Seat(GOLD, "You", True), SILVER: Seat(SILVER, "CPU", False, 3)}
    first = LocalSession(position(TERRAIN, "", lexicon, racks={GOLD: "dog", SILVER: "tan"}), seats)
    again = LocalSession(position(TERRAIN, "", lexicon, racks={GOLD: "dog", SILVER: "tan"}), seats)
    first.wait_for_computer()
    again.wait_for_computer()
    assert [n for n in LEVELS if warmed(lexicon, n)] == [3], "the Marshal's words, and no other level's"
    assert lexicon.listings == 1, "the second session waited for the first one's build"
    assert first.rematch() is not None and lexicon.listings == 1
    hot_seat = _CountedList(WORDS)
    LocalSession(position(TERRAIN, "", hot_seat), {GOLD: Seat(GOLD, "Ann", True), SILVER: Seat(SILVER, "Bob", True)})
    assert hot_seat.listings == 0
