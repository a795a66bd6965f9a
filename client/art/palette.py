"""Colours of the alchemist's board: stone ramps, metals and marks.

Ramps are lists of ``(position, '#rrggbb')`` stops for :func:`client.art.shading.ramp`;
plain colours are RGB floats in [0, 1] or 0-255 tuples where noted.
"""

from __future__ import annotations

HONEY_ONYX = [
    (0.0, "#6e3508"), (0.25, "#a85a14"), (0.5, "#d89a3c"), (0.72, "#ecc77a"),
    (0.88, "#f6e2ae"), (1.0, "#fbf1d6"),
]
TIGERS_EYE = [
    (0.0, "#1c0d04"), (0.2, "#4a250b"), (0.42, "#8a4d14"), (0.62, "#c58a2a"),
    (0.8, "#e8b94c"), (1.0, "#fbe28e"),
]
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
