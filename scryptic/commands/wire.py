"""`scryptic wire-schema`: write the JSON Schema of the server's messages (shared/wire)."""

from __future__ import annotations

import argparse
from pathlib import Path


def register(subparsers, bench_subparsers) -> None:
    """Add `wire-schema`."""
    p = subparsers.add_parser("wire-schema", help="write the JSON Schema of every message the server sends")
    p.add_argument("--out", metavar="FILE", help="where to write it (default: docs/wire-schema.json in the source tree)")
    p.set_defaults(func=run_wire_schema)


def run_wire_schema(args: argparse.Namespace) -> int:
    """Write the schema and say where."""
    from shared.files.atomic import write_text
    from shared.wire.schema import SCHEMA_PATH, schema_text

    path = Path(args.out) if args.out else SCHEMA_PATH
    write_text(path, schema_text())
    print(f"wrote {path}")
    return 0
