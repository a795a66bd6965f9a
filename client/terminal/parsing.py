"""What the terminal client reads from a typed command: options, numbers, clocks, word lines."""

from __future__ import annotations

from typing import Any

from client.net.state import GameTracker

DIRECTIONS = {"across": "across", "a": "across", "down": "down", "d": "down"}


class UsageError(Exception):
    """A command typed wrongly (nothing is sent)."""


def parse_options(args: list[str], flags: set[str] | frozenset[str] = frozenset()) -> dict[str, str]:
    """``key=value`` words (keys in lower case) and the bare ``flags`` present (as "yes")."""
    out: dict[str, str] = {}
    for arg in args:
        if "=" in arg:
            key, value = arg.split("=", 1)
            out[key.lower()] = value
        elif arg.lower() in flags:
            out[arg.lower()] = "yes"
    return out


def int_option(text: str, what: str) -> int:
    """``text`` as a whole number, or a UsageError naming ``what``."""
    try:
        return int(text)
    except ValueError:
        raise UsageError(f"{what} must be a whole number, not {text!r}") from None


def parse_clock(text: str) -> dict[str, Any]:
    """``turn:30`` (per-turn limit) or ``fischer:300+5`` (bank + increment), in seconds, or
    ``days:3`` (correspondence: days per move)."""
    kind, _, value = text.partition(":")
    try:
        if kind == "turn":
            return {"kind": "per_turn", "seconds": float(value)}
        if kind == "days":
            return {"kind": "correspondence", "days": float(value)}
        if kind == "fischer":
            initial, _, increment = value.partition("+")
            return {"kind": "fischer", "initial": float(initial), "increment": float(increment or 0)}
    except ValueError:
        pass
    raise UsageError("clock=turn:SECONDS, clock=fischer:SECONDS+INCREMENT or clock=days:DAYS")


def player_option(text: str) -> dict[str, Any]:
    """A player named on the command line: ``#12`` (an id) or a display name."""
    if text.startswith("#"):
        return {"user": int_option(text[1:], "a player id")}
    return {"name": text}


def parse_line(args: list[str]) -> tuple[int, int, str, str]:
    """(row, column, direction, word) from ``ROW COL across|down WORD`` (row and column from 0)."""
    if len(args) != 4 or args[2].lower() not in DIRECTIONS or not args[3].isalpha():
        raise UsageError("place ROW COL across|down WORD")
    return (int_option(args[0], "row") - 1, int_option(args[1], "column") - 1,
            DIRECTIONS[args[2].lower()], args[3].lower())


def plan_word(tracker: GameTracker, row: int, col: int, direction: str, word: str) -> list[tuple[int, int, str]]:
    """The placements that lay ``word`` from (row, col): cells already holding your own letter
    must match it and are kept; the others take letters from the rack."""
    view = tracker.view
    assert view is not None and tracker.seat is not None
    own = {(r, c): ch for r, c, ch in view.player(tracker.seat).letters}
    dr, dc = (0, 1) if direction == "across" else (1, 0)
    placements = []
    for i, letter in enumerate(word):
        cell = (row + dr * i, col + dc * i)
        if not (0 <= cell[0] < view.height and 0 <= cell[1] < view.width):
            raise UsageError(f"{word.upper()} runs off the board at row {cell[0] + 1}, column {cell[1] + 1}")
        if cell in own:
            if own[cell] != letter:
                raise UsageError(f"your letter at row {cell[0] + 1}, column {cell[1] + 1} is {own[cell].upper()}, not {letter.upper()}")
            continue
        placements.append((cell[0], cell[1], letter))
    if not placements:
        raise UsageError("those letters are all on the board already")
    return placements
