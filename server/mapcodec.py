"""How the store keeps a game's map: the record format's map object ({"name", "grid"}) as JSON.

Going through the engine's versioned record format (``shared.rules.record``) keeps the store
independent of how the map modules name their helpers, and a stored game replays exactly.
"""

from __future__ import annotations

import json

from shared.rules.record import FORMAT, VERSION, GameRecord, parse_record
from shared.rules.presets import STANDARD
from shared.rules.terrain import GameMap


def map_to_text(game_map: GameMap) -> str:
    """The map as stored: JSON of the record header's map object."""
    header = GameRecord(game_map, STANDARD, 0).header()
    return json.dumps(header["map"], separators=(",", ":"))


def map_from_text(text: str) -> GameMap:
    """Inverse of :func:`map_to_text`."""
    header = {"format": FORMAT, "version": VERSION, "map": json.loads(text), "rules": STANDARD.to_dict(), "seed": 0}
    return parse_record(json.dumps(header)).game_map
