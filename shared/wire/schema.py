"""The JSON Schema of every server message (``docs/wire-schema.json``), for other clients'
generated types (a browser client's TypeScript, say). ``scryptic wire-schema`` writes it."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec

from shared.wire.events import GameEvent
from shared.wire.pushes import ServerMessage
from shared.wire.replies import OPEN_REPLIES, REPLIES, REPLY_UNIONS, reply_name
from shared.wire.tournaments import TournamentSummary

SCHEMA_PATH = Path(__file__).resolve().parents[2] / "docs" / "wire-schema.json"


def schema_text() -> str:
    """The schema as the committed file holds it: the ``ServerMessage`` union and its parts, and
    ``ReplyData``: each request type's reply ``data``."""
    schema = msgspec.json.schema(ServerMessage)
    defs = schema.setdefault("$defs", {})
    # the event union by name too, for a generator's top-level types
    structs = sorted({r for r in REPLIES.values() if isinstance(r, type)}, key=reply_name)
    unions = list(REPLY_UNIONS.items())
    (events, summaries, *rest), parts = msgspec.json.schema_components(
        [GameEvent, TournamentSummary, *(u for _, u in unions), *structs], ref_template="#/$defs/{name}")
    for (name, _), union in zip(unions, rest):
        defs[name] = union  # a reply told apart by a field (``admin``'s, by ``op``)
    defs["GameEvent"] = events
    # an event's summary, as the ``tournaments`` reply lists them
    defs["TournamentSummary"] = summaries
    for name, part in parts.items():
        defs.setdefault(name, part)
    # a ``result``'s ``data``, by the type of the request it answers
    defs["ReplyData"] = reply_data_schema()
    defs["ServerMessage"] = {k: v for k, v in schema.items() if k != "$defs"}
    out = {"$schema": "https://json-schema.org/draft/2020-12/schema",
           "title": "Scryptic server messages (protocol version 2)",
           "$ref": "#/$defs/ServerMessage", "$defs": dict(sorted(defs.items()))}
    return json.dumps(out, indent=1, sort_keys=False) + "\n"


def reply_data_schema() -> dict[str, object]:
    """``ReplyData``: an object whose property per request type is the schema of its reply's
    ``data`` (a plain object for :data:`OPEN_REPLIES`)."""
    properties: dict[str, object] = {kind: {"$ref": f"#/$defs/{reply_name(r)}"} for kind, r in REPLIES.items()}
    properties.update({kind: {"type": "object"} for kind in OPEN_REPLIES})
    return {"type": "object", "title": "ReplyData",
            "description": "The data of the result reply to each request type.",
            "properties": properties}
