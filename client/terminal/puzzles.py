"""The terminal client's puzzle commands: the server's puzzles, the daily puzzle, and one rated
attempt at each, judged by the server (docs/protocol.md, "Puzzles").

The puzzle's position is drawn like a game's board (the engine rebuilds it here: the words of
a defence puzzle's attack are the server's, so this copy takes any word). The attempt is laid
out move by move (``try ...``), shown staged on the board, and sent whole with ``submit``:
the server plays it on the position, answers each defence in the best order and says whether
the goal was reached, with the fights explained and the rating change.

:class:`PuzzleCommands` is a part of :class:`client.terminal.session.TerminalClient`, which
hands it the connection, the printer and the timeout.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from client.net import ThreadedClient
from client.net.state import GameTracker
from client.play.puzzle import action_words
from client.play.wire import wire_view
from client.terminal.board import render
from client.terminal.parsing import UsageError, int_option, parse_line, parse_options
from shared.puzzle_wire import puzzle_from_dict
from shared.puzzles.model import Puzzle, PuzzleError
from shared.puzzles.position import position_of
from shared.rules.lexicon import Category
from shared.wire import GameInfo, SeatInfo

PUZZLE_HELP = """puzzles:
  puzzles [theme=NAME] [map=NAME] the server's puzzles, and your puzzle rating and streak
  puzzle ID | puzzle daily [DATE] | puzzle next [theme=NAME] [map=NAME]
                                 show a puzzle: its board and goal (next: one for your rating)
  hint                           the puzzle's theme; again: the cells to look at
  try ROW COL across|down WORD   lay a word in your attempt (shown staged on the board)
  try order N N ...              order your defence (a defence puzzle)
  try redeploy ROW COL across|down | try clear
  submit                         send the attempt (it ends your turn): judged, rated once"""


class AnyWord:
    """A lexicon that takes every word: the server judges the attempt with its dictionary."""

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str)

    def categories(self, word: str) -> frozenset[Category]:
        return frozenset()


class PuzzleCommands:
    """``puzzles``, ``puzzle``, ``hint``, ``try`` and ``submit`` (see the module docstring)."""

    def __init__(self, client: ThreadedClient, say: Callable[[str], None], wait: Callable[[Any], Any],
                 colour: bool = False) -> None:
        self.client = client
        self.say = say
        self._wait = wait
        self.colour = colour
        self.puzzle: Puzzle | None = None
        self.tracker: GameTracker | None = None
        self.actions: list[dict[str, Any]] = []
        self.staged: list[tuple[int, int, str]] = []
        self.hints = 0

    def cmd_puzzles(self, args: list[str]) -> None:
        opts = parse_options(args)
        data = self._wait(self.client.puzzles(theme=opts.get("theme"), map=opts.get("map"), limit=100))
        self.say(self._standing(data["rating"]))
        for p in data["puzzles"]:
            mark = "  solved" if p["solved"] else "  missed" if p["attempted"] else ""
            self.say(f"  {p['id']:<12} {p['map']:<14} {p['rating']:>5}  {p['goal']}  [{', '.join(p['themes'])}]{mark}")
        if not data["puzzles"]:
            self.say("  (no puzzle fits)")
        self.say(f"themes: {', '.join(data['themes'])}; maps: {', '.join(data['maps'])}")

    def cmd_puzzle(self, args: list[str]) -> None:
        if not args:
            raise UsageError("puzzle ID | puzzle daily [DATE] | puzzle next [theme=NAME] [map=NAME]")
        if args[0] == "daily":
            data = self._wait(self.client.daily_puzzle(args[1] if len(args) > 1 else None))
            self.say(f"The daily puzzle of {data['date']}:")
        elif args[0] == "next":
            opts = parse_options(args[1:])
            data = self._wait(self.client.puzzle(theme=opts.get("theme"), map=opts.get("map")))
        else:
            data = self._wait(self.client.puzzle(args[0]))
        self.show(data)

    def show(self, data: dict[str, Any]) -> None:
        """Take the puzzle of a ``puzzle`` or ``daily_puzzle`` reply and draw it."""
        try:
            puzzle = puzzle_from_dict(data["puzzle"])
            game = position_of(puzzle, AnyWord())
        except PuzzleError as exc:
            raise UsageError(f"this puzzle cannot be shown here: {exc}") from None
        self.puzzle, self.actions, self.staged, self.hints = puzzle, [], [], 0
        tracker = GameTracker(f"puzzle-{puzzle.id}", seat=puzzle.mover, version=0, view=wire_view(game.view(game.actor)))
        tracker.info = GameInfo(game=tracker.game, status="active", map=puzzle.map_name, players={
            str(puzzle.mover): SeatInfo(name="you"), str(3 - puzzle.mover): SeatInfo(name="the other side")})
        self.tracker = tracker
        self.draw()
        self.say(f"Puzzle {puzzle.id} on {puzzle.map_name} (rating {puzzle.rating:.0f}): {puzzle.goal.describe()}")
        attempt = data.get("attempt")
        if attempt is not None:
            self.say(f"You attempted it already ({'solved' if attempt['solved'] else 'missed'}): it is not rated again.")
        self.say(self._standing(data["rating"]))

    def draw(self) -> None:
        if self.tracker is not None:
            self.say(render(self.tracker, self.staged, self.colour))

    def cmd_hint(self, args: list[str]) -> None:
        puzzle = self._need()
        self.hints = min(2, self.hints + 1)
        self.say("hint: the theme is " + (", ".join(puzzle.themes) or "not named"))
        if self.hints == 2:
            cells = ", ".join(f"row {r + 1} column {c + 1}" for r, c in puzzle.hint_where)
            self.say(f"hint: look at {cells or 'the whole board'}")

    def cmd_try(self, args: list[str]) -> None:
        self._need()
        if args[:1] == ["clear"]:
            self.actions, self.staged = [], []
        elif args[:1] == ["order"]:
            self.actions.append({"type": "order_defence", "order": [int_option(a, "defender number") - 1 for a in args[1:]]})
        elif args[:1] == ["redeploy"]:
            if len(args) != 4:
                raise UsageError("try redeploy ROW COL across|down")
            self.actions.append({"type": "redeploy", "cell": [int_option(args[1], "row") - 1,
                                                              int_option(args[2], "column") - 1], "direction": args[3]})
        else:
            row, col, direction, word = parse_line(args)
            placements = self._placements(row, col, direction, word)
            self.actions.append({"type": "commit", "placements": [list(p) for p in placements], "direction": direction})
            self.staged += placements
        self.draw()
        self.say(f"attempt so far: {len(self.actions)} move(s); `submit` sends it")

    def _placements(self, row: int, col: int, direction: str, word: str) -> list[tuple[int, int, str]]:
        assert self.tracker is not None and self.tracker.view is not None and self.tracker.seat is not None
        view = self.tracker.view
        own = {(r, c): ch for r, c, ch in view.player(self.tracker.seat).letters}
        own.update({(r, c): ch for r, c, ch in self.staged})
        dr, dc = (0, 1) if direction == "across" else (1, 0)
        out = [(row + dr * i, col + dc * i, ch) for i, ch in enumerate(word) if (row + dr * i, col + dc * i) not in own]
        if not out:
            raise UsageError("those letters are all on the board already")
        return out

    def cmd_submit(self, args: list[str]) -> None:
        puzzle = self._need()
        if not self.actions:
            raise UsageError("nothing to submit: `try` a move first")
        actions = list(self.actions)
        if puzzle.goal.kind != "keep_letters":
            actions.append({"type": "end_turn"})
        data = self._wait(self.client.puzzle_attempt(puzzle.id, actions))
        self.actions, self.staged = [], []
        self.say("Solved! The goal is reached." if data["solved"] else "Not solved: the goal was not reached.")
        for line in data["explanation"]:
            self.say(f"  {line}")
        r = data["rating"]
        self.say(f"rating {r['before']:.0f} -> {r['after']:.0f} ({r['change']:+.0f}), streak {data['streak']} "
                 f"(best {data['best_streak']})")
        for i, solution in enumerate(data["solutions"]):
            moves = [a for a in solution if a.get("type") != "end_turn"]
            self.say(f"a solution{'' if i == 0 else f' ({i + 1})'}: " + "; ".join(action_words(a) for a in moves))

    def _need(self) -> Puzzle:
        if self.puzzle is None:
            raise UsageError("no puzzle yet: `puzzle ID`, `puzzle daily` or `puzzle next`")
        return self.puzzle

    @staticmethod
    def _standing(r: dict[str, Any]) -> str:
        return (f"your puzzle rating {r['rating']:.0f} (deviation {r['rd']:.0f}), {r['solved']} of {r['attempts']} "
                f"solved, streak {r['streak']} (best {r['best_streak']})")

