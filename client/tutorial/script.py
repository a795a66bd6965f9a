"""Lesson positions played out by the real engine, from a seed, one scripted action at a time.

A lesson never places a letter by hand. Its position is a :class:`Script`: a seed and a list of
moves (words laid across or down, words lifted, letters discarded, turns ended, defences
ordered), each applied with
:meth:`Game.apply`, so every word on the board was checked by the rules when it was laid and
every fight was fought by the engine. The only help a script gets is in the *deal*: before a
player lays a word, the letters it needs are swapped into that player's rack from the pool
(:func:`deal`). The rack keeps its size, the pool gives what it holds and takes back what it
got, so the letter counts stay exact: the position is one that another shuffle of the same
pool would have dealt. The racks a lesson starts with are dealt the same way.

Cells are the engine's (row, column), counted from 0; players read them from 1
(:func:`shared.rules.errors.cell_name`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from shared.rules.actions import Action, Commit, Discard, EndTurn, OrderDefence, Redeploy
from shared.rules.errors import RuleError
from shared.rules.events import Event
from shared.rules.game import Game
from shared.rules.lexicon import Lexicon
from shared.rules.presets import RuleSet
from shared.rules.terrain import GameMap, Player

GOLD, SILVER = Player.GOLD, Player.SILVER


class ScriptError(ValueError):
    """A lesson script that the engine refuses, or that asks for letters the pool lacks."""


@dataclass(frozen=True)
class Lay:
    """Lay ``letters`` from (``row``, ``col``) ``direction``; a ``.`` skips a cell (a letter
    already there)."""

    player: Player
    row: int
    col: int
    direction: str
    letters: str

    def action(self) -> Commit:
        """The engine's commit for this move."""
        dr, dc = (0, 1) if self.direction == "across" else (1, 0)
        cells = tuple((self.row + i * dr, self.col + i * dc, ch)
                      for i, ch in enumerate(self.letters) if ch != ".")
        direction = self.direction if len(cells) == 1 else None
        return Commit(self.player, cells, direction)

    @property
    def needs(self) -> str:
        """The letters this move takes from the rack."""
        return self.letters.replace(".", "")


def across(player: Player, row: int, col: int, letters: str) -> Lay:
    """A word laid across from (row, col), counted from 0."""
    return Lay(player, row, col, "across", letters)


def down(player: Player, row: int, col: int, letters: str) -> Lay:
    """A word laid down from (row, col), counted from 0."""
    return Lay(player, row, col, "down", letters)


@dataclass(frozen=True)
class EndOfTurn:
    """``player`` ends the turn (a pass if nothing was laid)."""

    player: Player


@dataclass(frozen=True)
class BestDefence:
    """``player`` orders a pending defence in the engine's suggested (best) order."""

    player: Player


@dataclass(frozen=True)
class Lift:
    """``player`` lifts its ``direction`` line through (``row``, ``col``) back to the rack."""

    player: Player
    row: int
    col: int
    direction: str

    def action(self) -> Redeploy:
        """The engine's redeployment for this move."""
        return Redeploy(self.player, (self.row, self.col), self.direction)


@dataclass(frozen=True)
class Throw:
    """``player`` discards ``letters`` (dealt into the rack first, like a word's letters)."""

    player: Player
    letters: str


Move = Lay | EndOfTurn | BestDefence | Lift | Throw


def deal(game: Game, player: Player, letters: str, exact: bool = False) -> None:
    """Make sure ``player``'s rack holds ``letters``, swapping with the pool; the size stays.

    With ``exact`` the rack becomes exactly ``letters`` (which must then be as many as the
    rack holds). Raises :class:`ScriptError` if the pool cannot give a letter or the rack is
    too small; nothing changes then.
    """
    rack, pool = game.racks[player], game.pools[player]
    want = Counter(letters)
    if exact and len(letters) != len(rack):
        raise ScriptError(f"{player.label}'s rack holds {len(rack)} letters, not {len(letters)}: {letters!r}")
    if sum(want.values()) > len(rack):
        raise ScriptError(f"{player.label}'s rack holds {len(rack)} letters; {letters!r} do not fit")
    have = Counter(rack)
    missing = want - have
    spare = list((have - want).elements())
    # Letters that go back to the pool: the spare ones, as many as the missing ones.
    out_letters = spare[:sum(missing.values())]
    available = Counter(pool) + Counter(out_letters)
    short = missing - available
    if short:
        raise ScriptError(f"{player.label}'s pool has no more {''.join(sorted(short.elements()))!r}")
    for ch in out_letters:
        rack.remove(ch)
        pool.insert(0, ch)
    for ch in missing.elements():
        pool.remove(ch)
        rack.append(ch)
    if exact:
        rack.sort(key=letters.index)


@dataclass(frozen=True)
class Script:
    """A lesson position: the map, the rules, a seed, the moves and the racks dealt at the end.

    ``racks`` deals each listed player's rack exactly (as many letters as the engine gave).
    """

    moves: tuple[Move, ...] = ()
    racks: tuple[tuple[Player, str], ...] = ()
    seed: int = 2011

    def play(self, game_map: GameMap, rules: RuleSet, lexicon: Lexicon) -> tuple[Game, list[tuple[Move, list[Event]]]]:
        """The position: a new game with every move applied, and each move with its events.

        Raises :class:`ScriptError` naming the move the engine refused.
        """
        game = Game.new(game_map, rules, self.seed, lexicon)
        history: list[tuple[Move, list[Event]]] = []
        for number, move in enumerate(self.moves, 1):
            history.append((move, apply_move(game, move, number)))
        for player, letters in self.racks:
            deal(game, player, letters, exact=True)
        return game, history


def to_action(game: Game, move: Move) -> Action:
    """The engine action for ``move`` in ``game`` (a best defence asks the game for its order)."""
    if isinstance(move, Lay):
        return move.action()
    if isinstance(move, EndOfTurn):
        return EndTurn(move.player)
    if isinstance(move, Lift):
        return move.action()
    if isinstance(move, Throw):
        return Discard(move.player, move.letters)
    return OrderDefence(move.player, game.best_defence_order())


def apply_move(game: Game, move: Move, number: int = 0) -> list[Event]:
    """Apply one scripted move through the engine (dealing a word's letters first)."""
    try:
        if isinstance(move, Lay):
            deal(game, move.player, move.needs)
        elif isinstance(move, Throw):
            deal(game, move.player, move.letters)
        return game.apply(to_action(game, move))
    except RuleError as exc:
        raise ScriptError(f"move {number} ({move}) was refused: {exc.reason}") from None
