"""`scryptic selfplay`, `scryptic bench movegen` and `scryptic bench decide`."""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from shared.files.atomic import write_text
from shared.faults import check_output_folder, writing


def register(subparsers, bench_subparsers) -> None:
    """Add `selfplay`, `bench movegen` and `bench decide`."""
    from shared.ai.availability import DEFAULT_CAP
    from shared.ai.levels import LEVELS
    from shared.rules.presets import DEFAULT_RULES, PRESETS

    levels = ", ".join(f"{n} {lv.name}" for n, lv in LEVELS.items())
    p = subparsers.add_parser("selfplay", help="play AI levels against each other and report",
                              description=f"AI levels: {levels}. Rule presets: {', '.join(PRESETS)}.")
    p.add_argument("--games", type=int, default=20, help="number of games per preset (default 20)")
    p.add_argument("--levels", default="4,1", metavar="A,B",
                   help="the two levels, e.g. 4,1 (default); A starts the even games, B the odd ones")
    p.add_argument("--map", action="append", metavar="M",
                   help="a map name or file; repeat for several (default: every shipped map in turn)")
    p.add_argument("--preset", action="append", metavar="P",
                   help=f"rule set: {', '.join(PRESETS)}; repeat to play the same games under each "
                        f"(default {DEFAULT_RULES})")
    p.add_argument("--rule", action="append", metavar="NAME=VALUE", default=[],
                   help="change one number of every preset played, e.g. city_guard_reach=1 or "
                        "pewter_defence_multiplier=3/2 (a trial; repeat for several)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game (game i uses seed+i)")
    p.add_argument("--gold-first", action="store_true",
                   help="gold moves first in every game (as in every match before 2026-11-28; by default "
                        "gold and silver take turns to move first, each time the maps come round)")
    p.add_argument("--time-limit", type=float, metavar="S", help="think-time cap per decision in seconds "
                   "(default: each level's own)")
    p.add_argument("--jobs", type=int, default=1, help="games played in parallel processes (default 1)")
    p.add_argument("--availability", action="store_true",
                   help="at the start of every turn, play out the mover's fighting commits to see whether "
                        "a winning attack or an enemy city was on offer (slow)")
    p.add_argument("--availability-cap", type=int, default=None, metavar="N",
                   help=f"commits checked per turn with --availability (default {DEFAULT_CAP})")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print the report as JSON")
    out.add_argument("--markdown", action="store_true",
                     help="print the figures as Markdown table rows (one per preset and map), as docs/playtest-log.md keeps them")
    p.add_argument("--save-dir", metavar="DIR", help="save every game's record (.jsonl) in DIR")
    p.set_defaults(func=run_selfplay)

    b = bench_subparsers.add_parser("movegen", help="time the AI's move generator")
    b.add_argument("--json", action="store_true", help="print the figures as JSON")
    b.add_argument("--racks", type=int, default=15, help="racks timed per position and size (default 15)")
    b.add_argument("--repeat", type=int, default=5,
                   help="runs timed per rack, the best counting (default 5; 1: a single run)")
    b.add_argument("--seed", type=int, default=1)
    b.set_defaults(func=run_bench_movegen)

    d = bench_subparsers.add_parser("decide", help="time an AI level's uncapped decisions in war positions")
    d.add_argument("--level", type=ai_level, default=4, help="the level timed (default 4, the Warlord)")
    d.add_argument("--json", action="store_true", help="print the figures as JSON")
    d.add_argument("--seed", type=int, default=1)
    d.set_defaults(func=run_bench_decide)


def ai_level(text: str) -> int:
    """An AI level given on the command line (argparse type): a known level's number."""
    from shared.ai.levels import LEVELS

    known = ", ".join(f"{n} ({level.name})" for n, level in LEVELS.items())
    try:
        level = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"the AI level is a number ({known}), not {text!r}") from None
    if level not in LEVELS:
        raise argparse.ArgumentTypeError(f"there is no AI level {level}; levels: {known}")
    return level


def _parse_levels(text: str) -> tuple[int, int]:
    from shared.ai.levels import get_level

    parts = text.split(",")
    if len(parts) != 2:
        raise ValueError(f"--levels takes two levels like 4,1, not {text!r}")
    a, b = (get_level(int(x) if x.strip().isdigit() else x).number for x in parts)
    return a, b


