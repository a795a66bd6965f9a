"""Tournaments as the server shows them: an event's summary (the lists) and its detail (the
standings, the games in play and the finished games).

Each is a tagged union on ``kind`` (``arena``, ``swiss``, ``league``): the kinds differ in what
their summary says (rounds, seasons) and in the columns of their standings rows. The
``tournaments``, ``tournament``, ``create_tournament``, ``join_tournament`` and
``leave_tournament`` replies carry these, and so do the ``tournament`` and ``tournament_over``
pushes; :func:`summary_of` and :func:`detail_of` read one from a reply's plain map.
"""

from __future__ import annotations

from typing import Any, Union

import msgspec

from shared.wire.views import UserRef

__all__ = [
    "ArenaRow", "SwissRow", "LeagueRow", "StandingRow", "EventGame", "RoundGame", "FinishedGame",
    "FinishedRoundGame", "ArenaSummary", "SwissSummary", "LeagueSummary", "TournamentSummary",
    "ArenaDetail", "SwissDetail", "LeagueDetail", "TournamentDetail", "summary_of", "detail_of",
]


class ArenaRow(msgspec.Struct, kw_only=True):
    """An arena standings row: points (2 a win, doubled on fire), the sheet of each game's points."""

    rank: int
    user: UserRef
    points: int | float
    games: int
    wins: int
    fire: bool = False
    sheet: list[int] = []
    present: bool = True


class SwissRow(msgspec.Struct, kw_only=True):
    """A Swiss standings row: score and its tie-breaks."""

    rank: int
    user: UserRef
    points: int | float
    games: int
    wins: int
    buchholz: float = 0.0
    sonneborn_berger: float = 0.0
    byes: int = 0
    present: bool = True


class LeagueRow(msgspec.Struct, kw_only=True):
    """A league standings row, in its division (1: the top one)."""

    rank: int
    division: int
    user: UserRef
    points: int | float
    games: int
    wins: int
    draws: int = 0
    sonneborn_berger: float = 0.0
    present: bool = True


StandingRow = Union[ArenaRow, SwissRow, LeagueRow]


class EventGame(msgspec.Struct, kw_only=True):
    """An arena game in play (players by id)."""

    game: str
    gold: int
    silver: int


class RoundGame(EventGame, kw_only=True):
    """A Swiss or league game in play, with its round (a league's: its season)."""

    round: int


class FinishedGame(EventGame, kw_only=True):
    """A finished arena game; ``winner`` None for a draw."""

    winner: int | None = None


class FinishedRoundGame(FinishedGame, kw_only=True):
    """A finished Swiss or league game, with its round."""

    round: int


class _Summary(msgspec.Struct, kw_only=True, tag_field="kind"):
    id: str
    name: str
    status: str  # "upcoming", "running" or "finished"
    starts: float
    ends: float | None
    seconds: int
    map: str
    rules: str
    time_control: dict[str, Any]
    rated: bool
    max_players: int
    players: int  # how many entered
    winner: UserRef | None = None

    @property
    def kind(self) -> str:
        """``arena``, ``swiss`` or ``league``."""
        return self.__struct_config__.tag  # type: ignore[return-value]


class ArenaSummary(_Summary, tag="arena"):
    """An arena: play as many games as you can until ``ends``."""


class SwissSummary(_Summary, tag="swiss"):
    """A Swiss event of ``rounds`` rounds; ``round`` the one being played (0 before the first)."""

    rounds: int
    round: int


class LeagueSummary(_Summary, tag="league"):
    """A league of ``seasons`` seasons in divisions of ``division_size`` players."""

    seasons: int
    season: int
    division_size: int


TournamentSummary = Union[ArenaSummary, SwissSummary, LeagueSummary]


class ArenaDetail(ArenaSummary, tag="arena"):
    """An arena with its standings and games."""

    standings: list[ArenaRow] = []
    playing: list[EventGame] = []
    finished: list[FinishedGame] = []


class SwissDetail(SwissSummary, tag="swiss"):
    """A Swiss event with its standings, games and each round's bye (None: nobody sat out)."""

    standings: list[SwissRow] = []
    playing: list[RoundGame] = []
    finished: list[FinishedRoundGame] = []
    byes: list[int | None] = []


class LeagueDetail(LeagueSummary, tag="league"):
    """A league with this season's tables, games, divisions and past seasons' final tables."""

    standings: list[LeagueRow] = []
    playing: list[RoundGame] = []
    finished: list[FinishedRoundGame] = []
    divisions: list[list[int]] = []
    past: list[list[list[int]]] = []


TournamentDetail = Union[ArenaDetail, SwissDetail, LeagueDetail]


def summary_of(data: Any) -> TournamentSummary:
    """An event's summary from a reply's plain map (``msgspec.ValidationError`` if it does not fit)."""
    return msgspec.convert(data, TournamentSummary)  # type: ignore[arg-type]


def detail_of(data: Any) -> TournamentDetail:
    """An event's detail from a reply's plain map (``msgspec.ValidationError`` if it does not fit)."""
    return msgspec.convert(data, TournamentDetail)  # type: ignore[arg-type]
