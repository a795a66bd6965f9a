"""`scryptic replay` and `scryptic bench rules`.

`scryptic replay` reads a record from a file, or fetches a finished game's record from a server
(``scryptic replay ws://HOST:PORT/GAME`` or ``--server URL --game GAME``): one anonymous
connection, ``hello`` and ``export`` (docs/protocol.md), then the same replay. ``shared``
imports no client code, so that small exchange is spoken here directly.
"""

from __future__ import annotations

import argparse
import json
from urllib.parse import urlsplit

from shared.tools.ascii import letters_text, terrain_text
from shared.faults import FaultError, UsageError, read_input_text
from shared.rules.game import PLAYERS, Game
from shared.rules.lexicon import Lexicon, WordList
from shared.rules.record import RecordError, parse_record
from shared.rules.replay import replay


def register(subparsers, bench_subparsers) -> None:
    """Add `replay` and `bench rules`."""
    p = subparsers.add_parser("replay", help="replay a game record (a file, or a game on a server) and print the final state")
    p.add_argument("file", nargs="?", help="a game record (.jsonl), or ws://HOST:PORT/GAME: a finished game on a server")
    p.add_argument("--server", metavar="URL", help="fetch the record from this server (ws://HOST:PORT) ...")
    p.add_argument("--game", metavar="ID", help="... of this finished game")
    p.add_argument("--save", metavar="FILE", help="also write the fetched record to FILE")
    p.add_argument("--timeout", type=float, default=10.0, help="seconds to wait for the server (default 10)")
    p.add_argument("--json", action="store_true", help="print the final state as JSON")
    p.add_argument("--upto", type=int, metavar="N", help="stop after the first N actions")
    p.add_argument("--words", metavar="FILE", help="use this word list (one word a line) "
                   "instead of the dictionary")
    p.set_defaults(func=run_replay)

    b = bench_subparsers.add_parser("rules", help="time validating and applying commits")
    b.add_argument("--json", action="store_true", help="print the figures as JSON")
    b.add_argument("--map", default="pewter-marches", help="map name or file (default: the large map)")
    b.add_argument("--seed", type=int, default=1)
    b.add_argument("--samples", type=int, default=300, help="commits timed in each group")
    b.set_defaults(func=run_bench)


def load_lexicon(words_file: str | None) -> Lexicon:
    """The dictionary, or a plain word list from a file (UsageError/FaultError if it cannot be read)."""
    if words_file:
        return WordList(read_input_text(words_file, "the word list").split())
    from shared.words.dictionary import load_dictionary

    return load_dictionary()


def final_state(game: Game) -> dict:
    """What `replay` reports: the board, scores, racks, pools and the result."""
    return {
        "map": game.map.name,
        "rules": game.rules.name,
        "actions": game.version,
        "turn": game.turn,
        "to_move": int(game.to_move),
        "terrain": terrain_text(game).splitlines(),
        "letters": letters_text(game).splitlines(),
        "scores": {p.label: game.score(p) for p in PLAYERS},
        "racks": {p.label: "".join(sorted(game.racks[p])) for p in PLAYERS},
        "pools": {p.label: game.pool_count(p) for p in PLAYERS},
        "pending": None if game.pending is None else game.pending.to_dict(),
        "winner": None if game.result is None or game.result.winner is None else game.result.winner.label,
        "reason": None if game.result is None else game.result.reason,
    }


def server_source(args: argparse.Namespace) -> tuple[str, str] | None:
    """(server URL, game id) when the record is to be fetched, else None (a file);
    UsageError for a half-given or malformed address."""
    if args.server or args.game:
        if not (args.server and args.game) or args.file:
            raise UsageError("give --server URL and --game ID together (and no file)",
                             "e.g. scryptic replay --server ws://127.0.0.1:8765 --game 3f2a9c01de")
        url, game = args.server, args.game
    elif args.file and args.file.startswith(("ws://", "wss://")):
        parts = urlsplit(args.file)
        game = parts.path.strip("/")
        url = f"{parts.scheme}://{parts.netloc}"
        if not game or "/" in game:
            raise UsageError(f"{args.file} names no game", "give it as ws://HOST:PORT/GAME")
    elif args.file:
        return None
    else:
        raise UsageError("the following arguments are required: file (a record, or ws://HOST:PORT/GAME), "
                         "or --server URL with --game ID (see `scryptic replay --help`)")
    parts = urlsplit(url)
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise UsageError(f"the server address {url!r} is not a ws:// or wss:// address")
    return url, game


