"""Puzzles from a server: its list and daily puzzle, and attempts it judges and rates.

:class:`OnlinePuzzles` is what the Puzzles screen shows in its online mode: the server's
puzzles (every page of ``puzzles``), its daily puzzle (``daily_puzzle``) and the account's
online rating and streak, asked through a connected :class:`~client.net.ThreadedClient`. It
opens a puzzle (by id, the daily one, or the next one near the online rating) as a
:class:`~client.play.puzzle.PuzzleDriver` whose :class:`ServerLedger` sends the first attempt
(``puzzle_attempt``): the server judges it again, rates it (Glicko-2) and answers with its
verdict, the rating change, the streak and the solutions. A refused attempt (the puzzle was
attempted already, by this client or another; a guest) is told in the driver's note and
leaves the rating as it was. Nothing here blocks: requests are futures read once a frame
(:meth:`OnlinePuzzles.poll`), which also drains the connection, as the online screens do.
"""

from __future__ import annotations

import concurrent.futures
import datetime
from collections.abc import Callable
from typing import Any

from client.net.codec import ConnectionNote
from client.play.puzzle import PuzzleDriver
from client.play.puzzle_ledger import Rated
from client.play.puzzle_list import PuzzleLine, Standing, server_line, server_standing
from shared.puzzle_wire import puzzle_from_dict
from shared.puzzles.judge import Verdict
from shared.puzzles.model import Puzzle, PuzzleError
from shared.rules.lexicon import Lexicon

Future = concurrent.futures.Future
PAGE = 100  # puzzles asked for at a time
MOST_PAGES = 20  # a list longer than this many pages is cut (the next puzzle still reaches them all)


def reason_of(exc: BaseException) -> str:
    """A refused request or a dropped connection, as a sentence."""
    reason = getattr(exc, "reason", None)
    if reason:
        return reason[0].upper() + reason[1:] + ("" if reason.endswith(".") else ".")
    return "The connection dropped before the server answered."


