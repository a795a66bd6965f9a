"""What a game is at one moment, and the questions asked of it.

:class:`GameState` holds every field of a game and answers what can be read off them (whose
move, the crosswords, the scores); it changes nothing. The changes are made by the flows,
functions over a state: :mod:`shared.rules.commit_flow` (a commit's fights, ice, cities,
stranded letters) and :mod:`shared.rules.turn_flow` (turns, draws, discards, the ends of the
game); :class:`~shared.rules.game.Game` checks each action and hands it to them.
"""

from __future__ import annotations

import random
from typing import Any

from shared.rules.board import Board
from shared.rules.crossword import Crossword, read_crossword
from shared.rules.events import Event
from shared.rules.lexicon import Lexicon
from shared.rules.pending import PendingDefence, PendingDiscard, Result
from shared.rules.presets import RuleSet
from shared.rules.terrain import GameMap, Player

__all__ = ["PLAYERS", "GameState"]

PLAYERS = (Player.GOLD, Player.SILVER)


class GameState:
    """Every field of one game, and the queries on them."""

    map: GameMap
    rules: RuleSet
    lexicon: Lexicon
    seed: int
    first: Player
    rng: random.Random
    board: Board
    racks: dict[Player, list[str]]
    pools: dict[Player, list[str]]
    drawn: dict[Player, int]
    removed: dict[Player, int]
    discarded: dict[Player, int]
    captured: dict[Player, int]
    cities_taken: dict[Player, int]
    to_move: Player
    turn: int
    turns_started: dict[Player, int]
    committed_this_turn: bool
    redeployed_this_turn: bool
    passes: int
    stall_turns: int  # turns started with both pools empty (R11 end 4)
    pending: PendingDiscard | PendingDefence | None
    result: Result | None
    actions: list[dict[str, Any]]
    initial_events: list[Event]
    _last_scores: dict[Player, int]

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def version(self) -> int:
        """The number of accepted actions."""
        return len(self.actions)

    @property
    def actor(self) -> Player | None:
        """Who must act now: the defender or discarder if a decision is pending, else the mover."""
        if self.result is not None:
            return None
        if self.pending is not None:
            return self.pending.player
        return self.to_move

    def pool_count(self, player: Player) -> int | None:
        """Letters left in ``player``'s pool (None: endless)."""
        return None if self.rules.endless_pool else len(self.pools[player])

    def crossword(self, player: Player) -> Crossword:
        """``player``'s runs, words, invalid runs and supply.

        Remembered while the player's letters and cities stay as they are (a crossword depends
        on nothing else): an action, its scores and the views sent after it read each once."""
        board = self.board
        known = self.__dict__.setdefault("_crosswords", {})
        hit = known.get(player)
        # Kept with copies of what it was read from: comparing two dicts costs less than
        # building any key from them, and this runs several times an action.
        if hit is not None and hit[0] == board.letters[player] and hit[1] == board.city_owner:
            return hit[2]
        crossword = read_crossword(board, player, self.lexicon)
        self.remember_crossword(player, crossword)
        return crossword

    def remember_crossword(self, player: Player, crossword: Crossword) -> None:
        """Keep ``crossword`` as ``player``'s for the board as it is now."""
        board = self.board
        self.__dict__.setdefault("_crosswords", {})[player] = (
            dict(board.letters[player]), dict(board.city_owner), crossword)

    def score(self, player: Player, crossword: Crossword | None = None) -> int:
        """R11: words on the board + opponent letters removed + city bonuses."""
        words = (crossword or self.crossword(player)).word_value
        return words + self.captured[player] + self.rules.city_capture_bonus * self.cities_taken[player]

    def scores(self) -> dict[Player, int]:
        return {p: self.score(p) for p in PLAYERS}

    def letter_total(self, player: Player) -> int:
        """Pool + rack + board + removed + discarded: never changes in a finite-pool game."""
        return (
            len(self.pools[player]) + len(self.racks[player]) + len(self.board.letters[player])
            + self.removed[player] + self.discarded[player]
        )

    def gone_out(self, p: Player) -> bool:
        """R11 end 2's condition: ``p`` has an empty pool and an empty rack."""
        return not self.rules.endless_pool and not self.pools[p] and not self.racks[p]

    def last_turn_follows(self, p: Player) -> bool:
        """True when ``p``, ending a turn that does not end the game, is the first player going
        out under ``equal_turns``: the second player then plays one last turn."""
        rules = self.rules
        return rules.equal_turns and rules.end_on_empty_rack and p == self.first and self.gone_out(p)

    def is_last_turn(self) -> bool:
        """True while the second player plays the last turn of the game (``equal_turns``: the
        first player has gone out, and the game ends with this turn)."""
        return self.result is None and self.to_move != self.first and self.last_turn_follows(self.first)
