"""The messages a server sends: pushes (``state``, ``update``, ...) and the reply envelopes.

:data:`ServerMessage` is a tagged union on ``type``: ``msgspec.msgpack.decode(frame,
type=ServerMessage)`` (or :func:`decode_message`) is the Struct of that kind. A ``result``'s
``data`` depends on the request it answers, so it decodes as a plain map here; its Struct is
``shared.wire.replies.REPLIES[request type]``.
"""

from __future__ import annotations

from typing import Any, Union

import msgspec

from shared.wire.events import GameEvent
from shared.wire.tournaments import TournamentDetail
from shared.wire.views import Clock, GameInfo, LobbyEntry, UserRef, View

__all__ = [
    "WIRE_VERSION", "StatePush", "UpdatePush", "MissedUpdate", "MissedPush", "InfoPush",
    "PresencePush", "LobbyPush", "YourTurnPush", "ChallengePush", "AnalysisPush",
    "AnalysisFailedPush", "ByePush", "RenamedPush", "ChatLine", "ChatPush", "ChatMutedPush",
    "TournamentPush", "TournamentGamePush", "TournamentOverPush", "ResultReply", "ErrorReply", "Push",
    "ServerMessage", "GameMessage", "PUSH_TYPES", "message_type", "decode_message",
]

WIRE_VERSION = 2
"""The protocol version these declarations describe (``hello``'s ``v``)."""


class _Message(msgspec.Struct, tag_field="type", kw_only=True):
    """Base of every server message; ``v`` is the protocol version."""

    v: int = WIRE_VERSION

    @property
    def type(self) -> str:
        """The message's kind, as on the wire (``state``, ``update``, ...)."""
        return self.__struct_config__.tag  # type: ignore[return-value]


class StatePush(_Message, tag="state"):
    """Everything about a game, for this connection: replace what you had."""

    game: str
    version: int
    seat: int | None
    view: View
    info: GameInfo
    events: list[GameEvent] = []  # the game's start, when ``version`` is 0


class UpdatePush(_Message, tag="update"):
    """One accepted action: its events, the view after it, the clock."""

    game: str
    version: int
    events: list[GameEvent]
    view: View
    clock: Clock | None = None
    defence_deadline_in: float | None = None


class MissedUpdate(msgspec.Struct, kw_only=True):
    version: int
    events: list[GameEvent]


class MissedPush(_Message, tag="missed"):
    """The events of the versions after ``since`` that this connection missed."""

    game: str
    since: int
    updates: list[MissedUpdate]


class InfoPush(_Message, tag="info"):
    game: str
    info: GameInfo


class PresencePush(_Message, tag="presence"):
    game: str
    seat: int
    connected: bool
    claim_after: float | None = None


class LobbyPush(_Message, tag="lobby"):
    """A game entered (``add``), changed in (``change``) or left (``remove``) a lobby list."""

    op: str
    list_name: str = msgspec.field(name="list")  # "open" or "live"
    game: str
    entry: LobbyEntry | None = None


class YourTurnPush(_Message, tag="your_turn"):
    game: str
    seat: int
    version: int
    opponent: str | None = None
    map: str | None = None
    clock: Clock | None = None


class ChallengePush(_Message, tag="challenge"):
    game: str
    by: UserRef
    entry: LobbyEntry


class AnalysisPush(_Message, tag="analysis"):
    game: str
    analysis: dict[str, Any]  # what ``scryptic analyse --json`` prints (docs/analysis.md)


class AnalysisFailedPush(_Message, tag="analysis_failed"):
    game: str
    reason: str


class ByePush(_Message, tag="bye"):
    reason: str
    code: str


class RenamedPush(_Message, tag="renamed"):
    user: UserRef


class ChatLine(msgspec.Struct, kw_only=True):
    """A chat line as shown (already masked): its id (to report it), who said it, when."""

    id: int
    user: UserRef
    text: str
    t: float = 0.0


class ChatPush(_Message, tag="chat"):
    """A line in a room you are in: a game's (``game``, ``spectators``) or a tournament's."""

    room: str  # "game", "spectators" or "tournament"
    line: ChatLine
    game: str | None = None  # the game rooms
    tournament: str | None = None  # the tournament room


class ChatMutedPush(_Message, tag="chat_muted"):
    """The operator muted you in chat (``reason``) or lifted it (``reason`` None)."""

    reason: str | None = None


class TournamentPush(_Message, tag="tournament"):
    """An event you play in or follow changed."""

    tournament: TournamentDetail  # the event with its standings, as the ``tournament`` reply gives it


class TournamentGamePush(_Message, tag="tournament_game"):
    """You were paired in ``tournament``: the game has started, attach to it by account."""

    tournament: str
    game: str
    seat: int
    opponent: UserRef | None = None


class TournamentOverPush(_Message, tag="tournament_over"):
    """An event ended: its final standings and the winner (None if nobody played)."""

    tournament: TournamentDetail  # as in ``tournament``
    winner: UserRef | None = None


class ResultReply(_Message, tag="result"):
    """The success reply to request ``re``; ``data`` as ``REPLIES`` declares it for the request."""

    re: int | None
    data: dict[str, Any] = {}


class ErrorReply(_Message, tag="error"):
    """The error reply to request ``re`` (None: the frame's id could not be read)."""

    re: int | None
    code: str
    reason: str


GameMessage = Union[StatePush, UpdatePush, MissedPush, InfoPush, PresencePush]
"""The pushes about one game (``game``), which a client's tracker of that game applies."""

Push = Union[StatePush, UpdatePush, MissedPush, InfoPush, PresencePush, LobbyPush, YourTurnPush,
             ChallengePush, AnalysisPush, AnalysisFailedPush, ByePush, RenamedPush, ChatPush, ChatMutedPush,
             TournamentPush, TournamentGamePush, TournamentOverPush]

ServerMessage = Union[StatePush, UpdatePush, MissedPush, InfoPush, PresencePush, LobbyPush,
                      YourTurnPush, ChallengePush, AnalysisPush, AnalysisFailedPush, ByePush,
                      RenamedPush, ChatPush, ChatMutedPush, TournamentPush, TournamentGamePush,
                      TournamentOverPush, ResultReply, ErrorReply]
"""Anything a server sends, told apart by its ``type``."""

PUSH_TYPES: tuple[str, ...] = tuple(cls.__struct_config__.tag for cls in Push.__args__)  # type: ignore[attr-defined]

_decoder = msgspec.msgpack.Decoder(ServerMessage)


def message_type(message: ServerMessage) -> str:
    """The wire name (``type``) of a server message."""
    return message.__struct_config__.tag  # type: ignore[return-value]


def decode_message(frame: bytes) -> ServerMessage:
    """One server frame as its Struct; raises ``msgspec.ValidationError`` (or ``DecodeError``)
    naming what did not fit."""
    return _decoder.decode(frame)
