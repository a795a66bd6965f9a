"""``scryptic map ...``: generate, validate, show and list maps."""

from __future__ import annotations

import argparse
import random
import re
import sys
from pathlib import Path

from shared.faults import check_output_file, writing
from shared.maps.check import ERROR, SYMMETRIES, WARNING, check_map, fairness_report
from shared.maps.files import load_map, resolve_map_path, save_map, shipped_maps
from shared.maps.generate import generate_map
from shared.maps.reach import fronts
from shared.maps.format import MAX_SIDE, MIN_SIDE, MapError, cell_label, format_map
from shared.rules.terrain import GameMap, Player

EXIT_OK = 0
EXIT_INVALID = 1


def register(subparsers: argparse._SubParsersAction, bench_subparsers: argparse._SubParsersAction) -> None:
    """Add ``scryptic map`` and its subcommands."""
    parser = subparsers.add_parser("map", help="generate, validate, show and list maps; import and export Tiled maps")
    actions = parser.add_subparsers(dest="map_command", metavar="ACTION")
    actions.required = True

    generate = actions.add_parser(
        "generate", help="make a random playable map", description="Make a random playable, symmetric map."
    )
    generate.add_argument(
        "--size", type=_size, default=(25, 25), metavar="WxH", help="board size (default 25x25)"
    )
    generate.add_argument(
        "--seed", help="any integer or text; the same seed gives the same map (default: random)"
    )
    generate.add_argument("--symmetry", choices=SYMMETRIES, default="rot180", help="how gold mirrors silver")
    generate.add_argument("--name", help="the map's name (default: drawn from the seed)")
    generate.add_argument(
        "--out", type=Path, metavar="FILE", help="write the map here instead of printing it"
    )
    generate.add_argument("--force", action="store_true", help="overwrite FILE if it exists")
    generate.set_defaults(func=cmd_generate)

    validate = actions.add_parser(
        "validate",
        help="check map files; exit 1 on an error",
        description="Print every error and warning of each map; exit 1 if any map has an error.",
    )
    validate.add_argument(
        "files", nargs="*", metavar="FILE", help="map files or shipped map names (default: all shipped)"
    )
    validate.add_argument("--strict", action="store_true", help="treat warnings as errors")
    validate.add_argument("--report", action="store_true", help="also print each map's fairness report")
    validate.set_defaults(func=cmd_validate)

    show = actions.add_parser("show", help="print a map's grid and details")
    show.add_argument("name", metavar="NAME", help="a shipped map's name or a map file")
    show.add_argument("--report", action="store_true", help="also print the fairness report")
    show.set_defaults(func=cmd_show)

    listing = actions.add_parser("list", help="list the shipped maps")
    listing.set_defaults(func=cmd_list)

    from scryptic.commands._tiled import add_actions as add_tiled_actions  # import-tiled, export-tiled

    add_tiled_actions(actions)


def _size(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*", text)
    if not match:
        raise argparse.ArgumentTypeError(f"size must look like 25x25 (width x height), not {text!r}")
    width, height = int(match[1]), int(match[2])
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        raise argparse.ArgumentTypeError(
            f"width and height must be {MIN_SIDE} to {MAX_SIDE}, not {width}x{height}"
        )
    return width, height


def cmd_generate(args: argparse.Namespace) -> int:
    """Generate a map and print it or write it to ``--out``."""
    seed: int | str = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    width, height = args.size
    if args.out is not None:
        check_output_file(args.out, "the map")  # before the work, not after
    game_map = generate_map(width, height, seed, symmetry=args.symmetry, name=args.name)
    if args.seed is None:
        print(f"seed: {seed}", file=sys.stderr)
    if args.out is None:
        sys.stdout.write(format_map(game_map))
    else:
        if args.out.exists() and not args.force:
            print(f"scryptic map generate: {args.out} exists; use --force to overwrite it", file=sys.stderr)
            return EXIT_INVALID
        with writing(args.out, "the map"):
            save_map(game_map, args.out)
        print(f"wrote {args.out}: {game_map.name!r}, {width}x{height}, seed {seed}, {args.symmetry}")
    for finding in check_map(game_map):
        print(f"{finding.level}: {finding.message} [{finding.code}]", file=sys.stderr)
    return EXIT_OK


def cmd_validate(args: argparse.Namespace) -> int:
    """Validate each file; exit 1 if any cannot be loaded or has an error."""
    targets = args.files or [str(path) for path in shipped_maps()]
    if not targets:
        print("scryptic map validate: no files given and no shipped maps found", file=sys.stderr)
        return EXIT_INVALID
    failed = False
    for target in targets:
        try:
            game_map = load_map(target)
        except MapError as exc:
            # compiler style, so editors can jump to the line: FILE:LINE:COL: error: REASON
            where = ":".join(str(part) for part in (exc.source, exc.line, exc.column) if part is not None)
            print(f"{where}: error: {exc.reason}")
            failed = True
            continue
        except OSError as exc:
            print(f"{target}: error: {exc}")
            failed = True
            continue
        findings = check_map(game_map)
        errors = sum(1 for f in findings if f.level == ERROR)
        warnings = sum(1 for f in findings if f.level == WARNING)
        status = "unplayable" if errors else "ok"
        print(
            f"{target}: {status} ({game_map.name!r}, {game_map.width}x{game_map.height}, "
            f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)})"
        )
        for finding in findings:
            print(f"  {finding.level}: {finding.message} [{finding.code}]")
        if args.report:
            _print_report(game_map)
        failed = failed or errors > 0 or (args.strict and warnings > 0)
    return EXIT_INVALID if failed else EXIT_OK


