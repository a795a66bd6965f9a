"""The `scryptic puzzles` subcommands that read the pack: list, show, daily, solve, rating.

A turn is typed one action a line: ``word ROW,COL across|down WORD`` (the whole word from its
first cell, letters already on the board included), ``lift ROW,COL across|down``, ``order N N
...`` (the defending words by their numbers in the list shown), ``end``; then ``done`` to have
it judged, ``hint`` for a hint, ``quit`` to leave. Rows and columns count from 1.
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from shared.faults import FaultError, UsageError


def register_play(sub) -> None:
    """Add list, show, daily, solve and rating to the `puzzles` subparsers."""
    def pack_arg(p: argparse.ArgumentParser) -> None:
        p.add_argument("--pack", metavar="FILE", help="a puzzle pack (default: the shipped one)")

    ls = sub.add_parser("list", help="list the pack's puzzles")
    pack_arg(ls)
    ls.add_argument("--theme", action="append", help="only puzzles of this theme (repeat for any of several)")
    ls.add_argument("--map", action="append", help="only puzzles on this map (repeat)")
    ls.set_defaults(func=run_list)

    show = sub.add_parser("show", help="show one puzzle: the board, the rack, the goal")
    show.add_argument("id", help="the puzzle's id")
    pack_arg(show)
    show.add_argument("--solutions", action="store_true", help="also print the solutions (spoilers)")
    show.set_defaults(func=run_show)

    daily = sub.add_parser("daily", help="today's puzzle (the same for everyone on the date)")
    pack_arg(daily)
    daily.add_argument("--date", type=_date, help="another day's puzzle (YYYY-MM-DD)")
    daily.set_defaults(func=run_daily)

    solve = sub.add_parser("solve", help="solve a puzzle in the terminal (rated on its first attempt)")
    solve.add_argument("id", nargs="?", help="the puzzle's id (default: one near your rating)")
    pack_arg(solve)
    solve.add_argument("--daily", action="store_true", help="solve today's puzzle")
    solve.add_argument("--date", type=_date, help="with --daily: another day's puzzle (YYYY-MM-DD)")
    solve.add_argument("--theme", action="append", help="choose among puzzles of this theme")
    solve.add_argument("--progress", metavar="FILE", help="the rating file (default: puzzles.json in the settings folder)")
    solve.add_argument("--seed", type=int, help="seed of the choice of a puzzle (default: from the clock)")
    solve.set_defaults(func=run_solve)

    rating = sub.add_parser("rating", help="your puzzle rating, streaks and attempts on this machine")
    rating.add_argument("--progress", metavar="FILE", help="the rating file (default: puzzles.json in the settings folder)")
    rating.set_defaults(func=run_rating)


def _date(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a date is YYYY-MM-DD, not {text!r}") from None


def _pack(args: argparse.Namespace):
    from shared.puzzles.pack import load_pack

    loaded = load_pack(args.pack)
    for error in loaded.errors:
        print(f"warning: {error}", file=sys.stderr)
    if not loaded.puzzles:
        raise FaultError("the pack holds no puzzle that loads", "rebuild it with `scryptic puzzles build`")
    return loaded


def _find(args: argparse.Namespace, puzzle_id: str):
    loaded = _pack(args)
    puzzle = loaded.by_id().get(puzzle_id)
    if puzzle is None:
        raise UsageError(f"no puzzle {puzzle_id!r} in the pack", "see `scryptic puzzles list`")
    return loaded, puzzle


def run_list(args: argparse.Namespace) -> int:
    """Print one line a puzzle."""
    loaded = _pack(args)
    for p in loaded.puzzles:
        if args.theme and not set(args.theme) & set(p.themes):
            continue
        if args.map and p.map_name not in args.map:
            continue
        print(f"{p.id}  {p.map_name:<15} {p.ruleset:<9} {p.rating:6.0f}  {p.goal.kind:<13} {', '.join(p.themes)}")
    return 0


def run_show(args: argparse.Namespace) -> int:
    """Print a puzzle."""
    from shared.words.dictionary import load_dictionary

    from scryptic.commands._puzzles_text import print_puzzle

    _, puzzle = _find(args, args.id)
    print_puzzle(puzzle, load_dictionary(), sys.stdout, args.solutions)
    print(f"Themes: {', '.join(puzzle.themes)}")
    return 0


def run_daily(args: argparse.Namespace) -> int:
    """Print the day's puzzle."""
    from scryptic.commands._puzzles_text import print_puzzle
    from shared.puzzles.daily import daily_puzzle
    from shared.words.dictionary import load_dictionary

    date = args.date or dt.date.today()
    puzzle = daily_puzzle(_pack(args).puzzles, date)
    print(f"Daily puzzle of {date.isoformat()}")
    print_puzzle(puzzle, load_dictionary(), sys.stdout)
    print(f"Solve it: scryptic puzzles solve --daily{f' --date {date.isoformat()}' if args.date else ''}")
    return 0


def _progress_path(args: argparse.Namespace):
    from pathlib import Path

    from shared.puzzles.progress import default_progress_path

    return Path(args.progress) if args.progress else default_progress_path()


def run_rating(args: argparse.Namespace) -> int:
    """Print the local rating."""
    from shared.puzzles.progress import load_progress

    progress, warning = load_progress(_progress_path(args))
    if warning:
        print(f"warning: {warning}", file=sys.stderr)
    solved = sum(a.solved for a in progress.attempts.values())
    r = progress.rating
    print(f"Puzzle rating {r.rating:.0f} (deviation {r.rd:.0f}); streak {progress.streak}, "
          f"best {progress.best_streak}; {len(progress.attempts)} attempted, {solved} solved")
    return 0


def run_solve(args: argparse.Namespace) -> int:
    """Solve a puzzle from the terminal."""
    from scryptic.commands._puzzles_turn import solve_session

    return solve_session(args, _pack(args), _progress_path(args), sys.stdin, sys.stdout)


__all__ = ["register_play", "run_daily", "run_list", "run_rating", "run_show", "run_solve"]