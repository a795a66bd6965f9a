"""`scryptic replay` and `scryptic bench rules`."""

from __future__ import annotations

import argparse
import json

from shared.ascii import letters_text, terrain_text
from shared.command_errors import FaultError, UsageError, read_input_text
from shared.game import PLAYERS, Game
from shared.lexicon import Lexicon, WordList
from shared.record import RecordError, parse_record, replay


def register(subparsers, bench_subparsers) -> None:
    """Add `replay` and `bench rules`."""
    p = subparsers.add_parser("replay", help="replay a game record and print the final state")
    p.add_argument("file", help="a game record (.jsonl)")
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
    from shared.dictionary import load_dictionary

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


def run_replay(args: argparse.Namespace) -> int:
    """Replay a record; a file that cannot be read is exit 2, a record that does not replay exit 1."""
    if args.upto is not None and args.upto < 0:
        raise UsageError(f"--upto counts actions from 0, not {args.upto}")
    text = read_input_text(args.file, "the record")
    lexicon = load_lexicon(args.words)
    try:
        game = replay(parse_record(text), lexicon, upto=args.upto)
    except RecordError as exc:
        raise FaultError(f"{args.file}: {exc}", "is it a whole Scryptic record (.jsonl)?") from None
    state = final_state(game)
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
    from shared.bench_rules import bench_rules
    from shared.mapfiles import resolve_map_path

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
