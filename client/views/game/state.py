"""What the game screen holds: the game as shown, the turn being laid out, the messages
(:class:`ScreenState`), shared by the screen's parts.

The game screen (:class:`~client.views.game.view.GameView`) owns one :class:`ScreenState` and hands it
to the parts that read or change it (the keys and mouse, the turn's actions, the events as they
are shown, the words it says). The screen's own attributes of the same names
(``gv.display``, ``gv.planner``...) are :class:`StateField` s reading and writing it, so the
sections and dialogs that see the screen as a :class:`~client.views.game.screen.GameScreen`
find them where they were.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, overload

from client.play.display import DisplayState
from client.play.preview import Preview, compute_preview, shadow_game, word_marks
from client.play.session import GameSession
from client.play.turn import TurnPlanner
from client.views.game.chronicle import Chronicle
from client.views.board.move_marks import MoveMarks
from shared.rules.terrain import Cell, Player
from shared.wire import View

T = TypeVar("T")


@dataclass
class Drag:
    """A coin held by the mouse: from the rack (index) or the board (cell)."""

    source: tuple[str, Any]
    letter: str
    x: float
    y: float
    start: tuple[float, float]
    moved: bool = False


@dataclass
class ScreenState:
    """The game screen's state: what it shows of the game and what the player is doing."""

    session: GameSession
    viewer: Player | None
    view_dict: View
    display: DisplayState
    planner: TurnPlanner
    log: Chronicle = field(default_factory=Chronicle)
    move_marks: MoveMarks = field(default_factory=MoveMarks)
    preview: Preview = field(default_factory=Preview)
    word_marks: dict[Cell, bool] = field(default_factory=dict)
    error: str | None = None
    error_time: float = 0.0
    status_text: str = ""
    redeploy_mode: bool = False
    drag: Drag | None = None
    armed_rack_index: int | None = None
    pan_from: tuple[float, float] | None = None
    clock: float = 0.0
    dialog: Any = None
    """The dialog shown over the board (a :class:`~client.views.dialog_base.Dialog`), or None."""
    end_timer: float | None = None
    """Seconds until the end-of-game screen opens, once the game is over."""
    save_failures_told: int = 0
    _shadow: Any = None
    _shadow_version: Any = -1

    def shadow(self) -> Any:
        """A game holding the shown view (for previews and tooltips), rebuilt when it changes."""
        if self._shadow_version != self.view_dict.version or self._shadow is None:
            self._shadow = shadow_game(self.view_dict, self.session.lexicon, self.session.rules, self.viewer)
            self._shadow_version = self.view_dict.version
        return self._shadow

    def refresh_preview(self) -> None:
        """Recompute what committing the coins laid would do (nothing laid: no preview)."""
        if self.viewer is None or not self.planner.placed:
            self.preview = Preview()
            self.word_marks = {}
            return
        self.preview = compute_preview(self.view_dict, self.session.lexicon, self.viewer, self.planner.placed,
                                       self.planner.commit_direction(), self.session.rules, self.shadow())
        self.word_marks = word_marks(self.preview)

    @classmethod
    def start(cls, session: GameSession) -> ScreenState:
        """The state of a screen opening on ``session``, for the seat at the screen."""
        viewer = session.viewer()
        view = session.view(viewer)
        state = cls(session, viewer, view, DisplayState.from_view(view), TurnPlanner(viewer or Player.GOLD))
        state.sync_planner()
        return state

    def show_as(self, viewer: Player | None) -> None:
        """The screen now shows the game as ``viewer`` sees it (None: watching), with a fresh rack."""
        self.viewer = viewer
        self.take_view(self.session.view(viewer))
        self.planner = TurnPlanner(viewer or Player.GOLD)
        self.sync_planner()
        self.redeploy_mode = False

    def take_view(self, view: View) -> None:
        """Show ``view`` (the session's view of the game after an update)."""
        self.view_dict = view
        self.display = DisplayState.from_view(view)

    def sync_planner(self) -> None:
        """Bring the rack and the letters laid in line with the view shown."""
        if self.viewer is None:
            self.planner.rack = []
            self.planner.placed = {}
            return
        if self.planner.player != self.viewer:
            self.planner = TurnPlanner(self.viewer)
        me = self.view_dict.player(self.viewer)
        d = self.display
        self.planner.sync(me.rack or "", d.letters.get(self.viewer, {}), d.width, d.height, d.terrain)

    def rack_slots(self) -> int:
        """Slots the tray shows: the rack limit, or every coin held while over it."""
        held = len(self.planner.rack) + len(self.planner.placed) if self.viewer is not None else 0
        return max(self.session.rules.rack_limit, held)

    def current_actor(self) -> Player | None:
        """Who must act now as the screen shows it: a defender or discarder first, else the mover."""
        d = self.display
        if d.result is not None:
            return None
        if d.pending:
            return Player(d.pending.player)
        return d.to_move

    def can_play(self, busy: bool) -> bool:
        """True if the player at the screen may lay letters now (``busy``: an update is being shown)."""
        return (self.viewer is not None and self.display.result is None and not busy
                and self.current_actor() == self.viewer and self.display.pending is None)

    def tick(self, delta_time: float) -> None:
        """Time passes: the screen's clock runs and the error line's time runs out."""
        self.clock += delta_time
        if self.error_time > 0:
            self.error_time -= delta_time
            if self.error_time <= 0:
                self.error = None

    def end_due(self, delta_time: float) -> bool:
        """Time passes for the end-of-game timer; True once, when the end screen is due."""
        if self.end_timer is None:
            return False
        self.end_timer -= delta_time
        if self.end_timer > 0:
            return False
        self.end_timer = None
        return True

    def show_error(self, text: str, seconds: float = 6.0) -> None:
        """``text`` in the error line for ``seconds``, its first letter a capital."""
        self.error = text[0].upper() + text[1:] if text else text
        self.error_time = seconds


class StateField(Generic[T]):
    """An attribute of the game screen kept in its :class:`ScreenState` (``owner.state``)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, objtype: type | None = None) -> StateField[T]: ...
    @overload
    def __get__(self, obj: object, objtype: type | None = None) -> T: ...
    def __get__(self, obj: object | None, objtype: type | None = None) -> StateField[T] | T:
        if obj is None:
            return self
        value: T = getattr(obj.state, self.name)  # type: ignore[attr-defined]
        return value

    def __set__(self, obj: object, value: T) -> None:
        setattr(obj.state, self.name, value)  # type: ignore[attr-defined]
