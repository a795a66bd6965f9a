"""Events: what an applied action did, in order, for a server to stream and a client to animate.

Every event has ``to_dict(viewer)``: what that viewer (a player, or None for a spectator)
may see of it (R13), or None if nothing. Cells are [row, column] lists.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from shared.rules.terrain import Cell, Player

__all__ = [
    "Event", "GameStarted", "TurnStarted", "LettersDrawn", "DiscardRequired", "LettersDiscarded",
    "WordCommitted", "TerrainChanged", "DefenceRequested", "CombatStep", "LettersRemoved",
    "CityTaken", "WordLifted", "TurnEnded", "LastTurn", "ScoresChanged", "GameOver",
]


def _cells(cells) -> list[list[int]]:
    return [[r, c] for r, c in cells]


@dataclass(frozen=True)
class Event:
    """Base class: the event's public form is its fields."""

    type = "event"

    def public(self) -> dict[str, Any]:
        raise NotImplementedError

    def to_dict(self, viewer: Player | None) -> dict[str, Any] | None:
        """The event as ``viewer`` may see it."""
        return {"type": self.type, **self.public()}


@dataclass(frozen=True)
class GameStarted(Event):
    type = "game_started"
    first: Player
    map_name: str
    rules: str

    def public(self):
        return {"first": int(self.first), "map": self.map_name, "rules": self.rules}


@dataclass(frozen=True)
class TurnStarted(Event):
    type = "turn_started"
    player: Player
    turn: int

    def public(self):
        return {"player": int(self.player), "turn": self.turn}


@dataclass(frozen=True)
class LettersDrawn(Event):
    """Letters drawn into a rack: only their owner sees which."""

    type = "letters_drawn"
    player: Player
    letters: str

    def public(self):
        return {"player": int(self.player), "count": len(self.letters)}

    def to_dict(self, viewer):
        out = {"type": self.type, **self.public()}
        if viewer == self.player:
            out["letters"] = self.letters
        return out


@dataclass(frozen=True)
class DiscardRequired(Event):
    type = "discard_required"
    player: Player
    count: int

    def public(self):
        return {"player": int(self.player), "count": self.count}


@dataclass(frozen=True)
class LettersDiscarded(Event):
    """Letters discarded from a rack: the opponent learns how many, not which."""

    type = "letters_discarded"
    player: Player
    letters: str

    def public(self):
        return {"player": int(self.player), "count": len(self.letters)}

    def to_dict(self, viewer):
        out = {"type": self.type, **self.public()}
        if viewer == self.player:
            out["letters"] = self.letters
        return out


@dataclass(frozen=True)
class WordCommitted(Event):
    type = "word_committed"
    player: Player
    word: str
    cells: tuple[Cell, ...]
    placed: tuple[tuple[int, int, str], ...]
    attacks: bool

    def public(self):
        return {
            "player": int(self.player),
            "word": self.word,
            "cells": _cells(self.cells),
            "placed": [list(p) for p in self.placed],
            "attacks": self.attacks,
        }


@dataclass(frozen=True)
class TerrainChanged(Event):
    type = "terrain_changed"
    cells: tuple[Cell, ...]
    old: str
    new: str
    reason: str  # "forest cut" or "ice cracked"

    def public(self):
        return {"cells": _cells(self.cells), "from": self.old, "to": self.new, "reason": self.reason}


@dataclass(frozen=True)
class DefenceRequested(Event):
    """The defender must order the defending words (R7)."""

    type = "defence_requested"
    defender: Player
    attack: dict[str, Any]
    defenders: tuple[dict[str, Any], ...]
    suggested_order: tuple[int, ...]

    def public(self):
        return {
            "defender": int(self.defender),
            "attack": self.attack,
            "defenders": list(self.defenders),
            "suggested_order": list(self.suggested_order),
        }


@dataclass(frozen=True)
class CombatStep(Event):
    """One fight: the attacking word against one defending word."""

    type = "combat_step"
    attacker: Player
    attack_word: str
    attack_strength: int
    defend_word: str
    defend_cells: tuple[Cell, ...]
    defend_strength: int
    attacker_wins: bool
    attack_strength_after: int
    # why each side is as strong as it is: the attacking word's strength before any fight
    # (Strength.to_dict) and the defender's (Defender.to_dict without its cells)
    attack_detail: dict[str, Any] | None = None
    defend_detail: dict[str, Any] | None = None

    def public(self):
        out = {
            "attacker": int(self.attacker),
            "attack_word": self.attack_word,
            "attack_strength": self.attack_strength,
            "defend_word": self.defend_word,
            "defend_cells": _cells(self.defend_cells),
            "defend_strength": self.defend_strength,
            "attacker_wins": self.attacker_wins,
            "attack_strength_after": self.attack_strength_after,
        }
        if self.attack_detail is not None:
            out["attack_detail"] = self.attack_detail
        if self.defend_detail is not None:
            out["defend_detail"] = self.defend_detail
        return out


@dataclass(frozen=True)
class LettersRemoved(Event):
    """Letters that left the game; ``points_to`` gained their face value (None: nobody)."""

    type = "letters_removed"
    owner: Player
    letters: tuple[tuple[int, int, str], ...]
    reason: str  # "defeated", "swept", "attack failed", "ice cracked", "stranded"
    points_to: Player | None
    points: int

    def public(self):
        return {
            "owner": int(self.owner),
            "letters": [list(x) for x in self.letters],
            "reason": self.reason,
            "points_to": None if self.points_to is None else int(self.points_to),
            "points": self.points,
        }


@dataclass(frozen=True)
class CityTaken(Event):
    type = "city_taken"
    cell: Cell
    player: Player
    previous: Player | None
    bonus: int

    def public(self):
        return {
            "cell": list(self.cell),
            "player": int(self.player),
            "previous": None if self.previous is None else int(self.previous),
            "bonus": self.bonus,
        }


@dataclass(frozen=True)
class WordLifted(Event):
    type = "word_lifted"
    player: Player
    word: str
    cells: tuple[Cell, ...]
    returned: tuple[tuple[int, int, str], ...]

    def public(self):
        return {
            "player": int(self.player),
            "word": self.word,
            "cells": _cells(self.cells),
            "returned": [list(x) for x in self.returned],
        }


@dataclass(frozen=True)
class TurnEnded(Event):
    type = "turn_ended"
    player: Player
    passed: bool

    def public(self):
        return {"player": int(self.player), "passed": self.passed}


@dataclass(frozen=True)
class LastTurn(Event):
    """The first player has gone out under ``equal_turns``: ``player`` plays the game's last turn."""

    type = "last_turn"
    player: Player

    def public(self):
        return {"player": int(self.player)}


@dataclass(frozen=True)
class ScoresChanged(Event):
    type = "scores"
    scores: dict[Player, int] = field(default_factory=dict)

    def public(self):
        return {"scores": {str(int(p)): s for p, s in self.scores.items()}}


@dataclass(frozen=True)
class GameOver(Event):
    type = "game_over"
    winner: Player | None
    reason: str
    scores: dict[Player, int] = field(default_factory=dict)

    def public(self):
        return {
            "winner": None if self.winner is None else int(self.winner),
            "reason": self.reason,
            "scores": {str(int(p)): s for p, s in self.scores.items()},
        }
