"""The `scryptic` console command.

Subcommands live beside the code they drive: every module named ``cli_*.py`` in the
``shared``, ``server`` and ``client`` packages exposes ``register(subparsers)``, which adds
its subcommands with ``parser.set_defaults(func=handler)``. A handler takes the parsed
arguments and returns an exit code.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys

PACKAGES = ("shared", "server", "client")


def build_parser() -> argparse.ArgumentParser:
    """Return the parser with every package's subcommands registered."""
    parser = argparse.ArgumentParser(
        prog="scryptic", description="Scryptic: a crossword-war strategy game."
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers.required = True
    bench = subparsers.add_parser("bench", help="measure speed (rules, movegen, server, client)")
    bench_sub = bench.add_subparsers(dest="bench_command", metavar="WHAT")
    bench_sub.required = True
    parser.set_defaults(bench_subparsers=bench_sub)
    for package_name in PACKAGES:
        package = importlib.import_module(package_name)
        for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
            if info.name.startswith("cli_"):
                module = importlib.import_module(f"{package_name}.{info.name}")
                module.register(subparsers, bench_sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