def cmd_show(args: argparse.Namespace) -> int:
    """Print a map: its details, its grid and its findings."""
    try:
        path = resolve_map_path(args.name)
        game_map = load_map(path)
    except (OSError, MapError) as exc:
        print(f"scryptic map show: {exc}", file=sys.stderr)
        return EXIT_INVALID
    print(f"{game_map.name} (version {game_map.version}, {game_map.width}x{game_map.height}) - {path}")
    if game_map.author:
        print(f"by {game_map.author}")
    if game_map.description:
        print(game_map.description)
    print()
    grid = format_map(game_map).split("grid:\n", 1)[1]
    sys.stdout.write(grid)
    print()
    print(_city_summary(game_map))
    for line in _front_lines(game_map):
        print(line)
    for finding in check_map(game_map):
        print(f"{finding.level}: {finding.message} [{finding.code}]")
    if args.report:
        _print_report(game_map)
    return EXIT_OK


def cmd_list(args: argparse.Namespace) -> int:
    """List the shipped maps with their size and cities."""
    paths = shipped_maps()
    if not paths:
        print("no shipped maps found")
        return EXIT_INVALID
    for path in paths:
        try:
            game_map = load_map(path)
        except MapError as exc:
            print(f"{path.stem:24} unreadable: {exc.reason}")
            continue
        size = f"{game_map.width}x{game_map.height}"
        steps = sorted({f.steps for f in fronts(game_map) if f.steps is not None})
        front = f", fronts {'/'.join(map(str, steps))} steps" if steps else ""
        print(f"{path.stem:24} {game_map.name:28} {size:>5}  {_city_summary(game_map)}{front}")
    return EXIT_OK


def _city_summary(game_map: GameMap) -> str:
    owners = list(game_map.cities.values())
    return (
        f"cities: gold {owners.count(Player.GOLD)}, silver {owners.count(Player.SILVER)}, "
        f"pewter {owners.count(None)}"
    )


def _front_lines(game_map: GameMap) -> list[str]:
    """One line per owned city: the nearest enemy city and what stands between them."""
    lines = []
    for f in fronts(game_map):
        owner = game_map.cities[f.city]
        lean = f.reading_lean
        assert owner is not None  # fronts: owned cities only
        where = f"{owner.label} {cell_label(f.city)}"
        if f.enemy is None or lean is None:  # the lean is None exactly when there is no enemy
            lines.append(f"front: {where} can never reach an enemy city")
            continue
        pewter = ", ".join(cell_label(c) for c in f.pewter) or "none"
        grows = ("from the ends of its words" if lean > 0 else
                 "from the starts of its words" if lean < 0 else "both ways alike")
        lines.append(f"front: {where} -> {cell_label(f.enemy)}: {f.steps} steps; "
                     f"pewter between: {pewter}; mountains on the way: {f.mountains}; "
                     f"grows toward it {grows} (lean {lean:+})")
    return lines


def _print_report(game_map: GameMap) -> None:
    for line in fairness_report(game_map).lines():
        print(f"    {line}")
