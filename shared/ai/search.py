"""The move search along one line (Appel and Jacobson's method, adapted to the rules).

* A word is found from its *first* anchor. When only open cells (free, no cross word, not
  an anchor) lie before that anchor, the word starts with a *left part*: any prefix the
  rack can spell. The left parts are spelled once per search and indexed by the letter
  they continue with (:class:`LeftParts`), so each anchor extends only those that fit
  it. Other starts (a cross word or an own letter before the first anchor) walk from their
  cell. A walk that cannot reach the next anchor with the letters left (lava stops it) is
  cut at once.
* The walk reads fixed letters and places rack letters in free cells, and records a move
  where the graph marks a word end and the next cell holds no own letter. It follows the
  shared spellings of :mod:`shared.ai.spell`, so it only ever tries letters that fit.
* Open land: once a connected word has only open cells ahead as far as its letters reach,
  every completion of the spelling is a move, taken from the spelling's completion list
  without walking. An open anchor (an empty city, say) in open land takes every word the
  rack can spell, at every offset that fits.

At each word end the rules the walk has not already enforced are checked: water at both
ends, forest density (face value, x1.5 for a cutting word, must beat the density per
forest cell under new letters).
"""

from __future__ import annotations

from operator import getitem
from string import ascii_lowercase
from time import perf_counter
from typing import Any

from shared.ai.left_parts import LeftParts
from shared.ai.lines import Line
from shared.ai.spell import (
    ENDS,
    Deadline,
    KIDS,
    NODE,
    RACK,
    Spelling,
    completions,
    completions_once,
    read,
    spelling,
)
from shared.ai.vocab import END
from shared.rules.board import ACROSS
from shared.rules.letters import LETTER_VALUES as _VALUES
from shared.rules.lexicon import Category

_CHECK_EVERY = 16  # starts between two looks at the clock
_MOVES_MASK = 1023  # a walk looks at the clock when the number of moves found is a multiple of 1,024
_NEVER = 1 << 30  # a distance no rack reaches

_PAIRS: list[dict[str, tuple[int, str]]] = []


def _pairs(n: int) -> list[dict[str, tuple[int, str]]]:
    """Per position i < n, letter -> the pair (i, letter), made once and shared by every move
    (building a move's placements is then a lookup per letter)."""
    while len(_PAIRS) < n:
        i = len(_PAIRS)
        _PAIRS.append({ch: (i, ch) for ch in ascii_lowercase})
    return _PAIRS


class _Triples(dict):
    """letter -> (row, column, letter) for one cell, made on first use."""

    def __init__(self, row: int, column: int) -> None:
        super().__init__()
        self.row, self.column = row, column

    def __missing__(self, letter: str) -> tuple[int, int, str]:
        value = self[letter] = (self.row, self.column, letter)
        return value


_TRIPLES: dict[tuple[str, int], list[_Triples]] = {}


def _triples(direction: str, index: int, n: int) -> list[_Triples]:
    """As :func:`_pairs`, with board placements (row, column, letter) for one line."""
    cells = _TRIPLES.get((direction, index))
    if cells is None:
        cells = _TRIPLES[(direction, index)] = []
    while len(cells) < n:
        i = len(cells)
        cells.append(_Triples(index, i) if direction == ACROSS else _Triples(i, index))
    return cells


