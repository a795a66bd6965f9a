"""A puzzle played on the game screen: a local game at the puzzle's position whose turn is judged.

:class:`PuzzleSession` is a :class:`~client.play.session.LocalSession` at the puzzle's position
(:func:`shared.puzzles.position.position_of`): the player lays letters and attacks exactly as in
a game, the other side answers each defence in the engine's best order (as the judge does) and
never moves otherwise. When the mover's turn is over (ended, or the defence ordered), the
session hands the turn's actions to its :class:`PuzzleDriver`, which judges them
(:func:`shared.puzzles.judge.judge`), has its ledger rate a first attempt
(:mod:`client.play.puzzle_ledger`: this machine's progress file, or a server, which judges it
again and answers later: the driver waits, phase ``waiting``) and says what happened. The driver also
gives the hints (first the theme, then the cells) and the solution, played out on the board by
a session of its own. The puzzle panel (client/views/puzzles) shows the driver's
:class:`PuzzleState`; nothing here draws.
"""

from __future__ import annotations

import concurrent.futures
import datetime
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from client.play.describe import describe_event
from client.play.puzzle_ledger import LocalLedger, PuzzleLedger, Rated
from client.play.puzzle_list import map_title
from client.play.wire import wire_event
from client.play.session import LocalSession, Seat
from shared.puzzles.daily import daily_puzzle, share_line
from shared.puzzles.judge import IllegalAttempt, Verdict, judge
from shared.puzzles.model import Puzzle, PuzzleError
from shared.puzzles.position import position_of
from shared.puzzles.themes import THEME_WORDS
from shared.rules.actions import Action, EndTurn, OrderDefence, action_from_dict, action_to_dict
from shared.rules.game import Game
from shared.rules.lexicon import Lexicon
from shared.rules.pending import PendingDefence
from shared.rules.terrain import Cell, Player

PLAYING, SOLVED, FAILED, SHOWN, WAITING = "playing", "solved", "failed", "shown", "waiting"
OUTCOME_EVENTS = ("city_taken", "letters_removed", "game_over")
Future = concurrent.futures.Future


def _defender_reply(game: Game, player: Player, level: int, rng: random.Random) -> Action:
    """The other side's answer: a defence in the engine's best order (what the judge plays)."""
    if isinstance(game.pending, PendingDefence) and game.pending.defender == player:
        return OrderDefence(player, game.best_defence_order())
    return EndTurn(player)


class PuzzleSession(LocalSession):
    """The puzzle's position as a local game (see the module docstring)."""

    def __init__(self, puzzle: Puzzle, lexicon: Lexicon, *, name: str = "You",
                 turn_over: Callable[[list[dict[str, Any]]], None] | None = None,
                 script: Sequence[dict[str, Any]] = (), ai_delay: float = 0.35) -> None:
        """``turn_over(actions)`` is told the mover's actions once the turn is over; ``script``:
        actions played by themselves (the solution shown), one when the last has been answered."""
        game = position_of(puzzle, lexicon)
        self.puzzle = puzzle
        self.mover = Player(puzzle.mover)
        other = self.mover.other
        seats = {self.mover: Seat(self.mover, name, True),
                 other: Seat(other, other.label.capitalize(), False, None)}
        super().__init__(game, seats, chooser=_defender_reply, title=f"Puzzle {puzzle.id}", ai_delay=ai_delay)
        self.turn_over = turn_over
        self.played: list[dict[str, Any]] = []
        self.done = False
        self._script = [action_from_dict(a) for a in script]
        self._scripted = bool(script)

    def _apply(self, action: Action) -> bool:
        if self.done:
            return False
        if not super()._apply(action):
            return False
        if action.player == self.mover:
            self.played.append(action_to_dict(action))
        if self._turn_finished():
            self.done = True
            self.paused = True  # the other side never plays its own turn
            if self.turn_over is not None:
                self.turn_over(list(self.played))
        return True

    def _turn_finished(self) -> bool:
        game = self.game
        if game.result is not None:
            return True
        if isinstance(game.pending, PendingDefence) and game.pending.defender != self.mover:
            return False  # the other side answers first
        return bool(self.played) and game.actor != self.mover

    def poll(self) -> list[Any]:
        if self._scripted and not self.done and self._worker is None and self.game.actor == self.mover:
            if self._script:
                self._apply(self._script.pop(0))
            else:  # the solution is played (it need not end the turn): nothing more happens here
                self.done = self.paused = True
        return super().poll()

    def record_text(self) -> str | None:
        """None: a puzzle starts from a position, so its record would not replay."""
        return None

    def rematch(self) -> None:
        """None: a puzzle is tried again from its panel."""
        return None


@dataclass(frozen=True)
class PuzzleState:
    """What the puzzle panel shows now. ``phase``: playing, solved, failed or shown (the solution)."""

    title: str
    goal: str
    text: str
    note: str
    highlights: tuple[Cell, ...]
    phase: str
    rating: float
    change: float | None = None  # the rating change of this first attempt (None: not rated now)
    streak: int = 0
    hints: int = 0
    counted: bool = True  # this attempt is the rated first one
    lines: tuple[str, ...] = field(default=())  # the outcome explained, sentence by sentence
    map_title: str = ""  # the title of the map the position is from ("Cinder Ford")
    online: bool = False  # rated by a server (the online rating), not this machine


