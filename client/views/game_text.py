"""What the game screen says in words: the headline, each side's status, the preview panel's
lines and the banner at the foot of the board (a mixin of :class:`~client.views.game.GameView`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from client.describe import describe_result, side
from client.ui import theme
from shared.rules.terrain import Player

if TYPE_CHECKING:
    from client.display import DisplayState
    from client.preview import Preview
    from client.session import GameSession
    from client.turn import TurnPlanner

Colour = tuple[int, ...]


class GameText:
    """Sentences about the game for the header, the side panel and the board's banner."""

    display: "DisplayState"
    session: "GameSession"
    viewer: Player | None
    planner: "TurnPlanner"
    preview: "Preview"
    redeploy_mode: bool
    error: str | None
    clock: float

    @property
    def my_turn(self) -> bool:  # pragma: no cover - defined by the view
        raise NotImplementedError

    def names(self) -> dict[int, str]:
        return {int(p): s.name for p, s in self.session.seats.items()}

    def seat_name(self, p: Player) -> str:
        seat = self.session.seats.get(p)
        return seat.name if seat else side(int(p))

    def current_actor(self) -> Player | None:
        """Who must act now as the screen shows it: a defender or discarder first, else the mover."""
        d = self.display
        if d.result is not None:
            return None
        if d.pending:
            return Player(d.pending["player"])
        return d.to_move

    def actor_status(self, p: Player) -> str:
        d = self.display
        if d.pending and Player(d.pending["player"]) == p:
            return "must discard" if d.pending["kind"] == "discard" else "orders the defence"
        thinking = getattr(self.session, "thinking", False)
        seat = self.session.seats.get(p)
        if thinking and seat is not None and not seat.human_here:
            return "thinking" + "." * (1 + int(self.clock * 2) % 3)
        return "to move"

    def headline(self) -> str:
        """'Turn 7: your move', 'Turn 7: Silver orders the defence', or how the game ended."""
        d = self.display
        if d.result is not None:
            return describe_result(d.result, self.names())
        actor = self.current_actor()
        if actor is None:
            return ""
        mine = self.viewer is not None and actor == self.viewer
        who = self.seat_name(actor)
        if self.session.hot_seat and mine:
            who = f"{who} (you)"
        pending = d.pending
        if pending:
            if pending.get("kind") == "discard":
                what = "you discard" if mine and not self.session.hot_seat else f"{who} discards"
            else:
                what = "you order your defence" if mine and not self.session.hot_seat \
                    else f"{who} orders the defence"
            return f"Turn {d.turn}: {what}"
        last = ", the last" if d.last_turn else ""
        if mine and not self.session.hot_seat:
            return f"Turn {d.turn}{last}: your move"
        return f"Turn {d.turn}{last}: {who} to move"

    def preview_lines(self) -> list[tuple[str, Colour]]:
        """The preview panel's text, line by line with colours."""
        pv = self.preview
        out: list[tuple[str, Colour]] = []
        if self.viewer is None:
            return [("You are watching this game.", theme.PARCHMENT_DIM),
                    ("Hover over a cell or a word to see its rule and strength.", theme.INK_MUTED)]
        if not self.planner.placed:
            if self.redeploy_mode:
                return [("Redeploy: click one of your words (or put the cursor on it and press Enter) "
                         "to lift it back to your rack.", theme.SAPPHIRE),
                        ("At a crossing, Space picks across or down. Esc cancels.", theme.PARCHMENT_DIM)]
            if self.my_turn:
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

    def banner(self) -> tuple[str | None, Colour]:
        """The message at the foot of the board: a rule error, or what redeploying asks."""
        if self.error:
            return self.error, theme.RUBY
        if self.redeploy_mode:
            return "Click a word of yours to lift it back to your rack", theme.SAPPHIRE
        return None, theme.RUBY
