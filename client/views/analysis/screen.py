"""What the analysis board's parts need of it: the :class:`AnalysisScreen` protocol.

The analysis board (:class:`~client.views.analysis.view.AnalysisView`) is the game screen with
the analysis's parts in place of the rack band and the side column: the graph, the side column and
the lesson's scroll. Each is handed the board and types it as :class:`AnalysisScreen`, so these
parts never import the module that assembles them (which would be an import circle).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from client.views.game.screen import GameScreen

if TYPE_CHECKING:
    from client.play.analysis_runner import AnalysisRunner
    from client.play.analysis_session import AnalysisSession
    from shared.analysis import TurnReport
    from shared.rules.terrain import Player


class AnalysisScreen(GameScreen, Protocol):
    """The analysis board as its parts see it (implemented by ``AnalysisView``)."""

    runner: AnalysisRunner
    """The analysis of the game's turns, in the background (or the server's, for an online game)."""
    lesson: Any
    """The :class:`~client.views.analysis.lesson.Lesson` going on, or None."""
    owner: Player | None
    """The seat the board belongs to (None: pass and play, a replay, a spectator)."""
    depth: str
    show_best: bool
    """The better turn's ghost coins are on the board."""
    graph_hover: int | None
    """The turn under the pointer on the graph, if any."""

    @property
    def session(self) -> AnalysisSession:
        """The finished game's turns."""

    def report(self, index: int) -> TurnReport | None:
        """The analysis of turn ``index`` (None until it is in)."""

    def analysis_key(self) -> tuple:
        """What the analysis's parts show (a frame is drawn when it changes)."""
