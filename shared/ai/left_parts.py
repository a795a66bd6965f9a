"""Left parts (Appel and Jacobson): every prefix a rack can spell, by length, indexed by the
letter that follows, for the move search (:mod:`shared.ai.search`) to extend at each anchor.

They are spelled once per search and only as deep as the anchors need. A level of a 12-letter
rack can hold tens of thousands of prefixes, so the clock is read every few hundred while a
level is spelled or indexed.
"""

from __future__ import annotations

from time import perf_counter

from shared.ai.spell import KIDS, NODE, Deadline, Spelling, expand

_CHUNK = 256  # prefixes spelled or indexed between two looks at the clock


class LeftParts:
    """Every prefix the rack can spell (the left parts of Appel and Jacobson), by length and
    indexed by the letter that follows, spelled as long as the anchors need."""

    def __init__(self, root: Spelling, deadline: float | None = None) -> None:
        self.deadline = deadline  # no level is spelled or indexed far past it
        self.levels: list[list[tuple[str, Spelling]]] = [[("", root)]]
        # per length: letter -> (prefix, spelling after prefix + letter), the letter from the rack
        placing, self._following = self._index(self.levels[0])
        self._placing: list[dict[str, list[tuple[str, Spelling]]]] = [placing]
        # per length: letter -> (prefix, spelling after prefix) whose node continues with it
        self._reading: list[dict[str, list[tuple[str, Spelling]]] | None] = [None]

    def _late(self) -> bool:
        return self.deadline is not None and perf_counter() > self.deadline

    def _index(self, level: list[tuple[str, Spelling]]
               ) -> tuple[dict[str, list[tuple[str, Spelling]]], list[tuple[str, Spelling]]]:
        """The placing index of a level, and the level after it (spelled in the same pass)."""
        placing: dict[str, list[tuple[str, Spelling]]] = {}
        following: list[tuple[str, Spelling]] = []
        follow = following.append
        for n, (prefix, s) in enumerate(level):
            if n and not n % _CHUNK and self._late():
                raise Deadline
            kids = s[KIDS]
            if kids is None:
                kids = expand(s)
            for letter, kid in kids:
                entries = placing.get(letter)
                if entries is None:
                    placing[letter] = [(prefix, kid)]
                else:
                    entries.append((prefix, kid))
                follow((prefix + letter, kid))
        return placing, following

    def _reading_table(self, depth: int) -> dict[str, list[tuple[str, Spelling]]]:
        # made on first use: only anchors on an own letter read it, and many searches have none
        reading = self._reading[depth]
        if reading is None:
            reading = {}
            for n, entry in enumerate(self.levels[depth]):
                if n and not n % _CHUNK and self._late():
                    raise Deadline
                for letter in entry[1][NODE]:  # END among them: never asked for
                    entries = reading.get(letter)
                    if entries is None:
                        reading[letter] = [entry]
                    else:
                        entries.append(entry)
            self._reading[depth] = reading
        return reading

    def _deepen(self, depth: int) -> None:
        # A level of a long rack holds tens of thousands of prefixes: the clock is read every
        # few hundred while it is spelled and indexed, and a level is kept only once whole.
        levels = self.levels
        while len(levels) <= depth and self._following:
            level = self._following
            placing, self._following = self._index(level)
            levels.append(level)
            self._placing.append(placing)
            self._reading.append(None)

    def placing(self, letter: str, depth: int) -> list[list[tuple[str, Spelling]] | tuple[()]]:
        """Per length up to ``depth``: (prefix, spelling after prefix + letter)."""
        self._deepen(depth)
        return [table.get(letter, ()) for table in self._placing[: depth + 1]]

    def reading(self, letter: str, depth: int) -> list[list[tuple[str, Spelling]] | tuple[()]]:
        """Per length up to ``depth``: (prefix, spelling) whose node continues with ``letter``."""
        self._deepen(depth)
        return [self._reading_table(d).get(letter, ()) for d in range(min(depth + 1, len(self.levels)))]
