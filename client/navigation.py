"""The seams between the client's screens: what a screen may ask of the app around it.

Screens (``client.views``) and the map editor (``client.editor``) never import the app or
each other. Each is handed a :class:`Navigator` (where to go next) and reaches the window's
shared things through :class:`AppServices` (settings, the dictionary). The app
(``client.app``) implements both and is the only module that knows every screen, the way
Arcade's examples have one window that switches between views.

This module imports nothing of the client: it holds only the two interfaces.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import arcade


class Navigator(Protocol):
    """Where a screen can go next; every move between screens goes through here."""

    def go_menu(self) -> None:
        """The main menu."""

    def go_skirmish(self, mode: str = "ai") -> None:
        """The set-up of a local game: ``"ai"`` against the computer, ``"hotseat"`` pass and play."""

    def go_online(self) -> None:
        """The online lobby (connect, create, join, watch)."""

    def go_lobby(self, client: Any) -> None:
        """The live lobby (``client.views.online.lobby.LobbyView``) of ``client``, a connected ThreadedClient."""

    def go_my_games(self, client: Any) -> None:
        """Your games in progress and the challenges to you (``client.views.online.my_games.MyGamesView``)."""

    def go_profile(self, client: Any, user: int | None = None, name: str | None = None) -> None:
        """A player's ratings, finished games and the leaderboards (``client.views.online.profile.ProfileView``);
        yourself when neither ``user`` (an id) nor ``name`` is given."""

    def go_tournaments(self, client: Any) -> None:
        """The tournaments: upcoming, running and finished, their standings, join and leave
        (``client.views.online.tournaments.TournamentsView``)."""

    def leave_online(self, client: Any) -> None:
        """Close the connection ``client`` (in the background: the window never waits) and show the
        main menu."""

    def go_settings(self) -> None:
        """The settings screen."""

    def go_saved_games(self) -> None:
        """The local games kept in their save slots, to resume or delete."""

    def go_howto(self, back: Callable[[], Any] | None = None) -> None:
        """How to play; ``back`` is where Escape returns (the menu if None)."""

    def go_tutorial(self) -> None:
        """The guided first game on the small map."""

    def go_editor(self, map_path: str | None = None) -> None:
        """Open the map editor (on ``map_path`` if given)."""

    def start_game(self, session: Any, *, tutorial: bool = False,
                   leave: Callable[[], Any] | None = None) -> None:
        """Show the game screen for ``session`` (a hand-over screen first in pass and play).

        ``leave`` replaces where leaving the game goes (the main menu by default): the editor
        uses it to come back to the map being made.
        """

    def show_hand_over(self, game_view: arcade.View, player: Any) -> None:
        """Pass and play: hide the rack until ``player`` says they are ready."""

    def show_game_over(self, game_view: arcade.View) -> None:
        """The end-of-game screen for the game shown in ``game_view``."""

    def go_analysis(self, record_text: str, *, names: dict[int, str] | None = None, owner: Any = None,
                    back: Callable[[], Any] | None = None, depth: str | None = None,
                    server: Callable[[], Any] | None = None) -> None:
        """The analysis board of a finished game's record (``client.views.analysis.view``).

        ``names`` are the players' names by seat, ``owner`` the seat the screen belongs to (None
        for pass and play, a replay or a spectator: a lesson then covers both sides), ``back``
        where Escape returns (the main menu if None), ``depth`` how hard the analysis searches
        (the app's default if None), ``server`` for an online game: asks its server for the
        analysis (a future of its JSON form), which it then need not make. The same record again
        shows the same board, its analysis
        carried on. A record that cannot be analysed (unreadable, or its game not over) raises
        ValueError, its message saying why.
        """

    def go_puzzles(self) -> None:
        """The puzzles: the daily puzzle, filters by theme and map, your puzzle rating."""

    def start_puzzle(self, puzzle: Any, *, daily: bool = False, leave: Callable[[], Any] | None = None) -> None:
        """Play ``puzzle`` (a :class:`shared.puzzles.model.Puzzle`) on the game screen, rated on
        this machine; leaving goes to ``leave`` (the Puzzles screen if None)."""

    def go_online_puzzles(self, client: Any) -> None:
        """The Puzzles screen in its online mode (``client.views.puzzles.menu.PuzzlesView``): the
        puzzles of the server ``client`` (a connected ThreadedClient) is on, rated there."""

    def show(self, view: arcade.View) -> None:
        """Go back to a screen that already exists (a game after its hand-over, the editor)."""


class AppServices(Protocol):
    """What every screen shares through the window: settings and the dictionary."""

    settings: Any
    navigator: Navigator

    @property
    def lexicon(self) -> Any:
        """The dictionary (loaded on first use)."""

    def save_settings(self) -> None:
        """Write the settings to the player's config folder (not in tests)."""

    def apply_window_settings(self) -> None:
        """Resize or go full screen after the settings changed."""

    def request_redraw(self) -> None:
        """Draw the next frame."""
