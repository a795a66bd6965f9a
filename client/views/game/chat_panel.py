"""The chat of an online game on the game screen: folded by default, it unfolds in place of the
chronicle (the right column), so it never covers the board.

Ctrl+T unfolds it (and reads what came) or folds it. While it is open the keyboard types the
line: Enter sends it, Backspace takes back a character, Esc folds the panel; the board's keys
wait until it is folded. The lines come masked from the server; a refused line shows the
server's reason under the draft. Each line of the other side has Mute, Block and Report links
(a click; the panel says what was done). The model is :class:`client.play.chat.RoomChat`.
"""

from __future__ import annotations

import textwrap
from typing import Any

import arcade
from arcade.types import RGBOrA255

from client.play.chat import ChatLine, RoomChat
from client.play.session import GameSession
from client.ui import theme
from client.ui.textures import panel_patch
from client.views.game.chronicle import LINE_H, Chronicle
from client.views.layout import Rect


LINK_W = {"mute": 38.0, "block": 40.0, "report": 46.0}  # the links' widths, in pixels
LINKS_W = sum(LINK_W.values()) + 28.0  # the three, their gaps and a margin before the text


def chat_panel(session: GameSession) -> ChatPanel | None:
    """The chat panel of ``session``'s game, if it has a chat (online, not against the bot)."""
    chat = session.chat
    return ChatPanel(chat) if chat is not None and chat.available else None


class ChatPanel:
    """Keys and painting of a game's chat (its state is the session's :class:`RoomChat`)."""

    def __init__(self, chat: RoomChat) -> None:
        self.chat = chat
        self.links: list[tuple[Rect, ChatLine, str]] = []  # painted Mute / Block / Report links

    def on_mouse_press(self, x: float, y: float) -> bool:
        """A click on a line's Mute, Block or Report link of the open panel does it."""
        if not self.chat.open:
            return False
        for rect, line, what in self.links:
            if rect.contains(x, y):
                self.chat.act_on(line, what)
                return True
        return False

    def key(self) -> tuple[Any, ...]:
        """What the painted panel depends on (the side panel repaints when it changes)."""
        c = self.chat
        return c.open, len(c.lines), c.lines[-1].id if c.lines else 0, c.draft, c.unread, c.problem, c.note

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        """Ctrl+T folds or unfolds; an open panel takes every other key."""
        k = arcade.key
        if symbol == k.T and modifiers & (k.MOD_CTRL | k.MOD_COMMAND):
            self.chat.toggle()
            return True
        if not self.chat.open:
            return False
        if symbol == k.ESCAPE:
            self.chat.toggle()
        elif symbol in (k.ENTER, k.RETURN, k.NUM_ENTER):
            self.chat.send()
        elif symbol == k.BACKSPACE:
            self.chat.erase()
        return True  # letters come as text (on_text); nothing reaches the board

    def on_text(self, text: str) -> bool:
        """Typed characters go to the draft while the panel is open."""
        if not self.chat.open or not text.isprintable():
            return False
        self.chat.type(text)
        return True

    def paint_folded(self, texts: theme.TextCache, box: Rect) -> None:
        """The chronicle's foot says the chat is there (and how many lines came)."""
        unread = f"  \u2022 {self.chat.unread} new" if self.chat.unread else ""
        texts.draw("chat-hint", f"Chat: Ctrl+T{unread}", box.right - 16, box.bottom + 10, size=10,
                   color=theme.AMBER if self.chat.unread else theme.INK_MUTED, font=theme.SANS, anchor_x="right",
                   italic=not self.chat.unread)

    def paint(self, texts: theme.TextCache, box: Rect) -> None:
        """The open panel: the newest lines that fit, the draft and the server's last refusal."""
        panel_patch("leather").draw_rect(rect=arcade.LBWH(box.left, box.bottom, box.width, box.height))
        room = {"spectators": "Spectators' chat", "tournament": "Lobby chat"}.get(self.chat.room, "Chat")
        texts.draw("chat-title", room, box.left + 18, box.top - 30, size=15, color=theme.BRASS_LIGHT, bold=True)
        esc = "Esc stops typing" if self.chat.room == "tournament" else "Esc folds"
        keys = f"Enter sends \u00b7 {esc}" if self.chat.open else "Click or Ctrl+T to talk"
        texts.draw("chat-keys", keys, box.right - 16, box.top - 29, size=10,
                   color=theme.INK_MUTED, font=theme.SANS, anchor_x="right", italic=True)
        chars = Chronicle.chars_for(box.width - 36)
        links_chars = Chronicle.chars_for(LINKS_W)
        rows: list[tuple[str, RGBOrA255, ChatLine | None]] = []
        for line in self.chat.lines:
            colour = theme.BRASS_LIGHT if line.mine else theme.PARCHMENT
            width = chars if line.mine or line.user is None else chars - links_chars
            parts = textwrap.wrap(f"{line.name}: {line.text}", width) or [""]
            if len(parts) > 1 and width < chars:  # only the first row leaves room for the links
                parts = [parts[0], *textwrap.wrap(f"{line.name}: {line.text}"[len(parts[0]):].strip(), chars - 2)]
            for i, part in enumerate(parts):
                rows.append((part if i == 0 else "  " + part, colour, line if i == 0 and width < chars else None))
        notice = self.chat.problem or self.chat.note
        bottom_rows = 2 + (1 if notice else 0)
        count = max(0, int((box.height - 50) // LINE_H) - bottom_rows)
        y = box.top - 52
        shown = rows[-count:] if count else []
        if not shown:
            texts.draw("chat-empty", "No lines yet: say hello.", box.left + 18, y, size=12, color=theme.INK_MUTED,
                       font=theme.SANS, italic=True)
        self.links = []
        for i, (text, ink, linked) in enumerate(shown):
            texts.draw(("chat", i), text, box.left + 18, y, size=12, color=ink, font=theme.SANS)
            if linked is not None:
                self._paint_links(texts, i, linked, box.right - 16, y)
            y -= LINE_H
        draft_y = box.bottom + 18 + (LINE_H if notice else 0)
        arcade.draw_lrbt_rectangle_filled(box.left + 12, box.right - 12, draft_y - 6, draft_y + LINE_H,
                                          theme.with_alpha(theme.WALNUT, 200))
        draft = self.chat.draft[-(chars - 2):] + "_"
        texts.draw("chat-draft", draft, box.left + 18, draft_y, size=12, color=theme.PARCHMENT, font=theme.SANS)
        if notice:
            texts.draw("chat-problem", notice[:chars], box.left + 18, box.bottom + 14, size=10,
                       color=theme.RUBY if self.chat.problem else theme.EMERALD, font=theme.SANS, italic=True)

    def _paint_links(self, texts: theme.TextCache, row: int, line: ChatLine, right: float, y: float) -> None:
        """A line's Mute, Block and Report links, right-aligned on its first row."""
        x = right
        for what in ("report", "block", "mute"):
            label = what.capitalize()
            width = LINK_W[what]
            arcade.draw_lrbt_rectangle_filled(x - width, x, y - 4, y + 15, theme.with_alpha(theme.WALNUT, 230))
            arcade.draw_lrbt_rectangle_outline(x - width, x, y - 4, y + 15, theme.BRASS, 1)
            texts.draw(("chat-link", row, what), label, x - width / 2, y, size=9,
                       color=theme.RUBY if what == "report" else theme.BRASS_LIGHT, font=theme.SANS, anchor_x="center")
            self.links.append((Rect(x - width, y - 4, width, 19), line, what))
            x -= width + 4
