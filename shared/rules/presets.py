"""Rule sets: every number of the rules is a setting, and the presets of RULINGS R14 are data."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from fractions import Fraction
from typing import Any

from shared.rules.letters import SCRABBLE_DISTRIBUTION

__all__ = [
    "OPTIONAL_NUMBERS", "RuleSet", "STANDARD", "PRESETS", "DEFAULT_RULES", "PRESET_DESCRIPTIONS",
    "UNSETTABLE", "with_settings", "get_rules",
]

OPTIONAL_NUMBERS = frozenset({"pewter_defence_multiplier", "city_guard_reach", "stall_turns", "turn_limit",
                              "target_score"})
"""Rule-set numbers that may be None (unset; ``none`` in :func:`with_settings`)."""


@dataclass(frozen=True)
class RuleSet:
    """The numbers of one variant of the game.

    Multipliers are exact fractions; strength is rounded down once at the end (R6).
    """

    name: str = "standard"
    revision: int = 2  # which revision of RULINGS.md the engine plays (1: records made before it)
    rack_start: int = 7
    rack_limit: int = 12
    draw_per_turn: int = 3
    distribution: dict[str, int] = field(default_factory=lambda: dict(SCRABBLE_DISTRIBUTION))
    endless_pool: bool = False  # draw with replacement at the distribution's frequencies
    forest_density: int = 2
    ice_thickness: int = 1
    city_capture_bonus: int = 40
    water_multiplier: Fraction = Fraction(3, 5)
    city_defence_multiplier: Fraction = Fraction(3, 2)
    # A city that began the game pewter; None: as any city. No preset sets it (docs/rules.md).
    pewter_defence_multiplier: Fraction | None = None
    # None: a city guards every word on it. N: only against an attacking word with a letter
    # within N steps of the city cell (1: on or beside it). The war preset: 2 (docs/rules.md).
    city_guard_reach: int | None = None
    # With a city_guard_reach: True, the cities a player began with guard everywhere, and only
    # pewter cities have a gate. No preset sets it (docs/rules.md).
    capitals_guard_everywhere: bool = False
    # With a city_guard_reach: True, a player's letters within a city's gate (that reach of it)
    # fall only to an attack that reaches the gate. The war preset sets it (docs/rules.md).
    city_gates_hold: bool = False
    broken_supply_multiplier: Fraction = Fraction(3, 5)
    attack_word_multiplier: Fraction = Fraction(3, 2)
    defend_word_multiplier: Fraction = Fraction(3, 2)
    sneak_word_multiplier: Fraction = Fraction(3, 2)
    cut_word_multiplier: Fraction = Fraction(3, 2)
    defeat_cost: Fraction = Fraction(1)  # share of a beaten word's strength the attacker spends
    combat_points: int = 1  # points per dot of a letter removed in combat
    cities_fall_with_words: bool = False  # a winning attack also takes the cities under the words it beat
    end_on_empty_rack: bool = True  # R11 condition 2
    # True: R11 end 2 is checked at the end of a round, so when the first player goes out the
    # second still plays their turn and both have had as many. The war preset sets it.
    equal_turns: bool = False
    stalemate_passes: int = 4  # R11 end 3: consecutive passes with both pools empty
    stall_turns: int | None = 20  # R11 end 4: turns (both players') once both pools are empty
    turn_limit: int | None = 200  # R11 end 5: the game ends on score after this many turns
    win_by_score: bool = True  # False: conquest only; a stalemate is a draw
    target_score: int | None = None  # first to reach it wins (with an endless pool)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able form (fractions as "n/d" strings)."""
        out = asdict(self)
        for key, value in out.items():
            if isinstance(value, Fraction):
                out[key] = f"{value.numerator}/{value.denominator}"
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "RuleSet":
        """Inverse of :meth:`to_dict`; unknown keys are an error.

        A dict with no ``revision`` was written before revision 2 of the rulings: it is read as
        revision 1, with no stall or turn limit, so that old records replay as they were played.
        """
        if not isinstance(data, dict):
            raise ValueError("the rule settings must be a mapping")
        known = {f.name: f for f in fields(cls)}
        unknown = set(data) - set(known)
        if unknown:
            raise ValueError(f"unknown rule setting(s): {', '.join(sorted(unknown))}")
        values: dict[str, Any] = {}
        if "revision" not in data:
            values.update(revision=1, stall_turns=None, turn_limit=None)
        for key, value in data.items():
            if ("multiplier" in key or key == "defeat_cost") and not (key in OPTIONAL_NUMBERS and value is None):
                value = Fraction(value)
            values[key] = value
        return cls(**values)


