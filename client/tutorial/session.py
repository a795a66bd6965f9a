"""The session a lesson is played in: the engine in this process, and a predictable opponent.

:class:`TutorialSession` is a :class:`~client.play.session.LocalSession` whose every accepted
action also carries a :class:`~client.tutorial.facts.Played` (the game just before and just
after, with the events), so the driver can check the goal and quote the numbers of exactly
that move, however late the screen gets to it. Silver never thinks: :func:`scripted_reply`
passes, orders a defence in the engine's best order, and discards its newest letters when
it must. A lesson has no record to replay (it starts from a prepared position), and its
"rematch" is the same lesson from the start.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from client.play.session import LocalSession, Seat, Update
from client.tutorial.facts import Played
from shared.rules.actions import Action, Discard, EndTurn, OrderDefence
from shared.rules.game import Game
from shared.rules.pending import PendingDefence, PendingDiscard
from shared.rules.terrain import Player


@dataclass
class LessonUpdate(Update):
    """An :class:`~client.play.session.Update` that also holds the move as played (None: unknown)."""

    played: Played | None = None


def scripted_reply(game: Game, player: Player, level: int, rng: random.Random) -> Action:
    """The tutor's move: order a defence the best way, discard the newest letters, or pass."""
    pending = game.pending
    if isinstance(pending, PendingDefence) and pending.defender == player:
        return OrderDefence(player, game.best_defence_order())
    if isinstance(pending, PendingDiscard) and pending.player == player:
        return Discard(player, "".join(game.racks[player][-pending.count:]))
    return EndTurn(player)


class TutorialSession(LocalSession):
    """One lesson's game: the player at gold, the scripted tutor at silver."""

    def __init__(
        self,
        game: Game,
        name: str = "You",
        *,
        title: str = "",
        restart: Callable[[], TutorialSession] | None = None,
        ai_delay: float = 0.6,
        **options: Any,
    ) -> None:
        seats = {
            Player.GOLD: Seat(Player.GOLD, name, True),
            Player.SILVER: Seat(Player.SILVER, "Silver (tutor)", False, None),
        }
        super().__init__(game, seats, chooser=scripted_reply, title=title, ai_delay=ai_delay, **options)
        self._restart = restart
        self.driver: Any = None
        """The :class:`~client.tutorial.driver.TutorialDriver` running the lesson (set by it): the game
        screen shows the coach for a session that has one."""

    def _apply(self, action: Action) -> bool:
        before = self.game.copy()
        if not super()._apply(action):
            return False
        update = self._outbox[-1]
        assert isinstance(update, Update)
        played = Played(before, self.game.copy(), action, list(update.events))
        self._outbox[-1] = LessonUpdate(update.events, update.view, update.actor, update.resync, played)
        return True

    def record_text(self) -> str | None:
        """None: a lesson starts from a prepared position, so its record would not replay."""
        return None

    def rematch(self) -> TutorialSession | None:
        """The same lesson from its start."""
        return self._restart() if self._restart is not None else None
