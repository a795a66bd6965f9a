"""What the game screen's parts need of it: the :class:`GameScreen` and :class:`BoardArea` protocols.

The game screen (:class:`~client.views.game.view.GameView`) shows its game through parts that draw
and talk to the player: the board, rack, side and header sections, the effects, the tooltip, the
dialogs, the coach, and the screens it hands over to (the hand-over and end-of-game screens).
Each is handed the game screen and types it as :class:`GameScreen`, so these parts never import
the module that assembles them (which would be an import circle). (The screen's own workings,
its state, keys, actions and events, are handed only what they read: see
:mod:`client.views.game.view`.) The sections and helpers it holds are typed ``Any`` here for
the same reason: their own modules say what they are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from collections.abc import Callable

    from shared.wire import View

    import arcade

    from client.play.animation import Animator
    from client.play.display import DisplayState
    from client.navigation import Navigator
    from client.play.preview import Preview
    from client.play.session import GameSession
    from client.play.turn import TurnPlanner
    from client.ui.widgets import BrassButton
    from client.views.board.camera import BoardCamera
    from client.views.game.chronicle import Chronicle
    from client.views.fast_draw import PartialUIManager
    from client.views.game.actions import TurnActions
    from client.views.game.replay import ReplayControls
    from client.views.game.state import Drag, ScreenState
    from client.views.game.text import GameText
    from client.views.layout import GameLayout
    from client.views.board.move_marks import MoveMarks
    from shared.rules.terrain import Cell, Player


class GameScreen(Protocol):
    """The game screen as its parts see it (implemented by ``GameView``)."""

    window: arcade.Window

    @property
    def session(self) -> GameSession:
        """The game shown (read-only here: a screen keeps its session; the analysis board's is an
        :class:`~client.play.analysis_session.AnalysisSession`)."""

    state: ScreenState
    """What the screen shows and the player is doing (the attributes below of the same names)."""
    text: GameText
    """The words the screen says: the headline, each side's status, the banner."""
    actions: TurnActions
    """The turn's actions: commit, recall, shuffle, redeploy..."""
    replay: ReplayControls
    """A replay's controls (nothing for any other session)."""
    viewer: Player | None
    display: DisplayState
    view_dict: View
    planner: TurnPlanner
    preview: Preview
    word_marks: dict[Cell, bool]
    layout: GameLayout
    log: Chronicle
    move_marks: MoveMarks
    animator: Animator
    status_text: str
    error: str | None
    redeploy_mode: bool
    armed_rack_index: int | None
    drag: Drag | None
    pan_from: tuple[float, float] | None
    clock: float
    dialog: Any
    coach: Any
    tutorial: bool
    leave_to: Callable[[], Any] | None
    """Where leaving goes instead of the main menu (the editor, for its test game), or None."""
    board: Any
    """The :class:`~client.views.board.section.BoardSection`."""
    rack: Any
    """The :class:`~client.views.game.rack.RackSection`."""
    side: Any
    """The :class:`~client.views.game.side.SidePanel`."""
    header: Any
    """The :class:`~client.views.game.side.HeaderSection`."""
    fx: Any
    """The :class:`~client.views.board.effects.Effects`."""
    tooltip: Any
    """The :class:`~client.views.board.tooltip.Tooltip`."""
    ui: PartialUIManager
    buttons: dict[str, BrassButton]

    @property
    def navigator(self) -> Navigator:
        """Where the game screen goes next."""

    @property
    def my_turn(self) -> bool:
        """True if the player at the screen may lay letters now."""

    @property
    def is_replay(self) -> bool:
        """True while a recorded game is played back."""

    # ---------------------------------------------------------------- words shown
    def names(self) -> dict[int, str]:
        """The players' names by seat."""

    def seat_name(self, p: Player) -> str:
        """The name shown for seat ``p``."""

    def current_actor(self) -> Player | None:
        """Who must act now."""

    def headline(self) -> str:
        """The line at the top: whose turn, what is awaited."""

    def preview_lines(self) -> list[tuple[str, Any]]:
        """What committing the coins laid now would do."""

    def shadow(self) -> Any:
        """A game holding the shown view."""

    def rack_slots(self) -> int:
        """Slots the tray shows."""

    # ---------------------------------------------------------------- actions
    def planner_changed(self) -> None:
        """Recompute the preview after the coins laid changed."""

    def show_error(self, text: str, seconds: float = 6.0) -> None:
        """A message in the error line for a few seconds."""

    def request_redraw(self) -> None:
        """Draw the next frame."""

    def set_viewer(self, player: Player) -> None:
        """Pass and play: the screen now belongs to ``player``."""

    def set_hover(self, cell: Cell | None, x: float, y: float) -> None:
        """The mouse is over ``cell``."""

    def open_dialog(self, dialog: Any) -> None:
        """Show ``dialog`` over the board."""

    def close_dialog(self) -> None:
        """Close the dialog shown."""

    def open_menu(self) -> None:
        """The pause menu."""

    def open_help(self) -> None:
        """The keys overlay."""

    def leave(self) -> None:
        """Leave the game."""


class BoardArea(Protocol):
    """The board section as its drawing helpers (the marks, the minimap) see it (implemented by
    :class:`~client.views.board.section.BoardSection`)."""

    gv: GameScreen
    cam: arcade.Camera2D
    texts: Any
    hover: Cell | None
    framing: BoardCamera  # zoom and pan (fit, zoom_at, pan, user_zoomed)

    @property
    def window(self) -> arcade.Window:
        """The window the board is drawn in."""

    @property
    def rect(self) -> Any:
        """The board's screen rectangle."""

    @property
    def left(self) -> float:
        """The board's left edge on screen."""

    @property
    def bottom(self) -> float:
        """The board's bottom edge on screen."""

    @property
    def width(self) -> float:
        """The board's width on screen."""

    @property
    def height(self) -> float:
        """The board's height on screen."""

    def fit_zoom(self) -> float:
        """The zoom at which the whole board and its frame fit."""

    @property
    def cell_pixels(self) -> float:
        """Screen pixels of one cell at the current zoom."""

    def cell_to_screen(self, cell: Cell) -> tuple[float, float]:
        """The screen position of a cell's centre."""

    def min_line(self, world: float, pixels: float = 3.0) -> float:
        """A line width in world units, never thinner than ``pixels`` on screen."""

    def cells_rect(self, cells: Any, pad: float) -> tuple[float, float, float, float]:
        """(left, bottom, width, height) round ``cells`` in world units."""

    def fill_cells(self, cells: Any, colour: Any, pad: float = 2) -> None:
        """Fill ``cells`` with ``colour``."""

    def outline_cells(self, cells: Any, colour: Any, width: float = 4, pad: float = 3) -> None:
        """Outline each run of ``cells``."""

    def clamp(self) -> None:
        """Keep the board in view."""
