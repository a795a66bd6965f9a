"""`scryptic cli`: play on a Scryptic server from a terminal.

It uses the same client library as the Arcade client (:mod:`client.net`): the connection runs
in a background thread, reconnects and resumes by itself, and the game state is the server's
per-viewer view. The board is drawn in text with a legend under it
(:mod:`client.terminal.board`); type ``help`` for the commands (:mod:`client.terminal.session`).

Identity: one account per config folder, server and display name (:mod:`client.net.identity`).
``--name`` picks the account (made on first use); without it the name used last on that server
is taken. Two clients never share an account at the same time: the second is told to pick
another ``--name``.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from client.net import DEFAULT_URL, CertificateNotTrusted, ConnectionLost, IdentityStore, ServerError, ThreadedClient
from client.terminal.board import render, supports_colour
from client.terminal.parsing import plan_word
from client.terminal.session import CommandFailed, TerminalClient
from scryptic.commands.ai import ai_level
from shared.rules.presets import DEFAULT_RULES
from shared.faults import FaultError, UsageError, check_output_file

__all__ = ["TerminalClient", "check_server_url", "plan_word", "register", "render"]


def _timeout(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"give a number of seconds, not {text!r}") from None
    if not (value > 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"give a number of seconds above 0, not {text}")
    return value


def register(subparsers: Any, bench_subparsers: Any) -> None:
    """Add the `cli` command."""
    p = subparsers.add_parser("cli", help="play on a server from the terminal")
    p.add_argument("--server", default=DEFAULT_URL, help="server address, ws://HOST:PORT or wss://..., or "
                   "several nodes of a cluster separated by commas (default %(default)s)")
    p.add_argument("--name", default=None, help="your display name on that server (default: the one "
                   "used last); each name is its own account")
    p.add_argument("--identity", type=Path, default=None,
                   help="the file where names and tokens are kept (default: identity.json in the config folder)")
    p.add_argument("--timeout", type=_timeout, default=10.0, help="seconds to wait for the server (default 10)")
    p.add_argument("--ca-file", default=None, metavar="PEM",
                   help="trust this certificate for wss:// too (a server's self-signed one)")
    p.add_argument("--color", "--colour", dest="colour", choices=("auto", "always", "never"), default="auto",
                   help="colour the board (default: when the terminal shows colours)")
    p.add_argument("--create", action="store_true", help="create a game at once (see `create` for options)")
    p.add_argument("--map", default=None, help="map for --create")
    p.add_argument("--rules", default=None, help=f"rule-set preset for --create (default {DEFAULT_RULES})")
    p.add_argument("--private", action="store_true", help="--create a private game (join by code)")
    p.add_argument("--bot", type=ai_level, default=None, help="--create against the server's AI at this level")
    p.add_argument("--join", default=None, help="join a game by id")
    p.add_argument("--code", default=None, help="join a private game by code")
    p.add_argument("--watch", default=None, help="watch a game by id")
    p.add_argument("--resume", default=None, help="take your seat in a game again")
    p.set_defaults(func=cmd_cli)


def check_server_url(text: str) -> str:
    """``text`` (one address, or several separated by commas, tried in turn) if each is a ws://
    or wss:// address with a host, else :class:`UsageError`; the addresses joined by commas."""
    addresses = [part.strip() for part in text.split(",") if part.strip()]
    if not addresses:
        raise UsageError("no server address given", "give one like ws://127.0.0.1:8765")
    return ",".join(_check_one_url(url) for url in addresses)


def _check_one_url(url: str) -> str:
    example = "give one like ws://127.0.0.1:8765"
    try:
        parts = urlsplit(url)
        _ = parts.port  # a port that is not a number from 0 to 65535 raises ValueError
    except ValueError as exc:
        raise UsageError(f"the server address {url!r} is not valid ({exc})", example) from None
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise UsageError(f"the server address {url!r} is not a ws:// or wss:// address", example)
    return url


