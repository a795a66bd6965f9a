"""Spellings and left parts: what a rack can spell from a point of the word graph, and the clock
while they are worked out."""

from __future__ import annotations

import time
from itertools import permutations

import pytest

from shared.ai.spell import KIDS, WORDS, Deadline, completions, completions_once, spelling
from shared.ai.vocab import Vocabulary

# Every arrangement of two to four of six letters: a rack of those six spells 480 words, in a
# walk of more spellings than the listing walks between two looks at the clock.
SIX = "abcdef"
WORDS_OF_SIX = ["".join(p) for n in (2, 3, 4) for p in permutations(SIX, n)]


def test_completions_list_every_word_the_rack_can_end_shortest_first():
    vocab = Vocabulary(WORDS_OF_SIX + ["abba", "bag"])
    words = completions(spelling(vocab.root, SIX))
    assert sorted(words) == sorted(WORDS_OF_SIX)  # "abba" needs two b, "bag" a g
    assert [len(w) for w in words] == sorted(len(w) for w in words)
    assert completions(spelling(vocab.root, "ab")) == ("ab", "ba")


def test_a_listing_for_one_walk_is_the_same_list_and_keeps_no_spellings_on_the_way():
    vocab = Vocabulary(WORDS_OF_SIX + ["abba", "bag", "cab", "dab", "fade", "faded"])
    for rack in (SIX, "aabbcdeg", "fadedab", "a", ""):
        once = spelling(vocab.root, rack)
        words = completions_once(once)
        assert words == completions(spelling(vocab.root, rack)), "same words, same order"
        assert once[KIDS] is None, "no spelling kept for the letters on the way"
        assert once[WORDS] == words and completions_once(once) is words, "the list itself is kept"
    shared = spelling(vocab.root, SIX)
    completions(shared)
    assert completions_once(shared) is shared[WORDS], "an expanded spelling gives its own list"


def test_a_listing_for_one_walk_past_its_deadline_stops_and_keeps_nothing():
    vocab = Vocabulary(WORDS_OF_SIX)
    once = spelling(vocab.root, SIX)
    with pytest.raises(Deadline):
        completions_once(once, deadline=time.perf_counter() - 1.0)
    assert once[WORDS] is None and once[KIDS] is None
    assert completions_once(once, deadline=time.perf_counter() + 3600.0) == completions(spelling(vocab.root, SIX))


def test_a_listing_past_its_deadline_stops_and_keeps_no_partial_list():
    vocab = Vocabulary(WORDS_OF_SIX)
    root = spelling(vocab.root, SIX)
    with pytest.raises(Deadline):
        completions(root, deadline=time.perf_counter() - 1.0)
    assert root[WORDS] is None, "a listing cut short is not kept"
    assert root[KIDS] is not None, "the kids it expanded are kept for the next walk"
    assert completions(root) == completions(spelling(vocab.root, SIX))


def test_a_deadline_not_reached_changes_nothing():
    vocab = Vocabulary(WORDS_OF_SIX)
    capped = completions(spelling(vocab.root, SIX), deadline=time.perf_counter() + 3600.0)
    assert capped == completions(spelling(vocab.root, SIX))
    assert len(capped) == 6 * 5 + 6 * 5 * 4 + 6 * 5 * 4 * 3


def test_left_parts_read_the_clock_inside_a_level_and_keep_only_whole_levels(monkeypatch):
    from shared.ai import left_parts

    vocab = Vocabulary(WORDS_OF_SIX)
    whole = left_parts.LeftParts(spelling(vocab.root, SIX))
    whole.placing("a", 3)
    expected = [sorted(p for p, _ in level) for level in whole.levels]
    assert [len(level) for level in expected] == [1, 6, 30, 120]
    monkeypatch.setattr(left_parts, "_CHUNK", 4)  # a look at the clock every 4 prefixes
    readings = []
    for looks in (1, 2, 5, 20, 30):
        clock = iter([0.0] * looks + [1.0] * 1000)
        monkeypatch.setattr(left_parts, "perf_counter", lambda: next(clock))
        parts = left_parts.LeftParts(spelling(vocab.root, SIX), deadline=0.5)
        with pytest.raises(Deadline):
            parts.placing("a", 3)
        assert len(parts.levels) == len(parts._placing) == len(parts._reading) < 4, "no level half kept"
        readings.append(len(parts.levels))
        monkeypatch.setattr(left_parts, "perf_counter", lambda: 0.0)
        parts.placing("a", 3)  # on time again, it goes on from the last whole level
        assert [sorted(p for p, _ in level) for level in parts.levels] == expected
        assert [[p for p, _ in level] for level in parts.placing("b", 3)] == [
            [p for p, _ in level] for level in whole.placing("b", 3)]
    assert readings == sorted(readings) and readings[0] < readings[-1]
