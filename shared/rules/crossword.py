"""A player's crossword read off the board: words, invalid runs, supply and isolation (R5)."""

from __future__ import annotations

from dataclasses import dataclass

from shared.rules.board import Board, Run, runs_of
from shared.rules.lexicon import Lexicon
from shared.rules.terrain import Cell, Player


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

    @property
    def isolated(self) -> tuple[Run, ...]:
        return tuple(w for w in self.words if w not in self.supplied)

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
