"""How the game screen follows the game: the :class:`~client.play.animation.Animator`'s host
(a part of :class:`~client.views.game.view.GameView`).

Each event of an update is shown in turn: its effect starts, its sound plays, its line goes in
the chronicle and the last-move marks follow it; when the whole update has been shown the
screen takes the new view of the game and is told (``updated``: the board repaints, the preview,
the end of the game, the coach in the guided game).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from shared.wire import DefencePending, DefenceRequested, GameEvent, event_type

from client.play.animation import Step
from client.play.session import Rejected, Status, Update
from client.ui import theme
from client.views.game.chronicle_teller import ChronicleTeller
from client.views.game.state import ScreenState
from client.views.board.move_marks import MoveMarks


class StepEffects(Protocol):
    """What the events applier drives of the screen's effects (:class:`~client.views.board.effects.Effects`)."""

    def started(self, step: Step) -> None:
        """A step's effect begins."""

    def finished(self, step: Step) -> None:
        """A step's effect is over."""

    def update_done(self) -> None:
        """The whole update has been shown."""


class EventApplier:
    """The animator's host: what the game screen does as each event is shown."""

    def __init__(self, state: ScreenState, fx: StepEffects, teller: ChronicleTeller,
                 updated: Callable[[Update], None]) -> None:
        self.state = state
        self.fx = fx
        self.teller = teller
        self.updated = updated

    def step_started(self, step: Step) -> None:
        """An event begins to be shown: its effect, its sound, its marks and its chronicle line."""
        self.fx.started(step)
        # The sound hook (client/audio): a commit, a fight, a city taken.
        from client import audio

        audio.on_event(step.event)
        self.state.move_marks.apply(step.event)
        self.track_pending(step.event)
        self.teller.tell(step.event)

    def track_pending(self, event: GameEvent) -> None:
        """Keep the shown decision in step with the events (the header names who acts)."""
        display = self.state.display
        kind = event_type(event)
        if isinstance(event, DefenceRequested):
            display.pending = DefencePending(player=event.defender, attack=event.attack, defenders=event.defenders,
                                             suggested_order=event.suggested_order)
        elif kind in ("combat_step", "letters_discarded", "turn_started", "word_committed", "word_lifted",
                      "game_over"):
            display.pending = None

    def step_finished(self, step: Step) -> None:
        """An event has been shown."""
        self.fx.finished(step)

    def update_finished(self, update: Update) -> None:
        """Every event of ``update`` has been shown: the screen takes its view of the game."""
        self.fx.update_done()
        self.state.take_view(update.view)
        if update.resync:
            self.state.move_marks = MoveMarks()
        self.state.sync_planner()
        self.updated(update)


class Queue(Protocol):
    """What polling the session asks of the screen's :class:`~client.play.animation.Animator`."""

    @property
    def busy(self) -> bool:
        """True while an update is being shown."""

    def enqueue(self, update: Update) -> None:
        """Show ``update`` once those before it have been shown."""


def poll_session(state: ScreenState, animator: Queue, replay: bool, show_error: Callable[[str], None],
                 rejected: Callable[[Rejected], None]) -> bool:
    """Take the session's messages: updates to be shown, a rejected action's reason, the status
    line and its notices (which the chronicle keeps). True if a message came."""
    session = state.session
    if replay and animator.busy:
        session.wait()  # type: ignore[attr-defined]  # a replay's next move waits until this one is shown
        return False
    changed = False
    for message in session.poll():
        changed = True
        if isinstance(message, Update):
            animator.enqueue(message)
        elif isinstance(message, Rejected):
            show_error(message.reason)
            rejected(message)
        elif isinstance(message, Status) and message.kind == "notice":
            state.status_text = message.text
            state.log.append((message.text, theme.EMERALD))
        elif isinstance(message, Status):
            state.status_text = "" if message.kind == "thinking" else message.text
    return changed
