"""`scryptic puzzles ...`: build the pack, list and show puzzles, the daily puzzle, solve one in
the terminal, and the local puzzle rating (docs/puzzles.md)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from shared.faults import FaultError, UsageError


def register(subparsers, bench_subparsers) -> None:
    """Add `puzzles` and its subcommands."""
    p = subparsers.add_parser("puzzles", help="puzzles from real games: build, list, show, daily, solve, rating")
    sub = p.add_subparsers(dest="puzzles_command", metavar="WHAT")
    sub.required = True

    b = sub.add_parser("build", help="mine puzzles from self-play games (and records) into a pack")
    b.add_argument("--seed", type=int, default=1, help="seed of the first self-play game (default 1)")
    b.add_argument("--target", type=int, default=500, help="puzzles to find (default 500)")
    b.add_argument("--map", action="append", help="a map to play on (repeat; default every shipped map)")
    b.add_argument("--out", metavar="FILE", help="the pack written (default: the shipped pack)")
    b.add_argument("--work", metavar="DIR", help="keep each game's puzzles here, to resume an interrupted build")
    b.add_argument("--records", nargs="*", default=[], metavar="PATH",
                   help="also mine these finished games' records (.jsonl files or folders of them)")
    b.add_argument("--store", metavar="DB", help="also mine the finished games of a server's database (read only)")
    b.add_argument("--max-games", type=int, default=10_000,
                   help="stop after this many self-play games (0: mine only --records and --store)")
    b.set_defaults(func=run_build)

    from scryptic.commands._puzzles_play import register_play

    register_play(sub)


def _record_paths(paths: list[str]) -> list[Path]:
    out: list[Path] = []
    for text in paths:
        path = Path(text)
        if path.is_dir():
            out += sorted(path.rglob("*.jsonl"))
        elif path.exists():
            out.append(path)
        else:
            raise UsageError(f"no record or folder {text}", "give record files (.jsonl) or folders of them")
    return out


def run_build(args: argparse.Namespace) -> int:
    """Build the pack."""
    from shared.analysis.winchance import load_model
    from shared.maps.files import load_map, shipped_maps
    from shared.puzzles.build import BuildPlan, build_puzzles
    from shared.puzzles.miner import mine_record
    from shared.puzzles.model import PuzzleError
    from shared.puzzles.pack import default_pack_path, write_pack
    from shared.rules.record import RecordError, parse_record
    from shared.words.dictionary import load_dictionary

    if args.target < 1 or args.max_games < 0:
        raise UsageError("--target must be at least 1 and --max-games at least 0", "give a whole number")
    maps = tuple(args.map or [path.stem for path in shipped_maps()])
    try:
        for name in maps:
            load_map(name)
    except (OSError, ValueError) as exc:
        raise UsageError(f"bad map: {exc}", "name a shipped map or a .map file") from None
    records = _record_paths(args.records)
    work = Path(args.work) if args.work else None
    if work is not None:
        work.mkdir(parents=True, exist_ok=True)
    lexicon = load_dictionary()

    def say(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    plan = BuildPlan(args.seed, args.target, maps, max_games=args.max_games, work=work)
    say(f"building {args.target} puzzles from self-play seeded {args.seed} on {', '.join(maps)}")
    result = build_puzzles(plan, lexicon, say)
    puzzles = {p.id: p for p in result.puzzles}
    model = load_model()
    for path in records:
        try:
            record = parse_record(path.read_text("utf-8"))
            mined = mine_record(record, lexicon, model, f"record {path.name}")
        except (RecordError, PuzzleError, UnicodeDecodeError) as exc:
            say(f"{path}: skipped: {exc}")
            continue
        say(f"{path}: {len(mined)} puzzles")
        for puzzle in mined:
            puzzles.setdefault(puzzle.id, puzzle)
    if args.store:
        from scryptic.commands._puzzles_store import store_records

        games = store_records(Path(args.store))
        for game_id, map_name, record in games:
            try:
                mined = mine_record(record, lexicon, model, f"server game {game_id}", map_name=map_name)
            except (RecordError, PuzzleError, ValueError) as exc:
                say(f"server game {game_id}: skipped: {exc}")
                continue
            say(f"server game {game_id}: {len(mined)} puzzles")
            for puzzle in mined:
                puzzles.setdefault(puzzle.id, puzzle)
    out = Path(args.out) if args.out else default_pack_path()
    info = result.info(plan)
    if records:
        info["records"] = [p.name for p in records]
    if args.store:
        info["store"] = Path(args.store).name
    try:
        write_pack(sorted(puzzles.values(), key=lambda p: p.id), out, info)
    except PuzzleError as exc:
        raise FaultError(str(exc), "report it: the miner made two puzzles with one id") from None
    say(f"wrote {len(puzzles)} puzzles from {result.games} games to {out} in {result.seconds:.0f} s")
    return 0