def fetch_record(url: str, game: str, timeout: float = 10.0) -> tuple[str, dict | None]:
    """The record text of finished game ``game`` on the server at ``url``, and its result
    (FaultError if the server cannot be reached or refuses)."""
    from websockets.exceptions import WebSocketException
    from websockets.sync.client import connect

    from scryptic.commands._wire import Refused, call

    try:
        with connect(url, open_timeout=timeout, max_size=16 * 1024 * 1024, compression=None) as ws:
            call(ws, 1, "hello", timeout, client="scryptic-replay")
            data = call(ws, 2, "export", timeout, game=game)
    except Refused as exc:
        raise FaultError(f"{url} refused ({exc.code}): {exc.reason}") from None
    except (OSError, TimeoutError, WebSocketException) as exc:
        raise FaultError(f"cannot fetch game {game} from {url} ({exc})", "is the server running?") from None
    return data["record"], data.get("result")


def run_replay(args: argparse.Namespace) -> int:
    """Replay a record; a file that cannot be read is exit 2, a record that does not replay exit 1."""
    if args.upto is not None and args.upto < 0:
        raise UsageError(f"--upto counts actions from 0, not {args.upto}")
    source = server_source(args)
    result = None
    if source is None:
        text = read_input_text(args.file, "the record")
        name = args.file
    else:
        text, result = fetch_record(*source, timeout=args.timeout)
        name = f"{source[0]}/{source[1]}"
        if args.save:
            from shared.files.atomic import write_text
            from shared.faults import os_reason

            try:
                write_text(args.save, text)
            except OSError as exc:
                raise UsageError(f"cannot write {args.save}: {os_reason(exc)}") from None
    lexicon = load_lexicon(args.words)
    try:
        game = replay(parse_record(text), lexicon, upto=args.upto)
    except RecordError as exc:
        raise FaultError(f"{name}: {exc}", "is it a whole Scryptic record (.jsonl)?") from None
    state = final_state(game)
    if result is not None and state["reason"] is None and args.upto is None:
        # Ended by the server (a draw agreed, an abort): the engine's record has no end.
        state["winner"] = None if result.get("winner") is None else PLAYERS[result["winner"] - 1].label
        state["reason"] = result.get("reason")
    if args.json:
        print(json.dumps(state, indent=2))
        return 0
    print(f"{state['map']} ({state['rules']} rules), {state['actions']} actions, turn {state['turn']}")
    print()
    width = len(state["terrain"][0])
    print(f"{'terrain':<{width}}   letters (gold lower case, SILVER UPPER CASE)")
    for t_row, l_row in zip(state["terrain"], state["letters"]):
        print(f"{t_row}   {l_row}")
    print()
    for p in PLAYERS:
        name = p.label
        pool = "endless" if state["pools"][name] is None else state["pools"][name]
        print(f"{name:>6}: score {state['scores'][name]:>4}   rack {state['racks'][name] or '-':<12}  pool {pool}")
    print()
    if state["reason"] is None:
        print(f"Game in progress: {PLAYERS[state['to_move'] - 1].label} to move.")
    elif state["winner"] is None:
        print(f"Game over: a draw ({state['reason']}).")
    else:
        print(f"Game over: {state['winner']} wins ({state['reason']}).")
    return 0


def run_bench(args: argparse.Namespace) -> int:
    from scryptic.bench.rules import bench_rules
    from shared.maps.files import resolve_map_path

    if args.samples < 1:
        raise UsageError(f"--samples must be at least 1, not {args.samples}")
    try:
        resolve_map_path(args.map)
    except FileNotFoundError as exc:
        raise UsageError(str(exc), "`scryptic map list` shows the shipped maps") from None
    report = bench_rules(args.map, args.seed, args.samples, progress=not args.json)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(f"map {report['map']} ({report['size']}), position after {report['position_actions']} actions, "
              f"{report['letters_on_board']} letters on the board")
        for name, row in report["groups"].items():
            print(f"  {name:<22} n={row['n']:<4} median {row['median_ms']:.3f} ms   p90 {row['p90_ms']:.3f} ms")
    return 0
