"""``scryptic map import-tiled`` and ``scryptic map export-tiled``: maps to and from Tiled."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from shared.maps.check import check_map
from shared.maps.files import MAP_SUFFIX, load_map, resolve_map_path, save_map
from shared.maps.format import MapError, format_map
from shared.maps.tiled_export import TMJ_SUFFIX
from shared.maps.tiled_files import load_tiled, save_tiled

EXIT_OK = 0
EXIT_FAILED = 1


def add_actions(actions: argparse._SubParsersAction) -> None:
    """Add the Tiled actions to ``scryptic map``."""
    importer = actions.add_parser(
        "import-tiled", help="turn a Tiled map (.tmj) into a Scryptic map",
        description="Read a Tiled JSON map (see docs/maps.md, 'Making maps in Tiled') and write it as a .map.")
    importer.add_argument("file", type=Path, metavar="FILE.tmj", help="the Tiled map")
    importer.add_argument("--out", type=Path, metavar="FILE.map", help="write the map here instead of printing it")
    importer.add_argument("--force", action="store_true", help="overwrite FILE.map if it exists")
    importer.set_defaults(func=cmd_import_tiled)

    exporter = actions.add_parser(
        "export-tiled", help="write a map as a Tiled map (.tmj)",
        description="Write a Scryptic map as a Tiled JSON map with the Scryptic tileset embedded; the tileset's "
                    "picture is copied beside it.")
    exporter.add_argument("map", metavar="MAP", help="a map file or a shipped map's name")
    exporter.add_argument("--out", type=Path, metavar="FILE.tmj",
                          help="where to write (default: the map's file name with .tmj, here)")
    exporter.add_argument("--force", action="store_true", help="overwrite FILE.tmj if it exists")
    exporter.set_defaults(func=cmd_export_tiled)


def cmd_import_tiled(args: argparse.Namespace) -> int:
    """Read FILE.tmj; print the map or write it to ``--out``; exit 1 with the reason if it fails."""
    out: Path | None = args.out
    if out is not None and out.suffix != MAP_SUFFIX:
        out = out.with_name(out.name + MAP_SUFFIX)
    if out is not None and out.exists() and not args.force:
        print(f"error: {out} exists (use --force to overwrite)", file=sys.stderr)
        return EXIT_FAILED
    try:
        game_map = load_tiled(args.file)
        text = format_map(game_map)  # refuses a map the .map format cannot hold (a side without a city)
    except MapError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_FAILED
    except OSError as exc:
        print(f"error: cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_FAILED
    if out is None:
        sys.stdout.write(text)
    else:
        save_map(game_map, out)
        print(f"wrote {out}: {game_map.name!r}, {game_map.width}x{game_map.height}")
    for finding in check_map(game_map):
        print(f"{finding.level}: {finding.message} [{finding.code}]", file=sys.stderr)
    return EXIT_OK


def cmd_export_tiled(args: argparse.Namespace) -> int:
    """Write MAP as a ``.tmj`` (and the tileset picture beside it, if missing)."""
    try:
        source = resolve_map_path(args.map)
        game_map = load_map(source)
    except (MapError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_FAILED
    out: Path = args.out if args.out is not None else Path(source.stem + TMJ_SUFFIX)
    if out.suffix != TMJ_SUFFIX:
        out = out.with_name(out.name + TMJ_SUFFIX)
    if out.exists() and not args.force:
        print(f"error: {out} exists (use --force to overwrite)", file=sys.stderr)
        return EXIT_FAILED
    try:
        written = save_tiled(game_map, out)
    except OSError as exc:
        print(f"error: cannot write {out}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_FAILED
    extra = f" (and the tileset picture {written[1]})" if len(written) > 1 else ""
    print(f"wrote {out}: {game_map.name!r}, {game_map.width}x{game_map.height}{extra}")
    return EXIT_OK
