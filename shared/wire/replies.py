"""The ``data`` of each request's ``result`` reply, declared per request (docs/protocol.md).

:data:`REPLIES` maps every request type to its reply's Struct: ``msgspec.convert(result.data,
REPLIES["act"])`` is an :class:`ActReply`. Fields the server leaves out in some answers have
defaults and are left out again when encoded (``omit_defaults``), so a Struct encodes to the map
the server sends. Deep parts that a later version may grow (an analysis, a preview, a record's
action) stay plain maps.
"""

from __future__ import annotations

from typing import Any, Union

import msgspec

from shared.wire.admin import AdminReply
from shared.wire.pushes import ChatLine
from shared.wire.tournaments import TournamentDetail, TournamentSummary
from shared.wire.views import BotEntry, Clock, LobbyEntry, Rating, TimeControlSpec, UserRef, View

__all__ = [
    "Reply", "HelloLimits", "HelloReply", "RenameReply", "LobbyReply", "UnsubscribedReply", "GameOpponent",
    "GameOpponentRef", "MyGameLine", "ChallengeLine", "MyGamesReply", "CreatedReply", "ChallengedReply",
    "AnswerChallengeReply", "SeatReply", "AttachReply", "WatchReply", "LeaveReply", "ActReply",
    "OfferReply", "AbortReply", "RematchReply", "ExportReply", "AnalyseReply", "ProfileReply",
    "HistoryReply", "LeaderRow", "LeaderboardReply", "PingReply", "PreviewReply", "TournamentSummaryReply",
    "TournamentDetailReply", "TournamentsReply", "ChatReply", "MuteReply", "ReportReply",
    "PuzzleRatingData", "PuzzleAttemptData", "PuzzlesReply", "PuzzleReply", "DailyPuzzleReply",
    "PuzzleAttemptReply", "ReplayReply", "REPLIES", "OPEN_REPLIES", "REPLY_UNIONS", "Answer", "reply_data", "reply_name",
]


