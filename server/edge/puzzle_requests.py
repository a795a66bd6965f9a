"""The puzzles' requests (``docs/protocol.md``, "Puzzles"): part of :mod:`server.edge.protocol`,
which re-exports them and lists them in its ``Request`` union; kept apart so that each module
stays small. Answered by :mod:`server.puzzles`.
"""

from __future__ import annotations

from typing import Annotated, ClassVar

import msgspec

from server.edge.wire_types import Action

MapName = Annotated[str, msgspec.Meta(min_length=1, max_length=128)]


class _PuzzleRequest(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, kw_only=True, frozen=True):
    """The fields of every request (as ``server.edge.protocol._Request``)."""

    id: Annotated[int, msgspec.Meta(ge=0, le=2**53)]
    v: int = 2  # server.edge.protocol.PROTOCOL_VERSION (a test checks they agree)
    by_owner: ClassVar[bool] = False  # no puzzle belongs to a game: any node answers
    follows: ClassVar[bool] = False
    repeatable: ClassVar[bool] = False


PuzzleId = Annotated[str, msgspec.Meta(pattern=r"^[A-Za-z0-9_.-]{1,64}$")]
PuzzleTheme = Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9_-]{1,32}$")]
PuzzleDate = Annotated[str, msgspec.Meta(pattern=r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")]


class Puzzles(_PuzzleRequest, tag="puzzles", frozen=True):
    """The puzzles this server serves (by theme and map), and your puzzle rating."""

    theme: PuzzleTheme | None = None
    map: MapName | None = None
    limit: Annotated[int, msgspec.Meta(ge=1, le=100)] = 20
    after: PuzzleId | None = None  # the last id of the page before: the next page


class PuzzleGet(_PuzzleRequest, tag="puzzle", frozen=True):
    """One puzzle by id, or (no id) the next one for your rating, of a theme and map if given."""

    puzzle: PuzzleId | None = None
    theme: PuzzleTheme | None = None
    map: MapName | None = None


class DailyPuzzle(_PuzzleRequest, tag="daily_puzzle", frozen=True):
    """The puzzle of a day (UTC; today if no date): the same on every server with the same pack."""

    date: PuzzleDate | None = None


class PuzzleAttempt(_PuzzleRequest, tag="puzzle_attempt", frozen=True):
    """Your one attempt at a puzzle: the turn you play at its position, judged and rated."""

    puzzle: PuzzleId
    actions: Annotated[list[Action], msgspec.Meta(min_length=1, max_length=32)]
