"""`scryptic cli`: play on a Scryptic server from a terminal.

It uses the same client library as the Arcade client (:mod:`client.net`): the connection runs
in a background thread, reconnects and resumes by itself, and the game state is the server's
per-viewer view. The board is drawn in ASCII; type ``help`` for the commands.

Board legend: gold letters lower case, silver letters UPPER CASE; empty cells show terrain
(``.`` plains, ``f`` forest, ``~`` water, ``^`` mountains, ``*`` ice, ``x`` lava) and cities by
owner (``G`` gold, ``S`` silver, ``P`` pewter). A mark before a letter: ``+`` placed but not
committed, ``!`` part of an invalid run, ``?`` part of an isolated word.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import queue
import shlex
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from client.net import (
    DEFAULT_URL,
    ConnectionLost,
    IdentityStore,
    ServerError,
    ThreadedClient,
)
from client.net.state import GameTracker

SEAT_NAMES = {1: "gold", 2: "silver"}
CITY_CHARS = {1: "G", 2: "S", None: "P"}
DIRECTIONS = {"across": "across", "a": "across", "down": "down", "d": "down"}

HELP = """commands (rows and columns count from 1):
  games                          list open and live public games
  create [map=NAME] [rules=PRESET] [private] [bot=LEVEL] [clock=turn:SECS|fischer:SECS+INC]
  join GAME | join code=CODE     take the open seat of a game
  watch GAME | watch code=CODE   watch a game
  resume GAME                    take your seat again (seat tokens are remembered)
  board                          draw the board again
  place ROW COL across|down WORD lay out a word (letters already yours on the line are kept)
  clear                          take back the letters laid out
  commit                         commit what is laid out
  play ROW COL across|down WORD  place and commit at once
  redeploy ROW COL across|down   lift your word through that cell back to the rack
  discard LETTERS                discard when over the rack limit
  order N N ... | order best     order your defending words (numbers from the list)
  end                            end your turn
  resign | claim | rematch | decline
  export FILE                    save a finished game's record (for `scryptic replay`)
  quit"""


def register(subparsers: Any, bench_subparsers: Any) -> None:
    """Add the `cli` command."""
    p = subparsers.add_parser("cli", help="play on a server from the terminal")
    p.add_argument("--server", default=DEFAULT_URL, help="server address (default %(default)s)")
    p.add_argument("--name", default=None, help="your display name (remembered per server)")
    p.add_argument("--identity", type=Path, default=None, help="where the name and tokens are kept")
    p.add_argument("--create", action="store_true", help="create a game at once (see `create` for options)")
    p.add_argument("--map", default=None, help="map for --create")
    p.add_argument("--rules", default="standard", help="rule-set preset for --create")
    p.add_argument("--private", action="store_true", help="--create a private game (join by code)")
    p.add_argument("--bot", type=int, default=None, help="--create against the server's AI at this level")
    p.add_argument("--join", default=None, help="join a game by id")
    p.add_argument("--code", default=None, help="join a private game by code")
    p.add_argument("--watch", default=None, help="watch a game by id")
    p.add_argument("--resume", default=None, help="take your seat in a game again")
    p.set_defaults(func=cmd_cli)


def cmd_cli(args: argparse.Namespace) -> int:
    """Run the terminal client until `quit` or end of input."""
    identity = IdentityStore(args.identity)
    known = identity.server(args.server)
    name = args.name or known.get("name")
    if name is None and known.get("token") is None:
        name = input("display name: ").strip() or "Player"
    client = ThreadedClient(args.server, name=name, token=known.get("token"), client_name="scryptic-cli")
    try:
        hello = client.start()
    except (ConnectionLost, ServerError) as exc:
        print(f"cannot connect to {args.server}: {exc}", file=sys.stderr)
        client.close()
        return 1
    for game, token in known.get("seats", {}).items():
        client.client.seat_tokens.setdefault(game, token)
    terminal = TerminalClient(client, sys.stdout, on_identity=lambda: identity.remember(
        args.server, name=client.client.name, token=client.token, seats=client.seat_tokens))
    terminal.on_identity()
    terminal.say(f"connected to {args.server} as {hello['user']['name'] if hello.get('user') else 'a spectator'}")
    startup = []
    if args.create:
        parts = ["create"] + ([f"map={args.map}"] if args.map else []) + [f"rules={args.rules}"]
        parts += ["private"] if args.private else []
        parts += [f"bot={args.bot}"] if args.bot else []
        startup.append(" ".join(parts))
    if args.join:
        startup.append(f"join {args.join}")
    if args.code:
        startup.append(f"join code={args.code}")
    if args.watch:
        startup.append(f"watch {args.watch}")
    if args.resume:
        startup.append(f"resume {args.resume}")
    try:
        for line in startup:
            terminal.handle(line)
        terminal.run(sys.stdin)
    finally:
        client.close()
    return 0


class TerminalClient:
    """The command loop and the ASCII rendering (testable without a terminal)."""

    def __init__(self, client: ThreadedClient, out: TextIO, on_identity: Callable[[], None] | None = None,
                 timeout: float = 15.0) -> None:
        self.client = client
        self.out = out
        self.on_identity = on_identity or (lambda: None)
        self.timeout = timeout
        self.game: str | None = None
        self.staged: list[tuple[int, int, str]] = []
        self.stage_direction: str | None = None
        self.running = True

    # ------------------------------------------------------------------------------ output

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    @property
    def tracker(self) -> GameTracker | None:
        return None if self.game is None else self.client.games.get(self.game)

    def pump(self) -> None:
        """Take the messages that arrived and show what changed."""
        redraw = False
        for message in self.client.drain():
            kind = message.get("type")
            if kind == "connection":
                status = message["status"]
                if status == "reconnecting":
                    self.say(f"[connection lost: reconnecting in {message['in']} s]")
                elif status == "connected" and message.get("reconnects"):
                    self.say("[reconnected]")
                elif status in ("closed", "refused"):
                    self.say(f"[connection {status}: {message.get('reason', '')}]")
            elif kind == "bye":
                self.say(f"[server: {message['reason']}]")
            elif message.get("game") == self.game:
                if kind == "update":
                    for event in message["events"]:
                        line = describe_event(event)
                        if line:
                            self.say(f"  {line}")
                    redraw = True
                elif kind == "state":
                    redraw = True
                elif kind == "presence":
                    who = SEAT_NAMES[message["seat"]]
                    self.say(f"  {who} {'is back' if message['connected'] else 'left (their clock keeps running)'}")
                elif kind == "info":
                    rematch = message["info"].get("rematch") or {}
                    if rematch.get("game") and self.tracker and self.tracker.seat is not None:
                        self.say(f"  rematch started: game {rematch['game']} (type `resume {rematch['game']}`)")
                    elif rematch.get("offered_by"):
                        self.say(f"  rematch offered by {', '.join(SEAT_NAMES[s] for s in rematch['offered_by'])}")
        if redraw:
            self.draw()

    def draw(self) -> None:
        tracker = self.tracker
        if tracker is None or tracker.view is None:
            self.say("(no game)")
            return
        self.say(render(tracker, self.staged))

    # ------------------------------------------------------------------------------ input

    def run(self, stream: TextIO) -> None:
        """Read commands from ``stream`` while showing what the server sends."""
        lines: queue.Queue[str | None] = queue.Queue()

        def reader() -> None:
            for line in stream:
                lines.put(line)
            lines.put(None)

        threading.Thread(target=reader, daemon=True).start()
        self.say("type `help` for the commands")
        while self.running:
            self.pump()
            try:
                line = lines.get(timeout=0.1)
            except queue.Empty:
                continue
            if line is None:
                break
            self.handle(line)

    def handle(self, line: str) -> None:
        """Run one command line and print its outcome."""
        try:
            words = shlex.split(line)
        except ValueError as exc:
            self.say(f"cannot read that: {exc}")
            return
        if not words:
            return
        command, args = words[0].lower(), words[1:]
        handler = getattr(self, f"cmd_{command}", None)
        if handler is None:
            self.say(f"unknown command {command!r}; type `help`")
            return
        try:
            handler(args)
        except ServerError as exc:
            self.say(f"refused ({exc.code}): {exc.reason}")
        except (ConnectionLost, concurrent.futures.TimeoutError) as exc:
            self.say(f"not sent: {exc or 'no answer'} (the client reconnects by itself)")
        except UsageError as exc:
            self.say(str(exc))
        self.pump()

    def _wait(self, future: concurrent.futures.Future) -> Any:
        return future.result(self.timeout)

    def _need_game(self) -> str:
        if self.game is None:
            raise UsageError("no game yet: create, join, watch or resume one")
        return self.game

    def _follow(self, game: str) -> None:
        self.game = game
        self.staged.clear()
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:  # the state arrives just before the reply
            self.client.drain()
            tracker = self.client.games.get(game)
            if tracker is not None and tracker.view is not None:
                break
            time.sleep(0.02)
        self.on_identity()
        self.draw()

    # ------------------------------------------------------------------------------ commands

    def cmd_help(self, args: list[str]) -> None:
        self.say(HELP)

    def cmd_quit(self, args: list[str]) -> None:
        self.running = False

    cmd_exit = cmd_quit

    def cmd_games(self, args: list[str]) -> None:
        lobby = self._wait(self.client.list_games())
        for title, games in (("open games", lobby["open"]), ("live games", lobby["live"])):
            self.say(f"{title}:" if games else f"{title}: none")
            for g in games:
                names = " vs ".join(n or "(open)" for n in g["players"].values())
                self.say(f"  {g['game']}  {g['map']}  {g['rules']}  {names}  move {g['version']}")

    def cmd_create(self, args: list[str]) -> None:
        options = parse_options(args, flags={"private"})
        settings: dict[str, Any] = {"public": "private" not in options}
        if "map" in options:
            settings["map"] = options["map"]
        if "rules" in options:
            settings["rules"] = options["rules"]
        if "bot" in options:
            settings["opponent"] = "bot"
            settings["bot_level"] = int_option(options["bot"], "bot")
        if "clock" in options:
            settings["time_control"] = parse_clock(options["clock"])
        made = self._wait(self.client.create_game(**settings))
        self.say(f"game {made['game']} created; you play {SEAT_NAMES[made['seat']]}")
        if made.get("join_code"):
            self.say(f"join code: {made['join_code']}")
        self._follow(made["game"])

    def cmd_join(self, args: list[str]) -> None:
        options = parse_options(args)
        if "code" in options:
            joined = self._wait(self.client.join(code=options["code"]))
        elif args:
            joined = self._wait(self.client.join(game=args[0]))
        else:
            raise UsageError("join GAME or join code=CODE")
        self.say(f"joined game {joined['game']} as {SEAT_NAMES[joined['seat']]}")
        self._follow(joined["game"])

    def cmd_watch(self, args: list[str]) -> None:
        options = parse_options(args)
        if "code" in options:
            watched = self._wait(self.client.watch(code=options["code"]))
        elif args:
            watched = self._wait(self.client.watch(game=args[0]))
        else:
            raise UsageError("watch GAME or watch code=CODE")
        self._follow(watched["game"])

    def cmd_resume(self, args: list[str]) -> None:
        if not args:
            raise UsageError("resume GAME")
        attached = self._wait(self.client.attach(args[0]))
        self.say(f"back in game {attached['game']} as {SEAT_NAMES[attached['seat']]}")
        self._follow(attached["game"])

    def cmd_board(self, args: list[str]) -> None:
        self.draw()

    def cmd_place(self, args: list[str]) -> None:
        tracker = self._seated()
        row, col, direction, word = parse_line(args)
        placements = plan_word(tracker, row, col, direction, word)
        self.staged, self.stage_direction = placements, direction
        self.draw()

    def cmd_clear(self, args: list[str]) -> None:
        self.staged.clear()
        self.draw()

    def cmd_commit(self, args: list[str]) -> None:
        game = self._need_game()
        if not self.staged:
            raise UsageError("nothing laid out: place a word first")
        direction = self.stage_direction if len(self.staged) == 1 else None
        staged, self.staged = self.staged, []
        try:
            self._wait(self.client.commit(game, staged, direction))
        except ServerError:
            self.staged = staged  # keep them laid out so the player can fix the word
            raise

    def cmd_play(self, args: list[str]) -> None:
        self.cmd_place(args)
        self.cmd_commit([])

    def cmd_redeploy(self, args: list[str]) -> None:
        if len(args) != 3 or args[2].lower() not in DIRECTIONS:
            raise UsageError("redeploy ROW COL across|down")
        row, col = int_option(args[0], "row") - 1, int_option(args[1], "column") - 1
        self._wait(self.client.redeploy(self._need_game(), (row, col), DIRECTIONS[args[2].lower()]))

    def cmd_discard(self, args: list[str]) -> None:
        if len(args) != 1:
            raise UsageError("discard LETTERS (e.g. discard qz)")
        self._wait(self.client.discard(self._need_game(), args[0].lower()))

    def cmd_order(self, args: list[str]) -> None:
        tracker = self._seated()
        pending = tracker.pending
        if not pending or pending["kind"] != "defence":
            raise UsageError("no defence order is asked of you")
        if args == ["best"]:
            order = list(pending["suggested_order"])
        else:
            order = [int_option(a, "defender number") - 1 for a in args]
        self._wait(self.client.order_defence(self._need_game(), order))

    def cmd_end(self, args: list[str]) -> None:
        self.staged.clear()
        self._wait(self.client.end_turn(self._need_game()))

    def cmd_resign(self, args: list[str]) -> None:
        self._wait(self.client.resign(self._need_game()))

    def cmd_claim(self, args: list[str]) -> None:
        self._wait(self.client.claim_win(self._need_game()))

    def cmd_rematch(self, args: list[str]) -> None:
        reply = self._wait(self.client.rematch(self._need_game()))
        if reply.get("started"):
            self.say(f"rematch: game {reply['game']}, you play {SEAT_NAMES[reply['seat']]}")
            self._follow(reply["game"])
        else:
            self.say("rematch offered; waiting for the other player")

    def cmd_decline(self, args: list[str]) -> None:
        self._wait(self.client.rematch(self._need_game(), accept=False))
        self.say("rematch declined")

    def cmd_export(self, args: list[str]) -> None:
        if len(args) != 1:
            raise UsageError("export FILE")
        text = self._wait(self.client.export(self._need_game()))
        Path(args[0]).write_text(text, encoding="utf-8")
        self.say(f"record saved to {args[0]}")

    def _seated(self) -> GameTracker:
        tracker = self.tracker
        if tracker is None or tracker.view is None:
            raise UsageError("no game yet: create, join, watch or resume one")
        if tracker.seat is None:
            raise UsageError("you are watching this game, not playing it")
        return tracker


class UsageError(Exception):
    """A command typed wrongly (nothing is sent)."""


# -------------------------------------------------------------------------------- parsing helpers


def parse_options(args: list[str], flags: set[str] | frozenset[str] = frozenset()) -> dict[str, str]:
    out: dict[str, str] = {}
    for arg in args:
        if "=" in arg:
            key, value = arg.split("=", 1)
            out[key.lower()] = value
        elif arg.lower() in flags:
            out[arg.lower()] = "yes"
    return out


def int_option(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise UsageError(f"{what} must be a whole number, not {text!r}") from None


def parse_clock(text: str) -> dict[str, Any]:
    """``turn:30`` (per-turn limit) or ``fischer:300+5`` (bank + increment), in seconds."""
    kind, _, value = text.partition(":")
    try:
        if kind == "turn":
            return {"kind": "per_turn", "seconds": float(value)}
        if kind == "fischer":
            initial, _, increment = value.partition("+")
            return {"kind": "fischer", "initial": float(initial), "increment": float(increment or 0)}
    except ValueError:
        pass
    raise UsageError("clock=turn:SECONDS or clock=fischer:SECONDS+INCREMENT")


def parse_line(args: list[str]) -> tuple[int, int, str, str]:
    if len(args) != 4 or args[2].lower() not in DIRECTIONS or not args[3].isalpha():
        raise UsageError("place ROW COL across|down WORD")
    return (int_option(args[0], "row") - 1, int_option(args[1], "column") - 1,
            DIRECTIONS[args[2].lower()], args[3].lower())


def plan_word(tracker: GameTracker, row: int, col: int, direction: str, word: str) -> list[tuple[int, int, str]]:
    """The placements that lay ``word`` from (row, col): cells already holding your own letter
    must match it and are kept; the others take letters from the rack."""
    view = tracker.view
    assert view is not None and tracker.seat is not None
    own = {(r, c): ch for r, c, ch in view["players"][str(tracker.seat)]["letters"]}
    dr, dc = (0, 1) if direction == "across" else (1, 0)
    placements = []
    for i, letter in enumerate(word):
        cell = (row + dr * i, col + dc * i)
        if not (0 <= cell[0] < view["height"] and 0 <= cell[1] < view["width"]):
            raise UsageError(f"{word.upper()} runs off the board at row {cell[0] + 1}, column {cell[1] + 1}")
        if cell in own:
            if own[cell] != letter:
                raise UsageError(f"your letter at row {cell[0] + 1}, column {cell[1] + 1} is {own[cell].upper()}, not {letter.upper()}")
            continue
        placements.append((cell[0], cell[1], letter))
    if not placements:
        raise UsageError("those letters are all on the board already")
    return placements


# -------------------------------------------------------------------------------- rendering


def render(tracker: GameTracker, staged: list[tuple[int, int, str]] | None = None) -> str:
    """The board and the game's status as text."""
    view = tracker.view
    assert view is not None
    height, width = view["height"], view["width"]
    cells = [[" " + ch for ch in row] for row in view["terrain"]]
    for r, c, owner in view["cities"]:
        cells[r][c] = " " + CITY_CHARS[owner]
    marks: dict[tuple[int, int], str] = {}
    for seat in ("1", "2"):
        player = view["players"][seat]
        for run in player["isolated"]:
            for r, c in run:
                marks[(r, c)] = "?"
        for run in player["invalid"]:
            for r, c in run:
                marks[(r, c)] = "!"
        for r, c, ch in player["letters"]:
            cells[r][c] = marks.get((r, c), " ") + (ch.lower() if seat == "1" else ch.upper())
    for r, c, ch in staged or []:
        cells[r][c] = "+" + (ch.lower() if tracker.seat == 1 else ch.upper())
    header = "    " + "".join(f"{c + 1:>2}" if (c + 1) % 5 == 0 or c == 0 else "  " for c in range(width))
    lines = [header]
    for r in range(height):
        lines.append(f"{r + 1:>3} " + "".join(cells[r]))
    lines.append(status_text(tracker))
    return "\n".join(lines)


