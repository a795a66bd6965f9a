"""How the game screen follows the game: it hosts the :class:`~client.animation.Animator`
(a mixin of :class:`~client.views.game.GameView`).

Each event of an update is shown in turn: its effect starts, its sound plays, its line goes in
the chronicle and the last-move marks follow it; when the whole update has been shown the
screen takes the new view of the game (and the coach, in the guided game, hears of it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from client.animation import Step
from client.describe import ai_pass_note, describe_event
from shared.analysis.explain import FightNarrator
from client.display import DisplayState
from client.session import Update
from client.ui import theme
from client.views.move_marks import MoveMarks
from shared.rules.terrain import Player


class GameEvents:
    """The animator's host: what the game screen does as each event is shown."""

    session: Any
    display: DisplayState
    view_dict: dict[str, Any]
    move_marks: MoveMarks
    narrator: FightNarrator
    log: Any
    fx: Any
    board: Any
    coach: Any
    end_timer: float | None

    if TYPE_CHECKING:  # defined by the game screen and its other mixins
        @property
        def is_replay(self) -> bool: ...
        def names(self) -> dict[int, str]: ...
        def planner_changed(self) -> None: ...
        def request_redraw(self) -> None: ...
        def _sync_planner(self) -> None: ...

    def open_log(self) -> None:
        """The chronicle's first line; for a resumed game, every event so far after it."""
        history = getattr(self.session, "history", None) or []
        first = self.session.game.first if history else self.display.to_move  # who moved first, then
        self.log.append((f"{self.session.title or self.display.map_name}: "
                         f"{self.seat_name(first)} to move", theme.PARCHMENT_DIM))
        for events, on_board in history:
            for event in events:  # told as they were in play, with no animation or sound
                self.move_marks.apply(event)
                self.chronicle(event, on_board)

    def step_started(self, step: Step) -> None:
        self.fx.started(step)
        # The sound hook (client/audio): a commit, a fight, a city taken.
        from client import audio

        audio.on_event(step.event)
        self.move_marks.apply(step.event)
        self._track_pending(step.event)
        self.chronicle(step.event)

    def chronicle(self, event: dict[str, Any], on_board: dict[Player, int] | None = None) -> None:
        """Tell ``event`` in the chronicle (``on_board``: each side's letters on the board before
        it, when it is not what the screen shows, as when a resumed game's story is told)."""
        kind = event.get("type")
        # A fight is told by the same sentences as the preview's and the analysis's.
        told = self.narrator.feed(event)
        for sentence in told or []:
            self.log.append(("  " + sentence, theme.PARCHMENT_DIM))
        fight_part = told is not None and kind not in ("word_committed", "defence_requested")
        line = None if fight_part else describe_event(event, self.names())
        if line:
            colour = theme.PARCHMENT if not line.startswith(" ") else theme.PARCHMENT_DIM
            if kind == "turn_started":
                colour = theme.BRASS
            elif kind == "last_turn":
                colour = theme.AMBER
            self.log.append((line, colour))
        if kind == "turn_ended" and event.get("passed"):
            player = Player(event["player"])
            count = on_board[player] if on_board is not None else len(self.display.letters.get(player, {}))
            note = self._pass_note(player, count)
            if note:
                self.log.append((note, theme.INK_MUTED))

    def _track_pending(self, event: dict[str, Any]) -> None:
        """Keep the shown decision in step with the events (the header names who acts)."""
        kind = event.get("type")
        if kind == "defence_requested":
            self.display.pending = {"kind": "defence", "player": int(event["defender"]),
                                    "attack": event.get("attack", {}), "defenders": event.get("defenders", []),
                                    "suggested_order": event.get("suggested_order", [])}
        elif kind in ("combat_step", "letters_discarded", "turn_started", "word_committed", "word_lifted",
                      "game_over"):
            self.display.pending = None

    def _pass_note(self, player: Player, on_board: int) -> str | None:
        """Why a computer player passed, if its level explains it."""
        seat = self.session.seats.get(player)
        if seat is None or seat.human_here or not seat.ai_level:
            return None
        try:
            from shared.ai import LEVELS
        except ImportError:
            return None
        level = LEVELS.get(seat.ai_level)
        if level is None:
            return None
        hoards = bool(getattr(level, "hoard_first", False)) and getattr(level, "letter_worth", 0) > 0
        return ai_pass_note(level.name, on_board, hoards)

    def step_finished(self, step: Step) -> None:
        self.fx.finished(step)

    def update_finished(self, update: Update) -> None:
        self.fx.update_done()
        self.view_dict = update.view
        self.display = DisplayState.from_view(update.view)
        self.board.painter.revision = -1
        if update.resync:
            self.move_marks = MoveMarks()
        self._sync_planner()
        self.planner_changed()
        if update.view.get("result") is not None and self.end_timer is None and not self.is_replay:
            self.end_timer = 1.2  # (a local game's save slot went when the game ended: client.autosave)
        self.tell_save_failures()
        if self.coach is not None:
            self.coach.on_update_done(update)
        self.request_redraw()
