"""The game screen's chronicle, told as the game goes (a part of :class:`~client.views.game.view.GameView`).

Each event of the game gets its line (:func:`~client.play.describe.describe_event`), a fight its
sentences (the same :class:`~shared.analysis.explain.FightNarrator` the preview and the
analysis use), and a computer player's pass the reason its level gives. A resumed game's story
so far is told when the screen opens.
"""

from __future__ import annotations

from collections.abc import Callable
import msgspec

from client.play.describe import ai_pass_note, describe_event
from client.ui import theme
from client.views.game.state import ScreenState
from shared.ai import LEVELS
from shared.analysis.explain import FightNarrator
from shared.rules.terrain import Player
from shared.wire import GameEvent, TurnEnded


class ChronicleTeller:
    """Writes the game's events into the chronicle of ``state`` (``state.log``)."""

    def __init__(self, state: ScreenState, names: Callable[[], dict[int, str]],
                 seat_name: Callable[[Player], str]) -> None:
        self.state = state
        self.names = names
        self.seat_name = seat_name
        self.narrator = FightNarrator(names())  # tells each fight in the chronicle

    def open_log(self) -> None:
        """The chronicle's first line; for a resumed game, every event so far after it."""
        session, display = self.state.session, self.state.display
        history = session.history
        # who moved first, then (a game resumed with its history is a local one: it has its game)
        first = session.game.first if history else display.to_move  # type: ignore[attr-defined]
        self.state.log.append((f"{session.title or display.map_name}: "
                               f"{self.seat_name(first)} to move", theme.PARCHMENT_DIM))
        for events, on_board in history:
            for event in events:  # told as they were in play, with no animation or sound
                self.state.move_marks.apply(event)
                self.tell(event, on_board)

    def tell(self, event: GameEvent, on_board: dict[Player, int] | None = None) -> None:
        """Tell ``event`` in the chronicle (``on_board``: each side's letters on the board before
        it, when it is not what the screen shows, as when a resumed game's story is told)."""
        log = self.state.log
        kind = event.type
        # A fight is told by the same sentences as the preview's and the analysis's (which read
        # the engine's plain form of an event).
        told = self.narrator.feed(msgspec.to_builtins(event))
        for sentence in told or []:
            log.append(("  " + sentence, theme.PARCHMENT_DIM))
        fight_part = told is not None and kind not in ("word_committed", "defence_requested")
        line = None if fight_part else describe_event(event, self.names())
        if line:
            colour = theme.PARCHMENT if not line.startswith(" ") else theme.PARCHMENT_DIM
            if kind == "turn_started":
                colour = theme.BRASS
            elif kind == "last_turn":
                colour = theme.AMBER
            log.append((line, colour))
        if isinstance(event, TurnEnded) and event.passed:
            player = Player(event.player)
            count = on_board[player] if on_board is not None else len(self.state.display.letters.get(player, {}))
            note = self.pass_note(player, count)
            if note:
                log.append((note, theme.INK_MUTED))

    def pass_note(self, player: Player, on_board: int) -> str | None:
        """Why a computer player passed, if its level explains it."""
        seat = self.state.session.seats.get(player)
        if seat is None or seat.human_here or not seat.ai_level:
            return None
        level = LEVELS.get(seat.ai_level)
        if level is None:
            return None
        hoards = level.hoard_first and level.letter_worth > 0
        return ai_pass_note(level.name, on_board, hoards)
