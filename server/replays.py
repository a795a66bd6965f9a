"""The ``replay`` request: a finished game as a spectator saw it after any number of its actions.

The record comes from the ``export`` request's handler (so the same games may be replayed as
exported: public, or one the asker plays or watches) and the engine replays it
(:func:`shared.rules.replay.replay`): a client never applies an action itself.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import msgspec

from server.edge import protocol as P
from server.edge.protocol import ProtocolError
from server.lobby.clients import Client
from shared.rules.lexicon import Lexicon
from shared.rules.record import parse_record
from shared.rules.replay import replay
from shared.wire import replies as R


class ReplayDesk:
    """Answers ``replay`` from a finished game's record."""

    def __init__(self, export: Callable[[Client, P.Export], Awaitable[R.ExportReply]], lexicon: Lexicon) -> None:
        self.export = export
        self.lexicon = lexicon

    def handlers(self) -> dict[str, Callable[[Client, Any], Awaitable[R.ReplayReply]]]:
        """The request this desk answers, for the router."""
        return {"replay": self.replay}

    async def replay(self, client: Client, req: P.Replay) -> R.ReplayReply:
        """The spectator's view of ``req.game`` after ``req.version`` actions; ``versions`` is how many it has."""
        exported = await self.export(client, P.Export(id=req.id, game=req.game))  # no_such_game, not_finished
        record = parse_record(exported.record)
        versions = len(record.actions)
        if req.version > versions:
            raise ProtocolError("no_such_version", f"game {req.game} has {versions} actions; version {req.version} is past its end")
        game = await asyncio.to_thread(replay, record, self.lexicon, req.version)
        return msgspec.convert({"game": exported.game, "version": req.version, "versions": versions, "view": game.view(None),
                                "action": record.actions[req.version - 1] if req.version else None,
                                "result": exported.result}, R.ReplayReply)
