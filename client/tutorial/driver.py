"""The guided game's coach: what the game screen asks while a lesson is played.

The screen holds one :class:`TutorialDriver` for the whole guided game. It starts a lesson
with :meth:`~TutorialDriver.start` (which gives the :class:`TutorialSession` to show), hands
it every :class:`~client.play.session.Update` and :class:`~client.play.session.Rejected` the session
gives (:meth:`~TutorialDriver.on_update`, :meth:`~TutorialDriver.on_rejected`), calls
:meth:`~TutorialDriver.tick` once a frame, and draws :meth:`~TutorialDriver.state`: the
lesson's title, its text, a note (a refusal, a hint), the cells to point at, and the phase.
When the phase is ``done`` it offers :meth:`~TutorialDriver.next_lesson`; at any time
:meth:`~TutorialDriver.restart` sets the lesson up again and :meth:`~TutorialDriver.hint`
gives the next hint. Nothing here draws: the screen does.
"""

from __future__ import annotations

from dataclasses import dataclass

from client.play.describe import describe_event
from client.play.session import Rejected, Update
from client.tutorial.course import FINALE, LESSONS, MAP_NAME
from client.tutorial.facts import Played
from client.tutorial.lesson import Lesson, Prepared, prepare
from client.tutorial.script import BestDefence
from client.tutorial.session import LessonUpdate, TutorialSession
from shared.rules.actions import EndTurn, OrderDefence
from shared.rules.errors import RuleError
from shared.rules.game import Game
from shared.rules.lexicon import Lexicon
from shared.rules.pending import PendingDefence
from shared.rules.terrain import Cell, GameMap

PLAYING, DONE, STUCK, FINISHED = "playing", "done", "stuck", "finished"
HINT_AFTER = 45.0  # seconds without progress before the first hint shows by itself


@dataclass(frozen=True)
class CoachState:
    """What the coach panel shows now.

    ``phase``: ``playing`` (the lesson is on), ``stuck`` (its move is no longer possible:
    offer a restart), ``done`` (offer the next lesson) or ``finished`` (the last one is done).
    """

    number: int  # from 1
    total: int
    title: str
    text: str
    note: str
    highlights: tuple[Cell, ...]
    phase: str

    @property
    def heading(self) -> str:
        """"Lesson 2 of 5: Supply"."""
        return f"Lesson {self.number} of {self.total}: {self.title}"