def action_words(action: dict[str, Any]) -> str:
    """A mover's action in a player's words ("ORE across at row 3, column 4")."""
    kind = action.get("type")
    if kind == "commit":
        cells = sorted((int(r), int(c), str(ch)) for r, c, ch in action["placements"])
        word = "".join(ch for _r, _c, ch in cells).upper()
        across = len({r for r, _c, _ch in cells}) == 1 and (len(cells) > 1 or action.get("direction") != "down")
        r, c = cells[0][0], cells[0][1]
        return f"lay {word} {'across' if across else 'down'} from row {r + 1}, column {c + 1}"
    if kind == "order_defence":
        return "order the defence " + ", ".join(str(i + 1) for i in action.get("order", []))
    if kind == "redeploy":
        r, c = action["cell"]
        return f"lift the line at row {r + 1}, column {c + 1} back to the rack"
    if kind == "discard":
        return f"discard {str(action['letters']).upper()}"
    return "end the turn" if kind == "end_turn" else str(kind)


class PuzzleDriver:
    """One puzzle on the screen: its attempts, hints, verdict and rating (see the module docstring)."""

    def __init__(self, puzzle: Puzzle, pack: Mapping[str, Puzzle], lexicon: Lexicon, *,
                 progress_path: Path | None = None, name: str = "You", today: datetime.date | None = None,
                 daily: bool = False, ledger: PuzzleLedger | None = None) -> None:
        """``ledger``: where the first attempt is rated (None: the progress file ``progress_path``,
        the puzzles of ``pack``)."""
        if ledger is None:
            assert progress_path is not None, "a local puzzle needs its progress file"
            ledger = LocalLedger(pack, progress_path)
        self.ledger = ledger
        self.puzzle = puzzle
        self.pack = pack
        self.lexicon = lexicon
        self.name = name
        self.today = today or datetime.date.today()
        self.daily = daily
        self.hints = 0
        self.tries = 0
        self.phase = PLAYING
        self.verdict: Verdict | None = None
        self.change: float | None = None
        self._rating: Future | None = None  # the first attempt, being rated
        self._asked: Future | None = None  # the next puzzle, asked for
        self.following: PuzzleDriver | None = None  # the next puzzle's driver, once it came
        self.none_left = False  # asked for the next puzzle: there is none
        tried = ledger.tried_note(puzzle.id)
        self.counted = tried is None
        self.note = ledger.warning or tried or ""
        self.session = self.new_session()

    # ---------------------------------------------------------------- sessions
    def new_session(self) -> PuzzleSession:
        """A fresh game at the puzzle's position (a first try, or another)."""
        session = PuzzleSession(self.puzzle, self.lexicon, name=self.name, turn_over=self.turn_over)
        session.driver = self
        self.session = session
        return session

    def retry(self) -> PuzzleSession:
        """The position again, to try once more (not rated)."""
        self.phase, self.verdict, self.change = PLAYING, None, None
        self.note = "Another try: only the first is rated."
        return self.new_session()

    def solution_session(self) -> PuzzleSession | None:
        """A session that plays the first solution on the board by itself (None: none known)."""
        if not self.puzzle.solutions:
            return None
        solution = self.puzzle.solutions[0]
        session = PuzzleSession(self.puzzle, self.lexicon, name=self.name, script=solution,
                                turn_over=lambda actions: None)
        session.driver = self
        self.session = session
        try:
            self.verdict = judge(self.puzzle, list(solution), self.lexicon)
        except PuzzleError:
            self.verdict = None
        self.phase = SHOWN
        self.note = "The solution: " + "; ".join(action_words(a) for a in solution if a.get("type") != "end_turn") + "."
        return session

    def next_puzzle(self) -> Puzzle | None:
        """Another puzzle of the pack near your rating, neither this one nor one tried (None: none
        left); only for a ledger that answers at once (this machine's)."""
        return self.ledger.next_of(self.ledger.ask_next(self.puzzle))

    def ask_next(self) -> None:
        """Ask the ledger for the next puzzle: :attr:`following` (or :attr:`none_left`) once it comes."""
        if self._asked is None and self.following is None and self.phase != WAITING:
            self._asked = self.ledger.ask_next(self.puzzle)
            self.poll()

    def successor(self, puzzle: Puzzle, *, daily: bool = False, today: datetime.date | None = None) -> "PuzzleDriver":
        """A driver for ``puzzle``, rated in the same ledger."""
        return PuzzleDriver(puzzle, self.pack, self.lexicon, name=self.name, daily=daily,
                            today=today or (None if daily else self.today), ledger=self.ledger)

    def poll(self) -> bool:
        """Every frame: the rating of the first attempt and the next puzzle, once they come; True
        if what the panel shows may have changed."""
        self.ledger.poll()
        changed = False
        if self._rating is not None and self._rating.done():
            future, self._rating = self._rating, None
            self._take_rating(self.ledger.rated(future))
            changed = True
        if self._asked is not None and self._asked.done():
            future, self._asked = self._asked, None
            try:
                chosen = self.ledger.next_of(future)
            except PuzzleError as exc:
                self.note = str(exc)
            else:
                self.none_left = chosen is None
                self.following = None if chosen is None else self.successor(chosen)
            changed = True
        return changed

    # ---------------------------------------------------------------- what the game tells it
    def turn_over(self, actions: list[dict[str, Any]]) -> None:
        """The mover's turn is over: judge it, and rate it if it is the first attempt."""
        self.tries += 1
        self.note = ""
        try:
            verdict = judge(self.puzzle, actions, self.lexicon)
        except IllegalAttempt as exc:  # the engine took each action here, so this is unexpected
            self.note = f"The turn could not be judged: {exc}"
            self.phase = FAILED
            return
        self.verdict = verdict
        self.phase = SOLVED if verdict.solved else FAILED
        self._share_note()
        if self.counted and self.tries == 1:
            self._rating = self.ledger.rate(self.puzzle, list(actions), verdict.solved, self.today)
            if not self._rating.done():
                self.phase = WAITING
                self.note = "Your attempt is with the server: it judges and rates it."
            self.poll()

    def _share_note(self) -> None:
        if self.daily and self.verdict is not None:  # a line to share the day's result, no answer given away
            self.note = "Share: " + share_line(self.puzzle, self.today, self.verdict.solved, self.tries, self.hints)

    def _take_rating(self, rated: Rated) -> None:
        """The ledger's answer about the first attempt: the rating change, or why there is none."""
        if rated.verdict is not None:
            self.verdict = rated.verdict
        if rated.solutions:
            self.puzzle = msgspec.structs.replace(self.puzzle, solutions=rated.solutions)
        if self.verdict is not None:
            self.phase = SOLVED if self.verdict.solved else FAILED
        self.change = rated.change
        if rated.note:
            self.note = rated.note
        elif self.phase != WAITING:
            self.note = ""
            self._share_note()

    def hint(self) -> None:
        """The next hint: first the theme, then where (the cells light up on the board)."""
        if self.phase != PLAYING or self.hints >= 2:
            return
        self.hints += 1
        themes = [THEME_WORDS.get(t, t) for t in self.puzzle.themes]
        self.note = "Hint: " + (" ".join(themes) if themes else "think about what the goal needs.")
        if self.hints == 2:
            count = len(self.puzzle.hint_where)
            self.note += (" Look at the cells ringed on the board." if count > 1 else
                          " Look at the cell ringed on the board." if count else " No cell to point at: the theme says it all.")

    # ---------------------------------------------------------------- what the panel shows
    def state(self) -> PuzzleState:
        """What the panel shows now."""
        p = self.puzzle
        highlights: tuple[Cell, ...] = ()
        if self.phase == PLAYING and self.hints >= 2:
            highlights = tuple((int(r), int(c)) for r, c in p.hint_where)
        lines = self._outcome_lines()
        title = ("Daily puzzle " + self.today.isoformat()) if self.daily else f"Puzzle {p.id}"
        return PuzzleState(title, p.goal.describe(), self._text(), self.note, highlights, self.phase,
                           self.ledger.rating, self.change, self.ledger.streak, self.hints,
                           self._counted(), lines, map_title(p.map_name), self.ledger.online)

    def _outcome_lines(self) -> tuple[str, ...]:
        """What the judged turn did: its fights explained (as the chronicle tells them), else
        the chronicle's lines of its cities taken and letters lost."""
        if self.verdict is None:
            return ()
        if self.verdict.sentences:
            return tuple(self.verdict.sentences)
        names = {int(p): seat.name for p, seat in self.session.seats.items()}
        events = (wire_event(e) for e in self.verdict.events)
        told = (describe_event(e, names) for e in events if e.type in OUTCOME_EVENTS)
        return tuple(line.strip() for line in told if line)

    def _counted(self) -> bool:
        """The try shown is the rated first attempt (being played, or just judged)."""
        if self.phase in (SOLVED, FAILED):
            return self.change is not None
        if self.phase == WAITING:
            return True
        return self.phase == PLAYING and self.counted and self.tries == 0

    def _text(self) -> str:
        p = self.puzzle
        you = "gold" if p.mover == int(Player.GOLD) else "silver"
        if self.phase == SOLVED:
            return "Solved! The goal is reached."
        if self.phase == FAILED:
            return "Not this time: the goal was not reached. Try again, or see a solution."
        if self.phase == SHOWN:
            return "Here is a turn that reaches the goal."
        if self.phase == WAITING:
            return "Your turn is played: the server is judging it..."
        if p.goal.kind == "keep_letters":
            return f"You play {you}. The attack is made: order your defence as in a game."
        return f"You play {you}. Lay your letters as in a game, then end the turn."


def load_daily(puzzles: Sequence[Puzzle], date: datetime.date) -> Puzzle:
    """The day's puzzle of ``puzzles`` (the same on every client and the server)."""
    return daily_puzzle(puzzles, date)
