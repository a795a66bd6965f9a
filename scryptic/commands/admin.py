"""`scryptic admin`: the operator's commands on a running server (docs/operating.md).

Each command is one connection: an anonymous ``hello``, then one ``admin`` request carrying the
operator key, which the server wrote beside its database (``admin.key``) when it first started.
Without that key the server refuses and nothing changes.

    scryptic admin users [--match TEXT]        accounts (id, name, banned, online, games)
    scryptic admin user  ID|NAME               one account and its games in progress
    scryptic admin rename ID|NAME NEW_NAME     the player sees the new name at once
    scryptic admin ban ID|NAME [--reason TEXT] closes its connections, forfeits its games
    scryptic admin unban ID|NAME
    scryptic admin abort GAME                  ends a game: no winner, not rated
    scryptic admin adjudicate GAME gold|silver|draw
    scryptic admin reports                     the players' reports, newest first
    scryptic admin silence ID|NAME [--reason]  mute an account in chat (it is told why); unsilence lifts it
    scryptic admin tournament NAME --minutes M|--rounds N|--seasons N [--start-in M] [--map] [--rules] [--clock] [--rated]
    scryptic admin tournament start ID         start an upcoming event now
"""

from __future__ import annotations

import argparse
import json
import ssl
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from server.config import admin_key_beside
from shared.faults import FaultError, UsageError

DEFAULT_SERVER = "ws://127.0.0.1:8765"


def register(subparsers: Any, bench_subparsers: Any) -> None:
    """Add `admin` and its operations."""
    p = subparsers.add_parser("admin", help="operate a running server: accounts, bans, games (needs the operator key)")
    p.add_argument("--server", default=DEFAULT_SERVER, metavar="URL", help="the server (default %(default)s)")
    p.add_argument("--key-file", type=Path, default=None, metavar="FILE",
                   help="the operator key (default: admin.key beside --db, or beside the default database)")
    p.add_argument("--db", type=Path, default=None, metavar="FILE", help="the server's SQLite file, to find admin.key beside it")
    p.add_argument("--ca-file", default=None, metavar="FILE", help="trust this certificate (a self-signed wss:// server)")
    p.add_argument("--json", action="store_true", help="print the server's answer as JSON")
    p.add_argument("--timeout", type=float, default=15.0, help="seconds to wait for the server (default %(default)s)")
    ops = p.add_subparsers(dest="op", metavar="OPERATION", required=True)
    users = ops.add_parser("users", help="list accounts")
    users.add_argument("--match", default=None, help="only names containing this")
    for name, text in (("user", "one account and its games"), ("unban", "lift a ban")):
        one = ops.add_parser(name, help=text)
        one.add_argument("who", metavar="ID|NAME")
    rename = ops.add_parser("rename", help="give an account another display name")
    rename.add_argument("who", metavar="ID|NAME")
    rename.add_argument("new_name", metavar="NEW_NAME")
    ban = ops.add_parser("ban", help="ban an account: its connections close, its games in progress are forfeit")
    ban.add_argument("who", metavar="ID|NAME")
    ban.add_argument("--reason", default=None, help="said to the player (64 characters at most)")
    abort = ops.add_parser("abort", help="end a game with no winner, unrated")
    abort.add_argument("game", metavar="GAME")
    adjudicate = ops.add_parser("adjudicate", help="end a game with the winner you decide (rated)")
    adjudicate.add_argument("game", metavar="GAME")
    adjudicate.add_argument("winner", choices=["gold", "silver", "draw"])
    ops.add_parser("reports", help="the players' reports of games and chat lines, newest first")
    silence = ops.add_parser("silence", help="mute an account in chat: its lines are refused with your reason")
    silence.add_argument("who", metavar="ID|NAME")
    silence.add_argument("--reason", default=None, help="said to the player (64 characters at most)")
    ops.add_parser("unsilence", help="let an account chat again").add_argument("who", metavar="ID|NAME")
    arena = ops.add_parser("tournament", help="create an arena (--minutes) or a swiss (--rounds) (docs/tournaments.md)")
    arena.add_argument("name", metavar="NAME", help="the new event's name, or start (then the event's ID)")
    arena.add_argument("id", metavar="ID", nargs="?", default=None, help="with start: the upcoming event to start now")
    length = arena.add_mutually_exclusive_group()
    length.add_argument("--minutes", type=float, help="an arena: how long it runs")
    length.add_argument("--rounds", type=int, help="a swiss: how many rounds")
    length.add_argument("--seasons", type=int, help="a league: how many seasons (correspondence: give --clock days:N)")
    arena.add_argument("--division-size", type=int, default=None, help="a league: players a division (default 8)")
    arena.add_argument("--start-in", type=float, default=0.0, metavar="MINUTES", help="when it starts (default now)")
    arena.add_argument("--map", default=None, help="one of the server's maps (default its first)")
    arena.add_argument("--rules", default=None, help="the rule-set preset")
    arena.add_argument("--clock", default=None, help="turn:SECONDS, fischer:SECONDS+INCREMENT or days:DAYS")
    arena.add_argument("--rated", action="store_true", help="rate the games in their family (needs --clock)")
    arena.add_argument("--max-players", type=int, default=None)
    p.set_defaults(func=cmd_admin)


