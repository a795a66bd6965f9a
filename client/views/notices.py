"""The notice card of the online screens: your move in another game, or a challenge to you.

The server pushes ``your_turn`` (to the account's connections that do not hold that game's
seat) and ``challenge``; the client library keeps them in ``client.notices`` until a screen
takes them. :class:`NoticeBanner` shows the newest one in a framed card at the top right of
the screen with its two answers (Play / Later, Accept / Decline) and how many more wait.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arcade.gui import UIAnchorLayout, UIBoxLayout
from arcade.types import Color

from client.ui import theme
from client.ui.textures import panel_patch
from client.ui.widgets import BrassButton, label
from client.views.online.lobby_cells import fit
from client.net.lobby import Notice
from client.views.online.lobby_text import game_line, time_left_text
from shared.wire import ChallengePush

BANNER_WIDTH = 400
BANNER_HEIGHT = 112


def notice_lines(notice: Notice) -> tuple[str, str]:
    """The card's heading and its line of detail for one notice."""
    if isinstance(notice, ChallengePush):
        by = notice.by.name or "Someone"
        return f"{by} challenges you", game_line(notice.entry)
    opponent = notice.opponent or "your opponent"
    left = notice.clock.left.get(str(notice.seat)) if notice.clock is not None else None
    detail = str(notice.map or "")
    if left is not None:
        detail += f" \u00b7 {time_left_text(float(left))} left"
    return f"Your move against {opponent}", detail


class NoticeBanner(UIAnchorLayout):
    """A card with the newest notice and its answers; hidden while there is none.

    ``on_play(game)`` resumes a game whose turn came; ``on_answer(game, accept)`` answers a
    challenge. The card forgets a notice once it is answered or put off.
    """

    def __init__(self, *, on_play: Callable[[str], Any], on_answer: Callable[[str, bool], Any]) -> None:
        super().__init__(width=BANNER_WIDTH, height=BANNER_HEIGHT, size_hint=None)
        self.with_background(texture=panel_patch("leather"))
        self.with_padding(left=20, right=20, top=12, bottom=12)
        self.on_play, self.on_answer = on_play, on_answer
        self.queue: list[Notice] = []
        inner = BANNER_WIDTH - 40
        self.heading = label("", size=16, color=theme.AMBER, bold=True, width=inner)
        self.detail = label("", size=13, color=theme.PARCHMENT, width=inner)
        self.yes = BrassButton("Play", width=120, height=34, font_size=15, kind="gold", on_click=self._yes,
                               name="notice-yes")
        self.no = BrassButton("Later", width=110, height=34, font_size=15, kind="steel", on_click=self._no,
                              name="notice-no")
        self.more = label("", size=12, color=theme.INK_MUTED, italic=True, width=96, align="right")
        buttons = UIBoxLayout(vertical=False, space_between=10)
        for widget in (self.yes, self.no, self.more):
            buttons.add(widget)
        box = UIBoxLayout(space_between=6, align="left")
        for part in (self.heading, self.detail, buttons):
            box.add(part)
        self.add(box, anchor_x="left", anchor_y="center")
        self.visible = False

    @property
    def current(self) -> Notice | None:
        """The notice on show (the newest), or None."""
        return self.queue[-1] if self.queue else None

    def push(self, notice: Notice) -> None:
        """Show ``notice`` (a newer notice about the same game replaces the older one)."""
        key = (notice.type, notice.game)
        self.queue = [n for n in self.queue if (n.type, n.game) != key]
        self.queue.append(notice)
        self._show()

    def forget(self, game: str) -> None:
        """Drop every notice about ``game`` (it was resumed or answered some other way)."""
        before = len(self.queue)
        self.queue = [n for n in self.queue if n.game != game]
        if len(self.queue) != before:
            self._show()

    def keep_only(self, turns: set[str], challenges: set[str]) -> None:
        """Drop the notices that no longer hold: ``turns`` are the games where this account must
        act now, ``challenges`` the challenges still waiting (from a ``my_games`` answer)."""
        kept = [n for n in self.queue if n.game in (challenges if n.type == "challenge" else turns)]
        if len(kept) != len(self.queue):
            self.queue = kept
            self._show()

    def _show(self) -> None:
        notice = self.current
        self.visible = notice is not None
        if notice is None:
            return
        heading, detail = notice_lines(notice)
        self.heading.text = fit(heading, BANNER_WIDTH - 40, 16, bold=True)
        self.detail.text = fit(detail, BANNER_WIDTH - 40, 13)
        challenge = notice.type == "challenge"
        self.heading.update_font(font_color=Color.from_iterable(theme.AMETHYST if challenge else theme.AMBER))
        self.yes.text = "Accept" if challenge else "Play"
        self.no.text = "Decline" if challenge else "Later"
        others = len(self.queue) - 1
        self.more.text = f"+{others} more" if others else ""
        self.trigger_full_render()

    def _yes(self) -> None:
        notice = self.current
        if notice is None:
            return
        self.queue.pop()
        self._show()
        if notice.type == "challenge":
            self.on_answer(str(notice.game), True)
        else:
            self.on_play(str(notice.game))

    def _no(self) -> None:
        notice = self.current
        if notice is None:
            return
        self.queue.pop()
        self._show()
        if notice.type == "challenge":
            self.on_answer(str(notice.game), False)