# Worker-process state: the dictionary and maps are loaded once per process.
_WORKER: dict = {}


def _worker_play(spec, keep_record: bool):
    from shared.ai.selfplay import play_game
    from shared.words.dictionary import load_dictionary
    from shared.maps.files import load_map

    if "lexicon" not in _WORKER:
        from shared.ai import warm_up

        _WORKER["lexicon"] = load_dictionary()
        _WORKER["maps"] = {}
        warm_up(_WORKER["lexicon"], {spec.gold_level, spec.silver_level})  # keep builds out of think times
    maps = _WORKER["maps"]
    if spec.map_name not in maps:
        maps[spec.map_name] = load_map(spec.map_name)
    return play_game(spec, maps[spec.map_name], _WORKER["lexicon"], keep_record)


def run_selfplay(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from shared.ai.availability import DEFAULT_CAP
    from shared.ai.levels import LEVELS
    from shared.ai.selfplay import match_specs
    from shared.ai.selfplay_report import format_report, markdown_table, summarise
    from shared.maps.files import load_map, shipped_maps
    from shared.rules.presets import DEFAULT_RULES, get_rules, with_settings

    preset_names = list(dict.fromkeys(args.preset or [DEFAULT_RULES]))
    try:
        level_a, level_b = _parse_levels(args.levels)
        if args.games < 1:
            raise ValueError("--games must be at least 1")
        if args.jobs < 1:
            raise ValueError("--jobs must be at least 1")
        maps = args.map or [path.stem for path in shipped_maps()]
        if not maps:
            raise ValueError("no shipped maps found: name one with --map")
        for name in maps:
            load_map(name)  # fail early on a bad name
        presets = [with_settings(get_rules(name), args.rule) for name in preset_names]
        if args.availability_cap is not None:
            if not args.availability:
                raise ValueError("--availability-cap needs --availability")
            if args.availability_cap < 1:
                raise ValueError("--availability-cap must be at least 1")
        cap = (args.availability_cap or DEFAULT_CAP) if args.availability else None
    except (ValueError, FileNotFoundError) as exc:
        print(f"scryptic selfplay: {exc}", file=sys.stderr)
        return 2
    save_dir = Path(args.save_dir) if args.save_dir else None
    if save_dir is not None:
        check_output_folder(save_dir, "game records")  # a bad --save-dir fails before the games
    specs = match_specs(args.games, level_a, level_b, maps, presets, args.seed, args.time_limit, cap,
                        gold_first=args.gold_first)
    results = []
    bar = tqdm(total=len(specs), desc=f"selfplay {level_a} v {level_b}", unit="game",
               disable=(args.json or args.markdown) and not sys.stderr.isatty())

    def done(summary) -> None:
        results.append(summary)
        if save_dir is not None and summary.record is not None:
            name = file_safe(f"game-{summary.index:04d}-{summary.preset}-{Path(summary.map_name).stem}"
                             f"-seed{summary.seed}.jsonl")
            with writing(save_dir / name, "a game record"):
                write_text(save_dir / name, summary.record)
            summary.record = None
        wins = sum(1 for s in results if s.winner_level == level_a)
        bar.set_postfix_str(f"level {level_a} won {wins}/{len(results)}")
        bar.update(1)

    keep = save_dir is not None
    if args.jobs == 1:
        for spec in specs:
            done(_worker_play(spec, keep))
    else:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for summary in pool.map(_worker_play, specs, [keep] * len(specs)):
                done(summary)
    bar.close()
    results.sort(key=lambda s: s.index)
    report = summarise(results, level_a, level_b)
    report["seed"] = args.seed
    report["availability_cap"] = cap
    if args.json:
        print(json.dumps(report, indent=2))
    elif args.markdown:
        print(f"<!-- {_command_line(args, maps, preset_names, cap)} -->")
        print(markdown_table(report))
    else:
        print(format_report(report, {n: lv.name for n, lv in LEVELS.items()}))
    return 0


def file_safe(name: str) -> str:
    """``name`` with every character a file name may not hold replaced by ``_`` (a rule set
    named after a fraction, ``war+city_defence_multiplier=7/4``, would otherwise make a folder)."""
    return re.sub(r"[^A-Za-z0-9._+=-]", "_", name)


def _command_line(args: argparse.Namespace, maps: list[str], presets: list[str], cap: int | None) -> str:
    """The selfplay command that reproduces a report (--jobs aside: it does not change the results)."""
    parts = ["scryptic selfplay", f"--games {args.games}", f"--levels {args.levels}"]
    parts += [f"--map {m}" for m in maps] + [f"--preset {p}" for p in presets]
    parts += [f"--rule {r}" for r in args.rule] + [f"--seed {args.seed}"]
    if cap is not None:
        parts.append(f"--availability --availability-cap {cap}")
    if args.time_limit is not None:
        parts.append(f"--time-limit {args.time_limit:g}")
    return " ".join(parts + ["--markdown"])


def _bench_report(args: argparse.Namespace, run: Callable[[Callable[[str], None] | None], dict]) -> dict | None:
    """Run a benchmark (``run(progress)``), showing progress on stderr; with ``--json``, print
    its report and return None, else return the report for a table."""
    progress = None if args.json else (lambda msg: print(f"  ... {msg}", file=sys.stderr))
    report = run(progress)
    if args.json:
        print(json.dumps(report, indent=2))
        return None
    return report


def run_bench_movegen(args: argparse.Namespace) -> int:
    from scryptic.bench.movegen import bench_movegen

    for option, value in (("--racks", args.racks), ("--repeat", args.repeat)):
        if value < 1:
            print(f"scryptic bench movegen: {option} must be at least 1", file=sys.stderr)
            return 2
    report = _bench_report(args, lambda progress: bench_movegen(args.racks, args.seed, progress, args.repeat))
    if report is None:
        return 0
    print(f"vocabulary: {report['vocabulary_words']} words, built in {report['vocabulary_build_s']} s")
    print(f"{'position':<10} {'map':<20} {'own/enemy':>9} {'rack':>4} {'moves (median/max)':>19} "
          f"{'median ms':>10} {'p90 ms':>8} {'CPU ms':>7} {'first ms':>9}")
    for row in report["rows"]:
        moves = f"{row['moves_median']:g}/{row['moves_max']}"
        print(f"{row['position']:<10} {row['map']:<20} {row['own_letters']:>4}/{row['enemy_letters']:<4} "
              f"{row['rack']:>4} {moves:>19} {row['median_ms']:>10.2f} {row['p90_ms']:>8.2f} "
              f"{row['median_cpu_ms']:>7.2f} {row['first_median_ms']:>9.2f}")
    h = report["headline"]
    print(f"each rack's best of {h['repeat']} runs counts; first ms: the median of the first runs")
    print(f"{h['position']}, {h['rack']}-letter racks: median {h['median_ms']:.2f} ms "
          f"(CPU {h['median_cpu_ms']:.2f} ms, first runs {h['first_median_ms']:.2f} ms), goal under "
          f"{h['goal_ms']:g} ms: {'met' if h['met'] else 'NOT met'} (load average {report['load_average']})")
    return 0


def run_bench_decide(args: argparse.Namespace) -> int:
    from scryptic.bench.decide import bench_decide

    report = _bench_report(args, lambda progress: bench_decide(args.level, args.seed, progress))
    if report is None:
        return 0
    print(f"{report['level_name']}, no time cap; vocabulary built in {report['vocabulary_build_s']} s")
    print(f"{'map':<16} {'turn':>4} {'letters':>7} {'seconds':>8} {'CPU s':>6} {'candidates':>10}  action")
    for row in report["rows"]:
        print(f"{row['map']:<16} {row['turn']:>4} {row['letters']:>7} {row['seconds']:>8.2f} "
              f"{row['cpu_seconds']:>6.2f} {row['candidates']:>10}  {row['action']}")
    h = report["headline"]
    print(f"median {h['median_s']:.2f} s, longest {h['longest_s']:.2f} s; {h['over_stop']} of {h['decisions']} "
          f"would pass the search's stop at {h['search_stop_s']:g} s (cap {h['cap_s']:g} s)"
          f" (load average {report['load_average']})")
    return 0
