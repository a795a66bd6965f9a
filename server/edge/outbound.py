"""The frames a server sends, built from the Structs of :mod:`shared.wire` (declared once, read
by every client) and encoded by msgspec.

:func:`message` builds the Struct of a push from its kind and fields, checking them against
the declaration (a field the Struct lacks, or of the wrong type, raises
``msgspec.ValidationError`` here, in the server, not in a client); :func:`frame` encodes a
Struct. The hot path (``update``, ``state``) builds its Structs directly and carries the
engine's events and views as they come (see docs/protocol.md, "Declared once").
"""

from __future__ import annotations

from typing import Any

import msgspec

from shared import wire

_encoder = msgspec.msgpack.Encoder()


def message(kind: str, **fields: Any) -> wire.Push:
    """The ``kind`` push with ``fields`` (plain values or Structs), as its Struct."""
    return msgspec.convert({"type": kind, **fields}, wire.Push)  # type: ignore[arg-type]


def frame(message: wire.ServerMessage | dict[str, Any]) -> bytes:
    """One message as a msgpack frame."""
    return _encoder.encode(message)


def push_frame(kind: str, **fields: Any) -> bytes:
    """:func:`message` encoded: the frame of the ``kind`` push."""
    return _encoder.encode(message(kind, **fields))


def fields_of(message: wire.Push) -> dict[str, Any]:
    """A push's fields by their wire names, without ``type`` and ``v`` (to carry it elsewhere)."""
    return {name: getattr(message, attr) for attr, name in zip(message.__struct_fields__, message.__struct_encode_fields__)
            if name != "v"}
