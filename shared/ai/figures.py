"""Small figures for the self-play report: shares, means, spreads and the Wilson interval.

Shares are fractions (0.25 is 25%) rounded to 3 places, None when there is nothing to divide by.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence


def share(part: float, whole: float) -> float | None:
    """``part / whole`` rounded to 3 places, or None if ``whole`` is 0."""
    return None if not whole else round(part / whole, 3)


def wilson_interval(successes: float, n: int, z: float = 1.96) -> tuple[float, float] | None:
    """The Wilson score interval (95% with the default ``z``) for a share of ``successes`` in
    ``n`` trials (a draw may count half), rounded to 3 places; None when ``n`` is 0.

    At 30 games a map a first-player share of 50% has an interval of about 33-67%: whether a
    map's share is really outside 45-55% needs the interval, not the share alone.
    """
    if n <= 0:
        return None
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3)


def mean(values: Sequence[float], places: int = 1) -> float | None:
    """The mean rounded to ``places``, or None for no values."""
    return round(statistics.mean(values), places) if values else None


def spread(values: Sequence[float]) -> dict[str, float | None]:
    """Mean, least and most of ``values`` (None each for no values)."""
    return {"mean": mean(values), "min": min(values) if values else None, "max": max(values) if values else None}
