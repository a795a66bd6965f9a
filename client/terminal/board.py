"""The terminal client's text: the board with its legend, the status lines and the event log.

Each cell is three characters wide, and letters never look like terrain:

- letters are always UPPER CASE in brackets: gold ``[A]``, silver ``<A>``; a mark takes the
  place of the opening bracket: ``+A]`` laid out but not committed, ``!A]`` part of an invalid
  run, ``?A]`` part of an isolated word;
- terrain is lower case or punctuation with no brackets: ``.`` plains, ``f`` forest, ``~``
  water, ``^`` mountains, ``*`` ice, ``x`` lava; a city is ``#`` and its owner's initial in
  lower case (``#g`` gold, ``#s`` silver, ``#p`` pewter: nobody's yet).

With ``colour`` (a terminal that shows ANSI colours, and no ``NO_COLOR``), gold letters are
yellow, silver letters white, marks red, amber or green, and terrain dim in its own colour.
The legend is printed under every board.
"""

from __future__ import annotations

import os
from typing import Any, TextIO

from client.net.state import GameTracker
from shared.rules.terrain import Terrain
from shared.wire import DefencePending, DiscardPending

SEAT_NAMES = {1: "gold", 2: "silver"}
BRACKETS = {1: ("[", "]"), 2: ("<", ">")}
CITY_OWNERS = {1: "g", 2: "s", None: "p"}
MARK_STAGED, MARK_INVALID, MARK_ISOLATED = "+", "!", "?"

TERRAIN_GLYPHS: dict[Terrain, str] = {
    Terrain.PLAINS: ".", Terrain.FOREST: "f", Terrain.WATER: "~", Terrain.MOUNTAINS: "^",
    Terrain.ICE: "*", Terrain.LAVA: "x", Terrain.CITY: "#",
}
_WIRE_TO_TERRAIN: dict[str, Terrain] = {}


def _wire_terrain() -> dict[str, Terrain]:
    """The view's terrain characters (the engine's) mapped back to terrains."""
    if not _WIRE_TO_TERRAIN:
        from shared.rules.game_view import TERRAIN_TO_CHAR

        _WIRE_TO_TERRAIN.update({ch: t for t, ch in TERRAIN_TO_CHAR.items()})
    return _WIRE_TO_TERRAIN


# ANSI colours (SGR codes).
_RESET = "\x1b[0m"
_LETTER_COLOURS = {1: "1;33", 2: "1;97"}
_MARK_COLOURS = {MARK_INVALID: "1;31", MARK_ISOLATED: "1;35", MARK_STAGED: "1;32"}
_TERRAIN_COLOURS = {
    Terrain.PLAINS: "2", Terrain.FOREST: "32", Terrain.WATER: "34", Terrain.MOUNTAINS: "37",
    Terrain.ICE: "36", Terrain.LAVA: "31", Terrain.CITY: "1;35",
}

LEGEND = (
    "legend: [A] gold letter  <A> silver letter  +A] laid out, not committed  "
    "!A] in an invalid run  ?A] in an isolated word\n"
    "        . plains  f forest  ~ water  ^ mountains  * ice  x lava  "
    "#g #s #p city: gold, silver, pewter (nobody's)"
)