def status_text(tracker: GameTracker) -> str:
    view = tracker.view
    assert view is not None
    lines = []
    for seat in ("1", "2"):
        p = view["players"][seat]
        who = SEAT_NAMES[int(seat)]
        name = (tracker.info.get("players", {}).get(seat) or {}).get("name") or "(open)"
        me = " (you)" if tracker.seat == int(seat) else ""
        pool = "endless" if p["pool"] is None else p["pool"]
        rack = p["rack"].upper() if p["rack"] is not None else f"{p['rack_size']} letters"
        lines.append(f"{who:<6} {name}{me}: score {p['score']}, rack {rack}, pool {pool}")
    left = tracker.clock_left()
    if left:
        lines.append("clocks: " + ", ".join(f"{SEAT_NAMES[s]} {fmt_seconds(v)}" for s, v in sorted(left.items())))
    if view["result"]:
        result = view["result"]
        winner = "a draw" if result["winner"] is None else f"{SEAT_NAMES[result['winner']]} wins"
        lines.append(f"game over: {winner} ({result['reason']})")
        return "\n".join(lines)
    pending = view["pending"]
    turn = f"turn {view['turn']}: {SEAT_NAMES[view['to_move']]} to move"
    if tracker.my_move:
        turn += " - your move"
    lines.append(turn)
    if pending and pending["kind"] == "discard":
        lines.append(f"{SEAT_NAMES[pending['player']]} must discard {pending['count']} letter(s)")
    elif pending and pending["kind"] == "defence":
        attack = pending["attack"]
        lines.append(f"{attack['word'].upper()} attacks with strength {attack['strength']}; "
                     f"{SEAT_NAMES[pending['player']]} orders the defence:")
        for i, d in enumerate(pending["defenders"]):
            lines.append(f"  {i + 1}. {d.get('word', '?').upper()} strength {d.get('strength', '?')}")
        suggested = " ".join(str(i + 1) for i in pending["suggested_order"])
        countdown = tracker.defence_left()
        lines.append(f"  best order: {suggested}" + (f" (applied in {countdown:.0f} s)" if countdown is not None else ""))
    return "\n".join(lines)


