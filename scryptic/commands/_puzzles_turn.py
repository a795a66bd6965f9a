"""Solving a puzzle in the terminal: the typed turn, the judge's verdict, the rating."""

from __future__ import annotations

import argparse
import datetime as dt
import random
from pathlib import Path
from typing import TextIO

from shared.faults import UsageError

HELP = ("Type your turn one action a line: word ROW,COL across|down WORD (the whole word from its "
        "first cell) / lift ROW,COL across|down / order N N ... / end; then done. Also: hint, undo, quit.")


class TypedError(ValueError):
    """A typed line that is no action."""


def _cell(text: str) -> tuple[int, int]:
    try:
        row, col = (int(x) for x in text.split(","))
    except ValueError:
        raise TypedError(f"a cell is ROW,COL (from 1), not {text!r}") from None
    return row - 1, col - 1


def parse_line(line: str, game, mover):
    """The engine action a typed line stands for, read against ``game`` (TypedError if none)."""
    from shared.rules.actions import Commit, EndTurn, OrderDefence, Redeploy

    parts = line.split()
    if not parts:
        raise TypedError("an empty line")
    verb = parts[0].lower()
    if verb == "end" and len(parts) == 1:
        return EndTurn(mover)
    if verb == "order" and len(parts) > 1:
        try:
            return OrderDefence(mover, tuple(int(x) - 1 for x in parts[1:]))
        except ValueError:
            raise TypedError("order takes the numbers of the defending words, like: order 2 1 3") from None
    if verb in ("word", "lift") and len(parts) >= 3 and parts[2] in ("across", "down"):
        r, c = _cell(parts[1])
        if verb == "lift" and len(parts) == 3:
            return Redeploy(mover, (r, c), parts[2])
        if verb == "word" and len(parts) == 4 and parts[3].isalpha():
            dr, dc = (0, 1) if parts[2] == "across" else (1, 0)
            own = game.board.letters[mover]
            placements = tuple((r + dr * i, c + dc * i, ch) for i, ch in enumerate(parts[3].lower())
                               if own.get((r + dr * i, c + dc * i)) != ch)
            return Commit(mover, placements, parts[2])
    raise TypedError(f"not an action: {line.strip()!r}")


def _choose(args: argparse.Namespace, loaded, progress):
    from shared.puzzles.daily import daily_puzzle
    from shared.puzzles.progress import current_puzzles
    from shared.puzzles.rating import choose_puzzle

    if args.daily:
        return daily_puzzle(loaded.puzzles, args.date or dt.date.today())
    if args.id:
        puzzle = loaded.by_id().get(args.id)
        if puzzle is None:
            raise UsageError(f"no puzzle {args.id!r} in the pack", "see `scryptic puzzles list`")
        return puzzle
    rng = random.Random(args.seed)
    puzzle = choose_puzzle(current_puzzles(progress, loaded.puzzles), progress.rating, rng, themes=args.theme, seen=set(progress.attempts))
    if puzzle is None:
        raise UsageError("no puzzle left to choose", "you have tried them all, or no puzzle has that theme")
    return puzzle


def solve_session(args: argparse.Namespace, loaded, progress_path: Path, inp: TextIO, out: TextIO) -> int:
    """Show a puzzle, read a turn, judge it, rate the first attempt; 0 solved, 1 not."""
    from scryptic.commands._puzzles_text import print_puzzle
    from shared.puzzles.judge import IllegalAttempt, judge
    from shared.puzzles.position import position_of
    from shared.puzzles.progress import AlreadyAttempted, load_progress, record_attempt, save_progress
    from shared.rules.terrain import Player
    from shared.words.dictionary import load_dictionary

    progress, warning = load_progress(progress_path)
    if warning:
        print(f"warning: {warning}", file=out)
    puzzle = _choose(args, loaded, progress)
    lexicon = load_dictionary()
    print_puzzle(puzzle, lexicon, out)
    print(HELP, file=out)
    game = position_of(puzzle, lexicon)
    mover = Player(puzzle.mover)
    actions: list = []
    hints = 0
    for line in inp:
        text = line.strip()
        if text in ("quit", "q"):
            print("Left without an attempt: nothing rated.", file=out)
            return 1
        if text == "hint":
            hints += 1
            if hints == 1:
                print(f"Hint: the themes are {', '.join(puzzle.themes)}.", file=out)
            else:
                cells = ", ".join(f"row {r + 1} column {c + 1}" for r, c in puzzle.hint_where)
                print(f"Hint: look at {cells}.", file=out)
            continue
        if text == "undo":
            actions = actions[:-1]
            print(f"{len(actions)} action(s) in the turn.", file=out)
            continue
        if text == "done":
            break
        if not text:
            continue
        try:
            actions.append(parse_line(text, game, mover))
        except TypedError as exc:
            print(f"? {exc}. {HELP}", file=out)
            continue
        print(f"{len(actions)} action(s) in the turn; `done` to submit.", file=out)
    if not actions:
        print("No turn given: nothing rated.", file=out)
        return 1
    try:
        verdict = judge(puzzle, actions, lexicon)
    except IllegalAttempt as exc:
        print(f"That turn is not legal ({exc}); nothing rated: try again.", file=out)
        return 1
    for sentence in verdict.sentences:
        print(sentence, file=out)
    print(("Solved! " if verdict.solved else "Not solved. ") + f"The goal: {verdict.goal}", file=out)
    try:
        progress, _ = record_attempt(progress, loaded.by_id(), puzzle.id, verdict.solved, dt.date.today().isoformat())
    except AlreadyAttempted as exc:
        print(f"Not rated: {exc}.", file=out)
    else:
        save_progress(progress, progress_path)
        print(f"Your puzzle rating: {progress.rating.rating:.0f}; streak {progress.streak}.", file=out)
    return 0 if verdict.solved else 1