def _startup_commands(args: argparse.Namespace) -> list[str]:
    create_only = [flag for flag, given in (("--map", args.map), ("--rules", args.rules),
                                            ("--private", args.private), ("--bot", args.bot is not None))
                   if given]
    if create_only and not args.create:
        raise UsageError(f"{', '.join(create_only)} {'needs' if len(create_only) == 1 else 'need'} --create",
                         "add --create")
    startup = []
    if args.create:
        parts = ["create"] + ([f"map={args.map}"] if args.map else []) + [f"rules={args.rules or DEFAULT_RULES}"]
        parts += ["private"] if args.private else []
        parts += [f"bot={args.bot}"] if args.bot is not None else []
        startup.append(" ".join(parts))
    if args.join:
        startup.append(f"join {args.join}")
    if args.code:
        startup.append(f"join code={args.code}")
    if args.watch:
        startup.append(f"watch {args.watch}")
    if args.resume:
        startup.append(f"resume {args.resume}")
    return startup


def _ask_name() -> str:
    if not sys.stdin.isatty():
        raise UsageError("no display name is known for this server", "give one with --name")
    try:
        name = input("display name: ").strip()
    except EOFError:
        name = ""
    if not name:
        raise UsageError("no display name given", "give one with --name")
    return name


def _connect(url: str, name: str, identity: IdentityStore, timeout: float,
             ca_file: str | None = None) -> tuple[ThreadedClient, dict[str, Any]]:
    """A connected client for ``name``'s account (made if new); FaultError if it cannot be."""
    for attempt in (1, 2):
        account = identity.account(url, name)
        client = ThreadedClient(url, name=name, token=account["token"], client_name="scryptic-cli", ca_file=ca_file)
        try:
            hello = client.start(timeout=timeout)
        except ServerError as exc:
            client.close()
            if exc.code == "bad_token" and attempt == 1:
                print(f"scryptic cli: {url} no longer knows {name}'s token; registering the name again",
                      file=sys.stderr)
                identity.forget_token(url, name)
                continue
            raise FaultError(f"{url} refused the connection ({exc.code}): {exc.reason}") from None
        except CertificateNotTrusted as exc:
            client.close()
            raise FaultError(str(exc), "or give the server's certificate with --ca-file FILE") from None
        except ConnectionLost as exc:
            first = getattr(client.client, "_first_error", None)
            client.close()
            if isinstance(first, OSError) and first.errno:
                reason = f"{os.strerror(first.errno).lower()}, tried for {timeout:g} s"
            else:
                reason = str(first or exc)
            raise FaultError(f"cannot connect to {url} ({reason})",
                             "is the server running? (`scryptic server` starts one)") from None
        for game, token in account["seats"].items():
            client.client.seat_tokens.setdefault(game, token)
        return client, hello
    raise AssertionError("unreachable")


def cmd_cli(args: argparse.Namespace) -> int:
    """Run the terminal client until `quit` or end of input."""
    url = check_server_url(args.server)
    startup = _startup_commands(args)
    if args.identity is not None:
        check_output_file(args.identity, "the identity file")
    identity = IdentityStore(args.identity)
    name = args.name.strip() if args.name is not None else identity.last_name(url)
    if not name:
        name = _ask_name()
    if not identity.claim(url, name):
        raise UsageError(f"{name!r} is in use by another terminal client on this machine",
                         "give another --name to play as someone else")
    try:
        client, hello = _connect(url, name, identity, args.timeout, args.ca_file)
        try:
            return _session(client, hello, url, name, identity, startup, args)
        finally:
            client.close()
    finally:
        identity.release()


def _session(client: ThreadedClient, hello: dict[str, Any], url: str, name: str, identity: IdentityStore,
             startup: list[str], args: argparse.Namespace) -> int:
    colour = args.colour == "always" or (args.colour == "auto" and supports_colour(sys.stdout))
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="replace")  # a stray byte is an unknown command, not the end of input
    terminal = TerminalClient(client, sys.stdout, colour=colour, debug=bool(getattr(args, "debug", False)),
                              on_identity=lambda: identity.remember(url, name=name, token=client.token,
                                                                    seats=client.seat_tokens))
    terminal.on_identity()
    user = hello.get("user")
    terminal.say(f"connected to {url} as {user['name'] if user else 'a spectator'}")
    for line in startup:
        try:
            terminal.run_command(line)
        except CommandFailed as exc:
            error = UsageError if exc.usage else FaultError
            raise error(f"{line.split()[0]} did not succeed: {exc}") from None
        finally:
            terminal.pump()
    terminal.run(sys.stdin)
    return 0