class Search:
    """The move search over one position, one rack and one word graph."""

    def __init__(self, root: dict, rack: str, lexicon: Any, rules: Any, out: list[tuple],
                 deadline: float | None, board_placements: bool = False) -> None:
        """``out`` receives moves ``(line, start, end, word, placed)``; ``placed`` is
        ((position in the line, letter), ...), or ((row, column, letter), ...) with
        ``board_placements`` (what a :class:`~shared.rules.actions.Commit` holds)."""
        self.board_placements = board_placements
        self.root = spelling(root, "".join(sorted(rack)))
        self.total = len(rack)
        self.lexicon = lexicon
        self.density = rules.forest_density
        self.cut = rules.cut_word_multiplier
        self.out = out
        self.deadline = deadline
        self.left_parts = LeftParts(self.root, deadline) if self.total else None
        self._starts = 0

    def late(self) -> bool:
        """True once the deadline has passed (the clock is read every few starts)."""
        self._starts += 1
        if self._starts % _CHECK_EVERY:
            return False
        return perf_counter() > self.deadline  # type: ignore[operator]

    def line(self, line: Line) -> None:
        """Append every legal move along ``line``; raise :class:`Deadline` when late.

        One long method on purpose: the walk is a closure over the line's tables held in
        local variables, the fastest form CPython offers for this inner loop."""
        if not self.total:
            return
        n = len(line.cells)
        fixed, free, allowed, anchor = line.fixed, line.free, line.allowed, line.anchor
        water, bad = line.water, line.bad
        out, lexicon, density, cut, total = self.out, self.lexicon, self.density, self.cut, self.total
        deadline = self.deadline
        late = self.late if deadline is not None else None
        # cum_*[i]: free cells, free forest cells (only new letters count) and cells without
        # an own letter before i; open_before[i]: open cells (free, no cross word, not an
        # anchor) just before i
        cum_free = [0] * (n + 1)
        cum_forest = [0] * (n + 1)
        cum_spots = [0] * (n + 1)
        open_before = [0] * (n + 1)
        forest = line.forest
        for i in range(n):
            if free[i]:
                cum_free[i + 1] = cum_free[i] + 1
                cum_forest[i + 1] = cum_forest[i] + forest[i]
                cum_spots[i + 1] = cum_spots[i] + 1
                open_before[i + 1] = 0 if allowed[i] is not None or anchor[i] else open_before[i] + 1
            else:
                cum_free[i + 1] = cum_free[i]
                cum_forest[i + 1] = cum_forest[i]
                cum_spots[i + 1] = cum_spots[i] + (fixed[i] is None)
        has_forest = cum_forest[n] > 0
        pairs = _triples(line.direction, line.index, n) if self.board_placements else _pairs(n)
        spots = [pairs[i] for i in range(n) if fixed[i] is None]  # where letters can be placed
        # next_anchor[i]: the first anchor at or after i that a word from i can reach (lava
        # in between stops it), else n. From an open cell i (free, no cross word): room[i] is
        # the first cell that is not open, special_gap[i] its distance if it is an own letter
        # or a cross word (else "never": lava or the edge end the word there). For an own
        # letter at i: the run of own letters from i, where it ends, and whether one of them
        # is in an invalid run across the line (no word may build on it).
        next_anchor = [n] * (n + 1)
        room = [n] * (n + 1)
        special_gap = [_NEVER] * (n + 1)
        run_text = [""] * (n + 1)
        run_end = list(range(n + 1))
        run_bad = [False] * (n + 1)
        for i in range(n - 1, -1, -1):
            f = fixed[i]
            if f is not None:
                next_anchor[i] = i if anchor[i] else next_anchor[i + 1]
                room[i] = i
                special_gap[i] = 0
                run_text[i] = f + run_text[i + 1]
                run_end[i] = run_end[i + 1] if run_text[i + 1] else i + 1
                run_bad[i] = bad[i] or run_bad[i + 1]
            elif free[i]:
                next_anchor[i] = i if anchor[i] else next_anchor[i + 1]
                if allowed[i] is None:
                    room[i] = room[i + 1]
                    special_gap[i] = special_gap[i + 1] + 1
                else:
                    room[i] = i
                    special_gap[i] = 0
            else:  # lava: no word crosses it
                room[i] = i
        allow_order = ["".join(sorted(x)) if x is not None else "" for x in allowed]  # alphabetical, as kids

        def strong_enough(word: str, trees: int) -> bool:
            power = sum([_VALUES[ch] for ch in word])
            if Category.CUT in lexicon.categories(word):
                power = power * cut
            return power > density * trees

        def walk(i: int, t: Spelling, linked: bool, word: str, placed: str) -> None:
            # word: the letters from the start to i; placed: the rack letters among them
            if linked and t[ENDS] and placed and (i == n or fixed[i] is None) and not water[i - 1]:
                s = i - len(word)
                if i - s >= 2 and not (has_forest and cum_forest[i] != cum_forest[s]
                                       and not strong_enough(word, cum_forest[i] - cum_forest[s])):
                    out.append((line, s, i, word, tuple(map(getitem, spots[cum_spots[s]:cum_spots[i]], placed))))
                    if deadline is not None and not len(out) & _MOVES_MASK and perf_counter() > deadline:
                        raise Deadline
            if i == n:
                return
            f = fixed[i]
            if f is not None:
                if bad[i]:
                    return
                u = read(t, f)
                if u is not None:
                    walk(i + 1, u, linked or anchor[i], word + f, placed)
                return
            left = len(t[RACK])
            if not free[i] or not left:
                return
            if not linked:
                a = next_anchor[i]
                if a == n or cum_free[a + 1] - cum_free[i] > left:
                    return
                linked = anchor[i]
            allow = allowed[i]
            if linked and allow is None and special_gap[i] > left and room[i] - i >= left:
                # Open land as far as the letters reach: every completion is a move.
                s = i - len(word)
                e, cells, wooded = i, None, False  # set by the first rest: none is empty
                for rest in completions_once(t, deadline):
                    if i + len(rest) != e:  # shortest first: one end serves every rest of a length
                        e = i + len(rest)
                        cells = None if water[e - 1] else spots[cum_spots[s]:cum_spots[e]]
                        wooded = has_forest and cum_forest[e] != cum_forest[s]
                    if cells is None:
                        continue
                    text = word + rest
                    if wooded and not strong_enough(text, cum_forest[e] - cum_forest[s]):
                        continue
                    out.append((line, s, e, text, tuple(map(getitem, cells, placed + rest))))
                    if deadline is not None and not len(out) & _MOVES_MASK and perf_counter() > deadline:
                        raise Deadline
                return
            kids = t[KIDS]
            if kids is None:
                # A walk from one start can run long: it reads the clock where new work begins
                # (a spelling whose kids are not made yet) and every 1,024 moves found.
                if deadline is not None and perf_counter() > deadline:
                    raise Deadline
                # A spelling not expanded yet is, but for a few, one that no other walk will
                # reach (the left parts' spellings are expanded as their levels are indexed):
                # its kids are made as they are walked and not kept, and where a cross word
                # admits few letters, only theirs.
                rack, node = t[RACK], t[NODE]
                previous = ""
                i += 1
                for ch in (allow_order[i - 1] if allow is not None else node if len(node) <= left else rack):
                    if ch == previous or ch not in rack:  # END is never on a rack
                        continue
                    previous = ch
                    child = node.get(ch)
                    if child is not None:
                        walk(i, [child, rack.replace(ch, "", 1), END in child, None, None, None],
                             linked, word + ch, placed + ch)
                return
            i += 1
            if allow is None:
                for ch, u in kids:
                    walk(i, u, linked, word + ch, placed + ch)
            else:
                for ch, u in kids:
                    if ch in allow:
                        walk(i, u, linked, word + ch, placed + ch)

        # walk calls itself through its closure: a reference cycle that holds every table of
        # the line until the cyclic garbage collector runs, unless it is broken here
        try:
            # 1. Words whose first anchor a follows only open cells: shared left parts.
            parts = self.left_parts
            assert parts is not None
            rack_letters = sorted(set(self.root[RACK]))
            for a in range(n):
                if not anchor[a]:
                    continue
                k = open_before[a]
                if a - k - 1 >= 0 and fixed[a - k - 1] is not None:
                    k -= 1  # a word may not start right after an own letter
                if k < 0:
                    continue  # the anchor itself follows an own letter: a generic start covers it
                f = fixed[a]
                if f is not None:
                    # read the whole run of own letters from a in the graph before making a spelling
                    run, b = run_text[a], run_end[a]
                    if run_bad[a]:
                        continue
                    for level in parts.reading(f, min(k, total)):
                        for prefix, t in level:
                            if late is not None and late():
                                raise Deadline
                            if water[a - len(prefix)]:
                                continue
                            node = t[NODE]
                            for ch in run:
                                node = node.get(ch)
                                if node is None:
                                    break
                            else:
                                walk(b, spelling(node, t[RACK]), True, prefix + run, prefix)
                    continue
                allow = allowed[a]  # not fixed, so free: anchors are own letters or free cells
                if allow is None and special_gap[a + 1] >= total:
                    # Open land around the anchor: every word the rack can spell over it, at
                    # every offset that fits, is a move.
                    if late is not None and late():
                        raise Deadline
                    end_room = room[a + 1] - a  # cells from the anchor to the first closed one
                    size = 0
                    places: list[tuple[int, int, list, bool]] = []
                    for w in completions(self.root, self.deadline):
                        if len(w) != size:
                            # the words come shortest first: the places that fit a size (the
                            # anchor's place in the word ascending) serve every word of it
                            size = len(w)
                            places = [] if size < 2 else [
                                (s, s + size, pairs[s:s + size], has_forest and cum_forest[s + size] != cum_forest[s])
                                for s in range(a - max(0, size - end_room), a - min(size - 1, k) - 1, -1)
                                if not water[s] and not water[s + size - 1]]
                        for s, e, cells, wooded in places:
                            if wooded and not strong_enough(w, cum_forest[e] - cum_forest[s]):
                                continue
                            out.append((line, s, e, w, tuple(map(getitem, cells, w))))
                            if deadline is not None and not len(out) & _MOVES_MASK and perf_counter() > deadline:
                                raise Deadline
                    continue
                # own letters right after the anchor: every word goes on through them, so only
                # the prefixes whose graph node does (none if no word may build on them)
                run = run_text[a + 1]
                if run_bad[a + 1]:
                    continue
                for x in rack_letters:
                    if allow is not None and x not in allow:
                        continue
                    for level in parts.placing(x, min(k, total - 1)):
                        for prefix, u in level:
                            if late is not None and late():
                                raise Deadline
                            if water[a - len(prefix)]:
                                continue
                            word = prefix + x
                            if run:
                                node = u[NODE]
                                for ch in run:
                                    node = node.get(ch)
                                    if node is None:
                                        break
                                else:
                                    walk(run_end[a + 1], spelling(node, u[RACK]), True, word + run, word)
                            else:
                                walk(a + 1, u, True, word, word)
            # 2. Every other start: the cells before its first anchor are not all open.
            root = self.root
            for s in range(n):
                if s and fixed[s - 1] is not None:
                    continue
                if water[s] or (fixed[s] is None and not free[s]):
                    continue
                a = next_anchor[s]
                if a == n or cum_free[a + 1] - cum_free[s] > total:
                    continue
                if s >= a - open_before[a]:
                    continue  # handled with the shared left parts
                if late is not None and late():
                    raise Deadline
                walk(s, root, False, "", "")
        finally:
            del walk