class ServerLedger:
    """The account's online puzzle rating: each first attempt sent to the server, which rates it."""

    online = True
    warning: str | None = None

    def __init__(self, client: Any) -> None:
        self.client = client
        self.standing = Standing()
        self.attempted: dict[str, bool] = {}  # puzzle id -> solved, as the server said
        self.connection: str | None = None  # how the connection stands if not connected
        self._sent: dict[Future, str] = {}  # an attempt being rated -> its puzzle's id
        self._asked: Future | None = None  # the standing, asked again after a refusal

    @property
    def rating(self) -> float:
        return self.standing.rating

    @property
    def streak(self) -> int:
        return self.standing.streak

    def tried_note(self, puzzle_id: str) -> str | None:
        if puzzle_id in self.attempted:
            return "You attempted this puzzle on this server already: this try is not rated."
        return None

    def rate(self, puzzle: Puzzle, actions: list[dict[str, Any]], solved: bool, day: datetime.date) -> Future:
        """Send the attempt; the server plays it for the puzzle's mover (no player in the actions)."""
        wire = [{k: v for k, v in a.items() if k != "player"} for a in actions]
        future: Future = self.client.puzzle_attempt(puzzle.id, wire)
        self._sent[future] = puzzle.id
        return future

    def rated(self, future: Future) -> Rated:
        """The server's answer: its verdict and the rating change, or why it refused the attempt."""
        puzzle_id = self._sent.pop(future, "")
        exc = future.exception()
        if exc is not None:
            if getattr(exc, "code", None) == "already_attempted":
                self.attempted.setdefault(puzzle_id, False)
            self._asked = self.client.puzzles(limit=1)  # the rating as the server has it (another connection may have moved it)
            if getattr(exc, "code", None) is None:  # no answer: the server may or may not have kept it
                return Rated(None, "The connection dropped before the server answered: this try may not be "
                                   "rated (the list shows what the server kept).")
            return Rated(None, f"Refused by the server: {reason_of(exc)} This try is not rated: it leaves your "
                               "online rating as it was.")
        data: dict[str, Any] = future.result()
        rating = data["rating"]
        solved = bool(data["solved"])
        s = self.standing
        self.standing = Standing(float(rating["after"]), int(data["streak"]), int(data["best_streak"]),
                                 s.solved + int(solved), s.attempts + 1)
        self.attempted[str(data["puzzle"])] = solved
        verdict = Verdict(solved, str(data["goal"]), list(data.get("events") or []),
                          list(data.get("explanation") or []))
        solutions = tuple(tuple(solution) for solution in data.get("solutions") or ())
        return Rated(float(rating["change"]), "", verdict, solutions or None)

    def ask_next(self, puzzle: Puzzle) -> Future:
        """The server's next puzzle for the account: not attempted, near the online rating."""
        future: Future = self.client.puzzle()
        return future

    def next_of(self, future: Future) -> Puzzle | None:
        exc = future.exception()
        if exc is not None:
            if getattr(exc, "code", None) == "no_such_puzzle":
                return None
            raise PuzzleError(reason_of(exc))
        return self.take(future.result())

    def take(self, data: dict[str, Any]) -> Puzzle:
        """The puzzle of a ``puzzle`` or ``daily_puzzle`` reply (PuzzleError if it is not one),
        noting the account's attempt at it and its standing."""
        puzzle = puzzle_from_dict(data["puzzle"])
        attempt = data.get("attempt")
        if attempt is not None:
            self.attempted[puzzle.id] = bool(attempt.get("solved"))
        if data.get("rating") is not None:
            self.standing = server_standing(data["rating"])
        return puzzle

    def poll(self) -> None:
        """Drain the connection (the client library keeps its state); note how it stands."""
        for message in self.client.drain():
            if isinstance(message, ConnectionNote):
                self.connection = None if message.status == "connected" else str(message.status)
        if self._asked is not None and self._asked.done():
            asked, self._asked = self._asked, None
            if asked.exception() is None:
                self.standing = server_standing(asked.result()["rating"])


