"""What the game screen says in words: the headline, each side's status, the preview panel's
lines and the banner at the foot of the board (a part of :class:`~client.views.game.view.GameView`,
handed its :class:`~client.views.game.state.ScreenState`).
"""

from __future__ import annotations

from collections.abc import Callable

from client.play.describe import describe_result, side
from client.ui import theme
from client.views.game.state import ScreenState
from shared.rules.terrain import Player

Colour = tuple[int, int, int] | tuple[int, int, int, int]  # RGB or RGBA, 0-255


class GameText:
    """Sentences about the game for the header, the side panel and the board's banner."""

    def __init__(self, state: ScreenState, my_turn: Callable[[], bool]) -> None:
        self.state = state
        self.my_turn = my_turn  # the screen's (the analysis board allows it only in a lesson's trial)

    def names(self) -> dict[int, str]:
        """The players' names by seat."""
        return {int(p): s.name for p, s in self.state.session.seats.items()}

    def seat_name(self, p: Player) -> str:
        """The name shown for seat ``p`` (its side's name if the seat has none)."""
        seat = self.state.session.seats.get(p)
        return seat.name if seat else side(int(p))

    def actor_status(self, p: Player) -> str:
        """What seat ``p`` is doing, for its card: discarding, ordering the defence, thinking."""
        d = self.state.display
        if d.pending and Player(d.pending.player) == p:
            return "must discard" if d.pending.kind == "discard" else "orders the defence"
        thinking = self.state.session.thinking
        seat = self.state.session.seats.get(p)
        if thinking and seat is not None and not seat.human_here:
            return "thinking" + "." * (1 + int(self.state.clock * 2) % 3)
        return "to move"

    def headline(self) -> str:
        """'Turn 7: your move', 'Turn 7: Silver orders the defence', or how the game ended."""
        d = self.state.display
        if d.result is not None:
            return describe_result(d.result, self.names())
        actor = self.state.current_actor()
        if actor is None:
            return ""
        mine = self.state.viewer is not None and actor == self.state.viewer
        who = self.seat_name(actor)
        if self.state.session.hot_seat and mine:
            who = f"{who} (you)"
        pending = d.pending
        if pending:
            if pending.kind == "discard":
                what = "you discard" if mine and not self.state.session.hot_seat else f"{who} discards"
            else:
                what = "you order your defence" if mine and not self.state.session.hot_seat \
                    else f"{who} orders the defence"
            return f"Turn {d.turn}: {what}"
        last = ", the last" if d.last_turn else ""
        if mine and not self.state.session.hot_seat:
            return f"Turn {d.turn}{last}: your move"
        return f"Turn {d.turn}{last}: {who} to move"

    def preview_lines(self) -> list[tuple[str, Colour]]:
        """The preview panel's text, line by line with colours."""
        pv = self.state.preview
        out: list[tuple[str, Colour]] = []
        if self.state.viewer is None:
            return [("You are watching this game.", theme.PARCHMENT_DIM),
                    ("Hover over a cell or a word to see its rule and strength.", theme.INK_MUTED)]
        if not self.state.planner.placed:
            if self.state.redeploy_mode:
                return [("Redeploy: click one of your words (or put the cursor on it and press Enter) "
                         "to lift it back to your rack.", theme.SAPPHIRE),
                        ("At a crossing, Space picks across or down. Esc cancels.", theme.PARCHMENT_DIM)]
            if self.my_turn():
                return [("Drag coins from your rack to the board, or click a cell and type.", theme.PARCHMENT_DIM),
                        ("Space turns the typing direction; Enter commits.", theme.PARCHMENT_DIM),
                        ("F1 shows every key.", theme.INK_MUTED)]
            return [("Waiting for your turn.", theme.INK_MUTED),
                    ("Hover over a cell or a word to see its rule and strength.", theme.INK_MUTED)]
        for w in pv.words:
            tag = "" if w.is_word else "  \u00d7 not a word"
            out.append((f"{w.text.upper()}{tag}", theme.EMERALD if w.is_word else theme.RUBY))
        if pv.error:
            out.append((pv.error[0].upper() + pv.error[1:], theme.RUBY))
            return out
        if pv.word:
            out.append((f"Score {pv.score:+d}   strength {pv.strength}", theme.PARCHMENT))
            for note in pv.strength_notes:
                out.append(("  " + note, theme.PARCHMENT_DIM))
        if pv.attack:
            names = ", ".join(f"{d.text.upper()} {d.strength}" for d in pv.defenders)
            out.append((f"Attacks: {names}" if names else "Attacks loose letters", theme.AMBER))
            for line in pv.why or pv.outcome:  # why the fight goes as it will, the best defence assumed
                out.append(("  " + line, theme.PARCHMENT_DIM))
        else:
            for line in pv.outcome:
                out.append((line, theme.PARCHMENT_DIM))
        for warn in pv.warnings:
            out.append((warn, theme.AMBER))
        return out

    def banner(self) -> tuple[str | None, tuple[int, int, int, int]]:
        """The message at the foot of the board: a rule error, or what redeploying asks."""
        if self.state.error:
            return self.state.error, theme.RUBY
        if self.state.redeploy_mode:
            return "Click a word of yours to lift it back to your rack", theme.SAPPHIRE
        return None, theme.RUBY