def tournament_fields(args: argparse.Namespace) -> dict[str, Any]:
    """The ``create_tournament`` request's fields from ``scryptic admin tournament``."""
    from client.terminal.parsing import parse_clock

    if args.minutes is None and args.rounds is None and args.seasons is None:
        raise UsageError("a new event needs --minutes (an arena), --rounds (a swiss) or --seasons (a league)")
    fields: dict[str, Any] = {"name": args.name, "start_in": args.start_in * 60, "rated": args.rated}
    if args.seasons is not None:
        if not 1 <= args.seasons <= 100:
            raise UsageError("--seasons is 1 to 100")
        fields.update(kind="league", seasons=args.seasons)
        if args.division_size is not None:
            fields["division_size"] = args.division_size
    elif args.rounds is not None:
        if not 1 <= args.rounds <= 30:
            raise UsageError("--rounds is 1 to 30")
        fields.update(kind="swiss", rounds=args.rounds)
    else:
        if not 0 < args.minutes <= 7 * 24 * 60:
            raise UsageError("--minutes is more than 0 and at most a week")
        fields["seconds"] = max(1, round(args.minutes * 60))
    for name in ("map", "rules", "max_players"):
        if getattr(args, name) is not None:
            fields[name] = getattr(args, name)
    if args.clock is not None:
        fields["time_control"] = parse_clock(args.clock)
    return fields


def read_key(args: argparse.Namespace) -> str:
    """The operator key from --key-file (or admin.key beside the database); UsageError if none."""
    path = args.key_file or admin_key_beside(args.db)
    try:
        key = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        raise UsageError(f"no operator key at {path}",
                         "give --key-file (the server writes admin.key beside its database when it starts)") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read the operator key {path}: {exc}") from None
    if len(key) < 16:
        raise UsageError(f"{path} holds no operator key")
    return key


def request_fields(args: argparse.Namespace) -> dict[str, Any]:
    """The ``admin`` request's fields for the operation on the command line."""
    fields: dict[str, Any] = {"op": args.op}
    who = getattr(args, "who", None)
    if who is not None:
        fields.update({"user": int(who)} if who.isdigit() else {"name": who})
    if args.op == "users" and args.match:
        fields["match"] = args.match
    if args.op == "rename":
        fields["new_name"] = args.new_name
    if args.op in ("ban", "silence") and args.reason:
        if len(args.reason) > 64:
            raise UsageError("--reason is 64 characters at most")
        fields["reason"] = args.reason
    if args.op in ("abort", "adjudicate"):
        fields["game"] = args.game
    if args.op == "adjudicate":
        fields["winner"] = args.winner
    return fields


def ask(url: str, key: str, fields: dict[str, Any], timeout: float, ca_file: str | None, kind: str = "admin") -> dict[str, Any]:
    """Send one admin request (or ``kind``) to the server at ``url``; its answer (FaultError if refused)."""
    from websockets.exceptions import WebSocketException
    from websockets.sync.client import connect

    from scryptic.commands._wire import Refused, call

    options: dict[str, Any] = {}
    if url.startswith("wss://") and ca_file is not None:
        options["ssl"] = ssl.create_default_context(cafile=ca_file)
    try:
        with connect(url, open_timeout=timeout, max_size=16 * 1024 * 1024, compression=None, **options) as ws:
            call(ws, 1, "hello", timeout, client="scryptic-admin")
            return call(ws, 2, kind, timeout, key=key, **fields)
    except Refused as exc:
        raise FaultError(f"the server refused ({exc.code}): {exc.reason}") from None
    except ssl.SSLCertVerificationError as exc:
        raise FaultError(f"the certificate of {url} is not trusted: {exc.verify_message or exc.reason}",
                         "give the server's certificate with --ca-file FILE") from None
    except (OSError, TimeoutError, WebSocketException) as exc:
        raise FaultError(f"cannot reach {url} ({exc})", "is the server running? (--server URL)") from None


