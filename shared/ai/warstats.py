"""What the fighting of one game did, counted from the events ``Game.apply`` returns.

:class:`WarCounter` reads the event lists of a game in order (the game's
``initial_events`` first, then each action's events) and keeps a :class:`WarTally`: a plain,
picklable record of attacks and their outcome, letters removed and why, points won in combat,
cities taken (and who took the first pewter city, on which turn), the turn the two crosswords
first touched, and (when the caller checks them) which turns offered a winning attack or a
city capture and whether the mover took one.

Everything is counted from events, so the figures follow the engine's rules whatever they
are: an attack is a ``WordCommitted`` with ``attacks`` set; it is lost if one of its
``CombatStep``s has ``attacker_wins`` False, and won otherwise (an attack with no defending
word sweeps and wins). A defence order the defender must choose splits an attack's events
over two actions; the attack is settled when its combat has been fought.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from shared.rules.events import (
    CityTaken,
    CombatStep,
    DefenceRequested,
    Event,
    LettersRemoved,
    TurnStarted,
    WordCommitted,
)

COMBAT_REASONS = ("defeated", "swept", "attack failed")
"""``LettersRemoved`` reasons that are combat (not "stranded" or "ice cracked")."""


@dataclass
class Offer:
    """What the mover could have done at the start of one turn (see :mod:`shared.ai.availability`)."""

    candidates: int  # commits that attack or land on an enemy city
    checked: int  # of those, played out (at most the cap)
    attacking: int  # checked commits that attack
    winning: int  # checked commits whose attack wins its combat
    capturing: int  # checked commits that take an enemy city
    refused: int = 0  # checked commits the engine refused (a generator/engine disagreement)

    @property
    def capped(self) -> bool:
        return self.checked < self.candidates


@dataclass
class Availability:
    """One player's offers over a game: turns checked, and what those turns offered and saw."""

    turns: int = 0
    attack_offered: int = 0  # turns where a checked commit would win an attack
    attack_taken: int = 0  # ... and the mover won an attack that turn
    city_offered: int = 0  # turns where a checked commit would take an enemy city
    city_taken: int = 0  # ... and the mover took an enemy city that turn
    candidates: int = 0
    checked: int = 0
    attacking: int = 0
    winning: int = 0
    capturing: int = 0
    refused: int = 0
    capped_turns: int = 0
    seconds: float = 0.0  # time spent checking

    def add(self, offer: Offer, won_attack: bool, took_city: bool) -> None:
        """Count one checked turn: ``offer`` at its start, and what the mover did in it."""
        self.turns += 1
        if offer.winning:
            self.attack_offered += 1
            self.attack_taken += won_attack
        if offer.capturing:
            self.city_offered += 1
            self.city_taken += took_city
        self.candidates += offer.candidates
        self.checked += offer.checked
        self.attacking += offer.attacking
        self.winning += offer.winning
        self.capturing += offer.capturing
        self.refused += offer.refused
        self.capped_turns += offer.capped

    def merge(self, other: "Availability") -> None:
        """Add ``other``'s counts to this one."""
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass
class WarTally:
    """The fighting of one game. Player keys are ints (1 gold, 2 silver)."""

    attacks: dict[int, int] = field(default_factory=dict)
    attacks_won: dict[int, int] = field(default_factory=dict)
    attacks_lost: dict[int, int] = field(default_factory=dict)  # (attacks - won - lost: still being fought)
    removed: dict[str, int] = field(default_factory=dict)  # letters removed, by reason (any reason)
    combat_points: dict[int, int] = field(default_factory=dict)  # face value of letters removed for a player
    city_bonus: dict[int, int] = field(default_factory=dict)  # CityTaken bonuses
    enemy_cities: dict[int, int] = field(default_factory=dict)  # cities taken from the opponent
    pewter_cities: dict[int, int] = field(default_factory=dict)  # pewter (unowned) cities taken
    first_touch_turn: int | None = None  # turn of the first commit that touched the enemy
    first_pewter: tuple[int, int] | None = None  # (player, turn) of the first pewter city taken
    availability: dict[int, Availability] | None = None  # None: offers were not checked

    @property
    def combat_letters(self) -> int:
        """Letters removed by combat (defeated, swept, failed attacks)."""
        return sum(self.removed.get(reason, 0) for reason in COMBAT_REASONS)

    def combat_share(self, player: int, score: int) -> float | None:
        """The share of ``score`` (``player``'s final score) that combat points and city
        bonuses gave, or None if the score is not positive."""
        if score <= 0:
            return None
        return (self.combat_points.get(player, 0) + self.city_bonus.get(player, 0)) / score