class TutorialDriver:
    """Runs the lessons one after another (see the module docstring for the calls)."""

    def __init__(self, lexicon: Lexicon, *, name: str = "You", game_map: GameMap | None = None,
                 lessons: tuple[Lesson, ...] = LESSONS, ai_delay: float = 0.6) -> None:
        if game_map is None:
            from shared.maps.files import load_map

            game_map = load_map(MAP_NAME)
        self.lexicon = lexicon
        self.name = name
        self.game_map = game_map
        self.lessons = lessons
        self.ai_delay = ai_delay
        self.index = 0
        self.prepared: Prepared | None = None
        self.session: TutorialSession | None = None
        self.phase = PLAYING
        self.text = ""
        self.note = ""
        self._highlights: tuple[Cell, ...] = ()
        self._hints_given = 0
        self._quiet = 0.0
        self._attack: Played | None = None  # the player's attack while silver orders its defence

    # ---------------------------------------------------------------- lessons
    def start(self, index: int = 0) -> TutorialSession:
        """Set up lesson ``index`` (from 0) and return the session to show."""
        if not 0 <= index < len(self.lessons):
            raise IndexError(f"there are {len(self.lessons)} lessons; no lesson {index + 1}")
        if self.session is not None:
            self.session.close()
        self.index = index
        self.prepared = prepare(self.lessons[index], self.game_map, self.lexicon)
        self.session = TutorialSession(
            self.prepared.start.copy(), self.name, ai_delay=self.ai_delay,
            title=f"Guided game {index + 1}/{len(self.lessons)}",
            restart=self.restart)
        self.session.driver = self
        self.phase = PLAYING
        self.text = self.prepared.intro
        self.note = ""
        self._highlights = self.prepared.highlights
        self._hints_given = 0
        self._quiet = 0.0
        self._attack = None
        return self.session

    def restart(self) -> TutorialSession:
        """The current lesson again, from its start."""
        return self.start(self.index)

    def next_lesson(self, skip: bool = False) -> TutorialSession | None:
        """The next lesson's session once this one is done (or at once with ``skip``).

        None after the last lesson. Raises ValueError if the lesson is not done yet and
        ``skip`` is not set.
        """
        if self.phase not in (DONE, FINISHED) and not skip:
            raise ValueError("the lesson is not done yet")
        if self.index + 1 >= len(self.lessons):
            return None
        return self.start(self.index + 1)

    # ---------------------------------------------------------------- queries
    @property
    def lesson(self) -> Lesson:
        return self.lessons[self.index]

    @property
    def done(self) -> bool:
        """True once the current lesson's goal is met."""
        return self.phase in (DONE, FINISHED)

    @property
    def finished(self) -> bool:
        """True once the last lesson's goal is met."""
        return self.phase == FINISHED

    def highlights(self) -> tuple[Cell, ...]:
        """The cells to point at (engine cells, from 0)."""
        return self._highlights

    def state(self) -> CoachState:
        """Everything the coach panel shows."""
        return CoachState(self.index + 1, len(self.lessons), self.lesson.title, self.text,
                          self.note, self._highlights, self.phase)

    # ---------------------------------------------------------------- events
    def hint(self) -> str:
        """The next hint (they go round); it also becomes the note."""
        hints = self._require().hints
        if not hints or self.done:
            return ""
        text = hints[self._hints_given % len(hints)]
        self._hints_given += 1
        self.note = f"Hint: {text}"
        return text

    def tick(self, dt: float) -> None:
        """Call once a frame: after a while without progress, the first hint shows itself."""
        if self.phase != PLAYING or self.note:
            return
        self._quiet += dt
        if self._quiet >= HINT_AFTER and self._hints_given == 0:
            self.hint()

    def on_rejected(self, rejected: Rejected) -> None:
        """A move the engine refused: say why, with the next hint."""
        if self.done:
            return
        hints = self._require().hints
        hint = ""
        if hints:
            hint = " " + hints[self._hints_given % len(hints)]
            self._hints_given += 1
        self.note = f"Not allowed: {rejected.reason}.{hint}"

    def on_update(self, update: Update) -> None:
        """An accepted action (either side's): check the goal, or say what happened."""
        played = update.played if isinstance(update, LessonUpdate) else None
        if played is None or self.done:
            return
        prepared = self._require()
        self._quiet = 0.0
        mine = played.action.player == self.lesson.player
        if mine and played.of_type("defence_requested"):
            # The player's attack waits for silver's order: judge it once it is fought.
            self._attack = played
            self.note = "Silver orders its defence..."
            return
        if not mine and self._attack is not None and isinstance(played.action, OrderDefence):
            attack, self._attack = self._attack, None
            played = Played(attack.before, played.after, attack.action, attack.events + played.events)
            mine = True
        if mine:
            if prepared.check(played):
                self._finish(prepared, played)
                return
            if isinstance(played.action, EndTurn):
                self.note = "Silver passes and waits for you: the lesson goes on next turn."
                return
            what = [line.strip() for line in map(describe_event, played.events) if line]
            said = "; ".join(line for line in what if "orders the defence" not in line)
            self.note = (f"{said}. " if said else "") + prepared.text(self.lesson.miss)
        self._check_possible(played.after)

    # ---------------------------------------------------------------- inside
    def _require(self) -> Prepared:
        if self.prepared is None:
            raise RuntimeError("no lesson started: call start() first")
        return self.prepared

    def _finish(self, prepared: Prepared, played: Played) -> None:
        self.text = "Well done! " + prepared.text(self.lesson.done, prepared.facts_of(played))
        committed = played.committed()
        if committed is not None:
            self._highlights = tuple(tuple(c) for c in committed.cells)  # type: ignore[misc]
        last = self.index + 1 >= len(self.lessons)
        self.phase = FINISHED if last else DONE
        self.note = FINALE if last else ""

    def _check_possible(self, game: Game) -> None:
        """Stuck when the lesson's own move can no longer be played (restart to try again)."""
        possible = self._possible(game)
        if possible is False and self.phase != STUCK:
            self.phase = STUCK
            self.note += " The lesson's move is no longer possible from here: restart the lesson."
        elif possible and self.phase == STUCK:
            self.phase = PLAYING

    def _possible(self, game: Game) -> bool | None:
        """Whether the lesson's own move could be played now (None: not the player's move)."""
        move = self.lesson.move
        if isinstance(move, BestDefence):
            pending = game.pending
            return isinstance(pending, PendingDefence) and pending.defender == move.player
        if game.actor != self.lesson.player:
            return None
        try:
            game.check(self._require().own_action(game))
        except RuleError:
            return False
        return True
