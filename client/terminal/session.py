"""The terminal client's command loop: typed commands to requests, server messages to text.

:class:`TerminalClient` is testable without a terminal: it reads lines from any stream and
writes to any text stream. A command that is typed wrongly or refused prints one line and
changes nothing; no command ends the session with a traceback.
"""

from __future__ import annotations

import concurrent.futures
import queue
import shlex
import threading
import time
import traceback
from collections.abc import Callable
from typing import Any, TextIO

from client.net import ConnectionLost, ServerError, ThreadedClient
from client.net.codec import ConnectionNote, Message
from client.net.state import GameTracker
from client.play.describe import describe_event
from client.terminal.board import LEGEND, SEAT_NAMES, render
from client.terminal.events import EVENTS_HELP, EventCommands
from client.terminal.online import ONLINE_HELP, OnlineCommands
from shared.wire import ByePush, DefencePending, GameInfo, InfoPush, PresencePush, StatePush, UpdatePush
from client.terminal.puzzles import PUZZLE_HELP, PuzzleCommands
from client.terminal.parsing import (
    DIRECTIONS,
    UsageError,
    int_option,
    parse_clock,
    parse_line,
    parse_options,
    plan_word,
)

HELP = """commands (rows and columns count from 1):
  games                          list open and live public games, and the bots
  create [map=NAME] [rules=PRESET] [private] [rated] [bot=LEVEL] [clock=...] [seed=N]
                                 (seed: only servers that allow a chosen seed take it)
  join GAME | join code=CODE     take the open seat of a game
  watch GAME | watch code=CODE   watch a game
  board                          draw the board again
  legend                         what the board's characters mean
  place ROW COL across|down WORD lay out a word (letters already yours on the line are kept)
  clear                          take back the letters laid out
  commit                         commit what is laid out
  play ROW COL across|down WORD  place and commit at once
  redeploy ROW COL across|down   lift your word through that cell back to the rack
  discard LETTERS                discard when over the rack limit
  order N N ... | order best     order your defending words (numbers from the list)
  end                            end your turn
  resign | claim                 give up; win against an opponent gone too long
  quit
""" + ONLINE_HELP + "\n" + EVENTS_HELP + "\n" + PUZZLE_HELP


class CommandFailed(Exception):
    """A command that did not succeed; ``usage`` if it was typed wrongly (nothing was sent)."""

    def __init__(self, message: str, usage: bool) -> None:
        super().__init__(message)
        self.usage = usage


