"""A finished tournament game as the rules see it, and what each player scored in it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Outcome = Literal["win", "draw", "loss"]


@dataclass(frozen=True)
class Played:
    """One finished game between two players: ``winner`` is one of them, or None for a draw."""

    gold: int
    silver: int
    winner: int | None

    def __post_init__(self) -> None:
        if self.gold == self.silver:
            raise ValueError(f"player {self.gold} cannot play themself")
        if self.winner is not None and self.winner not in (self.gold, self.silver):
            raise ValueError(f"the winner {self.winner} did not play this game")

    def has(self, player: int) -> bool:
        """Whether ``player`` played this game."""
        return player in (self.gold, self.silver)

    def opponent(self, player: int) -> int:
        """The other player of the game."""
        if player == self.gold:
            return self.silver
        if player == self.silver:
            return self.gold
        raise ValueError(f"player {player} did not play this game")

    def outcome(self, player: int) -> Outcome:
        """How the game went for ``player``."""
        self.opponent(player)  # checks that they played
        if self.winner is None:
            return "draw"
        return "win" if self.winner == player else "loss"


# The points of a swiss or league game: a win 1, a draw a half; a swiss bye scores a win's point.
GAME_POINTS: dict[Outcome, float] = {"win": 1.0, "draw": 0.5, "loss": 0.0}
BYE_POINTS = 1.0


def points_of(game: Played, player: int) -> float:
    """What ``player`` scored in ``game`` (swiss and league points)."""
    return GAME_POINTS[game.outcome(player)]
