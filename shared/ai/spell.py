"""What a rack can spell from a point of the word graph, worked out once per search.

The move generator keeps asking one question: "at this node of the word graph, with these
letters left on the rack, which letters can come next, and where does each lead?" A
*spelling* is the answer for one (node, letters left) pair. Its kids (the letters the rack
holds and the graph allows, each with the spelling it leads to) are computed the first
time they are needed and then shared by every walk that passes there, on any line and from
any start; so are its completions (every string the rack can add to end a word). Walking
the kids of a spelling only ever meets letters that fit: no failed probes, no counts to
take out and put back. Letters left are a sorted string. A spelling that no other walk
will reach (the search's walks after a run of own letters start from one) is better walked
without keeping what it leads to: :func:`completions_once` lists its completions so.

A spelling is a plain list, indexed by the constants below: the generator makes thousands
per search, and a list is several times cheaper to make than an object.
"""

from __future__ import annotations

from time import perf_counter
from typing import Any

from shared.ai.vocab import END, Node

NODE, RACK, ENDS, KIDS, VIA, WORDS = range(6)
"""Fields of a spelling: the graph node, the rack letters left (sorted), whether a word
ends here, the kids ((letter, spelling), ...) or None until expanded, the spellings after
board letters (letter -> spelling or None) or None, the completions or None."""

Spelling = list[Any]

_LOOK_EVERY = 64  # spellings walked between two looks at the clock while listing completions


class Deadline(Exception):
    """Raised inside a search when its deadline has passed."""


def spelling(node: Node, rack: str) -> Spelling:
    """A new spelling of ``node`` with ``rack`` left."""
    return [node, rack, END in node, None, None, None]


def expand(s: Spelling) -> tuple[tuple[str, Spelling], ...]:
    """(letter, next spelling) for each distinct rack letter the graph lets follow, in
    alphabetical order."""
    kids = []
    rack, node = s[RACK], s[NODE]
    if not rack:
        pass
    elif len(node) <= len(rack):
        # few ways on (deep in a word): try each; a node's keys are in alphabetical order
        # (the graph is built from sorted words), END first, and END is never on a rack
        for letter, child in node.items():
            if letter in rack:
                kids.append((letter, [child, rack.replace(letter, "", 1), END in child, None, None, None]))
    else:
        previous = ""
        for letter in rack:
            if letter == previous:
                continue
            previous = letter
            child = node.get(letter)
            if child is not None:
                kids.append((letter, [child, rack.replace(letter, "", 1), END in child, None, None, None]))
    result = s[KIDS] = tuple(kids)
    return result


def completions(s: Spelling, deadline: float | None = None) -> tuple[str, ...]:
    """Every non-empty string the rack can add here to end a word, shortest first.

    With a ``deadline`` (a ``perf_counter`` time), raise :class:`Deadline` once it has
    passed: listing every word a long rack spells from the root can take a good part of a
    second. A listing cut short is not kept; the kids it expanded are."""
    words = s[WORDS]
    if words is not None:
        return words
    out: list[str] = []
    frontier: list[tuple[Spelling, str]] = [(s, "")]
    walked = 0
    while frontier:  # breadth first: the words come out shortest first
        deeper = []
        for t, prefix in frontier:
            walked += 1
            if deadline is not None and not walked % _LOOK_EVERY and perf_counter() > deadline:
                raise Deadline
            kids = t[KIDS]
            if kids is None:
                kids = expand(t)
            for letter, kid in kids:
                text = prefix + letter
                if kid[ENDS]:
                    out.append(text)
                if kid[RACK] and len(kid[NODE]) > kid[ENDS]:  # letters left and a way on
                    deeper.append((kid, text))
        frontier = deeper
    result = s[WORDS] = tuple(out)
    return result


def completions_once(s: Spelling, deadline: float | None = None) -> tuple[str, ...]:
    """As :func:`completions`, for a spelling whose next letters no other walk will ask
    for (its kids not yet expanded): the same list, without keeping a spelling for each
    point on the way."""
    if s[KIDS] is not None or s[WORDS] is not None:
        return completions(s, deadline)
    out: list[str] = []
    frontier: list[tuple[Node, str, str]] = [(s[NODE], s[RACK], "")]
    walked = 0
    while frontier:  # breadth first, each point's letters in alphabetical order, as completions
        deeper = []
        for node, rack, prefix in frontier:
            walked += 1
            if deadline is not None and not walked % _LOOK_EVERY and perf_counter() > deadline:
                raise Deadline
            previous = ""
            for letter in (node if len(node) <= len(rack) else rack):
                if letter == previous or letter not in rack:  # END is never on a rack
                    continue
                previous = letter
                child = node.get(letter)
                if child is None:
                    continue
                text = prefix + letter
                ends = END in child
                if ends:
                    out.append(text)
                if len(rack) > 1 and len(child) > ends:  # letters left and a way on
                    deeper.append((child, rack.replace(letter, "", 1), text))
        frontier = deeper
    result = s[WORDS] = tuple(out)
    return result


def read(s: Spelling, letter: str) -> Spelling | None:
    """The spelling after a letter already on the board (the rack is unchanged), or None
    if no word continues with it."""
    via = s[VIA]
    if via is None:
        via = s[VIA] = {}
    elif letter in via:
        return via[letter]
    child = s[NODE].get(letter)
    result = via[letter] = None if child is None else [child, s[RACK], END in child, None, None, None]
    return result
