"""The wire protocol: declared schemas of every inbound message, error codes, outbound framing.

Frames are binary websocket messages holding one msgpack map each. Every inbound map is
decoded *and* validated in one step by msgspec against :data:`Request`, a tagged union keyed
on ``"type"``; nothing reaches the game logic that does not fit its schema. ``docs/protocol.md``
is the human-readable description of the same thing.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

import msgpack
import msgspec

PROTOCOL_VERSION = 1
SERVER_NAME = "scryptic-server/0.1"

# ---------------------------------------------------------------------------------------------
# Field constraints
# ---------------------------------------------------------------------------------------------

RequestId = Annotated[int, msgspec.Meta(ge=0, le=2**53)]
GameId = Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9]{4,32}$")]
Token = Annotated[str, msgspec.Meta(pattern=r"^[A-Za-z0-9_-]{16,64}$")]
JoinCode = Annotated[str, msgspec.Meta(pattern=r"^[A-Za-z0-9]{4,12}$")]
# Printable, no control characters, no leading/trailing blank; 1..24 characters.
DisplayName = Annotated[
    str, msgspec.Meta(pattern=r"^[^\x00-\x1f\x7f\s](?:[^\x00-\x1f\x7f]{0,22}[^\x00-\x1f\x7f\s])?$")
]
Coordinate = Annotated[int, msgspec.Meta(ge=0, le=255)]
Letter = Annotated[str, msgspec.Meta(pattern=r"^[A-Za-z]$")]
Letters = Annotated[str, msgspec.Meta(pattern=r"^[A-Za-z]{1,64}$")]
Direction = Literal["across", "down"]
SeatName = Literal["gold", "silver"]
Version = Annotated[int, msgspec.Meta(ge=0)]
Seconds = Annotated[float, msgspec.Meta(gt=0, le=7 * 24 * 3600)]
ShortText = Annotated[str, msgspec.Meta(max_length=64)]


# ---------------------------------------------------------------------------------------------
# Actions (the "action" field of an "act" request). The server fills in the player from the
# seat the connection holds, so a client can never name another player.
# ---------------------------------------------------------------------------------------------


class _Action(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, frozen=True):
    pass


class CommitAction(_Action, tag="commit"):
    placements: Annotated[list[tuple[Coordinate, Coordinate, Letter]], msgspec.Meta(min_length=1, max_length=64)]
    direction: Direction | None = None


class RedeployAction(_Action, tag="redeploy"):
    cell: tuple[Coordinate, Coordinate]
    direction: Direction


class DiscardAction(_Action, tag="discard"):
    letters: Letters


class OrderDefenceAction(_Action, tag="order_defence"):
    order: Annotated[list[Annotated[int, msgspec.Meta(ge=0, le=255)]], msgspec.Meta(max_length=64)]


class EndTurnAction(_Action, tag="end_turn"):
    pass


class ResignAction(_Action, tag="resign"):
    pass


Action = CommitAction | RedeployAction | DiscardAction | OrderDefenceAction | EndTurnAction | ResignAction


def action_to_engine_dict(action: Action, player: int) -> dict[str, Any]:
    """The engine's plain form of a validated wire action, for ``shared.actions.action_from_dict``."""
    out: dict[str, Any] = {"type": action.__struct_config__.tag, "player": player}
    if isinstance(action, CommitAction):
        out["placements"] = [[r, c, letter.lower()] for r, c, letter in action.placements]
        if action.direction is not None:
            out["direction"] = action.direction
    elif isinstance(action, RedeployAction):
        out["cell"] = list(action.cell)
        out["direction"] = action.direction
    elif isinstance(action, DiscardAction):
        out["letters"] = action.letters.lower()
    elif isinstance(action, OrderDefenceAction):
        out["order"] = list(action.order)
    elif isinstance(action, ResignAction):
        out["reason"] = "resigned"
    return out


# ---------------------------------------------------------------------------------------------
# Time controls
# ---------------------------------------------------------------------------------------------


class _TimeControl(msgspec.Struct, tag_field="kind", forbid_unknown_fields=True, frozen=True):
    pass