def describe(answer: dict[str, Any]) -> list[str]:
    """The answer in lines for people."""
    def account(u: dict[str, Any]) -> str:
        state = f"banned ({u['banned']})" if u.get("banned") else ("online" if u.get("online") else "offline")
        return f"{u['id']:>6}  {u['name']:<24}  {state}, {u['games']} game{'s' if u['games'] != 1 else ''} in progress"

    def ending(result: dict[str, Any] | None) -> str:
        if not result:
            return "ended"
        winner = {1: "gold wins", 2: "silver wins", None: "no winner"}.get(result.get("winner"), "?")
        return f"{winner} ({result.get('reason')})"

    op = answer.get("op")
    if "tournament" in answer:
        t = answer["tournament"]
        size = {"swiss": f"{t.get('rounds')} rounds", "league": f"{t.get('seasons')} seasons"}.get(
            t["kind"], f"{t['seconds'] / 60:g} minutes")
        return [f"tournament {t['id']}: {t['name']}, {t['kind']} of {size} on {t['map']}, {t['status']}"]
    if op == "reports":
        lines = []
        for r in answer["reports"]:
            what = f"game {r['game']}" if r["kind"] == "game" else f"line {r['line']['id']} by {r['line']['user']['name']}: {r['line']['text']!r}"
            lines.append(f"{r['id']}  from {r['by']['name']} (id {r['by']['id']}): {what} - {r['reason']}")
        return lines + [f"{len(answer['reports'])} report{'s' if len(answer['reports']) != 1 else ''}"]
    if op in ("silence", "unsilence"):
        user = answer["user"]
        return [f"{user['name']} (id {user['id']}) " + (f"is muted in chat: {answer['reason']}" if answer["reason"] else "may chat again")]
    if op == "users":
        lines = [account(u) for u in answer["users"]]
        shown = len(answer["users"])
        lines.append(f"{answer['total']} account{'s' if answer['total'] != 1 else ''}" +
                     (f" ({shown} shown)" if shown < answer["total"] else ""))
        return lines
    if op == "user":
        return [account(answer["user"])] + [
            f"        game {g['game']}: {g['status']}, {g['map']}, seat {'gold' if g['seat'] == 1 else 'silver'}, "
            f"version {g['version']}" for g in answer["games"]]
    if op == "rename":
        return [f"renamed {answer['was']!r} to {answer['user']['name']!r} (id {answer['user']['id']})"]
    if op == "ban":
        user = answer["user"]
        lines = [f"banned {user['name']} (id {user['id']}): {user['banned']}",
                 f"connections closed: {answer['connections_closed']}"]
        lines += [f"game {g['game']}: {ending(g['result'])}" for g in answer["games_ended"]]
        return lines
    if op == "unban":
        return [f"{answer['user']['name']} (id {answer['user']['id']}) may play again"]
    return [f"game {answer['game']}: {ending(answer.get('result'))}"]


def cmd_admin(args: argparse.Namespace) -> int:
    """Do one operator command on the running server."""
    parts = urlsplit(args.server)
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise UsageError(f"the server address {args.server!r} is not a ws:// or wss:// address")
    key = read_key(args)
    if args.op == "tournament" and args.name == "start" and args.id is not None:
        answer = ask(args.server, key, {"tournament": args.id}, args.timeout, args.ca_file, "start_tournament")
    elif args.op == "tournament":
        if args.id is not None:
            raise UsageError(f"one name for a new event, or: tournament start ID (not {args.name!r} {args.id!r})")
        answer = ask(args.server, key, tournament_fields(args), args.timeout, args.ca_file, "create_tournament")
    else:
        answer = ask(args.server, key, request_fields(args), args.timeout, args.ca_file)
    if args.json:
        print(json.dumps(answer, indent=2))
    else:
        print("\n".join(describe(answer)))
    return 0
