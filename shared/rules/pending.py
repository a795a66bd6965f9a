"""What a game may be waiting for (a discard, a defence order) and how it ended."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shared.rules.board import Run
from shared.rules.combat import Defender
from shared.rules.strength import Strength
from shared.rules.terrain import Cell, Player

__all__ = [
    "PendingDiscard", "PendingDefence", "Result",
]


@dataclass(frozen=True)
class PendingDiscard:
    """``player`` must discard ``count`` letters before anything else."""

    player: Player
    count: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "discard", "player": int(self.player), "count": self.count}


@dataclass(frozen=True)
class PendingDefence:
    """``defender`` must order the defending words against the committed word."""

    attacker: Player
    attack_run: Run
    attack_strength: Strength
    defenders: tuple[Defender, ...]
    suggested_order: tuple[int, ...]
    new_cells: frozenset[Cell]

    @property
    def defender(self) -> Player:
        return self.attacker.other

    @property
    def player(self) -> Player:
        return self.defender

    def attack_dict(self) -> dict[str, Any]:
        return {
            "player": int(self.attacker),
            "word": self.attack_run.text,
            "cells": [list(c) for c in self.attack_run.cells],
            "strength": self.attack_strength.value,
            "detail": self.attack_strength.to_dict(),
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": "defence",
            "player": int(self.defender),
            "attack": self.attack_dict(),
            "defenders": [d.to_dict() for d in self.defenders],
            "suggested_order": list(self.suggested_order),
        }


@dataclass(frozen=True)
class Result:
    """How the game ended. ``winner`` None is a draw."""

    winner: Player | None
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"winner": None if self.winner is None else int(self.winner), "reason": self.reason}
