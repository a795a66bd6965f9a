"""The app's :class:`~client.navigation.Navigator`: the one module that knows every screen.

Screens and the map editor are handed this object (through ``window.navigator``) and ask it
where to go next; they never import the app or each other. Each method builds the screen it
names (imported here, when first needed, so the window opens fast) and shows it in the window.
A new screen is one more ``go_*`` method here and in :class:`~client.navigation.Navigator`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import arcade

from client.navigation import AppServices


class ScreenWindow(AppServices, Protocol):
    """The window the screens are shown in (the app's :class:`~client.app.ScrypticWindow`)."""

    def show_view(self, new_view: arcade.View) -> None:
        """Make ``new_view`` the current screen."""


class Screens:
    """Moves between the client's screens in one window (implements ``Navigator``)."""

    analysis_depth = "normal"
    """How hard the analysis board's analysis searches unless told ("quick", "normal", "deep")."""

    def __init__(self, window: ScreenWindow) -> None:
        self.window = window
        self._analysis: tuple[str, Any] | None = None  # (record text, its analysis board): kept to come back to

    def show(self, view: arcade.View) -> None:
        """Go back to a screen that already exists (a game after its hand-over, the editor)."""
        self.window.show_view(view)

    # ---------------------------------------------------------------- the menu's screens
    def go_menu(self) -> None:
        """The main menu."""
        from client.views.menus.main import MainMenuView

        self.show(MainMenuView())

    def go_skirmish(self, mode: str = "ai") -> None:
        """The set-up of a local game (``"ai"`` or ``"hotseat"``)."""
        from client.views.menus.setup import SkirmishSetupView

        self.show(SkirmishSetupView(mode))

    def go_online(self) -> None:
        """The online lobby."""
        from client.views.online.connect import OnlineView

        self.show(OnlineView())

    def go_lobby(self, client: Any) -> None:
        """The live lobby of ``client`` (a connected ThreadedClient)."""
        from client.views.online.lobby import LobbyView

        self.show(LobbyView(client, self))

    def go_my_games(self, client: Any) -> None:
        """Your games in progress and the challenges to you."""
        from client.views.online.my_games import MyGamesView

        self.show(MyGamesView(client, self))

    def go_profile(self, client: Any, user: int | None = None, name: str | None = None) -> None:
        """A player's ratings and games (yourself when neither ``user`` nor ``name`` is given)."""
        from client.views.online.profile import ProfileView

        self.show(ProfileView(client, self, user=user, name=name))

    def go_tournaments(self, client: Any) -> None:
        """The tournaments of the server ``client`` is connected to."""
        from client.views.online.tournaments import TournamentsView

        self.show(TournamentsView(client, self))

    def leave_online(self, client: Any) -> None:
        """Close the connection in the background (the window never waits) and show the menu."""
        import threading

        threading.Thread(target=client.close, name="scryptic-leave-online", daemon=True).start()
        self.go_menu()

    def go_settings(self) -> None:
        """The settings screen."""
        from client.views.menus.settings import SettingsView

        self.show(SettingsView())

    def go_saved_games(self) -> None:
        """The local games kept in their save slots, to resume or delete."""
        from client.views.menus.saved_games import SavedGamesView

        self.show(SavedGamesView())

    def go_howto(self, back: Callable[[], Any] | None = None) -> None:
        """How to play; Escape and Back go to ``back`` (the menu if None)."""
        from client.views.menus.howto import HowToPlayView

        self.show(HowToPlayView(back=back))

    def go_tutorial(self) -> None:
        """The guided first game: nine short lessons on The Anvil, with a coach beside the board."""
        from client.tutorial.driver import TutorialDriver

        app = self.window
        driver = TutorialDriver(app.lexicon, name=app.settings.name, ai_delay=0.6)
        session = driver.start(0)
        if not app.settings.seen_tutorial:
            app.settings.seen_tutorial = True  # the menu stops offering it first
            app.save_settings()
        self.start_game(session, tutorial=True)

    # ---------------------------------------------------------------- the puzzles
    def go_puzzles(self) -> None:
        """The puzzles: the daily puzzle, filters by theme and map, your puzzle rating."""
        from client.views.puzzles.menu import PuzzlesView

        self.show(PuzzlesView())

    def start_puzzle(self, puzzle: Any, *, daily: bool = False, leave: Callable[[], Any] | None = None) -> None:
        """Play ``puzzle`` on the game screen, its scroll beside the board; leaving goes to
        ``leave`` (a new list if None)."""
        from client.play.puzzle import PuzzleDriver
        from client.views.puzzles.menu import puzzle_pack
        from shared.puzzles.progress import default_progress_path

        app = self.window
        driver = PuzzleDriver(puzzle, puzzle_pack().by_id(), app.lexicon, progress_path=default_progress_path(),
                              name=app.settings.name, daily=daily)
        self.start_game(driver.session, leave=leave or self.go_puzzles)

    def go_online_puzzles(self, client: Any) -> None:
        """The Puzzles screen in its online mode: the puzzles of ``client``'s server, rated there."""
        from client.views.puzzles.menu import PuzzlesView

        self.show(PuzzlesView(client=client))

    # ---------------------------------------------------------------- the map editor
    def go_editor(self, map_path: str | None = None) -> None:
        """Open the map editor (on ``map_path`` if given)."""
        from client.editor.view import EditorView

        self.show(EditorView(map_path) if map_path else EditorView())

    # ---------------------------------------------------------------- a game
    def start_game(self, session: Any, *, tutorial: bool = False,
                   leave: Callable[[], Any] | None = None) -> None:
        """Show the game screen for ``session`` (a hand-over screen first in pass and play);
        ``leave`` replaces where leaving the game goes (the main menu). A local game (not the
        guided one) is kept in a save slot (client.play.autosave) from here on."""
        from client.play import autosave, savegame
        from client.views.game.view import GameView

        if not tutorial and savegame.can_save(session):
            autosave.keep(session)  # in its save slot from now on, after every accepted action
        game_view = GameView(session, tutorial=tutorial, leave=leave)
        if session.hot_seat:
            self.show_hand_over(game_view, session.viewer())
        else:
            self.show(game_view)

    def show_hand_over(self, game_view: arcade.View, player: Any) -> None:
        """Pass and play: hide the rack until ``player`` says they are ready."""
        from client.views.game.handover import HandOverView

        self.show(HandOverView(game_view, player))  # type: ignore[arg-type]

    def show_game_over(self, game_view: arcade.View) -> None:
        """The end-of-game screen for the game shown in ``game_view``."""
        from client.views.game.end import EndOfGameView

        self.show(EndOfGameView(game_view))  # type: ignore[arg-type]

    # ---------------------------------------------------------------- after a game
    def go_analysis(self, record_text: str, *, names: dict[int, str] | None = None, owner: Any = None,
                    back: Callable[[], Any] | None = None, depth: str | None = None,
                    server: Callable[[], Any] | None = None) -> None:
        """The analysis board of a finished game's record (ValueError if it cannot be analysed).

        The last board is kept: asked for the same record again (back from the end screen), it is
        shown again with its analysis carried on; another record stops its analysis for good.
        """
        from client.play.analysis_session import AnalysisSession
        from client.views.analysis.view import AnalysisView

        depth = depth or self.analysis_depth
        kept = self._analysis
        if kept is not None and kept[0] == record_text and kept[1].depth == depth:
            view = kept[1]
            view.leave_to = back
        else:
            session = AnalysisSession.from_text(record_text, self.window.lexicon, names=names)
            if kept is not None:
                kept[1].stop()
            view = AnalysisView(session, owner=owner, depth=depth, back=back, server=server)
            self._analysis = (record_text, view)
        self.show(view)
