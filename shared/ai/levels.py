"""The AI's difficulty levels: what each knows and how hard it thinks."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class Level:
    """One difficulty level.

    ``min_zipf``: the rarest words known (wordfreq Zipf frequency; 0 knows every word).
    ``simulate``: how many of the best-estimated commits are played out exactly.
    ``replies``: how many of the best commits are tested against the opponent's best
    replies (0: none), with ``reply_racks`` guessed opponent racks each.
    ``noise``: random points added to each candidate's value (a less sharp choice).
    ``positional``: weight of the positional terms relative to the score.
    ``naive_defence``: chance of ordering defenders as listed instead of the best order.
    ``redeploy``: 0 never, 1 lifts invalid runs, 2 also lifts a word to get unstuck.
    ``time_limit``: default think-time cap in seconds (a safety net; see docs/ai.md).
    ``letter_worth``: points per dot a letter on the rack is worth while the pool is full
    (0: any scoring word is worth playing; see ``shared.ai.evaluate.rack_leave``).
    ``reply_weight``: how much of the damage of the opponent's best reply is counted (the
    opponent may not hold the letters, nor see the move).
    ``hoard_first``: ignore the danger of a bare city, so that at the start the level may
    keep gathering letters for a strong first word while its city stands empty (False: a
    bare city counts against it, and a cheap first word goes down at once).
    ``refuse_gifts``: never play an attack that fails and loses points (ending the turn, or a
    discard, costs less).
    ``threat_checks``: how many of the best candidates are checked for the fight they set
    up for next turn; ``threat_weight``: the share of that fight counted.
    ``resigns``: resign a game lost beyond recovery (``shared.ai.fights.lost_beyond_recovery``).
    ``contact``: in an opening that drags on, what each cell between the crosswords costs per
    turn of delay until they first meet (``shared.ai.contact``; 0: no urge to meet).
    ``fallback_zipf``: when no word the level knows fits anywhere, it looks again with the
    words down to this frequency before it passes (None: it passes).
    """

    number: int
    name: str
    description: str
    min_zipf: float
    simulate: int
    replies: int
    reply_racks: int
    noise: float
    positional: float
    naive_defence: float
    redeploy: int
    time_limit: float
    letter_worth: float = 0.0
    reply_weight: float = 1.0
    hoard_first: bool = False
    refuse_gifts: bool = True
    fallback_zipf: float | None = None
    threat_checks: int = 0
    threat_weight: float = 0.0
    resigns: bool = False
    contact: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


LEVELS: dict[int, Level] = {
    1: Level(1, "Squire", "Knows only everyday words (a common one when none fits), plays any "
             "word that scores and often orders its defence badly.", min_zipf=4.0, simulate=2, replies=0, reply_racks=0,
             noise=6.0, positional=0.3, naive_defence=0.5, redeploy=1, time_limit=1.0,
             fallback_zipf=3.0, contact=1.0),
    2: Level(2, "Knight", "Knows common words, weighs score against position, defends well.",
             min_zipf=3.0, simulate=6, replies=0, reply_racks=0, noise=2.5, positional=0.7,
             naive_defence=0.0, redeploy=1, time_limit=1.5, letter_worth=1.2,
             threat_checks=2, threat_weight=0.3, contact=2.0),
    3: Level(3, "Marshal", "Knows many words, plays every fight out before it commits and "
             "spends its letters where they count.", min_zipf=2.75, simulate=12, replies=0,
             reply_racks=0, noise=0.5, positional=1.0, naive_defence=0.0, redeploy=2,
             time_limit=2.0, letter_worth=2.4, threat_checks=4, threat_weight=0.4, resigns=True,
             contact=2.0),
    4: Level(4, "Warlord", "Knows every word and tests its best plans against the opponent's "
             "most damaging replies.", min_zipf=0.0, simulate=24, replies=4, reply_racks=2,
             noise=0.0, positional=1.0, naive_defence=0.0, redeploy=2, time_limit=2.0,
             letter_worth=2.4, reply_weight=0.5, threat_checks=6, threat_weight=0.4,
             resigns=True, contact=2.0),
}
"""Difficulty levels by number, weakest first."""


def get_level(level: "int | str | Level") -> Level:
    """The level numbered ``level`` (the number, or its digits as text; a :class:`Level` itself is
    returned as it is, for a search tuned beyond the levels, such as the analysis's); a clear
    error lists the levels if there is none."""
    if isinstance(level, Level):
        return level
    try:
        return LEVELS[int(level)]
    except (KeyError, ValueError, TypeError):
        known = ", ".join(f"{n} ({lv.name})" for n, lv in LEVELS.items())
        raise ValueError(f"unknown AI level {level!r}; levels: {known}") from None
