"""What a lesson is (data), and a lesson made ready to play (:func:`prepare`).

A :class:`Lesson` holds its position (a :class:`~client.tutorial.script.Script`), the move it
teaches, its texts as templates, its hints, and two small functions: ``facts`` reads the
numbers a text quotes out of a played move (with the engine's helpers in
:mod:`client.tutorial.facts`), and ``goal`` says whether a played move is what the lesson
asks for. :func:`prepare` plays the script, then plays the lesson's own move on a copy of the
position: the instruction quotes the numbers of that move as the engine works them out, and a
lesson whose own move is refused or misses its goal fails here, loudly, before anyone sees it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from client.tutorial.facts import Played, play
from client.tutorial.script import Lay, Move, Script, ScriptError, to_action
from shared.rules.errors import RuleError
from shared.rules.game import Game
from shared.rules.lexicon import Lexicon
from shared.rules.presets import STANDARD, RuleSet
from shared.rules.terrain import Cell, GameMap, Player
from shared.wire import GameEvent
from client.play.wire import wire_events

Facts = dict[str, Any]


@dataclass(frozen=True)
class Story:
    """What led to the lesson's position: the start, and the events of the script's last word."""

    start: Game
    last_word: list[GameEvent]


FactsFn = Callable[[Played, Story], Facts]
GoalFn = Callable[[Played, Story], bool]


@dataclass(frozen=True)
class Lesson:
    """One lesson, as data.

    Texts are ``str.format`` templates over the facts: ``intro`` and ``hints`` are filled with
    the facts of the lesson's own move (played on a copy), ``done`` with those of the move
    that met the goal, ``miss`` with the lesson's own facts after a move that did not.
    ``focus`` lists cells to point at besides those the lesson's move fills.
    """

    key: str
    title: str
    script: Script
    move: Move
    intro: str
    done: str
    miss: str
    hints: tuple[str, ...]
    facts: FactsFn
    goal: GoalFn
    focus: tuple[Cell, ...] = ()
    player: Player = Player.GOLD


@dataclass
class Prepared:
    """A lesson ready to play: its start position, the story and its own move played out."""

    lesson: Lesson
    start: Game
    story: Story
    plan: Played
    facts: Facts = field(default_factory=dict)

    def text(self, template: str, facts: Facts | None = None) -> str:
        """``template`` filled with ``facts`` (the lesson's own facts by default)."""
        return template.format(**(self.facts if facts is None else facts))

    @property
    def intro(self) -> str:
        return self.text(self.lesson.intro)

    @property
    def hints(self) -> tuple[str, ...]:
        return tuple(self.text(h) for h in self.lesson.hints)

    @property
    def highlights(self) -> tuple[Cell, ...]:
        """The cells to point at: the lesson's focus, then the cells its move fills."""
        cells = list(self.lesson.focus)
        move = self.lesson.move
        if isinstance(move, Lay):
            cells += [(r, c) for r, c, _ in move.action().placements]
        return tuple(dict.fromkeys(cells))

    def own_action(self, game: Game | None = None):
        """The lesson's move as an engine action in ``game`` (the start by default)."""
        return to_action(game or self.start, self.lesson.move)

    def check(self, played: Played) -> bool:
        """True if ``played`` meets the lesson's goal."""
        return self.lesson.goal(played, self.story)

    def facts_of(self, played: Played) -> Facts:
        """The facts of a played move (for the well-done text)."""
        return self.lesson.facts(played, self.story)


def prepare(lesson: Lesson, game_map: GameMap, lexicon: Lexicon, rules: RuleSet = STANDARD) -> Prepared:
    """Play ``lesson``'s script and its own move; raise ScriptError if the lesson does not hold.

    It does not hold when the script is refused, when it is not the lesson player's turn to
    act, when the lesson's own move is refused, or when that move misses the goal.
    """
    start, history = lesson.script.play(game_map, rules, lexicon)
    if start.actor != lesson.player:
        raise ScriptError(f"lesson {lesson.key!r}: {lesson.player.label} is not the one to act")
    last_word: list[GameEvent] = []
    for move, events in history:
        if isinstance(move, Lay):
            last_word = wire_events(events, lesson.player)
    story = Story(start, last_word)
    try:
        plan = play(start, to_action(start, lesson.move), lesson.player)
    except RuleError as exc:
        raise ScriptError(f"lesson {lesson.key!r}: its own move is refused: {exc.reason}") from None
    prepared = Prepared(lesson, start, story, plan)
    if not prepared.check(plan):
        raise ScriptError(f"lesson {lesson.key!r}: its own move does not meet its goal")
    prepared.facts = lesson.facts(plan, story)
    return prepared
