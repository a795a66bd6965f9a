"""Colours of the alchemist's board: stone ramps, metals and marks.

Ramps are lists of ``(position, '#rrggbb')`` stops for :func:`client.art.shading.ramp`;
plain colours are RGB floats in [0, 1] or 0-255 tuples where noted.
"""

from __future__ import annotations

HONEY_ONYX = [
    (0.0, "#a9651f"), (0.25, "#d39a4a"), (0.48, "#e8c079"), (0.68, "#f2d9a0"),
    (0.85, "#f7e6bf"), (1.0, "#fcf1d8"),
]
"""Plains: light and creamy, so it never reads as the dark tiger's eye even at 20 px."""
TIGERS_EYE = [
    (0.0, "#0e0602"), (0.18, "#261204"), (0.36, "#472409"), (0.55, "#7a4511"),
    (0.72, "#b67a22"), (0.86, "#e0ac3e"), (1.0, "#fde28a"),
]
"""Mountains: deep chocolate brown with narrow golden bands that flash (chatoyance)."""
MARBLE_BASE = (0.95, 0.955, 0.965)
MARBLE_CLOUD = (0.80, 0.83, 0.87)
MARBLE_VEIN = (0.36, 0.39, 0.45)
LAPIS = [
    (0.0, "#081447"), (0.3, "#13287e"), (0.55, "#1e3fae"), (0.8, "#2d5bd0"), (1.0, "#4b7be0"),
]
LAPIS_CALCITE = (0.78, 0.81, 0.88)
LAPIS_PYRITE = (0.86, 0.72, 0.36)
MALACHITE = [
    (0.0, "#03190f"), (0.25, "#0a4a2c"), (0.5, "#137a47"), (0.72, "#2ea76a"),
    (0.88, "#63cf97"), (1.0, "#a6ecc4"),
]
RED_ONYX = [
    (0.0, "#250204"), (0.25, "#5e070c"), (0.5, "#9a1414"), (0.72, "#c8321e"),
    (0.9, "#e2602f"), (1.0, "#f1915a"),
]
RED_ONYX_VEIN = (0.93, 0.80, 0.70)
LAVA_GLOW = (1.0, 0.55, 0.15)

BRASS_SETTING = (0.36, 0.27, 0.12)

CITY_GOLD = (0.97, 0.74, 0.26)
CITY_SILVER = (0.93, 0.95, 1.0)
"""The second player's cities: bright, cool, nearly white metal."""
CITY_PEWTER = (0.30, 0.34, 0.41)
"""Unowned (pewter) cities: dull, dark and bluish, so even at 20 px one never reads as silver."""
