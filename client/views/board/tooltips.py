"""What a tooltip on a board cell says: the terrain and its rule, the letter, and every word
through it with its strength and why (letters, terrain, meaning, supply).

Plain functions of the displayed state, so they are tested without a window.
"""

from __future__ import annotations

from fractions import Fraction

from shared.rules.board import ACROSS, DOWN, Board, line_run
from shared.rules.letters import LETTER_VALUES
from shared.rules.lexicon import Lexicon
from shared.rules.presets import RuleSet
from shared.rules.strength import defence_strength
from shared.rules.terrain import Cell, Player

from client.play.describe import terrain_line
from client.play.display import DisplayState
from client.views.board.move_marks import MoveMarks

REMOVAL = {"defeated": "beaten in a fight", "swept": "swept off with a beaten word",
           "attack failed": "lost with a failed attack", "ice cracked": "sunk through cracked ice",
           "stranded": "stranded"}


def board_of(display: DisplayState, board: Board) -> Board:
    """``board`` (a board of the same map) with the display's terrain and letters."""
    b = board.copy()
    b.terrain = [list(row) for row in display.terrain]
    b.city_owner = dict(display.cities)
    for p in (Player.GOLD, Player.SILVER):
        b.letters[p] = dict(display.letters.get(p, {}))
    return b


def _factor(m: Fraction) -> str:
    return f"x{float(m):g}"


def city_rule(rules: RuleSet | None, began_pewter: bool = False) -> str:
    """What a city does for the words on it, under ``rules`` (the standard game's x1.5 if None)."""
    if rules is None:
        return "a word with a letter here defends at x1.5"
    factor = rules.city_defence_multiplier
    if began_pewter and rules.pewter_defence_multiplier is not None:
        factor = rules.pewter_defence_multiplier
    text = f"a word with a letter here defends at {_factor(factor)}"
    reach = rules.city_guard_reach
    if reach is not None and (began_pewter or not rules.capitals_guard_everywhere):
        text += (" against an attack on or beside this cell" if reach == 1 else
                 f" against an attack within {reach} steps of this cell")
        if rules.city_gates_hold:
            text += "; its letters that close fall only to such an attack"
    return text


def word_lines(display: DisplayState, board: Board, cell: Cell, lexicon: Lexicon, rules: RuleSet,
               names: dict[int, str] | None = None) -> list[str]:
    """A line for each committed word through ``cell``: its defence strength and why."""
    found = display.letter_at(cell)
    if found is None:
        return []
    player, _ = found
    own = display.letters.get(player, {})
    cut = {c for run in display.isolated.get(player, []) for c in run}
    bad = {c for run in display.invalid.get(player, []) for c in run}
    lines = []
    for direction in (ACROSS, DOWN):
        run = line_run(own, cell, direction)
        if run is None:
            continue
        word = run.text.upper()
        if run.text not in lexicon or set(run.cells) <= bad:
            lines.append(f"{word}: not a word (it cannot fight; lift it or fix it)")
            continue
        supplied = not set(run.cells) <= cut
        s = defence_strength(board, run, lexicon, rules, supplied)
        dots = sum(LETTER_VALUES[ch] for ch in run.text)
        why = [f"{dots} in letters"]
        if s.base != dots:
            why.append(f"mountains make it {s.base}")
        why += [f"{_factor(m)} {name}" for name, m in s.multipliers]
        lines.append(f"{word}: defends at {s.value} ({', '.join(why)})")
        if rules.city_guard_reach is not None:
            away = defence_strength(board, run, lexicon, rules, supplied, ())
            if away.value != s.value:
                keeps = " (beaten, it keeps its letters near the city)" if rules.city_gates_hold else ""
                lines.append(f"  {word} defends at {away.value} against an attack away from its city{keeps}")
        if not supplied:
            lines.append(f"  {word} is cut off from its cities")
    return lines


def cell_tooltip(display: DisplayState, cell: Cell, board: Board | None, lexicon: Lexicon | None,
                 rules: RuleSet | None, marks: MoveMarks | None = None,
                 names: dict[int, str] | None = None) -> list[str]:
    """The tooltip of ``cell``: a title line, then details (empty off the board)."""
    if not display.in_bounds(cell):
        return []
    r, c = cell
    terrain = display.terrain_at(cell)
    lines = [f"Row {r + 1}, column {c + 1}"]
    if cell in display.cities:
        owner = display.cities[cell]
        if owner is None:
            who = "unclaimed (pewter)"
        else:
            who = "yours" if _name(owner, names) == "You" else f"{_name(owner, names)}'s"
        began_pewter = board is not None and board.map.cities.get(cell, None) is None
        lines.append(f"City, {who}: {city_rule(rules, began_pewter)}")
    else:
        lines.append(terrain_line(terrain.value))
    found = display.letter_at(cell)
    if found is not None:
        player, ch = found
        value = LETTER_VALUES[ch]
        lines.append(f"{_possessive(player, names)} {ch.upper()}, worth {value} dot{'s' if value > 1 else ''}")
        if board is not None and lexicon is not None and rules is not None:
            lines += word_lines(display, board_of(display, board), cell, lexicon, rules, names)
        if marks is not None and marks.last_commit_of(cell) == player:
            lines.append("Laid in the last move")
    elif marks is not None:
        ghost = marks.ghost_at(cell)
        if ghost is not None:
            why = REMOVAL.get(ghost.reason, ghost.reason)
            lines.append(f"{_possessive(ghost.owner, names)} {ghost.letter.upper()} was here: {why}")
    return lines


def _name(player: Player | int, names: dict[int, str] | None) -> str:
    if names and names.get(int(player)):
        return names[int(player)]
    return "Gold" if int(player) == 1 else "Silver"


def _possessive(player: Player | int, names: dict[int, str] | None) -> str:
    """"Gold's", or "Your" for the seat named "You"."""
    name = _name(player, names)
    return "Your" if name == "You" else f"{name}'s"