def fmt_seconds(seconds: float) -> str:
    seconds = max(0, int(seconds))
    return f"{seconds // 60}:{seconds % 60:02d}"


def describe_event(event: dict[str, Any]) -> str | None:
    """One line for the log, or None for events the board already shows."""
    kind = event["type"]
    who = SEAT_NAMES.get(event.get("player") or event.get("owner") or 0, "?")
    if kind == "word_committed":
        return f"{who} commits {event['word'].upper()}" + (" and attacks!" if event["attacks"] else "")
    if kind == "combat_step":
        outcome = "wins" if event["attacker_wins"] else "falls"
        return (f"{event['attack_word'].upper()} ({event['attack_strength']}) vs "
                f"{event['defend_word'].upper()} ({event['defend_strength']}): attacker {outcome}")
    if kind == "letters_removed":
        gainer = event.get("points_to")
        gain = f", {event['points']} points to {SEAT_NAMES[gainer]}" if gainer else ""
        return f"{len(event['letters'])} {who} letter(s) removed ({event['reason']}){gain}"
    if kind == "city_taken":
        return f"{SEAT_NAMES[event['player']]} takes the city at row {event['cell'][0] + 1}, column {event['cell'][1] + 1}"
    if kind == "terrain_changed":
        return f"{event['reason']}: {len(event['cells'])} cell(s) {event['from']} -> {event['to']}"
    if kind == "word_lifted":
        return f"{who} lifts {event['word'].upper()}"
    if kind == "letters_drawn" and "letters" in event:
        return f"you draw {event['letters'].upper()}"
    if kind == "turn_ended":
        return f"{who} {'passes' if event['passed'] else 'ends the turn'}"
    if kind == "discard_required":
        return f"{who} must discard {event['count']}"
    if kind == "defence_requested":
        return f"{SEAT_NAMES[event['defender']]} must order the defence"
    if kind == "game_over":
        winner = "draw" if event["winner"] is None else f"{SEAT_NAMES[event['winner']]} wins"
        return f"game over: {winner} ({event['reason']})"
    return None
