"""Checking a commit against every placement rule (R3, R4, R5) without changing anything."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from shared.rules import errors as E
from shared.rules.actions import Commit
from shared.rules.board import ACROSS, DOWN, Board, Run, line_run
from shared.rules.crossword import Crossword, extend_crossword, read_crossword
from shared.rules.errors import cell_name
from shared.rules.letters import LETTER_VALUES, face_value
from shared.rules.lexicon import Category, Lexicon
from shared.rules.presets import RuleSet
from shared.rules.terrain import Cell, Player, Terrain

__all__ = [
    "CommitPlan", "plan_commit",
]



@dataclass(frozen=True)
class CommitPlan:
    """A commit that passed every check, ready to apply."""

    player: Player
    run: Run
    placements: tuple[tuple[int, int, str], ...]
    new_cells: frozenset[Cell]
    forest_cells: tuple[Cell, ...]
    # the player's crossword once the letters are down (before any fight): the game keeps it
    after: Crossword | None = None


def plan_commit(
    board: Board, rules: RuleSet, lexicon: Lexicon, rack: list[str], action: Commit,
    before: Crossword | None = None,
) -> CommitPlan:
    """Check a commit against every placement rule (R3, R4, R5) without changing anything.

    ``before``: the player's crossword as the board stands, if known (it saves reading it)."""
    p = action.player
    own = board.letters[p]
    placements = action.placements
    if action.direction not in (None, ACROSS, DOWN):
        raise E.ActionFormatError(f"direction must be 'across' or 'down', not {action.direction!r}")
    if not placements:
        raise E.EmptyCommit("a commit must place at least one letter")
    cells: list[Cell] = []
    for r, c, letter in placements:
        if not (isinstance(letter, str) and len(letter) == 1 and letter in LETTER_VALUES):
            raise E.BadLetter(f"{letter!r} at {cell_name((r, c))} is not a letter a-z")
        if not board.in_bounds((r, c)):
            raise E.OffBoard(f"{cell_name((r, c))} is off the board")
        if (r, c) in cells:
            raise E.DuplicateCell(f"two letters placed on {cell_name((r, c))}")
        cells.append((r, c))
    need = Counter(letter for _, _, letter in placements)
    have = Counter(rack)
    for letter, n in sorted(need.items()):
        if have[letter] < n:
            held = "no" if have[letter] == 0 else f"only {have[letter]}"
            raise E.NotInRack(f"you have {held} '{letter.upper()}' on your rack")
    rows = {r for r, _ in cells}
    cols = {c for _, c in cells}
    if len(rows) > 1 and len(cols) > 1:
        raise E.NotInLine("the letters of a commit must lie in one row or one column")
    for cell in cells:
        if cell in own:
            raise E.OwnLetterThere(f"you already have a letter on {cell_name(cell)}")
        if board.terrain_at(cell) is Terrain.LAVA:
            raise E.LavaCell(f"{cell_name(cell)} is lava: no letter may be placed there")
    layer = dict(own)
    for r, c, letter in placements:
        layer[(r, c)] = letter
    new_cells = frozenset(cells)
    if len(cells) > 1:
        direction = ACROSS if len(rows) == 1 else DOWN
        if action.direction is not None and action.direction != direction:
            raise E.NotInLine(f"these letters lie {direction}, not {action.direction}")
    elif action.direction is not None:
        direction = action.direction
    else:
        across = line_run(layer, cells[0], ACROSS)
        down = line_run(layer, cells[0], DOWN)
        if across and down:
            raise E.AmbiguousDirection(
                f"the letter on {cell_name(cells[0])} extends both {across.text.upper()} and "
                f"{down.text.upper()}: say which word you are committing (across or down)"
            )
        direction = ACROSS if across or not down else DOWN
    first, last = min(cells), max(cells)
    step = (0, 1) if direction == ACROSS else (1, 0)
    cell = first
    while cell != last:
        cell = (cell[0] + step[0], cell[1] + step[1])
        if cell not in layer:
            raise E.Gap(f"the letters do not form one unbroken word: a gap at {cell_name(cell)}")
    run = line_run(layer, cells[0], direction)
    if run is None:
        raise E.TooShort("a word needs at least 2 letters")
    if before is None:
        after = read_crossword(board, p, lexicon, layer)
    else:
        after = extend_crossword(board, before, lexicon, layer, new_cells)
    touched = [w for w in after.runs if not new_cells.isdisjoint(w.cells)]
    for word in touched:
        if word.text not in lexicon:
            where = "the word" if word.cells == run.cells else "the cross word"
            raise E.NotAWord(f"{where} {word.text.upper()} at {cell_name(word.start)} is not in the dictionary")
    for word in touched:
        for end in (word.cells[0], word.cells[-1]):
            if board.terrain_at(end) is Terrain.WATER:
                raise E.WaterEnd(
                    f"{word.text.upper()} ends on water at {cell_name(end)}: both ends of a word "
                    "must be on land"
                )
    # R3: no run holding a new letter may include a letter of a run left invalid
    # (revision 1 checked the committed word only).
    built = touched if rules.revision >= 2 else [run]
    for bad in after.invalid:
        for word in built:
            if set(bad.cells) & set(word.cells):
                raise E.BuildsOnInvalid(
                    f"{word.text.upper()} builds on the invalid run {bad.text.upper()} at "
                    f"{cell_name(bad.start)} without making it a word"
                )
    if run not in after.supplied:
        raise E.NotConnected(
            f"{run.text.upper()} does not connect to your supplied crossword or to a city you own"
        )
    forest = tuple(c for c in cells if board.terrain_at(c) is Terrain.FOREST)
    if forest:
        power = face_value(run.text) * (
            rules.cut_word_multiplier if Category.CUT in lexicon.categories(run.text) else 1
        )
        needed = rules.forest_density * len(forest)
        if not power > needed:
            raise E.ForestTooDense(
                f"{run.text.upper()} is worth {float(power):g} but the {len(forest)} forest cell(s) "
                f"under its new letters need more than {needed}"
            )
    return CommitPlan(p, run, tuple(placements), new_cells, forest, after)