STANDARD = RuleSet()

PRESETS: dict[str, RuleSet] = {
    "standard": STANDARD,
    # The game as it shipped on iOS in 2011: bigger start, smaller limit.
    "ios-2011": replace(STANDARD, name="ios-2011", rack_start=9, rack_limit=10),
    "target-score": replace(
        STANDARD, name="target-score", endless_pool=True, end_on_empty_rack=False, target_score=150
    ),
    "conquest": replace(
        STANDARD, name="conquest", endless_pool=True, end_on_empty_rack=False, win_by_score=False
    ),
    # Designed by self-play for fighting (docs/rules.md, "The war preset"): each defending word
    # is fought on its own, so an attacker must beat the strongest, not the sum; combat letters
    # score double; cities defend at x2, so a capital falls to a real assault, not a nibble; a
    # city guards only its gate (2 steps), and the letters in the gate fall only to a fight there.
    "war": replace(
        STANDARD, name="war", defeat_cost=Fraction(0), combat_points=2,
        city_defence_multiplier=Fraction(2), city_guard_reach=2, city_gates_hold=True, equal_turns=True,
    ),
}

DEFAULT_RULES = "war"
"""The rule set a new game is played under unless another is chosen: the one the game is tuned
for (docs/rules.md). ``standard`` is the 2010 design's rules as written."""

PRESET_DESCRIPTIONS: dict[str, str] = {
    "standard": "The 2010 design as written: each word fights the sum of its defenders; 98 letters, rack 7.",
    "ios-2011": "As shipped on iOS in 2011: rack 9, limit 10, +3 a turn.",
    "target-score": "Endless letters; the first to 150 points wins (or conquest).",
    "conquest": "Endless letters; only taking every enemy city wins.",
    "war": "Built for fighting: beat each defender alone, combat scores double, city gates hold at x2.",
}


UNSETTABLE = frozenset({"name", "revision", "distribution"})
"""Rule-set fields :func:`with_settings` does not change."""


def with_settings(rules: RuleSet, settings: list[str]) -> RuleSet:
    """``rules`` with some numbers changed, each setting written ``name=value`` (a fraction
    for a multiplier, ``true``/``false``, a whole number, or ``none`` where a number may be
    unset), named after them: ``war+city_guard_reach=2``. A clear ValueError names a bad one."""
    known = [f.name for f in fields(rules)]
    changes: dict[str, Any] = {}
    for setting in settings:
        key, sep, text = setting.partition("=")
        key, text = key.strip(), text.strip().lower()
        if not sep or key not in known or key in UNSETTABLE:
            settable = ", ".join(k for k in known if k not in UNSETTABLE)
            raise ValueError(f"a rule setting is name=value with a name among {settable}; not {setting!r}")
        default = getattr(STANDARD, key)  # its type says how to read the value
        try:
            if text == "none":
                if key not in OPTIONAL_NUMBERS:
                    raise ValueError("it may not be none")
                value: Any = None
            elif isinstance(default, bool):
                if text not in ("true", "false"):
                    raise ValueError("it is true or false")
                value = text == "true"
            elif "multiplier" in key or key == "defeat_cost":
                value = _number(text, Fraction, "a fraction like 3/2")
            else:
                value = _number(text, int, "a whole number")
            if isinstance(value, (int, Fraction)) and not isinstance(value, bool) and value < 0:
                raise ValueError("it may not be negative")
        except ValueError as exc:
            raise ValueError(f"bad rule setting {setting!r}: {exc}") from None
        changes[key] = value
    if not changes:
        return rules
    name = rules.name + "".join(f"+{s.partition('=')[0].strip()}={s.partition('=')[2].strip()}" for s in settings)
    return replace(rules, name=name, **changes)


def _number(text: str, kind: Any, what: str) -> Any:
    try:
        return kind(text)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"it is {what}") from None


def get_rules(name: str) -> RuleSet:
    """The preset called ``name``; a clear error lists the presets if there is none."""
    try:
        return PRESETS[name]
    except KeyError:
        raise ValueError(f"unknown rule set {name!r}; presets: {', '.join(PRESETS)}") from None
