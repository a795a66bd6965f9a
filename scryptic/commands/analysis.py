"""`scryptic analyse`, `scryptic calibrate` and `scryptic bench analyse`.

``analyse`` prints the post-game analysis of a finished game's record (a file, or
``ws://HOST:PORT/GAME`` on a server): every turn's win chances, the best turn found, the
loss and its label, each player's accuracy and where the game turned (docs/analysis.md).
``calibrate`` fits the win-chance model on self-play records and measures it on held-out games.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from shared.faults import FaultError, UsageError, read_input_text


def register(subparsers, bench_subparsers) -> None:
    """Add `analyse`, `calibrate` and `bench analyse`."""
    from shared.analysis.search import DEFAULT_DEPTH, DEPTHS

    depths = "; ".join(f"{d.name}: {d.description}" for d in DEPTHS.values())
    p = subparsers.add_parser("analyse", help="analyse a finished game: win chances, best turns, mistakes",
                              description=f"Depths: {depths}.")
    p.add_argument("file", help="a game record (.jsonl), or ws://HOST:PORT/GAME: a finished game on a server")
    p.add_argument("--depth", default=DEFAULT_DEPTH, choices=list(DEPTHS),
                   help=f"how hard the search thinks (default {DEFAULT_DEPTH})")
    p.add_argument("--json", action="store_true", help="print the analysis as JSON")
    p.add_argument("--fights", action="store_true", help="explain every fight of the game, not only the "
                   "fights of the turns that lost the most")
    p.add_argument("--timeout", type=float, default=10.0, help="seconds to wait for a server (default 10)")
    p.add_argument("--words", metavar="FILE", help="use this word list (one word a line) instead of the dictionary")
    p.set_defaults(func=run_analyse)

    c = subparsers.add_parser("calibrate", help="fit the win-chance model on self-play records and measure it")
    c.add_argument("paths", nargs="+", metavar="PATH", help="game records (.jsonl), or folders of them")
    c.add_argument("--held-out-every", type=int, default=5, metavar="N",
                   help="every N-th record (by name) is held out to measure the fit (default 5)")
    c.add_argument("--write", metavar="FILE", help="write the fitted model (JSON) to FILE "
                   "(the shipped one is shared/analysis/calibration.json)")
    c.add_argument("--check", action="store_true", help="measure the shipped model on every record given "
                   "instead of fitting")
    c.add_argument("--json", action="store_true", help="print the figures as JSON")
    c.set_defaults(func=run_calibrate)

    b = bench_subparsers.add_parser("analyse", help="time the analysis of a war game")
    b.add_argument("--record", metavar="FILE", help="the game analysed (default: a seeded Marshal v Marshal "
                   "war game on the Pewter Marches, played first)")
    b.add_argument("--depth", default=DEFAULT_DEPTH, choices=list(DEPTHS))
    b.add_argument("--seed", type=int, default=1, help="seed of the game played (default 1)")
    b.add_argument("--json", action="store_true", help="print the figures as JSON")
    b.set_defaults(func=run_bench_analyse)


def _record_text(args: argparse.Namespace) -> tuple[str, str]:
    from scryptic.commands.rules import fetch_record, server_source

    source = server_source(argparse.Namespace(file=args.file, server=None, game=None))
    if source is None:
        return read_input_text(args.file, "the record"), args.file
    text, _ = fetch_record(*source, timeout=args.timeout)
    return text, f"{source[0]}/{source[1]}"


def run_analyse(args: argparse.Namespace) -> int:
    """Analyse a record, with a progress bar on stderr; a record that does not replay or a game
    not over is exit 1."""
    from tqdm import tqdm

    from scryptic.commands.rules import load_lexicon
    from shared.analysis import AnalysisError, analyse_game, format_analysis, split_turns
    from shared.rules.record import RecordError, parse_record

    text, name = _record_text(args)
    lexicon = load_lexicon(args.words)
    try:
        record = parse_record(text)
        turns = len(split_turns(record, lexicon)[0])  # a record that cannot be analysed fails before the bar
    except RecordError as exc:
        raise FaultError(f"{name}: {exc}", "is it a whole Scryptic record (.jsonl)?") from None
    except AnalysisError as exc:
        raise FaultError(f"{name}: {exc}") from None
    with tqdm(total=turns, desc="analyse", unit="turn", disable=args.json and not sys.stderr.isatty(),
              file=sys.stderr) as bar:
        analysis = analyse_game(record, lexicon, args.depth, progress=lambda done, _total: bar.update(done - bar.n))
    if args.json:
        print(json.dumps(analysis.to_dict(), indent=2))
    else:
        print(format_analysis(analysis, every_fight=args.fights))
    return 0


def _record_files(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for text in paths:
        path = Path(text)
        if path.is_dir():
            files += sorted(path.glob("*.jsonl"))
        elif path.is_file():
            files.append(path)
        else:
            raise UsageError(f"{text} is neither a record nor a folder")
    if not files:
        raise UsageError("no records (.jsonl) found in " + ", ".join(paths))
    return files


def run_calibrate(args: argparse.Namespace) -> int:
    """Fit (or, with --check, measure) the win-chance model on records."""
    from shared.analysis.calibrate import calibrate, measure, split
    from shared.analysis.winchance import load_model
    from shared.files.atomic import write_text
    from shared.rules.record import RecordError, parse_record
    from shared.words.dictionary import load_dictionary

    if args.held_out_every < 2:
        raise UsageError(f"--held-out-every must be at least 2, not {args.held_out_every}")
    named = []
    for path in _record_files(args.paths):
        try:
            named.append((path.name, parse_record(path.read_text("utf-8"))))
        except (RecordError, OSError, UnicodeDecodeError) as exc:
            raise FaultError(f"{path}: {exc}") from None
    lexicon = load_dictionary()
    if args.check:
        figures = measure(load_model(), [r for _, r in named], lexicon)
    else:
        train, test = split(named, args.held_out_every)
        calibration = calibrate(train, test, lexicon)
        figures = calibration.figures()
        calibration.model.info.update({k: v for k, v in figures.items() if "reliability" not in k})
        if args.write:
            write_text(args.write, json.dumps(calibration.model.to_dict(), indent=2) + "\n")
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    print(f"held-out: {figures['test_games']} games, {figures['test_positions']} positions"
          + (f" (fitted on {figures['train_games']} games, {figures['train_positions']} positions)"
             if figures["train_games"] else ""))
    print(f"Brier score: model {figures['brier']}, score-difference baseline {figures['baseline_brier']}")
    print(f"log loss:    model {figures['log_loss']}, score-difference baseline {figures['baseline_log_loss']}")
    print("| chance | positions | predicted | won | baseline positions | predicted | won |")
    print("|---|---|---|---|---|---|---|")
    for row, base in zip(figures["reliability"], figures["baseline_reliability"]):
        print(f"| {row['from']:.1f}-{row['to']:.1f} | {row['positions']} | {row['predicted']} | {row['won']} "
              f"| {base['positions']} | {base['predicted']} | {base['won']} |")
    return 0


def run_bench_analyse(args: argparse.Namespace) -> int:
    """Time the analysis of a war game, turn by turn."""
    from scryptic.bench.analyse import bench_analyse

    figures = bench_analyse(args.record, args.depth, args.seed, progress=not args.json)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for key, value in figures.items():
            print(f"{key}: {value}")
    return 0
