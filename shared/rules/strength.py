"""Word strength (R6): letter values, mountains doubled, every multiplier, rounded down once."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import floor

from shared.rules.board import Board, Run
from shared.rules.letters import LETTER_VALUES
from shared.rules.lexicon import Category, Lexicon
from shared.rules.presets import RuleSet
from shared.rules.terrain import Cell, Player, Terrain

__all__ = [
    "Strength", "base_strength", "city_multiplier", "has_gate", "gate_cells", "kept_letters",
    "guards", "attack_strength", "defence_strength",
]


@dataclass(frozen=True)
class Strength:
    """A computed strength and the reasons behind it, for display and events."""

    value: int
    base: int
    multipliers: tuple[tuple[str, Fraction], ...]

    def to_dict(self) -> dict:
        return {
            "value": self.value,
            "base": self.base,
            "multipliers": [[name, f"{m.numerator}/{m.denominator}"] for name, m in self.multipliers],
        }


def base_strength(board: Board, run: Run) -> int:
    """Sum of letter values, each doubled on a mountain."""
    total = 0
    for cell, letter in zip(run.cells, run.text):
        value = LETTER_VALUES[letter]
        if board.terrain[cell[0]][cell[1]] is Terrain.MOUNTAINS:
            value *= 2
        total += value
    return total


def _apply(base: int, mults: list[tuple[str, Fraction]]) -> Strength:
    product = Fraction(base)
    for _, m in mults:
        product *= m
    return Strength(floor(product), base, tuple(mults))


def _on(board: Board, run: Run, terrain: Terrain) -> bool:
    return any(board.terrain[r][c] is terrain for r, c in run.cells)


def city_multiplier(
    board: Board, run: Run, rules: RuleSet, attack_cells: Iterable[Cell] | None = None
) -> Fraction | None:
    """The city multiplier of a defending word, None if it is on no city (or, with a
    ``city_guard_reach``, on none within that reach of ``attack_cells``).

    A word on a city that began the game pewter defends at ``pewter_defence_multiplier``
    (when the rule set has one); on a starting city (one a player began the game with), or
    on both kinds, at ``city_defence_multiplier``. With ``city_guard_reach`` N, a city guards
    its words only against an attacking word with a letter at most N steps (up, down, left,
    right) from the city cell (with ``capitals_guard_everywhere``, only a pewter city: a starting
    city guards against any attack); ``attack_cells`` None means an attack anywhere near (a
    strength shown outside a fight).
    """
    cities = [cell for cell in run.cells if board.terrain[cell[0]][cell[1]] is Terrain.CITY]
    if cities and rules.city_guard_reach is not None and attack_cells is not None:
        cells = tuple(attack_cells)
        cities = [city for city in cities
                  if not has_gate(board, city, rules) or guards(city, cells, rules.city_guard_reach)]
    if not cities:
        return None
    if rules.pewter_defence_multiplier is None or any(board.map.cities.get(c) is not None for c in cities):
        return rules.city_defence_multiplier
    return rules.pewter_defence_multiplier


def has_gate(board: Board, city: Cell, rules: RuleSet) -> bool:
    """With a ``city_guard_reach``, does ``city`` guard only its gate? Every city does, save a
    starting city under ``capitals_guard_everywhere``, which guards everywhere."""
    return not (rules.capitals_guard_everywhere and board.map.cities.get(city) is not None)


def gate_cells(city: Cell, reach: int) -> list[Cell]:
    """The cells at most ``reach`` steps (up, down, left, right) from ``city``: its gate."""
    r, c = city
    return [(r + dr, c + dc) for dr in range(-reach, reach + 1)
            for dc in range(abs(dr) - reach, reach - abs(dr) + 1)]


def kept_letters(board: Board, owner: Player, rules: RuleSet, attack_cells: Iterable[Cell]) -> frozenset[Cell]:
    """``owner``'s letters that no fight of this attack removes: with ``city_gates_hold`` (and
    a ``city_guard_reach``), those within the gate of one of ``owner``'s cities that the
    attack does not reach (a starting city that guards everywhere has no gate)."""
    reach = rules.city_guard_reach
    if not rules.city_gates_hold or reach is None:
        return frozenset()
    cells = tuple(attack_cells)
    layer = board.letters[owner]
    kept: set[Cell] = set()
    for city in board.cities_of(owner):
        if has_gate(board, city, rules) and not guards(city, cells, reach):
            kept.update(cell for cell in gate_cells(city, reach) if cell in layer)
    return frozenset(kept)


def guards(city: Cell, attack_cells: Iterable[Cell], reach: int) -> bool:
    """Is a letter of the attack at most ``reach`` steps from ``city``?"""
    r, c = city
    return any(abs(r - ar) + abs(c - ac) <= reach for ar, ac in attack_cells)


def attack_strength(board: Board, run: Run, lexicon: Lexicon, rules: RuleSet) -> Strength:
    """The strength of a committed word when it attacks."""
    mults: list[tuple[str, Fraction]] = []
    if _on(board, run, Terrain.WATER):
        mults.append(("water", rules.water_multiplier))
    cats = lexicon.categories(run.text)
    if Category.ATTACK in cats:
        mults.append(("attacking word", rules.attack_word_multiplier))
    if Category.SNEAK in cats:
        mults.append(("sneaking word", rules.sneak_word_multiplier))
    return _apply(base_strength(board, run), mults)


def defence_strength(
    board: Board, run: Run, lexicon: Lexicon, rules: RuleSet, supplied: bool,
    attack_cells: Iterable[Cell] | None = None,
) -> Strength:
    """The strength of a word when it defends; ``supplied`` False means broken supply;
    ``attack_cells``: the attacking word's cells (see :func:`city_multiplier`)."""
    mults: list[tuple[str, Fraction]] = []
    if _on(board, run, Terrain.WATER):
        mults.append(("water", rules.water_multiplier))
    city = city_multiplier(board, run, rules, attack_cells)
    if city is not None:
        mults.append(("city", city))
    if not supplied:
        mults.append(("broken supply", rules.broken_supply_multiplier))
    cats = lexicon.categories(run.text)
    if Category.DEFEND in cats:
        mults.append(("defending word", rules.defend_word_multiplier))
    if Category.SNEAK in cats:
        mults.append(("sneaking word", rules.sneak_word_multiplier))
    return _apply(base_strength(board, run), mults)
