"""The end of a game: who won and why, the scores, a summary of the game (best words, biggest
fights, cities taken, letters lost), and what next (replay, analysis, rematch, menu)."""

from __future__ import annotations

from concurrent.futures import Future
from typing import TYPE_CHECKING

import arcade
from arcade.gui import UIBoxLayout, UISpace

from client.play.describe import describe_result
from client.ui import pieces, theme
from client.ui.widgets import BrassButton, Panel, label
from client.views.base import BaseView
from client.views.game.end_summary import TABLE_HEIGHT, EndSummary
from client.views.online.offers_end import HEADLINES, EndExtras
from shared.rules.terrain import Player

if TYPE_CHECKING:
    from client.views.game.screen import GameScreen


COIN_FOOT = 185  # the winner's coin reaches this far down from the window's top
MARGIN = 12  # the least room kept between the panel and the window's edges


class EndOfGameView(BaseView):
    """Winner, reason, final scores; watch the replay, analyse the game, ask for a rematch, or go back."""

    def __init__(self, game_view: GameScreen) -> None:
        super().__init__(back=lambda: self.menu())
        self.game_view = game_view
        self.record_future: Future | None = None
        self.record_for = "replay"  # what the record being fetched is for: "replay" or "analyse"
        self.waiting_rematch = False
        self.offer_shown = False
        d = game_view.display
        result = d.result
        winner = result.winner if result is not None else None
        names = game_view.names()
        self.winner = None if winner is None else Player(winner)
        viewer = game_view.viewer
        self.extras = EndExtras(game_view)  # online: rating changes, both racks
        if result is not None and result.reason in HEADLINES:  # aborted, declined: no winner and no draw either
            headline, colour = HEADLINES[result.reason], theme.PARCHMENT
        elif self.winner is None:
            headline, colour = "A draw", theme.PARCHMENT
        elif viewer is not None and not game_view.session.hot_seat:
            headline = "Victory!" if self.winner == viewer else "Defeat"
            colour = theme.GOLD if self.winner == viewer else theme.RUBY
        else:
            headline, colour = f"{names.get(int(self.winner), 'Gold')} wins!", theme.PLAYER_COLOURS[int(self.winner)]
        self.title = headline
        box = UIBoxLayout(space_between=14)
        box.add(label(headline, size=40, color=colour, bold=True))
        box.add(label(describe_result(result, names), size=18, color=theme.PARCHMENT_DIM, italic=True))
        scores = UIBoxLayout(vertical=False, space_between=60)
        for p in (Player.GOLD, Player.SILVER):
            col = UIBoxLayout(space_between=4)
            col.add(label(game_view.seat_name(p), size=18, color=theme.PLAYER_COLOURS[int(p)], bold=True))
            info = d.players.get(p)
            col.add(label(str(info.score if info else 0), size=44, bold=True))
            if info:
                col.add(label(f"{info.captured} from enemy letters", size=13, color=theme.INK_MUTED))
            self.extras.add_to(col, p)
            scores.add(col)
        box.add(scores)
        self.summary = EndSummary(game_view)
        box.add(self.summary.table)
        legend = self.extras.legend()  # what a provisional rating's "?" means
        if legend is not None:
            box.add(legend)
        box.add(UISpace(height=4))
        row = UIBoxLayout(vertical=False, space_between=16)
        row.add(BrassButton("Watch the replay", width=210, on_click=self.replay, name="replay"))
        row.add(BrassButton("Analyse", width=150, on_click=self.analyse, name="analyse"))
        self.rematch_button = BrassButton("Rematch", width=170, kind="gold", on_click=self.rematch, name="rematch")
        self.rematch_button.disabled = viewer is None  # spectators have no seat to play again
        row.add(self.rematch_button)
        back_caption = "Main menu" if self.game_view.leave_to is None else "Back"
        row.add(BrassButton(back_caption, width=160, kind="steel", on_click=self.menu, name="menu"))
        box.add(row)
        self.panel = Panel(box, width=960, height=410 + self.extras.extra_height + TABLE_HEIGHT)
        self.coin_shown = True
        self._place_panel()
        self.nav.controls = list(row.children)

    def _place_panel(self) -> None:
        """Hang the panel under the winner's coin, or higher (without the coin) in a window too
        short for both: the panel never runs off the bottom."""
        h = self.window.height if self.window is not None else 800
        below_coin = min(COIN_FOOT + 20, h - self.panel.height - MARGIN)
        gap = max(MARGIN, below_coin)
        self.coin_shown = gap >= COIN_FOOT
        if self.panel.parent is not None:
            self.root.remove(self.panel)
        self.root.add(self.panel, anchor_x="center", anchor_y="top", align_y=-gap)

    def on_resize(self, width: int, height: int) -> None:
        super().on_resize(width, height)
        self._place_panel()

    def draw_title(self) -> None:
        if self.winner is None or not self.coin_shown:
            return
        w, h = self.window.width, self.window.height
        tex = pieces.coin_texture(int(self.winner), "")
        arcade.draw_texture_rect(tex, arcade.XYWH(w / 2, h - 110, 140, 140))

    # ---------------------------------------------------------------- replay and rematch
    def replay(self) -> None:
        """Fetch the record (from the server for an online game) and play it back."""
        self._fetch_record("replay")

    def analyse(self) -> None:
        """Fetch the record and open the analysis board on it."""
        self._fetch_record("analyse")

    def _fetch_record(self, purpose: str) -> None:
        if self.record_future is not None:
            return
        self.record_for = purpose
        self.record_future = self.game_view.session.fetch_record()
        if not self.record_future.done():
            self.show_toast("Fetching the record of the game...", theme.SAPPHIRE, 10)

    def _record_arrived(self) -> None:
        future, self.record_future = self.record_future, None
        exc = future.exception() if future is not None else None
        text = future.result() if future is not None and exc is None else None
        if not text:
            reason = getattr(exc, "reason", None) or (str(exc) if exc else "")
            what = "analysis" if self.record_for == "analyse" else "replay"
            self.show_toast(f"The {what} is not available: {reason}" if reason
                            else f"The {what} is not available for this game.")
            return
        if self.record_for == "analyse":
            self._open_analysis(text)
            return
        from client.play.replay import ReplaySession

        session = ReplaySession.from_text(text, self.app.lexicon, names=self.game_view.names())
        self.toast = None
        self.navigator.start_game(session)

    def _open_analysis(self, text: str) -> None:
        gv = self.game_view
        owner = None if gv.session.hot_seat else gv.viewer  # pass and play: the lessons cover both sides
        try:
            self.toast = None
            self.navigator.go_analysis(text, names=gv.names(), owner=owner, back=lambda: self.navigator.show(self),
                                       server=gv.session.fetch_analysis if gv.session.online else None)
        except ValueError as exc:
            self.show_toast(f"This game cannot be analysed: {exc}")

    def rematch(self) -> None:
        """A local rematch starts at once; online, the new game is followed when it starts."""
        session = self.game_view.session.rematch()
        if session is None:
            self.waiting_rematch = True
            self.rematch_button.disabled = True
            if not self.game_view.session.rematch_offered():
                self.show_toast("Rematch offered: waiting for your opponent.", theme.SAPPHIRE, 600)
            return
        self.navigator.start_game(session)

    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        session = self.game_view.session
        session.poll()  # keep the connection's messages flowing (the game itself is over)
        if self.extras.update():  # the rating changes came after the end
            self.request_redraw()
        if self.summary.update():  # the record came (from the server, for an online game)
            self.request_redraw()
        if self.record_future is not None and self.record_future.done():
            self._record_arrived()
        if self.waiting_rematch:
            follow = session.rematch_ready()
            if follow is not None:
                self.waiting_rematch = False
                self.navigator.start_game(follow)
                return
            error = session.rematch_error()
            if error:
                self.waiting_rematch = False
                self.rematch_button.disabled = False
                self.show_toast(f"No rematch: {error}")
        elif not self.offer_shown and session.rematch_offered():
            self.offer_shown = True
            opponent = None if self.game_view.viewer is None else self.game_view.viewer.other
            who = self.game_view.seat_name(opponent) if opponent is not None else "Your opponent"
            self.rematch_button.text = "Accept rematch"
            self.show_toast(f"{who} asks for a rematch.", theme.EMERALD, 600)

    def menu(self) -> None:
        """Leave the game the way it was opened: to the lobby or editor that started it, else the menu."""
        self.game_view.leave()