class OnlinePuzzles:
    """The server's puzzles for the Puzzles screen (see the module docstring)."""

    def __init__(self, client: Any, lexicon: Lexicon, name: str = "You") -> None:
        self.client = client
        self.lexicon = lexicon
        self.name = name
        self.ledger = ServerLedger(client)
        self.lines: list[PuzzleLine] | None = None  # None: not heard yet
        self.themes: list[str] = []
        self.maps: list[str] = []
        self.daily: dict[str, Any] | None = None  # the daily_puzzle reply
        self.problem: str | None = None  # the last request refused, as a sentence
        self.opened: PuzzleDriver | None = None  # a puzzle asked for, ready to play
        self.changes = 0  # moves on whenever something shown changed
        self._pending: list[tuple[Future, Callable[[Any], Any], Callable[[BaseException], Any] | None]] = []
        self._listing: list[PuzzleLine] = []
        self._generation = 0

    @property
    def standing(self) -> Standing:
        return self.ledger.standing

    @property
    def daily_line(self) -> tuple[str, PuzzleLine] | None:
        """The day (``YYYY-MM-DD``) and line of the server's daily puzzle."""
        if self.daily is None:
            return None
        p = self.daily["puzzle"]
        attempt = self.daily.get("attempt")
        solved = self.ledger.attempted.get(str(p["id"]), None if attempt is None else bool(attempt.get("solved")))
        line = server_line({"id": p["id"], "map": p["map_name"], "goal": p.get("goal_text", ""),
                            "themes": p.get("themes"), "rating": p.get("rating", 1500.0),
                            "attempted": solved is not None, "solved": bool(solved)})
        return str(self.daily["date"]), line

    # ---------------------------------------------------------------- asking
    def refresh(self) -> None:
        """Ask for the list (every page), the daily puzzle and the standing again."""
        self._generation += 1
        generation = self._generation
        self._listing = []
        self._ask(self.client.puzzles(limit=PAGE), lambda data: self._listed(data, generation))
        self._ask(self.client.daily_puzzle(), self._daily)

    def open(self, puzzle_id: str) -> None:
        """Ask for one puzzle: :attr:`opened` once it came."""
        self._ask(self.client.puzzle(puzzle_id), lambda data: self._open(data, daily=False))

    def open_next(self, theme: str | None = None, map_name: str | None = None) -> None:
        """Ask for the next puzzle near the online rating (of ``theme`` and ``map_name``)."""
        self._ask(self.client.puzzle(theme=theme, map=map_name), lambda data: self._open(data, daily=False),
                  self._none_left)

    def open_daily(self) -> None:
        """The server's daily puzzle (asked for again if it has not come yet)."""
        if self.daily is None:
            self._ask(self.client.daily_puzzle(), self._daily_to_play)
        else:
            self._open(self.daily, daily=True)

    def take_opened(self) -> PuzzleDriver | None:
        """The puzzle asked for, once (None: nothing came yet)."""
        opened, self.opened = self.opened, None
        return opened

    def poll(self) -> bool:
        """Every frame: drain the connection and read the answers come in; True if something changed."""
        self.ledger.poll()
        before = self.changes
        for item in [f for f in self._pending if f[0].done()]:
            self._pending.remove(item)
            future, on_ok, on_error = item
            exc = future.exception()
            if exc is not None:
                (on_error or self._refused)(exc)
            else:
                on_ok(future.result())
            self.changes += 1
        return self.changes != before

    @property
    def busy(self) -> bool:
        """Requests not answered yet."""
        return bool(self._pending)

    # ---------------------------------------------------------------- answers
    def _ask(self, future: Future, on_ok: Callable[[Any], Any],
             on_error: Callable[[BaseException], Any] | None = None) -> None:
        self._pending.append((future, on_ok, on_error))

    def _refused(self, exc: BaseException) -> None:
        self.problem = reason_of(exc)

    def _none_left(self, exc: BaseException) -> None:
        if getattr(exc, "code", None) == "no_such_puzzle":
            self.problem = "You have attempted every puzzle of this server that fits: try another theme or map."
        else:
            self._refused(exc)

    def _listed(self, data: dict[str, Any], generation: int) -> None:
        if generation != self._generation:
            return  # a refresh since: its own pages follow
        self._listing += [server_line(p) for p in data["puzzles"]]
        self.themes, self.maps = list(data.get("themes") or []), list(data.get("maps") or [])
        self.ledger.standing = server_standing(data["rating"])
        for line in self._listing:
            if line.mark is not None:
                self.ledger.attempted[line.id] = line.mark == "solved"
        if data.get("more") and self._listing and len(self._listing) < PAGE * MOST_PAGES:
            after = self._listing[-1].id
            self._ask(self.client.puzzles(limit=PAGE, after=after), lambda more: self._listed(more, generation))
        else:
            self.lines = list(self._listing)

    def _daily(self, data: dict[str, Any]) -> None:
        self.daily = data
        if data.get("attempt") is not None:
            self.ledger.attempted[str(data["puzzle"]["id"])] = bool(data["attempt"].get("solved"))

    def _daily_to_play(self, data: dict[str, Any]) -> None:
        self._daily(data)
        self._open(data, daily=True)

    def _open(self, data: dict[str, Any], *, daily: bool) -> None:
        try:
            puzzle = self.ledger.take(data)
            today = datetime.date.fromisoformat(data["date"]) if daily else None
            self.opened = PuzzleDriver(puzzle, {}, self.lexicon, name=self.name, daily=daily, today=today,
                                       ledger=self.ledger)
        except (PuzzleError, ValueError, KeyError) as exc:
            self.problem = f"This puzzle cannot be played here: {exc}"