class NoClock(_TimeControl, tag="none"):
    pass


class PerTurn(_TimeControl, tag="per_turn"):
    """Each turn must end within ``seconds``; running out loses on time."""

    seconds: Seconds


class Fischer(_TimeControl, tag="fischer"):
    """A bank of ``initial`` seconds per player, plus ``increment`` after each of their turns."""

    initial: Seconds
    increment: Annotated[float, msgspec.Meta(ge=0, le=3600)] = 0.0


TimeControl = NoClock | PerTurn | Fischer


# ---------------------------------------------------------------------------------------------
# Requests (client -> server)
# ---------------------------------------------------------------------------------------------


class _Request(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, kw_only=True, frozen=True):
    id: RequestId
    v: int = PROTOCOL_VERSION


class Hello(_Request, tag="hello"):
    """Open the session. ``token`` resumes a display name; ``name`` alone registers one."""

    client: ShortText = ""
    name: DisplayName | None = None
    token: Token | None = None


class SetName(_Request, tag="set_name"):
    name: DisplayName


class ListGames(_Request, tag="list_games"):
    pass


class MyGames(_Request, tag="my_games"):
    pass


class CreateGame(_Request, tag="create_game"):
    map: Annotated[str, msgspec.Meta(min_length=1, max_length=128)] | None = None
    map_text: Annotated[str, msgspec.Meta(min_length=1, max_length=64 * 1024)] | None = None
    rules: Annotated[str, msgspec.Meta(min_length=1, max_length=32)] = "standard"
    time_control: TimeControl = NoClock()
    public: bool = True
    seat: Literal["gold", "silver", "random"] = "gold"
    first: Literal["gold", "silver", "random"] = "gold"
    opponent: Literal["human", "bot"] = "human"
    bot_level: Annotated[int, msgspec.Meta(ge=1, le=9)] = 1
    seed: Annotated[int, msgspec.Meta(ge=0, le=2**63 - 1)] | None = None


class Join(_Request, tag="join"):
    game: GameId | None = None
    code: JoinCode | None = None


class Attach(_Request, tag="attach"):
    game: GameId
    seat_token: Token
    since: Version | None = None


class Watch(_Request, tag="watch"):
    game: GameId | None = None
    code: JoinCode | None = None
    since: Version | None = None


class Leave(_Request, tag="leave"):
    game: GameId


class Act(_Request, tag="act"):
    game: GameId
    action: Action
    expect_version: Version | None = None


class ClaimWin(_Request, tag="claim_win"):
    game: GameId


class Rematch(_Request, tag="rematch"):
    game: GameId
    accept: bool = True


class Export(_Request, tag="export"):
    game: GameId


class Ping(_Request, tag="ping"):
    pass


class Stats(_Request, tag="stats"):
    pass


Request = (
    Hello
    | SetName
    | ListGames
    | MyGames
    | CreateGame
    | Join
    | Attach
    | Watch
    | Leave
    | Act
    | ClaimWin
    | Rematch
    | Export
    | Ping
    | Stats
)

REQUEST_TYPES: tuple[str, ...] = tuple(cls.__struct_config__.tag for cls in get_args(Request))


def request_type(request: Request) -> str:
    """The wire name of a decoded request."""
    return request.__struct_config__.tag  # type: ignore[return-value]


# ---------------------------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------------------------