class TerminalClient(OnlineCommands):
    """The command loop and the ASCII rendering (testable without a terminal)."""

    def __init__(self, client: ThreadedClient, out: TextIO, on_identity: Callable[[], None] | None = None,
                 timeout: float = 15.0, colour: bool = False, debug: bool = False) -> None:
        self.client = client
        self.out = out
        self.on_identity = on_identity or (lambda: None)
        self.timeout = timeout
        self.colour = colour
        self.debug = debug
        self.game: str | None = None
        self.staged: list[tuple[int, int, str]] = []
        self.stage_direction: str | None = None
        self.running = True
        self._seen_info: dict[str, GameInfo] = {}  # game -> the info shown last (offers, ratings)
        self._seen_version: dict[str, int] = {}  # game -> the version of its last state (takebacks)
        self.events = EventCommands(client, self.say, self._wait, lambda: self.game, lambda game: self.cmd_resume([game]))
        self.puzzles = PuzzleCommands(client, self.say, self._wait, colour)  # puzzles, hint, try, submit

    # ------------------------------------------------------------------------------ output

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    @property
    def tracker(self) -> GameTracker | None:
        return None if self.game is None else self.client.games.get(self.game)

    def pump(self) -> None:
        """Take the messages that arrived and show what changed (a message that cannot be shown
        is one line, never the end of the session)."""
        redraw = False
        for message in self.client.drain():
            try:
                redraw = self._show(message) or redraw
            except Exception as exc:  # noqa: BLE001 - a message this client cannot show
                if self.debug:
                    traceback.print_exc()
                self.say(f"(a {getattr(message, 'type', '?')} message could not be shown: {type(exc).__name__}: {exc})")
        if redraw:
            try:
                self.draw()
            except Exception as exc:  # noqa: BLE001
                if self.debug:
                    traceback.print_exc()
                self.say(f"(the board could not be drawn: {type(exc).__name__}: {exc})")

    def _show(self, message: Message) -> bool:
        """Print what ``message`` says; True if the board must be drawn again."""
        if isinstance(message, ConnectionNote):
            status = message.status
            if status == "reconnecting":
                self.say(f"[connection lost: reconnecting in {message.delay} s]")
            elif status == "connected" and message.reconnects:
                self.say(f"[reconnected to {message.address}]" if message.address else "[reconnected]")
            elif status in ("closed", "refused"):
                self.say(f"[connection {status}: {message.reason or ''}]")
        elif isinstance(message, ByePush):
            self.say(f"[server: {message.reason}]")
        elif self.show_online(message) or self.events.show(message):
            pass
        elif self.game is not None and getattr(message, "game", None) == self.game:
            if isinstance(message, UpdatePush):
                self._seen_version[self.game] = message.version
                for event in message.events:
                    line = describe_event(event, SEAT_NAMES, detail=True)
                    if line:
                        self.say(f"  {line.strip()}")
                return True
            elif isinstance(message, StatePush):
                if message.version < self._seen_version.get(self.game, -1):
                    self.say(f"  turn taken back: the game is at move {message.version} again")
                self._seen_version[self.game] = message.version
                self._seen_info[self.game] = message.info
                return True
            elif isinstance(message, PresencePush):
                who = SEAT_NAMES[message.seat]
                self.say(f"  {who} {'is back' if message.connected else 'left (their clock keeps running)'}")
            elif isinstance(message, InfoPush):
                self.show_info_changes(self._seen_info.get(self.game), message.info)
                self._seen_info[self.game] = message.info
                rematch = message.info.rematch
                if rematch is not None and rematch.game and self.tracker and self.tracker.seat is not None:
                    self.say(f"  rematch started: game {rematch.game} (type `resume {rematch.game}`)")
                elif rematch is not None and rematch.offered_by:
                    self.say(f"  rematch offered by {', '.join(SEAT_NAMES[s] for s in rematch.offered_by)}")
        return False

    def draw(self) -> None:
        tracker = self.tracker
        if tracker is None or tracker.view is None:
            self.say("(no game)")
            return
        self.say(render(tracker, self.staged, self.colour))

    # ------------------------------------------------------------------------------ input

    def run(self, stream: TextIO) -> None:
        """Read commands from ``stream`` while showing what the server sends."""
        lines: queue.Queue[str | None] = queue.Queue()
        unreadable: list[str] = []

        def reader() -> None:
            try:
                for line in stream:
                    lines.put(line)
            except (OSError, ValueError) as exc:  # e.g. bytes that are not text
                unreadable.append(str(exc))
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
        if unreadable:
            self.say(f"the input could not be read any further ({unreadable[0]})")

    def handle(self, line: str) -> bool:
        """Run one command line and print its outcome; False if it failed (one line says why)."""
        try:
            self.run_command(line)
        except CommandFailed as exc:
            self.say(str(exc))
            return False
        finally:
            self.pump()
        return True

    def run_command(self, line: str) -> None:
        """Run one command line; raise :class:`CommandFailed` with a one-line message if it fails."""
        try:
            words = shlex.split(line)
        except ValueError as exc:
            raise CommandFailed(f"cannot read that: {exc}", usage=True) from None
        if not words:
            return
        command, args = words[0].lower(), words[1:]
        handler = (getattr(self, f"cmd_{command}", None) or getattr(self.events, f"cmd_{command}", None)
                   or getattr(self.puzzles, f"cmd_{command}", None))
        if handler is None:
            raise CommandFailed(f"unknown command {command!r}; type `help`", usage=True)
        try:
            handler(args)
        except UsageError as exc:
            raise CommandFailed(str(exc), usage=True) from None
        except ServerError as exc:
            raise CommandFailed(f"refused ({exc.code}): {exc.reason}", usage=False) from None
        except (ConnectionLost, concurrent.futures.TimeoutError) as exc:
            raise CommandFailed(f"not sent: {exc or 'no answer'} (the client reconnects by itself)",
                                usage=False) from None
        except Exception as exc:  # noqa: BLE001 - a bug must not end the session
            if self.debug:
                traceback.print_exc()
            raise CommandFailed(f"{command} failed unexpectedly ({type(exc).__name__}: {exc}); "
                                "please report it", usage=False) from None

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

    def cmd_create(self, args: list[str]) -> None:
        options = parse_options(args, flags={"private", "rated"})
        settings: dict[str, Any] = {"public": "private" not in options, "rated": "rated" in options}
        if "map" in options:
            settings["map"] = options["map"]
        if "rules" in options:
            settings["rules"] = options["rules"]
        if "bot" in options:
            settings["opponent"] = "bot"
            settings["bot_level"] = int_option(options["bot"], "bot")
        if "clock" in options:
            settings["time_control"] = parse_clock(options["clock"])
        if "seed" in options:
            settings["seed"] = int_option(options["seed"], "seed")
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
        if len(args) != 1:
            raise UsageError("resume GAME")
        try:  # with the seat token if this identity has it, else the seat of the account
            attached = self._wait(self.client.attach(args[0]))
        except ServerError as exc:
            if exc.code != "bad_seat_token":
                raise
            raise UsageError(f"you hold no seat in game {args[0]!r}: `mygames` lists yours; "
                             f"`join {args[0]}` takes an open seat, `watch {args[0]}` watches") from None
        self.say(f"back in game {attached['game']} as {SEAT_NAMES[attached['seat']]}")
        self._follow(attached["game"])

    def cmd_board(self, args: list[str]) -> None:
        self.draw()

    def cmd_legend(self, args: list[str]) -> None:
        self.say(LEGEND)

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
        if not isinstance(pending, DefencePending):
            raise UsageError("no defence order is asked of you")
        if args == ["best"]:
            order = list(pending.suggested_order)
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

    def _seated(self) -> GameTracker:
        tracker = self.tracker
        if tracker is None or tracker.view is None:
            raise UsageError("no game yet: create, join, watch or resume one")
        if tracker.seat is None:
            raise UsageError("you are watching this game, not playing it")
        return tracker
