"""The offers strip of an online game, at the foot of the side column (never over the board).

A seated player finds there *Draw* (offer one), *Takeback* (ask to take back your last turn:
casual games only) and *Abort* (before the first word; *Resign* after it), each also on a key
(Ctrl+D, Ctrl+Z, Ctrl+A), with a confirmation where a slip of the mouse would cost the game.
When the opponent offers something the strip grows into a banner with *Accept* (Ctrl+Y) and
*Decline* (Ctrl+N). What becomes of an offer (declined, withdrawn, lapsed, a turn taken back)
is said in the strip for a few seconds and kept in the chronicle.

After an accepted takeback the server sends the game at a lower version; the screen shows it
like any new state, and this strip then rebuilds the chronicle and the last-move marks from the
events that are left (the session's tracker keeps them), puts laid-out coins back on the rack
and closes a defence or discard that no longer stands.

:class:`OfferBar` is a part of the game screen (``gv.offers``), made only for an online game
(:func:`offer_bar`); the side panel paints its strip and the screen's UI holds its buttons.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import arcade
from arcade.gui import UIAnchorLayout, UIBoxLayout
from arcade.types import RGBOrA255

from client.play.describe import describe_event
from client.play.net_session import NetworkSession
from client.play.net_session_offers import BAD, GOOD, OfferNotice
from client.ui import pieces, theme
from client.ui.textures import panel_patch
from client.ui.widgets import BrassButton
from client.views.game.chronicle import Chronicle
from client.views.layout import Rect
from client.views.board.move_marks import MoveMarks
from shared.rules.actions import Resign

if TYPE_CHECKING:
    from client.views.game.screen import GameScreen

STRIP_H = 96.0  # a status line (two at most) over a row of buttons
BANNER_H = 140.0  # the opponent offers something: what, and Accept / Decline
PAD, GAP, BUTTON_H = 10, 6, 34
NOTICE_SECONDS = 10.0
TONES = {GOOD: theme.EMERALD, BAD: theme.AMBER}
KEYS_HINT = "Casual game: Ctrl+D offers a draw, Ctrl+Z asks for a takeback"


def offer_bar(gv: "GameScreen") -> "OfferBar | None":
    """The strip for an online game's screen (None for a local game or a replay)."""
    return OfferBar(gv) if gv.session.online else None


