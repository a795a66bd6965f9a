"""The session behind the analysis board: a finished game you can jump about in, turn by turn.

:class:`AnalysisSession` is a :class:`~client.play.session.GameSession` the game screen can draw: it
shows the position at the start of any turn (or the end), each jump a resync (no animation).
For "Learn from your mistakes" it opens a *trial* at a turn's start: the side that moved then
may lay words, redeploy and end the turn as in a game (the defender orders its defence the
engine's best way, as the analysis's search assumes), and the actions tried are kept for the
judging (:func:`client.play.analysis_runner.judge_in_background`).
"""

from __future__ import annotations

from typing import Any

from shared.analysis import AnalysisError, split_turns
from shared.rules.actions import Action, OrderDefence, action_to_dict
from shared.rules.errors import RuleError
from shared.rules.game import Game
from shared.rules.lexicon import Lexicon
from shared.rules.pending import PendingDefence
from shared.rules.record import GameRecord, parse_record
from shared.rules.terrain import Player
from shared.wire import View

from client.play.session import GameSession, Message, Rejected, Seat, Update
from client.play.wire import wire_events, wire_view


class AnalysisSession(GameSession):
    """A finished game's positions, turn by turn; trials of a turn for the lessons."""

    def __init__(self, record: GameRecord, lexicon: Lexicon, *, names: dict[int, str] | None = None) -> None:
        self.record = record
        self.lexicon = lexicon
        self.rules = record.rules
        self.turns, self.final = split_turns(record, lexicon)  # a RecordError or GameNotOver if it cannot be
        if not self.turns:
            raise AnalysisError("the record holds no turn to analyse")
        names = names or {}
        self.seats = {p: Seat(p, names.get(int(p)) or p.label.capitalize(), False) for p in Player}
        self.title = f"Analysis: {record.game_map.name}"
        self.index = 0  # the position shown: the start of turns[index], or the end at len(turns)
        self.game: Game = self.turns[0].start.copy()
        self.trial_player: Player | None = None  # whose turn is being tried (None: no trial)
        self.trial_open = False  # True while the trial takes actions
        self.trial_actions: list[dict[str, Any]] = []
        self._outbox: list[Message] = []

    @classmethod
    def from_text(cls, text: str, lexicon: Lexicon, **options: Any) -> "AnalysisSession":
        return cls(parse_record(text), lexicon, **options)

    # ---------------------------------------------------------------- positions
    @property
    def total(self) -> int:
        """How many turns the game had."""
        return len(self.turns)

    def position(self, index: int) -> Game:
        """The game at the start of turn ``index`` (the end for ``len(turns)``); not to be changed."""
        return self.final if index >= self.total else self.turns[max(0, index)].start

    def seek(self, index: int, *, trial: bool = False) -> None:
        """Show the start of turn ``index`` (the end past the last); with ``trial``, its mover may
        try a turn there."""
        index = max(0, min(self.total, index))
        trial = trial and index < self.total
        self.index = index
        self.game = self.position(index).copy()
        self.trial_player = self.turns[index].player if trial else None
        self.trial_open = trial
        self.trial_actions = []
        self._outbox.append(Update([], wire_view(self.game.view(self.trial_player)), None, resync=True))

    def close_trial(self) -> None:
        """The trial takes no more actions (the rack stays on show)."""
        self.trial_open = False

    @property
    def trial_over(self) -> bool:
        """True once the turn tried has ended (or ended the game)."""
        return (self.trial_player is not None and bool(self.trial_actions)
                and (self.game.over or self.game.turn != self.turns[self.index].number))

    # ---------------------------------------------------------------- the session's interface
    def view(self, viewer: Player | None) -> View:
        return wire_view(self.game.view(viewer))

    def actor(self) -> Player | None:
        return self.game.actor

    def viewer(self) -> Player | None:
        return self.trial_player

    def submit(self, action: Action) -> None:
        """An action of the trial (refused outside one, or by the rules)."""
        if not self.trial_open or action.player != self.trial_player or self.trial_over:
            self._outbox.append(Rejected("finished", "this game is over: a lesson lets you try a turn"))
            return
        try:
            events = self.game.apply(action)
        except RuleError as exc:
            self._outbox.append(Rejected(exc.code, exc.reason))
            return
        self.trial_actions.append(action_to_dict(action))
        game = self.game
        # The defender answers an attack the engine's best way (as the analysis's search assumes).
        while isinstance(game.pending, PendingDefence) and game.actor not in (None, self.trial_player):
            order = OrderDefence(game.actor, game.best_defence_order())
            events += game.apply(order)
            self.trial_actions.append(action_to_dict(order))
        self._outbox.append(Update(wire_events(events, self.trial_player), wire_view(game.view(self.trial_player)),
                                   action.player))

    def poll(self) -> list[Message]:
        out, self._outbox = self._outbox, []
        return out

    def record_text(self) -> str | None:
        return self.record.to_text()
