"""The protocol's field types: constraints on values, the wire actions and the time controls.

Part of :mod:`server.edge.protocol` (which re-exports all of it); kept apart so that each module
stays small.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

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
Version = Annotated[int, msgspec.Meta(ge=0)]
Seconds = Annotated[float, msgspec.Meta(gt=0, le=7 * 24 * 3600)]
ShortText = Annotated[str, msgspec.Meta(max_length=64)]


# ---------------------------------------------------------------------------------------------
# Actions (the "action" field of an "act" request). The server fills in the player from the
# seat the connection holds, so a client can never name another player.
# ---------------------------------------------------------------------------------------------


class _Action(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, frozen=True):
    pass


class CommitAction(_Action, tag="commit", frozen=True):
    placements: Annotated[list[tuple[Coordinate, Coordinate, Letter]], msgspec.Meta(min_length=1, max_length=64)]
    direction: Direction | None = None


class RedeployAction(_Action, tag="redeploy", frozen=True):
    cell: tuple[Coordinate, Coordinate]
    direction: Direction


class DiscardAction(_Action, tag="discard", frozen=True):
    letters: Letters


class OrderDefenceAction(_Action, tag="order_defence", frozen=True):
    order: Annotated[list[Annotated[int, msgspec.Meta(ge=0, le=255)]], msgspec.Meta(max_length=64)]


class EndTurnAction(_Action, tag="end_turn", frozen=True):
    pass


class ResignAction(_Action, tag="resign", frozen=True):
    pass


Action = CommitAction | RedeployAction | DiscardAction | OrderDefenceAction | EndTurnAction | ResignAction


def action_to_engine_dict(action: Action, player: int) -> dict[str, Any]:
    """The engine's plain form of a validated wire action, for ``shared.rules.actions.action_from_dict``."""
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


class NoClock(_TimeControl, tag="none", frozen=True):
    pass


class PerTurn(_TimeControl, tag="per_turn", frozen=True):
    """Each turn must end within ``seconds``; running out loses on time."""

    seconds: Seconds


class Fischer(_TimeControl, tag="fischer", frozen=True):
    """A bank of ``initial`` seconds per player, plus ``increment`` after each of their turns."""

    initial: Seconds
    increment: Annotated[float, msgspec.Meta(ge=0, le=3600)] = 0.0


class Correspondence(_TimeControl, tag="correspondence", frozen=True):
    """Each turn must end within ``days`` days (fractions allowed); running out loses on time."""

    days: Annotated[float, msgspec.Meta(gt=0, le=30)]


TimeControl = NoClock | PerTurn | Fischer | Correspondence
