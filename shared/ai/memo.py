"""Crosswords and defences remembered across the positions of one search.

A decision values hundreds of positions, and in most of them one side's letters are just as
they were: the mover's play-outs leave the opponent's crossword alone, the look-ahead's
replies leave the mover's. Reading a crossword (its runs, words and supply) and its defences
(every word's strength and the cells it covers) costs more than recognising a layer of
letters seen before, so both are kept here, keyed by what they depend on: the player, the
cities it owns (supply), and each of its letters with the terrain under it (ice that cracks
changes a strength). The lexicon, rules and map are checked by identity; a new one, or too
many entries, clears the store. The values are never changed by their users.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from shared.ai.war import Defences, read_defences
from shared.rules.crossword import Crossword, read_crossword
from shared.rules.game import Game
from shared.rules.terrain import Player

LIMIT = 4096
"""Entries kept before the store is cleared (a search revisits few layers many times)."""

_CROSSWORDS: dict[tuple, Crossword] = {}
_DEFENCES: dict[tuple, Defences] = {}
_FOR: list[object] = [None, None, None]  # the lexicon, rules and map the store was filled for
T = TypeVar("T")


def _key(game: Game, player: Player) -> tuple:
    board = game.board
    if _FOR[0] is not game.lexicon or _FOR[1] is not game.rules or _FOR[2] is not board.map:
        _CROSSWORDS.clear()
        _DEFENCES.clear()
        _FOR[:] = [game.lexicon, game.rules, board.map]
    terrain = board.terrain
    letters = frozenset([(cell, letter, terrain[cell[0]][cell[1]]) for cell, letter in board.letters[player].items()])
    owned = frozenset([cell for cell, owner in board.city_owner.items() if owner == player])
    return player, owned, letters


def _remembered(store: dict[tuple, T], key: tuple, make: Callable[[], T]) -> T:
    found = store.get(key)
    if found is None:
        if len(store) >= LIMIT:
            store.clear()
        found = store[key] = make()
    return found


def _crossword(game: Game, player: Player, key: tuple) -> Crossword:
    return _remembered(_CROSSWORDS, key, lambda: read_crossword(game.board, player, game.lexicon))


def crossword_of(game: Game, player: Player) -> Crossword:
    """:func:`~shared.rules.crossword.read_crossword` of ``player`` in ``game``, remembered."""
    return _crossword(game, player, _key(game, player))


def score_of(game: Game, player: Player) -> int:
    """``player``'s score (:meth:`~shared.rules.game.Game.score`) from its remembered crossword."""
    return game.score(player, crossword_of(game, player))


def defences_of(game: Game, player: Player) -> Defences:
    """:func:`~shared.ai.war.read_defences` of ``player`` in ``game``, remembered."""
    key = _key(game, player)
    return _remembered(_DEFENCES, key, lambda: read_defences(game, player, _crossword(game, player, key)))


def forget() -> None:
    """Empty the store (a benchmark timing a decision from cold)."""
    _CROSSWORDS.clear()
    _DEFENCES.clear()
