"""Which fights a turn offered: would any legal commit win an attack or take an enemy city?

At the start of a turn the mover's commits that could fight are generated: those whose
word lies on or beside an enemy letter (an attack) or on an enemy city. Each is played out
exactly on a copy of the game (``Game.copy`` + ``apply``, the defence ordered the engine's
best way) and its events are counted by the same :class:`~shared.ai.warstats.WarCounter`
that counts real games, so "a winning attack" means here exactly what it means in the
self-play figures, under whatever rules the engine plays.

Playing a commit out costs a few milliseconds, and a rich mid-game rack can have thousands
of such commits, so at most ``cap`` are checked a turn: those on an enemy city first, then
those touching the fewest enemy letters (winning attacks are mostly nibbles at one or two
defending words), strongest word first. A capped turn may hide an offer: the report
counts capped turns.
"""

from __future__ import annotations

import time

from shared.rules.actions import Commit, OrderDefence
from shared.ai.movegen import Move, find_moves, move_cells, move_commit
from shared.ai.vocab import Vocabulary
from shared.ai.warstats import Offer, WarCounter
from shared.rules.errors import RuleError
from shared.rules.events import Event
from shared.rules.game import Game, PendingDefence
from shared.rules.letters import face_value
from shared.rules.terrain import Cell, Player

DEFAULT_CAP = 300
"""Commits checked per turn unless the caller says otherwise."""


def fight_cells(game: Game, player: Player) -> tuple[set[Cell], set[Cell]]:
    """(cells on or 4-adjacent to an enemy letter, enemy city cells) for ``player``."""
    board = game.board
    enemy = board.letters[player.other]
    near = set(enemy)
    for cell in enemy:
        near.update(board.neighbours(cell))
    cities = {cell for cell, owner in board.city_owner.items() if owner == player.other}
    return near, cities


def play_commit(game: Game, commit: Commit) -> list[Event]:
    """The events of ``commit`` played on a copy of ``game``, the defence (if the defender
    must order one) in the engine's best order. ``game`` is not changed."""
    trial = game.copy()
    events = trial.apply(commit)
    if isinstance(trial.pending, PendingDefence):
        events += trial.apply(OrderDefence(trial.pending.defender, trial.best_defence_order()))
    return events


def _priority(move: Move, enemy: dict[Cell, str], cities: set[Cell], board) -> tuple:
    cells = move_cells(move)
    touched = set(cells)
    for cell in cells:
        touched.update(board.neighbours(cell))
    on_city = any(c in cities for c in cells)
    return (not on_city, sum(1 for c in touched if c in enemy), -face_value(move[3]))


def check_offers(game: Game, player: Player, vocab: Vocabulary, cap: int = DEFAULT_CAP) -> Offer:
    """What ``player`` (to move, nothing pending) could do with one commit now, from the
    words of ``vocab``: at most ``cap`` fighting commits are played out."""
    if cap < 1:
        raise ValueError(f"the cap must be at least 1, not {cap}")
    player = Player(player)
    near, cities = fight_cells(game, player)
    _, moves = find_moves(game, player, vocab, near=near | cities)
    order = sorted(range(len(moves)),
                   key=lambda i: (*_priority(moves[i], game.board.letters[player.other], cities, game.board), i))
    offer = Offer(candidates=len(moves), checked=0, attacking=0, winning=0, capturing=0)
    me = int(player)
    for i in order[:cap]:
        offer.checked += 1
        counter = WarCounter()
        try:
            counter.observe(play_commit(game, move_commit(moves[i], player)))
        except RuleError:
            offer.refused += 1
            continue
        tally = counter.finish()
        offer.attacking += tally.attacks[me]
        offer.winning += tally.attacks_won[me]
        offer.capturing += tally.enemy_cities[me] > 0
    return offer


def timed_check(game: Game, player: Player, vocab: Vocabulary, cap: int = DEFAULT_CAP) -> tuple[Offer, float]:
    """:func:`check_offers` and the seconds it took."""
    start = time.perf_counter()
    offer = check_offers(game, player, vocab, cap)
    return offer, time.perf_counter() - start
