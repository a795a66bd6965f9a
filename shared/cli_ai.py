"""`scryptic selfplay` and `scryptic bench movegen`."""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path


def register(subparsers, bench_subparsers) -> None:
    """Add `selfplay` and `bench movegen`."""
    from shared.ai.levels import LEVELS
    from shared.rules import PRESETS

    levels = ", ".join(f"{n} {lv.name}" for n, lv in LEVELS.items())
    p = subparsers.add_parser("selfplay", help="play AI levels against each other and report",
                              description=f"AI levels: {levels}.")
    p.add_argument("--games", type=int, default=20, help="number of games (default 20)")
    p.add_argument("--levels", default="4,1", metavar="A,B",
                   help="the two levels, e.g. 4,1 (default); A starts the even games, B the odd ones")
    p.add_argument("--map", action="append", metavar="M",
                   help="a map name or file; repeat for several (default: every shipped map in turn)")
    p.add_argument("--preset", default="standard", choices=sorted(PRESETS), help="rule set (default standard)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game (game i uses seed+i)")
    p.add_argument("--time-limit", type=float, metavar="S", help="think-time cap per decision in seconds "
                   "(default: each level's own)")
    p.add_argument("--jobs", type=int, default=1, help="games played in parallel processes (default 1)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--save-dir", metavar="DIR", help="save every game's record (.jsonl) in DIR")
    p.set_defaults(func=run_selfplay)

    b = bench_subparsers.add_parser("movegen", help="time the AI's move generator")
    b.add_argument("--json", action="store_true", help="print the figures as JSON")
    b.add_argument("--racks", type=int, default=15, help="racks timed per position and size (default 15)")
    b.add_argument("--seed", type=int, default=1)
    b.set_defaults(func=run_bench_movegen)


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
    from shared.dictionary import load_dictionary
    from shared.mapfiles import load_map

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

    from shared.ai.selfplay import match_specs, summarise
    from shared.mapfiles import load_map, shipped_maps
    from shared.rules import get_rules

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
        rules = get_rules(args.preset)
    except (ValueError, FileNotFoundError) as exc:
        print(f"scryptic selfplay: {exc}", file=sys.stderr)
        return 2
    save_dir = Path(args.save_dir) if args.save_dir else None
    if save_dir is not None:
        save_dir.mkdir(parents=True, exist_ok=True)
    specs = match_specs(args.games, level_a, level_b, maps, rules, args.seed, args.time_limit)
    results = []
    bar = tqdm(total=len(specs), desc=f"selfplay {level_a} v {level_b}", unit="game",
               disable=args.json and not sys.stderr.isatty())

    def done(summary) -> None:
        results.append(summary)
        if save_dir is not None and summary.record is not None:
            name = f"game-{summary.index:04d}-{Path(summary.map_name).stem}-seed{summary.seed}.jsonl"
            (save_dir / name).write_text(summary.record, encoding="utf-8")
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
    report["preset"] = rules.name
    report["seed"] = args.seed
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(format_report(report))
    return 0


def format_report(report: dict) -> str:
    """The self-play report as text."""
    from shared.ai.levels import LEVELS

    a, b = report["levels"]
    lines = [f"{report['games']} games, level {a} ({LEVELS[a].name}) v level {b} ({LEVELS[b].name}), "
             f"{report['preset']} rules, seeds from {report['seed']}"]
    if report["win_rate"]:
        lines.append(f"  wins: {a}: {report['wins'][str(a)]}  {b}: {report['wins'][str(b)]}  "
                     f"draws: {report['draws']}   win rate of {a}: {report['win_rate'][str(a)]:.1%}")
    lines.append(f"  first player won {report['first_player_win_rate']:.1%}")
    lines.append("  endings: " + ", ".join(f"{k} {v}" for k, v in report["endings"].items()))
    lines.append(f"  average length: {report['average_turns']} turns, {report['average_actions']} actions")
    lines.append("  average score: " + ", ".join(f"level {k} {v}" for k, v in report["average_score"].items()))
    lines.append("  attacks a game: " + ", ".join(f"level {k} {v}" for k, v in report["average_attacks"].items()))
    lines.append("  think time (s): " + ", ".join(
        f"level {k} mean {v['mean']} p90 {v['p90']} max {v['max']}" for k, v in report["think_seconds"].items()))
    if report["timeouts"]:
        lines.append(f"  decisions cut short by the time cap: {report['timeouts']}")
    lines.append("  per map:")
    for name, m in report["maps"].items():
        extra = "".join(f", {k.replace('_', ' ')} {v:.1%}" for k, v in m.items() if k.startswith("win_rate"))
        lines.append(f"    {name}: {m['games']} games, first player won {m['first_player_win_rate']:.1%}, "
                     f"stalemates {m['stalemate_share']:.1%}{extra}; "
                     + ", ".join(f"{k} {v}" for k, v in m["endings"].items()))
    return "\n".join(lines)


def run_bench_movegen(args: argparse.Namespace) -> int:
    from shared.ai.bench import bench_movegen

    if args.racks < 1:
        print("scryptic bench movegen: --racks must be at least 1", file=sys.stderr)
        return 2
    progress = None if args.json else (lambda msg: print(f"  ... {msg}", file=sys.stderr))
    report = bench_movegen(args.racks, args.seed, progress)
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"vocabulary: {report['vocabulary_words']} words, built in {report['vocabulary_build_s']} s")
    print(f"{'position':<10} {'map':<20} {'own/enemy':>9} {'rack':>4} {'moves (median/max)':>19} "
          f"{'median ms':>10} {'p90 ms':>8}")
    for row in report["rows"]:
        moves = f"{row['moves_median']:g}/{row['moves_max']}"
        print(f"{row['position']:<10} {row['map']:<20} {row['own_letters']:>4}/{row['enemy_letters']:<4} "
              f"{row['rack']:>4} {moves:>19} {row['median_ms']:>10.2f} {row['p90_ms']:>8.2f}")
    return 0