ERROR_CODES: dict[str, str] = {
    # Framing and schema.
    "bad_frame": "the frame is not a binary msgpack map (text frame, undecodable bytes)",
    "bad_message": "the message does not fit its schema (missing, extra or mistyped field)",
    "unknown_type": "the message type is not one the server knows",
    "bad_version": "the protocol version in hello is not supported",
    "rate_limited": "too many messages; slow down (repeated, the connection is cut)",
    "hello_first": "the first message on a connection must be hello",
    "already_hello": "hello was already accepted on this connection",
    # Identity and access.
    "bad_token": "the display-name token is not known",
    "name_required": "the request needs a display name (hello with name or token)",
    "bad_seat_token": "the seat token does not hold a seat in that game",
    "not_seated": "this connection does not hold a seat in that game (attach first)",
    "no_such_game": "there is no game with that id or join code (or it is private)",
    "game_full": "both seats of that game are taken",
    "own_game": "you cannot take the other seat of your own game",
    "too_many_open_games": "you already have the maximum number of games waiting for an opponent",
    "game_not_started": "the game is waiting for its second player",
    "stale_version": "expect_version does not match the game's version (the request is dropped)",
    # Creating games.
    "bad_map": "the map is unknown or its text is not a valid map",
    "bad_rules": "the rule-set preset is unknown",
    "seed_not_allowed": "this server does not let clients choose the seed",
    "bad_bot_level": "the AI has no such level (hello lists the levels)",
    # Game flow.
    "not_finished": "the game is still in progress (records are exported at the end)",
    "game_over": "the game is over",
    "not_absent": "your opponent is connected or their grace period has not passed",
    "no_rematch": "there is no rematch to answer, or the game is not over",
    "bot_seat": "that seat is played by the server's bot",
    "store_failed": "the server could not store the action; it was not applied",
    "server_busy": "the server is shutting down or overloaded",
    "internal": "the server failed to handle the request (a bug); nothing changed",
    # Every rules-engine refusal (shared.errors) is passed through with its own code, e.g.
    # "not_your_turn", "not_a_word", "not_connected", "discard_first", "not_in_rack", ...
}


class ProtocolError(Exception):
    """A request refused by the server; becomes an ``error`` message and changes nothing."""

    def __init__(self, code: str, reason: str, request_id: int | None = None) -> None:
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason
        self.request_id = request_id


# ---------------------------------------------------------------------------------------------
# Decoding and encoding
# ---------------------------------------------------------------------------------------------

_decoder = msgspec.msgpack.Decoder(Request)
_raw_decoder = msgspec.msgpack.Decoder()


def decode_request(frame: bytes) -> Request:
    """Decode and validate one inbound frame, or raise :class:`ProtocolError` naming the fault.

    The error's ``request_id`` carries the frame's ``id`` when one could be read, so the error
    reply can be matched to its request.
    """
    try:
        return _decoder.decode(frame)
    except msgspec.ValidationError as exc:
        request_id = _peek_id(frame)
        text = str(exc)
        if text.endswith("at `$.type`") or "missing required field `type`" in text:
            raise ProtocolError(
                "unknown_type", f"{text}; known types: {', '.join(REQUEST_TYPES)}", request_id
            ) from None
        raise ProtocolError("bad_message", text, request_id) from None
    except (msgspec.DecodeError, ValueError, TypeError, RecursionError) as exc:
        # msgspec.DecodeError, or e.g. UnicodeDecodeError for a str that is not UTF-8.
        raise ProtocolError("bad_frame", f"not a msgpack message: {exc}") from None


def _peek_id(frame: bytes) -> int | None:
    try:
        raw = _raw_decoder.decode(frame)
    except (msgspec.DecodeError, ValueError, TypeError, RecursionError):
        return None
    if isinstance(raw, dict):
        rid = raw.get("id")
        if isinstance(rid, int) and not isinstance(rid, bool) and 0 <= rid <= 2**53:
            return rid
    return None


def encode(message: dict[str, Any]) -> bytes:
    """Encode one outbound message (a plain dict with a ``type`` key) as a msgpack frame."""
    return msgpack.packb(message, use_bin_type=True)


def result(request_id: int | None, data: dict[str, Any] | None = None) -> dict[str, Any]:
    """The success reply to a request."""
    return {"v": PROTOCOL_VERSION, "type": "result", "re": request_id, "data": data or {}}


def error(request_id: int | None, code: str, reason: str) -> dict[str, Any]:
    """The error reply to a request (``re`` is None when the frame had no readable id)."""
    return {"v": PROTOCOL_VERSION, "type": "error", "re": request_id, "code": code, "reason": reason}


def push(kind: str, **fields: Any) -> dict[str, Any]:
    """A message the server sends on its own (an update, a presence change, ...)."""
    return {"v": PROTOCOL_VERSION, "type": kind, **fields}