def supports_colour(stream: TextIO) -> bool:
    """True if ``stream`` is a terminal that shows colours and the user has not said NO_COLOR."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _paint(text: str, code: str | None, colour: bool) -> str:
    return f"\x1b[{code}m{text}{_RESET}" if colour and code else text


def letter_cell(seat: int, letter: str, mark: str | None = None, colour: bool = False) -> str:
    """The three characters of a letter: ``[A]``/``<A>``, the mark in place of the ``[``."""
    opening, closing = BRACKETS[seat]
    text = f"{mark or opening}{letter.upper()}{closing}"
    if not colour:
        return text
    if mark:
        return _paint(mark, _MARK_COLOURS[mark], True) + _paint(text[1:], _LETTER_COLOURS[seat], True)
    return _paint(text, _LETTER_COLOURS[seat], True)


def terrain_cell(terrain: Terrain, owner: int | None = None, colour: bool = False) -> str:
    """The three characters of an empty cell: `` f `` or, for a city, `` #g``."""
    glyph = TERRAIN_GLYPHS[terrain]
    text = f" {glyph}{CITY_OWNERS[owner]}" if terrain is Terrain.CITY else f" {glyph} "
    return _paint(text, _TERRAIN_COLOURS[terrain], colour)


def render(tracker: GameTracker, staged: list[tuple[int, int, str]] | None = None, colour: bool = False) -> str:
    """The board, its legend and the game's status as text."""
    view = tracker.view
    assert view is not None
    wire = _wire_terrain()
    height, width = view.height, view.width
    terrain = [[wire[ch] for ch in row] for row in view.terrain]
    owners = {(r, c): owner for r, c, owner in view.cities}
    cells = [[terrain_cell(terrain[r][c], owners.get((r, c)), colour) for c in range(width)]
             for r in range(height)]
    marks: dict[tuple[int, int], str] = {}
    for seat in ("1", "2"):
        player = view.players[seat]
        for run in player.isolated:
            for r, c in run:
                marks[(r, c)] = MARK_ISOLATED
        for run in player.invalid:
            for r, c in run:
                marks[(r, c)] = MARK_INVALID
        for r, c, ch in player.letters:
            cells[r][c] = letter_cell(int(seat), ch, marks.get((r, c)), colour)
    for r, c, ch in staged or []:
        cells[r][c] = letter_cell(tracker.seat or 1, ch, MARK_STAGED, colour)
    header = "    " + "".join(f"{c + 1:>2} " if (c + 1) % 5 == 0 or c == 0 else "   " for c in range(width))
    lines = [header.rstrip()]
    for r in range(height):
        lines.append(f"{r + 1:>3} " + "".join(cells[r]))
    lines.append(LEGEND)
    lines.append(status_text(tracker))
    return "\n".join(lines)


def status_text(tracker: GameTracker) -> str:
    """Scores, racks, pools, clocks, whose move, and what is pending."""
    view = tracker.view
    assert view is not None
    lines = []
    for seat in ("1", "2"):
        p = view.players[seat]
        who = SEAT_NAMES[int(seat)]
        entry = tracker.info.players.get(seat) if tracker.info is not None else None
        name = (entry.name if entry is not None else None) or "(open)"
        me = " (you)" if tracker.seat == int(seat) else ""
        pool = "endless" if p.pool is None else p.pool
        rack = p.rack.upper() if p.rack is not None else f"{p.rack_size} letters"
        lines.append(f"{who:<6} {name}{me}: score {p.score}, rack {rack}, pool {pool}")
    left = tracker.clock_left()
    if left:
        lines.append("clocks: " + ", ".join(f"{SEAT_NAMES[s]} {fmt_seconds(v)}" for s, v in sorted(left.items())))
    if view.result:
        result = view.result
        winner = "a draw" if result.winner is None else f"{SEAT_NAMES[result.winner]} wins"
        lines.append(f"game over: {winner} ({result.reason})")
        return "\n".join(lines)
    pending = view.pending
    last = ", the last" if view.last_turn else ""
    turn = f"turn {view.turn}{last}: {SEAT_NAMES[view.to_move]} to move"
    if tracker.my_move:
        turn += " - your move"
    lines.append(turn)
    if isinstance(pending, DiscardPending):
        lines.append(f"{SEAT_NAMES[pending.player]} must discard {pending.count} letter(s)")
    elif isinstance(pending, DefencePending):
        attack = pending.attack
        lines.append(f"{attack.word.upper()} attacks with strength {attack.strength}; "
                     f"{SEAT_NAMES[pending.player]} orders the defence:")
        for i, d in enumerate(pending.defenders):
            lines.append(f"  {i + 1}. {d.word.upper()} strength {d.strength}")
        suggested = " ".join(str(i + 1) for i in pending.suggested_order)
        countdown = tracker.defence_left()
        lines.append(f"  best order: {suggested}" + (f" (applied in {countdown:.0f} s)" if countdown is not None else ""))
    return "\n".join(lines)


def fmt_seconds(seconds: float) -> str:
    """``m:ss``."""
    seconds = max(0, int(seconds))
    return f"{seconds // 60}:{seconds % 60:02d}"