class OfferBar:
    """Offers made and answered in an online game, as a strip of the side column."""

    def __init__(self, gv: "GameScreen") -> None:
        self.gv = gv
        session = gv.session
        assert isinstance(session, NetworkSession)  # offer_bar makes a bar for an online game only
        self.session = session
        self.notice: OfferNotice | None = None
        self.notice_left = 0.0
        self.buttons: dict[str, BrassButton] = {}
        self.mode = self._mode()
        self._shape = self._button_shape()
        self._rewinds = self.session.rewinds
        self._history_shown = False

    # ---------------------------------------------------------------- state
    @property
    def seated(self) -> bool:
        return self.session.seat is not None

    @property
    def over(self) -> bool:
        return self.gv.display.result is not None or self.session.tracker.over

    def incoming(self) -> str | None:
        """The opponent's offer to answer now (a draw before a takeback), or None."""
        if not self.seated or self.over:
            return None
        kinds = self.session.offers_to_me()
        return kinds[0] if kinds else None

    def _mode(self) -> str:
        if not self.seated:
            return "none"
        kind = self.incoming()
        return f"banner:{kind}" if kind else "idle"

    @property
    def height(self) -> float:
        """The strip's height in the side column (0: no strip, for a spectator)."""
        return 0.0 if self.mode == "none" else BANNER_H if self.mode.startswith("banner") else STRIP_H

    def why_not(self, what: str) -> str | None:
        """Why ``draw``, ``takeback`` or ``abort`` cannot be asked for now (None: it can)."""
        s = self.session
        if not self.seated:
            return "you are watching this game"
        if self.over:
            return "the game is over"
        if what == "abort":
            return None if s.can_abort() else "a word was committed: it is too late to abort (resign or offer a draw)"
        if s.waiting:
            return "the game has not started: nobody has joined yet"
        if what == "takeback" and s.rated:
            return "takebacks are for casual games; this one is rated"
        if s.against_bot:
            return "the computer never agrees to a draw or a takeback"
        return None

    def status(self) -> tuple[str, RGBOrA255]:
        """The strip's line: a fresh notice, your open offer, or why something is unavailable."""
        if self.notice is not None:
            return self.notice.text, TONES.get(self.notice.tone, theme.SAPPHIRE)
        mine = self.session.my_offers()
        if mine:
            what = "a draw" if mine[0] == "draw" else "a takeback"
            return f"You asked for {what}: waiting for an answer", theme.SAPPHIRE
        if self.over:
            return "The game is over", theme.INK_MUTED
        if self.session.waiting:
            return "Waiting for an opponent: Abort takes the game back", theme.PARCHMENT_DIM
        if self.session.rated:
            return "Rated game: no takebacks (Ctrl+D offers a draw)", theme.PARCHMENT_DIM
        if self.session.against_bot:
            return "The computer never agrees to a draw", theme.PARCHMENT_DIM
        return KEYS_HINT, theme.INK_MUTED

    def banner_text(self) -> tuple[str, str]:
        """The banner's title and explanation for the opponent's offer."""
        kind = self.incoming() or "draw"
        who = self.gv.seat_name(self.gv.viewer.other) if self.gv.viewer is not None else "Your opponent"
        if len(who) > 13:  # the banner's two lines hold a short name
            who = who[:12].rstrip() + "…"
        if kind == "draw":
            rated = " (rated as a draw)" if self.session.rated else ""
            return f"{who} offers a draw", f"Accept and the game ends drawn{rated}; decline and play on."
        return f"{who} asks for a takeback", f"Accept to undo {who}'s last turn; decline and play on."

    def key(self) -> tuple:
        """What the strip shows (the side panel repaints it when this changes)."""
        if self.mode == "none":
            return ("none",)
        return (self.mode, self.status(), self.banner_text() if self.mode != "idle" else None)

    # ---------------------------------------------------------------- each frame
    def update(self, dt: float) -> bool:
        """Follow the session: notices, takebacks, the strip's shape; True if anything changed."""
        gv = self.gv
        before = self.key()
        if self.notice is not None:
            self.notice_left -= dt
            if self.notice_left <= 0:
                self.notice = None
        if not gv.animator.busy:  # the screen shows the newest state: safe to read the log against it
            if not self._history_shown:
                self._history_shown = True
                if gv.view_dict.version > 0:
                    self.rebuild_log()  # a game resumed: its story so far
            if self.session.rewinds != self._rewinds:
                self._rewinds = self.session.rewinds
                self.rewound()
            for notice in self.session.take_notices():
                self.tell(notice)
        self.mode = self._mode()
        shape = self._button_shape()
        if shape != self._shape:
            self._shape = shape
            gv.on_resize(gv.window.width, gv.window.height)  # type: ignore[attr-defined]  # the strip moved
            return True
        return self._apply_disabled() or self.key() != before

    def tell(self, notice: OfferNotice) -> None:
        """Say ``notice`` in the strip for a while, and keep it in the chronicle."""
        self.notice, self.notice_left = notice, NOTICE_SECONDS
        self.gv.log.append((notice.text, TONES.get(notice.tone, theme.SAPPHIRE)))

    def rewound(self) -> None:
        """A takeback was accepted and the screen now shows the earlier state: tidy up after it."""
        gv = self.gv
        from client.views.dialogs import DefenceDialog, DiscardDialog

        if isinstance(gv.dialog, (DefenceDialog, DiscardDialog)):
            gv.close_dialog()  # it was about a turn that is gone (it opens again if it still stands)
        gv.redeploy_mode = False
        gv.planner.recall()
        gv.planner_changed()
        self.rebuild_log()
        gv.request_redraw()

    def rebuild_log(self) -> None:
        """The chronicle and the last-move marks again, from the events up to the shown state."""
        gv = self.gv
        shown = gv.view_dict.version
        events = [e.event for e in self.session.tracker.log if e.version <= shown]
        log = Chronicle()
        if len(gv.log):
            log.append(gv.log[0])  # the game's first line (its map, who moved first)
        marks = MoveMarks()
        names = gv.names()
        for event in events:
            marks.apply(event)
            line = describe_event(event, names)
            if line:
                colour = theme.BRASS if event.type == "turn_started" else (
                    theme.PARCHMENT_DIM if line.startswith(" ") else theme.PARCHMENT)
                log.append((line, colour))
        gv.log = log
        gv.move_marks = marks

    # ---------------------------------------------------------------- buttons
    def _button_shape(self) -> tuple:
        return (self.mode, tuple((text, name) for text, name, _a, _k in self.button_specs()))

    def button_specs(self) -> list[tuple[str, str, Any, str]]:
        """(text, name, action, metal) of the strip's buttons as they are now."""
        if self.mode == "none":
            return []
        if self.mode.startswith("banner"):
            return [("Accept  Ctrl+Y", "offer-accept", self.accept, "emerald"),
                    ("Decline  Ctrl+N", "offer-decline", self.decline, "ruby")]
        mine = self.session.my_offers()
        draw = ("Withdraw", "steel") if "draw" in mine else ("Draw", "brass")
        takeback = ("Withdraw", "steel") if "takeback" in mine else ("Takeback", "brass")
        last = ("Abort", "abort") if self.session.can_abort() else ("Resign", "resign-online")
        return [(draw[0], "offer-draw", self.draw_clicked, draw[1]),
                (takeback[0], "offer-takeback", self.takeback_clicked, takeback[1]),
                (last[0], last[1], self.abort_or_resign, "ruby")]

    def add_buttons(self, root: UIAnchorLayout, buttons: dict[str, BrassButton]) -> None:
        """Put the strip's buttons in the screen's UI (called whenever the screen lays out its buttons)."""
        self.buttons = {}
        rect = self.rect()
        specs = self.button_specs()
        if rect is None or not specs:
            return
        width = (rect.width - 2 * PAD - GAP * (len(specs) - 1)) / len(specs)
        row = UIBoxLayout(vertical=False, space_between=GAP)
        for text, name, action, kind in specs:
            button = BrassButton(text, width=width, height=BUTTON_H, kind=kind, font_size=13, on_click=action,
                                 name=name)
            self.buttons[name] = buttons[name] = button
            row.add(button)
        root.add(row, anchor_x="left", anchor_y="bottom", align_x=rect.left + PAD, align_y=rect.bottom + PAD)
        self._apply_disabled()

    def _apply_disabled(self) -> bool:
        wanted = {"offer-draw": self.why_not("draw") is not None and "draw" not in self.session.my_offers(),
                  "offer-takeback": self.why_not("takeback") is not None
                  and "takeback" not in self.session.my_offers(),
                  "abort": self.why_not("abort") is not None, "resign-online": not self.seated or self.over}
        changed = False
        for name, button in self.buttons.items():
            disabled = wanted.get(name, self.over)
            if button.disabled != disabled:
                button.disabled = disabled
                changed = True
        return changed

    def rect(self) -> Rect | None:
        """Where the strip is (None: no strip)."""
        return self.gv.side.rects.strip

    def areas(self) -> list[tuple[float, float, float, float]]:
        """Where its buttons are drawn (l, b, w, h)."""
        rect = self.rect()
        return [] if rect is None else [(rect.left, rect.bottom, rect.width, rect.height)]

    # ---------------------------------------------------------------- painting (into the side panel's layer)
    def paint(self, texts: Any, rect: Rect) -> None:
        panel_patch("leather").draw_rect(rect=arcade.LBWH(rect.left, rect.bottom, rect.width, rect.height))
        inner = int(rect.width - 2 * PAD - 8)
        if self.mode.startswith("banner"):
            arcade.draw_lbwh_rectangle_outline(rect.left + 4, rect.bottom + 4, rect.width - 8, rect.height - 8,
                                               theme.EMERALD, 3)
            title, body = self.banner_text()
            viewer = self.gv.viewer
            if viewer is not None:  # the offerer's coin beside what they offer
                arcade.draw_texture_rect(pieces.coin_texture(int(viewer.other), ""),
                                         arcade.XYWH(rect.left + PAD + 16, rect.top - 24, 28, 28))
            texts.draw("offer-title", title, rect.left + PAD + 38, rect.top - 30, size=16, color=theme.PARCHMENT,
                       bold=True, width=inner - 34)
            texts.draw("offer-body", body, rect.left + PAD + 4, rect.top - 54, size=12, color=theme.PARCHMENT_DIM,
                       font=theme.SANS, width=inner, multiline=True, anchor_y="top")
            return
        text, colour = self.status()
        texts.draw("offer-status", text, rect.left + PAD + 4, rect.top - 10, size=12, color=colour,
                   font=theme.SANS, width=inner, italic=True, multiline=True, anchor_y="top")

    # ---------------------------------------------------------------- what the player does
    def _refused(self, what: str) -> bool:
        reason = self.why_not(what)
        if reason is not None:
            self.gv.show_error(reason)
            return True
        return False

    def draw_clicked(self) -> None:
        """Offer a draw (after a confirmation), or withdraw yours; if they offered one, accept it."""
        if "draw" in self.session.my_offers():
            self.session.answer_offer("draw", False)
            return
        if "draw" in self.session.offers_to_me():
            self.session.answer_offer("draw", True)
            return
        if self._refused("draw"):
            return
        self._confirm("Offer a draw? If your opponent accepts, the game ends drawn.", "Offer draw",
                      lambda: self.session.offer("draw"))

    def takeback_clicked(self) -> None:
        """Ask to take back your last turn (or withdraw the request)."""
        if "takeback" in self.session.my_offers():
            self.session.answer_offer("takeback", False)
        elif not self._refused("takeback"):
            self.session.offer("takeback")

    def abort_or_resign(self) -> None:
        """Abort before the first word, resign after it: each asks first."""
        if self.over or not self.seated:
            return
        if self.session.can_abort():
            self._confirm("Abort this game? It ends with no winner and is not rated.", "Abort",
                          self.session.abort)
        else:
            viewer = self.gv.viewer
            assert viewer is not None  # seated
            self._confirm("Resign this game? Your opponent wins.", "Resign",
                          lambda: self.session.submit(Resign(viewer)))

    def accept(self) -> None:
        kind = self.incoming()
        if kind is not None:
            self.session.answer_offer(kind, True)

    def decline(self) -> None:
        """Decline the opponent's offer; with none, withdraw your own."""
        kind = self.incoming()
        for what in [kind] if kind else self.session.my_offers():
            self.session.answer_offer(what, False)

    def _confirm(self, question: str, yes: str, action: Any) -> None:
        from client.views.dialogs import ConfirmDialog

        self.gv.open_dialog(ConfirmDialog(self.gv, question, yes, action))

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        """Ctrl+D, Ctrl+Z, Ctrl+A, Ctrl+Y and Ctrl+N (see the keymap); True if the key was one."""
        k = arcade.key
        if not modifiers & (k.MOD_CTRL | k.MOD_COMMAND) or not self.seated:
            return False
        if symbol == k.D:
            self.draw_clicked()
        elif symbol == k.Z:
            self.takeback_clicked()
        elif symbol == k.A:
            if not self._refused("abort"):
                self.abort_or_resign()
        elif symbol == k.Y:
            if self.incoming() is None:
                self.gv.show_error("your opponent has offered nothing to accept")
            self.accept()
        elif symbol == k.N:
            self.decline()
        else:
            return False
        return True