class Reply(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Base of every reply's ``data``: fields with a default are left out when they have it."""


class HelloLimits(Reply, kw_only=True):
    max_message_bytes: int
    rate_per_second: float
    rate_burst: int
    idle_timeout: float
    defence_timeout: float
    abandon_grace: float


class HelloReply(Reply, kw_only=True):
    """``user`` and ``token`` are None for a guest; ``token`` only when a name was registered."""

    protocol: int
    server: str
    user: UserRef | None
    token: str | None
    presets: list[str]
    maps: list[str]
    bot: str
    bot_levels: dict[str, str]
    families: list[str]
    limits: HelloLimits


class RenameReply(Reply, kw_only=True):
    """``set_name``."""

    user: UserRef


class PingReply(Reply, kw_only=True):
    time: float


class LobbyReply(Reply, kw_only=True):
    """``list_games`` and ``subscribe_lobby``."""

    open: list[LobbyEntry]
    live: list[LobbyEntry]
    bots: list[BotEntry]


class UnsubscribedReply(Reply, kw_only=True):
    subscribed: bool
    was_subscribed: bool


class GameOpponent(msgspec.Struct, kw_only=True):
    """Your opponent in a game of ``my_games`` (``bot``: the AI's level, for a bot seat)."""

    id: int | None
    name: str | None
    bot: int | None


class GameOpponentRef(msgspec.Struct, kw_only=True):
    """Who made a challenge (None: the account is gone)."""

    id: int | None
    name: str | None


class MyGameLine(msgspec.Struct, kw_only=True):
    """One of your games in progress (``my_games``); sent whole."""

    game: str
    seat: int
    status: str
    map: str | None
    rules: str | None
    time_control: TimeControlSpec | None
    rated: bool
    family: str | None
    public: bool
    challenged: int | None
    opponent: GameOpponent
    to_act: int | None
    my_move: bool
    version: int
    clock: Clock | None
    offers: dict[str, list[int]]  # draw, takeback: the seats offering
    created: float


class ChallengeLine(msgspec.Struct, kw_only=True):
    """A challenge to you waiting for your answer: the game, who made it, its lobby line."""

    game: str
    by: GameOpponentRef
    entry: LobbyEntry


class MyGamesReply(Reply, kw_only=True):
    """Your games, those where you must act first; the challenges waiting for your answer."""

    games: list[MyGameLine]
    challenges: list[ChallengeLine]


class CreatedReply(Reply, kw_only=True):
    """``create_game``: your seat and its token; ``join_code`` (None for a public game)."""

    game: str
    seat: int
    seat_token: str
    join_code: str | None


class ChallengedReply(CreatedReply, kw_only=True):
    """``challenge``: as ``create_game``, and whom."""

    challenged: UserRef


class SeatReply(Reply, kw_only=True):
    """``join``: the seat taken and its token."""

    game: str
    seat: int
    seat_token: str


class AnswerChallengeReply(Reply, kw_only=True):
    """Accepting: the seat (as ``join``); declining: ``declined`` true."""

    game: str
    seat: int | None = None
    seat_token: str | None = None
    declined: bool = False


class AttachReply(Reply, kw_only=True):
    game: str
    seat: int
    version: int


class WatchReply(Reply, kw_only=True):
    game: str
    version: int


class LeaveReply(Reply, kw_only=True):
    game: str


class ActReply(Reply, kw_only=True):
    """``act`` and ``claim_win``: the game's version after it."""

    game: str
    version: int


class OfferReply(Reply, kw_only=True):
    """``offer`` and ``answer_offer``: what became of the offer of ``kind`` (``draw``, ``takeback``);
    ``version`` after an accepted takeback or draw that changed the game."""

    game: str
    kind: str
    offered: bool | None = None
    accepted: bool = False
    declined: bool = False
    version: int | None = None


class AbortReply(Reply, kw_only=True):
    game: str
    aborted: bool


class RematchReply(Reply, kw_only=True):
    """The new game and your seat when it started; else ``offered`` or ``declined``."""

    game: str | None = None
    seat: int | None = None
    started: bool
    declined: bool = False
    offered: bool = False


class PreviewReply(Reply, kw_only=True):
    game: str
    version: int
    preview: dict[str, Any]  # docs/protocol.md, ``preview``


class ExportReply(Reply, kw_only=True):
    game: str
    record: str  # the ``scryptic-record`` text (docs/record-format.md)
    result: dict[str, Any] | None  # as in ``info``


class ReplayReply(Reply, kw_only=True):
    game: str
    version: int
    versions: int
    view: View
    action: dict[str, Any] | None  # the record's action that led to ``version`` (None at 0)
    result: dict[str, Any] | None


class AnalyseReply(Reply, kw_only=True):
    """``status`` ``ready`` (with ``analysis``) or ``queued`` (``ahead``: analyses before it)."""

    game: str
    status: str
    analysis: dict[str, Any] | None = None  # what ``scryptic analyse --json`` prints
    ahead: int | None = None


class ProfileReply(Reply, kw_only=True):
    user: UserRef
    online: bool
    ratings: dict[str, Rating]


class HistoryReply(Reply, kw_only=True):
    user: UserRef
    games: list[dict[str, Any]]  # docs/protocol.md, ``history``


class LeaderRow(msgspec.Struct, kw_only=True):
    rank: int
    user: UserRef
    rating: float
    rd: float
    games: int
    provisional: bool


class LeaderboardReply(Reply, kw_only=True):
    family: str
    players: list[LeaderRow]


class TournamentSummaryReply(Reply, kw_only=True):
    """``create_tournament`` and ``start_tournament``."""

    tournament: TournamentSummary


class TournamentDetailReply(Reply, kw_only=True):
    """``tournament``, ``join_tournament``, ``leave_tournament``: the event and its standings;
    entering its lobby (``tournament``, ``join_tournament``) brings its recent ``chat`` too."""

    tournament: TournamentDetail
    chat: list[ChatLine] | None = None  # oldest first


class TournamentsReply(Reply, kw_only=True):
    upcoming: list[TournamentSummary]
    running: list[TournamentSummary]
    finished: list[TournamentSummary]


class ChatReply(Reply, kw_only=True):
    line: ChatLine


class MuteReply(Reply, kw_only=True):
    user: UserRef
    kind: str | None


class ReportReply(Reply, kw_only=True):
    report: str


class PuzzleRatingData(msgspec.Struct, kw_only=True):
    """Your puzzle rating (a new account: 1500, 350)."""

    rating: float
    rd: float
    attempts: int
    solved: int
    streak: int
    best_streak: int


class PuzzleAttemptData(msgspec.Struct, kw_only=True):
    solved: bool
    rating_before: float
    rating_after: float


class PuzzlesReply(Reply, kw_only=True):
    puzzles: list[dict[str, Any]]  # each puzzle's line (docs/protocol.md, *Puzzles*)
    more: bool
    themes: list[str]
    maps: list[str]
    rating: PuzzleRatingData | None


class PuzzleReply(Reply, kw_only=True):
    """``puzzle``: the puzzle, your attempt at it (None: none yet), your rating."""

    puzzle: dict[str, Any]
    attempt: PuzzleAttemptData | None
    rating: PuzzleRatingData | None


class DailyPuzzleReply(Reply, kw_only=True):
    """``daily_puzzle``: the day (ISO), then as ``puzzle``."""

    date: str
    puzzle: dict[str, Any]
    attempt: PuzzleAttemptData | None
    rating: PuzzleRatingData | None


class PuzzleAttemptReply(Reply, kw_only=True):
    puzzle: str
    solved: bool
    goal: str  # the goal in words
    explanation: list[str]  # each fight in sentences
    events: list[dict[str, Any]]  # as you see them
    solutions: list[Any]
    rating: dict[str, float]  # before, after, change, rd
    puzzle_rating: dict[str, float]  # before, after, rd
    streak: int
    best_streak: int


REPLIES: dict[str, Any] = {
    "hello": HelloReply, "set_name": RenameReply, "ping": PingReply,
    "list_games": LobbyReply, "subscribe_lobby": LobbyReply, "unsubscribe_lobby": UnsubscribedReply,
    "my_games": MyGamesReply,
    "create_game": CreatedReply, "challenge": ChallengedReply, "answer_challenge": AnswerChallengeReply,
    "join": SeatReply, "attach": AttachReply, "watch": WatchReply, "leave": LeaveReply,
    "act": ActReply, "claim_win": ActReply, "offer": OfferReply, "answer_offer": OfferReply,
    "abort": AbortReply, "rematch": RematchReply, "preview": PreviewReply,
    "export": ExportReply, "replay": ReplayReply, "analyse": AnalyseReply,
    "profile": ProfileReply, "history": HistoryReply, "leaderboard": LeaderboardReply,
    "create_tournament": TournamentSummaryReply, "start_tournament": TournamentSummaryReply,
    "tournament": TournamentDetailReply, "join_tournament": TournamentDetailReply,
    "leave_tournament": TournamentDetailReply, "tournaments": TournamentsReply,
    "chat": ChatReply, "mute": MuteReply, "report": ReportReply,
    "puzzles": PuzzlesReply, "puzzle": PuzzleReply, "daily_puzzle": DailyPuzzleReply,
    "puzzle_attempt": PuzzleAttemptReply, "admin": AdminReply,
}
"""Every request type's reply ``data`` (but :data:`OPEN_REPLIES`): a Struct, or a union of
Structs tagged by a field (``admin``'s, by ``op``)."""

OPEN_REPLIES: tuple[str, ...] = ("stats",)
"""Requests whose reply is a plain map: the health readout (its figures grow with the server)."""


Answer = Union[Reply, dict[str, Any], AdminReply]
"""What a request's handler answers: its reply's Struct, or a plain map (:data:`OPEN_REPLIES`,
and an answer forwarded from another node of a cluster)."""


REPLY_UNIONS: dict[str, Any] = {"AdminReply": AdminReply}
"""The unions among :data:`REPLIES`, by the name the schema gives them."""


def reply_name(reply: Any) -> str:
    """The schema's name of a :data:`REPLIES` value (a Struct's own, or a union's)."""
    return reply.__name__ if isinstance(reply, type) else next(k for k, v in REPLY_UNIONS.items() if v == reply)


def reply_data(data: Answer) -> dict[str, Any]:
    """A reply's ``data`` as the plain map the envelope carries."""
    return data if isinstance(data, dict) else msgspec.to_builtins(data)
