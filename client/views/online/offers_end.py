"""What the end-of-game screen adds for an online game: how it ended when the server ended it
(a draw agreed, an abort, a challenge declined), each player's rating change in a rated game,
and the letters left on both racks (once a game is over, the server shows every rack to
everyone: docs/protocol.md, *The view*).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from arcade.gui import UIBoxLayout, UIImage, UILabel
from arcade.types import Color, RGBOrA255

from client.ui import pieces, theme
from client.ui.widgets import label
from shared.rules.terrain import Player
from shared.wire import RatingChange

if TYPE_CHECKING:
    from client.views.game.screen import GameScreen

HEADLINES = {"aborted": "Aborted", "declined": "Declined"}
"""The end screen's headline for the endings with neither a winner nor a draw."""

RATING_ROW_H = 30
LEGEND_H = 24
RACK_ROW_H = 70
COIN = 36


def rating_text(change: RatingChange) -> str:
    """'blitz 1500 -> 1662? (+162.3)': before, after (``?``: provisional), the change."""
    mark = "?" if change.provisional else ""
    return (f"{change.family or 'rating'} {change.before:.0f} \u2192 {change.after:.0f}{mark}"
            f"  ({change.change:+.1f})")


def rating_colour(change: RatingChange) -> RGBOrA255:
    delta = float(change.change)
    return theme.EMERALD if delta > 0.05 else theme.RUBY if delta < -0.05 else theme.PARCHMENT


class EndExtras:
    """The rows an online game adds under each player's score on the end screen."""

    def __init__(self, game_view: "GameScreen") -> None:
        self.session: Any = game_view.session
        self.rated = bool(self.session.online and self.session.rated)
        players = game_view.view_dict.players if game_view.view_dict is not None else {}
        racks = {p: entry.rack for p in Player
                 if (entry := players.get(str(int(p)))) is not None and isinstance(entry.rack, str)}
        self.racks: dict[Player, str] = racks if len(racks) == len(Player) else {}  # both, or none
        self.rating_labels: dict[Player, UILabel] = {}
        self.ratings_shown = False

    @property
    def extra_height(self) -> int:
        """How much taller the end screen's panel must be for these rows."""
        return (RATING_ROW_H + LEGEND_H if self.rated else 0) + (RACK_ROW_H if self.racks else 0)

    def legend(self) -> UILabel | None:
        """What the ``?`` after a rating means (rated games only)."""
        if not self.rated:
            return None
        return label("?  a provisional rating: it settles after a few more rated games", size=12,
                     color=theme.INK_MUTED, italic=True)

    def add_to(self, column: UIBoxLayout, p: Player) -> None:
        """The rating row (filled in when the server says) and the rack left, under ``p``'s score."""
        if self.rated:
            self.rating_labels[p] = label("rating: waiting for the server...", size=15, color=theme.INK_MUTED,
                                          width=300, align="center", font=theme.SANS)
            column.add(self.rating_labels[p])
        if p in self.racks:
            letters = self.racks[p]
            caption = "left on the rack:" if letters else "nothing left on the rack"
            column.add(label(caption, size=12, color=theme.INK_MUTED, italic=True))
            row = UIBoxLayout(vertical=False, space_between=2)
            for ch in letters[:14]:
                row.add(UIImage(texture=pieces.coin_texture(int(p), ch), width=COIN, height=COIN))
            column.add(row)
        self.update()

    def update(self) -> bool:
        """Fill in the rating changes once they are known; True when they were just shown."""
        if not self.rated or self.ratings_shown or len(self.rating_labels) < len(Player):
            return False  # (or not every column is built yet)
        changes = self.session.rating_changes()
        if not changes:
            return False
        for p, shown in self.rating_labels.items():
            change = changes.get(int(p))
            if change is None:
                continue
            shown.text = rating_text(change)
            shown.update_font(font_color=Color.from_iterable(rating_colour(change)))
        self.ratings_shown = True
        return True
