"""A player's crossword read off the board: words, invalid runs, supply and isolation (R5)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from shared.rules.board import ACROSS, DIRECTIONS, Board, Run, line_run, runs_of
from shared.rules.letters import face_value
from shared.rules.lexicon import Lexicon
from shared.rules.terrain import Cell, Player

__all__ = [
    "Crossword", "read_crossword", "extend_crossword", "supplied_words",
]


@dataclass(frozen=True)
class Crossword:
    """One player's runs, classified.

    ``words`` are runs the lexicon knows; ``invalid`` the rest. ``supplied`` words trace a
    path through shared letters of words to a city the player owns; ``isolated`` do not.
    """

    player: Player
    runs: tuple[Run, ...]
    words: tuple[Run, ...]
    invalid: tuple[Run, ...]
    supplied: frozenset[Run]

    # Read many times per position (scores, views, the AI), so each is worked out once.
    @cached_property
    def isolated(self) -> tuple[Run, ...]:
        """The words with no supply line to a city the player owns."""
        return tuple(w for w in self.words if w not in self.supplied)

    @cached_property
    def word_value(self) -> int:
        """The face value of every word together: the words' part of the score (R11)."""
        return sum(face_value(r.text) for r in self.words)

    def runs_at(self, cell: Cell) -> list[Run]:
        """The runs with a letter on ``cell``."""
        return [run for run in self.runs if cell in run.cells]


def read_crossword(
    board: Board, player: Player, lexicon: Lexicon, letters: dict[Cell, str] | None = None
) -> Crossword:
    """Classify ``player``'s runs (optionally for a hypothetical layer of letters)."""
    own = board.letters[player] if letters is None else letters
    runs = runs_of(own)
    words = tuple(r for r in runs if r.text in lexicon)
    invalid = tuple(r for r in runs if r.text not in lexicon)
    return Crossword(player, tuple(runs), words, invalid, supplied_words(board, player, words))


def extend_crossword(
    board: Board, before: Crossword, lexicon: Lexicon, letters: dict[Cell, str], new_cells: frozenset[Cell]
) -> Crossword:
    """What :func:`read_crossword` would read of ``letters``: ``before``'s letters with
    ``new_cells`` added.

    Adding letters only lengthens or joins the runs through them; every other run stays as it
    was, so only the lines through the new cells are read again."""
    fresh: dict[tuple[int, Cell], Run] = {}
    for cell in new_cells:
        for d, direction in enumerate(DIRECTIONS):
            run = line_run(letters, cell, direction)
            if run is not None:
                fresh[(d, run.cells[0])] = run
    grown = ({c for (d, _), r in fresh.items() if d == 0 for c in r.cells},
             {c for (d, _), r in fresh.items() if d == 1 for c in r.cells})
    keyed = [((0 if r.direction == ACROSS else 1, r.cells[0]), r) for r in before.runs
             if r.cells[0] not in grown[0 if r.direction == ACROSS else 1]]
    keyed.extend(fresh.items())
    keyed.sort(key=lambda item: item[0])  # across runs first, each direction in reading order
    runs = tuple(r for _, r in keyed)
    known = [r.text in lexicon for r in runs]
    words = tuple(r for r, ok in zip(runs, known) if ok)
    invalid = tuple(r for r, ok in zip(runs, known) if not ok)
    return Crossword(before.player, runs, words, invalid, supplied_words(board, before.player, words))


def supplied_words(board: Board, player: Player, words: tuple[Run, ...]) -> frozenset[Run]:
    """The words connected through shared letters of words to a city ``player`` owns."""
    owned = {cell for cell, owner in board.city_owner.items() if owner == player}
    # by index: hashing a Run (its cells, direction and text) costs more than the search itself
    by_cell: dict[Cell, list[int]] = {}
    for i, word in enumerate(words):
        for cell in word.cells:
            by_cell.setdefault(cell, []).append(i)
    frontier = [i for i, w in enumerate(words) if any(cell in owned for cell in w.cells)]
    supplied = set(frontier)
    while frontier:
        for cell in words[frontier.pop()].cells:
            for other in by_cell[cell]:
                if other not in supplied:
                    supplied.add(other)
                    frontier.append(other)
    return frozenset([words[i] for i in supplied])
