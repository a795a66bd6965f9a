"""Turns with no legal commit (shared.ai.stuck): a rack of vowels by a lone city makes no word."""

from __future__ import annotations

from shared.ai.stuck import has_commit, stuck_turns
from shared.maps.files import load_map
from shared.rules.actions import Discard, EndTurn
from shared.rules.game import Game, PendingDiscard
from shared.rules.lexicon import WordList
from shared.rules.presets import get_rules
from shared.tools.ascii import position

from rules_helpers import GOLD, LEXICON, SILVER

MAP = """
. . . . . . . .
. G . . . . S .
. . . . . . . .
"""


def test_a_rack_of_vowels_has_no_commit_and_one_consonant_gives_one():
    vowels = position(MAP, "", LEXICON, racks={GOLD: "uiiieo", SILVER: "cat"})
    assert not has_commit(vowels, GOLD)
    assert has_commit(vowels, SILVER)  # CAT over silver's city
    one_more = position(MAP, "", LEXICON, racks={GOLD: "uiiiet", SILVER: "cat"})
    assert has_commit(one_more, GOLD)  # IT, TI or TIE over gold's city


def test_every_turn_start_is_counted_and_a_dictionary_with_no_playable_word_sticks_them_all():
    game_map = load_map("cinder-ford")
    nothing = WordList(["zzzzzzz"])  # no rack of seven letters makes it
    game = Game.new(game_map, get_rules("war"), 3, nothing)
    while game.turn < 7 or game.pending is not None:  # passes, and the discards a full rack asks for
        pending = game.pending
        if isinstance(pending, PendingDiscard):
            game.apply(Discard(pending.player, "".join(game.racks[pending.player][:pending.count])))
        else:
            game.apply(EndTurn(game.to_move))
    stuck = stuck_turns(game.record(), nothing)
    assert stuck.turns == {1: 4, 2: 3}  # turns 1 to 7, gold moving first
    assert stuck.stuck == stuck.turns and len(stuck.racks) == 7
    assert all(len(rack) <= game.rules.rack_limit for rack in stuck.racks), "looked at once the discard was made"
