"""The `scryptic` console command.

Commands are the outermost layer: every module of :mod:`scryptic.commands` exposes
``register(subparsers, bench_subparsers)``, which adds its subcommands with
``parser.set_defaults(func=handler)``; handlers stay thin and call into the packages. A handler takes the parsed
arguments and returns an exit code.

One error path for every command (:func:`main`): a handler raises
:class:`shared.faults.CommandError` for the failures it knows; the dispatcher prints
``scryptic COMMAND: what was wrong; what to do`` on one line of stderr and exits 2 for bad
usage or 1 for a fault. Anything unexpected is one line too (exit 1). ``--debug`` (or
``SCRYPTIC_DEBUG=1``) prints the traceback as well.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
import traceback
from typing import NoReturn

from scryptic import __version__, commands
from shared.faults import EXIT_FAULT, EXIT_USAGE, CommandError, os_reason

EXIT_INTERRUPTED = 130


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line: what was wrong and where to look."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: {_one_line(message)} (see `{self.prog} --help`)\n")


def _one_line(text: str) -> str:
    """``text`` with what would break or garble its line (a newline, \\x85, a stray surrogate)
    written as an escape: an argument a user typed can hold any of them."""
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)


def build_parser() -> argparse.ArgumentParser:
    """Return the parser with every package's subcommands registered."""
    parser = OneLineParser(prog="scryptic", description="Scryptic: a crossword-war strategy game.")
    parser.add_argument("--debug", action="store_true",
                        help="show the traceback of an error (also after the command's name)")
    parser.add_argument("--version", action="version", version=f"scryptic {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers.required = True
    bench = subparsers.add_parser("bench", help="measure speed (rules, movegen, server, client)")
    bench_sub = bench.add_subparsers(dest="bench_command", metavar="WHAT")
    bench_sub.required = True
    parser.set_defaults(bench_subparsers=bench_sub)
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        if info.name.startswith("_"):  # a helper of the commands, not a command
            continue
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        module.register(subparsers, bench_sub)
    _prepare_subcommands(parser)
    return parser


def _prepare_subcommands(parser: argparse.ArgumentParser) -> None:
    """Give every subcommand ``--debug`` and its own name (for the one-line messages)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in set(action.choices.values()):
                if "--debug" not in sub._option_string_actions:
                    sub.add_argument("--debug", action="store_true", default=argparse.SUPPRESS,
                                     help=argparse.SUPPRESS)
                sub.set_defaults(command_prog=sub.prog)
                _prepare_subcommands(sub)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit code (no traceback unless ``--debug``)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help (0) or a usage error, already printed on one line
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    prog = getattr(args, "command_prog", "scryptic")
    debug = bool(getattr(args, "debug", False)) or os.environ.get("SCRYPTIC_DEBUG", "") not in ("", "0")
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print(f"{prog}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except CommandError as exc:
        return _fail(prog, str(exc), exc.exit_code, debug)
    except BrokenPipeError:  # the reader went away (`scryptic ... | head`): nothing to say to it
        _silence_stdout()
        return EXIT_FAULT
    except OSError as exc:
        where = f" {exc.filename}" if exc.filename else ""
        return _fail(prog, f"cannot use{where}: {os_reason(exc)}", EXIT_FAULT, debug)
    except Exception as exc:  # noqa: BLE001 - the promise: one line, never a traceback
        detail = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        return _fail(prog, f"unexpected error ({detail}); run it again with --debug to see where, "
                           "and please report it", EXIT_FAULT, debug)


def _fail(prog: str, message: str, code: int, debug: bool) -> int:
    if debug:
        traceback.print_exc()
    print(f"{prog}: {message}", file=sys.stderr, flush=True)
    return code


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())