def _bump(counts: dict[int, int], key: int, n: int = 1) -> None:
    counts[key] = counts.get(key, 0) + n


class WarCounter:
    """Builds a :class:`WarTally` from a game's event lists, fed in order with :meth:`observe`."""

    def __init__(self, players: tuple[int, ...] = (1, 2), track_offers: bool = False) -> None:
        self.tally = WarTally(
            attacks={p: 0 for p in players}, attacks_won={p: 0 for p in players},
            attacks_lost={p: 0 for p in players}, combat_points={p: 0 for p in players},
            city_bonus={p: 0 for p in players}, enemy_cities={p: 0 for p in players},
            pewter_cities={p: 0 for p in players},
            availability={p: Availability() for p in players} if track_offers else None,
        )
        self.turn = 0
        self._removed: Counter[str] = Counter()
        self._attack: int | None = None  # the player whose attack is being fought
        self._attack_lost = False
        self._awaiting_defence = False
        self._won_this_turn: set[int] = set()
        self._city_this_turn: set[int] = set()
        self._offer: tuple[int, Offer] | None = None

    def offer(self, player: int, offer: Offer, seconds: float = 0.0) -> None:
        """Record what ``player`` could do at the start of the current turn; it is counted
        when the turn ends, with what the player did in it."""
        if self.tally.availability is None:
            raise ValueError("this counter was made without track_offers")
        self._settle_offer()
        self._offer = (player, offer)
        self.tally.availability[player].seconds += seconds

    def observe(self, events: list[Event]) -> None:
        """Count one action's events (or the game's initial events)."""
        for event in events:
            if isinstance(event, TurnStarted):
                if not self._awaiting_defence:
                    self._settle_attack()
                self._settle_offer()
                self.turn = event.turn
                self._won_this_turn.clear()
                self._city_this_turn.clear()
            elif isinstance(event, WordCommitted) and event.attacks:
                self._settle_attack()
                player = int(event.player)
                _bump(self.tally.attacks, player)
                self._attack, self._attack_lost, self._awaiting_defence = player, False, False
                if self.tally.first_touch_turn is None:
                    self.tally.first_touch_turn = self.turn
            elif isinstance(event, DefenceRequested):
                self._awaiting_defence = True
            elif isinstance(event, CombatStep):
                self._awaiting_defence = False
                if not event.attacker_wins:
                    self._attack_lost = True
            elif isinstance(event, LettersRemoved):
                self._removed[event.reason] += len(event.letters)
                if event.points_to is not None:
                    _bump(self.tally.combat_points, int(event.points_to), event.points)
            elif isinstance(event, CityTaken):
                player = int(event.player)
                _bump(self.tally.city_bonus, player, event.bonus)
                if event.previous is None:
                    _bump(self.tally.pewter_cities, player)
                    if self.tally.first_pewter is None:
                        self.tally.first_pewter = (player, self.turn)
                elif event.previous != event.player:
                    _bump(self.tally.enemy_cities, player)
                    self._city_this_turn.add(player)
        if not self._awaiting_defence:
            self._settle_attack()
        self.tally.removed = dict(sorted(self._removed.items()))

    def finish(self) -> WarTally:
        """The tally, with the last turn's offer counted (call once, at the end of the game)."""
        if not self._awaiting_defence:
            self._settle_attack()
        self._settle_offer()
        return self.tally

    def _settle_attack(self) -> None:
        if self._attack is None:
            return
        if self._attack_lost:
            _bump(self.tally.attacks_lost, self._attack)
        else:
            _bump(self.tally.attacks_won, self._attack)
            self._won_this_turn.add(self._attack)
        self._attack = None

    def _settle_offer(self) -> None:
        if self._offer is None or self.tally.availability is None:
            return
        player, offer = self._offer
        self.tally.availability[player].add(offer, player in self._won_this_turn, player in self._city_this_turn)
        self._offer = None
