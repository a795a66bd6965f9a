"""Every event kind the engine emits (``shared.rules.events``), as the wire carries it.

:data:`GameEvent` is a tagged union on ``type``: ``msgspec.convert(event_dict, GameEvent)`` is
the Struct of that kind. Field order is the engine's, so encoding a Struct gives the bytes the
server sends. Cells are ``(row, column)``, letters ``(row, column, letter)``.
"""

from __future__ import annotations

from typing import Union

import msgspec

__all__ = [
    "Cell", "Placed", "StrengthDetail", "FightDetail", "AttackEntry", "DefenderEntry",
    "GameStarted", "TurnStarted", "LettersDrawn", "DiscardRequired", "LettersDiscarded",
    "WordCommitted", "TerrainChanged", "DefenceRequested", "CombatStep", "LettersRemoved",
    "CityTaken", "WordLifted", "TurnEnded", "LastTurn", "ScoresChanged", "GameOver",
    "GameEvent", "EVENT_TYPES", "event_type",
]

Cell = tuple[int, int]
Placed = tuple[int, int, str]


class _Data(msgspec.Struct, kw_only=True, omit_defaults=True):
    """A nested value of a message: fields with a default are left out when they have it."""


class StrengthDetail(_Data):
    """Why a word is as strong as it is: ``base`` (letters, mountains doubled) times ``multipliers``."""

    value: int
    base: int
    multipliers: list[tuple[str, str]]  # (name, "n/d")


class FightDetail(_Data):
    """The defending word's side of a fight, for its explanation."""

    word: str
    value: int
    base: int
    multipliers: list[tuple[str, str]]
    supplied: bool
    on_city: bool = False  # a letter of it stands on a city
    kept: int = 0  # letters of it in a gate the attack misses


class AttackEntry(_Data):
    """The committed word that attacks, in a pending defence."""

    player: int
    word: str
    cells: list[Cell]
    strength: int
    detail: StrengthDetail


class DefenderEntry(_Data):
    """One defending word the defender orders."""

    word: str
    cells: list[Cell]
    direction: str
    strength: int
    detail: StrengthDetail
    supplied: bool
    kept: list[Cell] | None = None  # only under a rule set's city_gates_hold
    on_city: bool = False


class _Event(msgspec.Struct, tag_field="type", kw_only=True, omit_defaults=True):
    """Base of every event; ``type`` is the tag."""

    @property
    def type(self) -> str:
        """The event's kind, as on the wire (``word_committed``, ...)."""
        return self.__struct_config__.tag  # type: ignore[return-value]


class GameStarted(_Event, tag="game_started"):
    first: int
    map: str
    rules: str


class TurnStarted(_Event, tag="turn_started"):
    player: int
    turn: int


class LettersDrawn(_Event, tag="letters_drawn"):
    """``letters`` only for the player who drew them."""

    player: int
    count: int
    letters: str | None = None


class DiscardRequired(_Event, tag="discard_required"):
    player: int
    count: int


class LettersDiscarded(_Event, tag="letters_discarded"):
    """``letters`` only for the player who discarded them."""

    player: int
    count: int
    letters: str | None = None


class WordCommitted(_Event, tag="word_committed"):
    player: int
    word: str
    cells: list[Cell]
    placed: list[Placed]
    attacks: bool


class TerrainChanged(_Event, tag="terrain_changed"):
    """``reason``: ``forest cut`` or ``ice cracked``; ``old``/``new`` are terrain names."""

    cells: list[Cell]
    old: str = msgspec.field(name="from")
    new: str = msgspec.field(name="to")
    reason: str


class DefenceRequested(_Event, tag="defence_requested"):
    defender: int
    attack: AttackEntry
    defenders: list[DefenderEntry]
    suggested_order: list[int]


class CombatStep(_Event, tag="combat_step"):
    """One fight: the attacking word against one defending word."""

    attacker: int
    attack_word: str
    attack_strength: int
    defend_word: str
    defend_cells: list[Cell]
    defend_strength: int
    attacker_wins: bool
    attack_strength_after: int
    attack_detail: StrengthDetail | None = None
    defend_detail: FightDetail | None = None


class LettersRemoved(_Event, tag="letters_removed"):
    """``reason``: defeated, swept, attack failed, ice cracked, stranded; ``points_to`` gained ``points``."""

    owner: int
    letters: list[Placed]
    reason: str
    points_to: int | None
    points: int


class CityTaken(_Event, tag="city_taken"):
    cell: Cell
    player: int
    previous: int | None
    bonus: int


class WordLifted(_Event, tag="word_lifted"):
    player: int
    word: str
    cells: list[Cell]
    returned: list[Placed]


class TurnEnded(_Event, tag="turn_ended"):
    player: int
    passed: bool


class LastTurn(_Event, tag="last_turn"):
    """``player`` plays the game's last turn (the other has used every letter)."""

    player: int


class ScoresChanged(_Event, tag="scores"):
    scores: dict[str, int]  # by seat "1", "2"


class GameOver(_Event, tag="game_over"):
    winner: int | None
    reason: str
    scores: dict[str, int]


GameEvent = Union[
    GameStarted, TurnStarted, LettersDrawn, DiscardRequired, LettersDiscarded, WordCommitted,
    TerrainChanged, DefenceRequested, CombatStep, LettersRemoved, CityTaken, WordLifted,
    TurnEnded, LastTurn, ScoresChanged, GameOver,
]
"""Any event, told apart by its ``type``."""

EVENT_TYPES: dict[str, type[_Event]] = {cls.__struct_config__.tag: cls  # type: ignore[misc]
                                        for cls in GameEvent.__args__}  # type: ignore[attr-defined]


def event_type(event: GameEvent) -> str:
    """The wire name (``type``) of an event."""
    return event.__struct_config__.tag  # type: ignore[return-value]
