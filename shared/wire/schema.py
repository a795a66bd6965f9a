"""The JSON Schema of every server message (``docs/wire-schema.json``), for other clients'
generated types (a browser client's TypeScript, say). ``scryptic wire-schema`` writes it."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec

from shared.wire.events import GameEvent
from shared.wire.pushes import ServerMessage
from shared.wire.tournaments import TournamentSummary

SCHEMA_PATH = Path(__file__).resolve().parents[2] / "docs" / "wire-schema.json"


def schema_text() -> str:
    """The schema as the committed file holds it: the ``ServerMessage`` union and its parts."""
    schema = msgspec.json.schema(ServerMessage)
    defs = schema.setdefault("$defs", {})
    # the event union by name too, for a generator's top-level types
    (events, summaries), parts = msgspec.json.schema_components([GameEvent, TournamentSummary], ref_template="#/$defs/{name}")
    defs["GameEvent"] = events
    # an event's summary, as the ``tournaments`` reply lists them
    defs["TournamentSummary"] = summaries
    for name, part in parts.items():
        defs.setdefault(name, part)
    defs["ServerMessage"] = {k: v for k, v in schema.items() if k != "$defs"}
    out = {"$schema": "https://json-schema.org/draft/2020-12/schema",
           "title": "Scryptic server messages (protocol version 2)",
           "$ref": "#/$defs/ServerMessage", "$defs": dict(sorted(defs.items()))}
    return json.dumps(out, indent=1, sort_keys=False) + "\n"
