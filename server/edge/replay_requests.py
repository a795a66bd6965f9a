"""The replay's request (``docs/protocol.md``, "Replays"): part of :mod:`server.edge.protocol`,
which re-exports it and lists it in its ``Request`` union; kept apart so that each module stays
small. Answered by :mod:`server.replays`.
"""

from __future__ import annotations

from typing import Annotated, ClassVar

import msgspec

from server.edge.wire_types import GameId


class Replay(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, kw_only=True, frozen=True, tag="replay"):
    """A finished game as a spectator sees it after its first ``version`` actions."""

    id: Annotated[int, msgspec.Meta(ge=0, le=2**53)]
    game: GameId
    version: Annotated[int, msgspec.Meta(ge=0, le=1_000_000)]
    v: int = 2  # server.edge.protocol.PROTOCOL_VERSION (a test checks they agree)
    by_owner: ClassVar[bool] = False  # read from the shared store by any node
    follows: ClassVar[bool] = False
    repeatable: ClassVar[bool] = False
