"""Rule errors: one exception class per reason an action can be refused.

Every error has a stable ``code`` (for the protocol and tests) and a plain-English
``reason`` that names the word or cell at fault. A refused action changes nothing.
"""

from __future__ import annotations

from shared.rules.terrain import Cell

__all__ = [
    "cell_name", "RuleError", "ActionFormatError", "GameOverError", "NotYourTurn", "DiscardFirst",
    "DefencePending", "NothingPending", "EmptyCommit", "BadLetter", "OffBoard", "DuplicateCell",
    "NotInRack", "NotInLine", "OwnLetterThere", "LavaCell", "Gap", "TooShort",
    "AmbiguousDirection", "NotAWord", "WaterEnd", "BuildsOnInvalid", "NotConnected",
    "ForestTooDense", "AlreadyRedeployed", "NoRunThere", "LiftBreaksCrossword", "WrongDiscard",
    "BadDefenceOrder", "BadResignation",
]


def cell_name(cell: Cell) -> str:
    """A cell as players read it: 1-based row and column."""
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


class RuleError(Exception):
    """An action that the rules do not allow."""

    code = "illegal"

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason

    def to_dict(self) -> dict[str, str]:
        """The error as data, for the protocol."""
        return {"code": self.code, "reason": self.reason}


class ActionFormatError(RuleError):
    """An action that is not well formed (missing fields, wrong types)."""

    code = "bad_action"


class GameOverError(RuleError):
    code = "game_over"


class NotYourTurn(RuleError):
    code = "not_your_turn"


class DiscardFirst(RuleError):
    code = "discard_first"


class DefencePending(RuleError):
    code = "defence_pending"


class NothingPending(RuleError):
    code = "nothing_pending"


class EmptyCommit(RuleError):
    code = "empty_commit"


class BadLetter(RuleError):
    code = "bad_letter"


class OffBoard(RuleError):
    code = "off_board"


class DuplicateCell(RuleError):
    code = "duplicate_cell"


class NotInRack(RuleError):
    code = "not_in_rack"


class NotInLine(RuleError):
    code = "not_in_line"


class OwnLetterThere(RuleError):
    code = "own_letter_there"


class LavaCell(RuleError):
    code = "lava"


class Gap(RuleError):
    code = "gap"


class TooShort(RuleError):
    code = "too_short"


class AmbiguousDirection(RuleError):
    code = "ambiguous_direction"


class NotAWord(RuleError):
    code = "not_a_word"


class WaterEnd(RuleError):
    code = "water_end"


class BuildsOnInvalid(RuleError):
    code = "builds_on_invalid"


class NotConnected(RuleError):
    code = "not_connected"


class ForestTooDense(RuleError):
    code = "forest_too_dense"


class AlreadyRedeployed(RuleError):
    code = "already_redeployed"


class NoRunThere(RuleError):
    code = "no_run_there"


class LiftBreaksCrossword(RuleError):
    code = "lift_breaks_crossword"


class WrongDiscard(RuleError):
    code = "wrong_discard"


class BadDefenceOrder(RuleError):
    code = "bad_defence_order"


class BadResignation(RuleError):
    code = "bad_resignation"
