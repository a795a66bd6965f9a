"""The cyclic garbage collector is paused while the AI thinks, and given back as it was."""

import gc
import random
from types import FunctionType

import pytest

from shared.ai import decide
from shared.ai.gc_pause import collector_paused
from shared.tools.ascii import position

from rules_helpers import GOLD, LEXICON, SILVER


@pytest.fixture
def collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_the_collector_is_paused_for_the_block_and_the_outermost_block_restores_it(collector_on):
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled(), "an inner block leaves it paused"
    assert gc.isenabled()
    with pytest.raises(ZeroDivisionError):
        with collector_paused():
            1 / 0
    assert gc.isenabled(), "restored after an error too"


def test_what_a_decision_kept_is_not_collected_on_its_clock(collector_on):
    with collector_paused():
        kept = [[i] for i in range(20_000)]  # far past the threshold of a young collection
        assert gc.get_count()[0] >= 20_000
    # Resumed, the collector owes no collection (it would start at the next allocation): what
    # was kept waits, with the oldest objects, for the next full collection.
    assert gc.get_count()[0] < gc.get_threshold()[0] and gc.get_freeze_count() == 0
    assert len(kept) == 20_000


def test_a_collector_that_was_off_stays_off(collector_on):
    gc.disable()
    with collector_paused():
        pass
    assert not gc.isenabled()


def test_a_decision_thinks_with_the_collector_paused_and_gives_it_back(collector_on, monkeypatch):
    from shared.ai import player

    seen = []
    choose = player._Turn.choose

    def watched(self):
        seen.append(gc.isenabled())
        return choose(self)

    monkeypatch.setattr(player._Turn, "choose", watched)
    game = position(". G . . . . S .", "", LEXICON, racks={GOLD: "cat", SILVER: "dog"})
    decide(game, GOLD, 4, random.Random(0))
    assert seen == [False] and gc.isenabled()


def test_a_search_leaves_no_reference_cycles_for_the_collector(collector_on):
    from shared.ai.movegen import find_moves
    from shared.ai.vocab import full_vocabulary

    game = position("""
        . . . . . . . .
        . G . . . . S .
        . . . . . . . .
    """, """
        . . . . . . . .
        c a t . . d o g
        . . . . . . . .
    """, LEXICON, racks={GOLD: "aenst", SILVER: "dog"})
    vocab = full_vocabulary(LEXICON)
    gc.collect()
    with collector_paused():
        _, moves = find_moves(game, GOLD, vocab)
        walks = [o for o in gc.get_objects()
                 if isinstance(o, FunctionType) and o.__qualname__ == "Search.line.<locals>.walk"]
    assert moves and walks == [], "each line's walk is freed as soon as the line is searched"
