"""What the board marks as the last move: each player's last commit, and what combat removed.

Fed one event dict at a time as the screen shows them (plain data, tested without a window).
Each player's last committed letters stay marked until that player commits again; the letters
combat (or cracking ice) removed stay as ghosts until the next commit by either player.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from shared.rules.terrain import Cell, Player
from shared.wire import GameEvent, GameStarted, LettersRemoved, WordCommitted, WordLifted


@dataclass(frozen=True)
class Ghost:
    """A letter that was knocked off the board by the last move."""

    cell: Cell
    owner: Player
    letter: str
    reason: str


@dataclass
class MoveMarks:
    """The cells to mark as the last move of each side, and the ghosts of removed letters."""

    commits: dict[Player, tuple[Cell, ...]] = field(default_factory=dict)
    words: dict[Player, str] = field(default_factory=dict)
    ghosts: list[Ghost] = field(default_factory=list)

    def apply(self, event: GameEvent) -> None:
        """Take one event into account."""
        if isinstance(event, WordCommitted):
            player = Player(event.player)
            self.ghosts = []
            self.commits[player] = tuple((int(r), int(c)) for r, c, _ in event.placed)
            self.words[player] = event.word
        elif isinstance(event, LettersRemoved):
            owner = Player(event.owner)
            reason = event.reason
            for r, c, ch in event.letters:
                self.ghosts.append(Ghost((int(r), int(c)), owner, str(ch), reason))
            gone = {(int(r), int(c)) for r, c, _ in event.letters}
            self._forget(owner, gone)
        elif isinstance(event, WordLifted):
            player = Player(event.player)
            self._forget(player, {(int(r), int(c)) for r, c, _ in event.returned})
        elif isinstance(event, GameStarted):
            self.commits.clear()
            self.words.clear()
            self.ghosts = []

    def _forget(self, player: Player, cells: set[Cell]) -> None:
        kept = tuple(c for c in self.commits.get(player, ()) if c not in cells)
        if kept:
            self.commits[player] = kept
        else:
            self.commits.pop(player, None)
            self.words.pop(player, None)

    def ghost_at(self, cell: Cell) -> Ghost | None:
        """The ghost on ``cell`` (the last one if several), or None."""
        for ghost in reversed(self.ghosts):
            if ghost.cell == cell:
                return ghost
        return None

    def last_commit_of(self, cell: Cell) -> Player | None:
        """Whose last commit placed a letter on ``cell`` (None: nobody's)."""
        for player, cells in self.commits.items():
            if cell in cells:
                return player
        return None
