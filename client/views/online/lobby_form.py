"""The lobby's "New game" form: map, rule set (with its one-line description), clock or days per
move, rated or casual; then post a seek for anyone, or challenge one player by name.

The same settings are used when the player picks one of the server's bots in the lobby.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from arcade.gui import UIBoxLayout

from client.ui import theme
from client.ui.widgets import BrassButton, ChoiceRow, Panel, TextField, label
from client.views.online.lobby_text import FAMILY_NAMES, TIME_CONTROLS
from shared.rules.presets import DEFAULT_RULES, PRESET_DESCRIPTIONS, PRESETS

FORM_WIDTH = 430
ROW_WIDTH = 300
CAPTION_WIDTH = 70


def _row(caption: str, widget: Any) -> UIBoxLayout:
    row = UIBoxLayout(vertical=False, space_between=10)
    row.add(label(caption, size=15, color=theme.PARCHMENT_DIM, width=CAPTION_WIDTH, align="right"))
    row.add(widget)
    return row


class NewGameForm(Panel):
    """A framed form; ``on_seek(settings)`` and ``on_challenge(name, settings)`` do the asking."""

    def __init__(self, maps: Sequence[str], *, height: int, on_seek: Callable[[dict[str, Any]], Any],
                 on_challenge: Callable[[str, dict[str, Any]], Any],
                 on_change: Callable[[], Any] | None = None, previous: NewGameForm | None = None) -> None:
        """``previous``: the form this one replaces (after a resize); its choices carry over."""
        self.on_seek, self.on_challenge, self.on_change = on_seek, on_challenge, on_change
        names = list(maps) or ["(the server's first map)"]
        self.map_row = ChoiceRow([(m, m) for m in names], names[0], width=ROW_WIDTH, name="form-map")
        self.rules_row = ChoiceRow([(k, k) for k in PRESETS], DEFAULT_RULES, width=ROW_WIDTH, name="form-rules",
                                   on_change=lambda _: self._changed())
        clocks = [(i, text) for i, (_, text, _) in enumerate(TIME_CONTROLS)]
        self.clock_row = ChoiceRow(clocks, 2, width=ROW_WIDTH, name="form-clock", on_change=lambda _: self._changed())
        self.rated_row = ChoiceRow([(True, "Rated"), (False, "Casual")], True, width=ROW_WIDTH, name="form-rated",
                                   on_change=lambda _: self._changed())
        self.rules_note = label("", size=12, color=theme.INK_MUTED, italic=True, width=FORM_WIDTH - 48,
                                multiline=True)
        self.clock_note = label("", size=12, color=theme.INK_MUTED, italic=True, width=FORM_WIDTH - 48)
        self.seek_button = BrassButton("Post a seek", width=240, height=46, kind="gold", on_click=self.seek,
                                       name="seek")
        self.name_field = TextField("", width=236, height=40, name="challenge-name")
        self.challenge_button = BrassButton("Challenge", width=150, height=40, font_size=16,
                                            on_click=self.challenge, name="challenge")
        compact = height < 560  # a short window: no hints, tighter rows
        box = UIBoxLayout(space_between=6 if compact else 10, align="left")
        box.add(label("New game", size=21, color=theme.BRASS_LIGHT, bold=True))
        box.add(_row("Map", self.map_row))
        box.add(_row("Rules", self.rules_row))
        box.add(self.rules_note)
        box.add(_row("Clock", self.clock_row))
        box.add(_row("Kind", self.rated_row))
        box.add(self.clock_note)
        centre = UIBoxLayout(space_between=4)
        centre.add(self.seek_button)
        if not compact:
            centre.add(label("anyone may take it from the lobby", size=12, color=theme.INK_MUTED, italic=True))
        box.add(centre)
        box.add(label("Challenge a player", size=18, color=theme.BRASS_LIGHT, bold=True))
        challenge = UIBoxLayout(vertical=False, space_between=10)
        challenge.add(self.name_field)
        challenge.add(self.challenge_button)
        box.add(challenge)
        if not compact:
            box.add(label("with the settings above; they answer from their lobby", size=12,
                          color=theme.INK_MUTED, italic=True))
        super().__init__(width=FORM_WIDTH, height=height, padding=24)
        self.add(box, anchor_x="center", anchor_y="top")
        if previous is not None:
            for mine, theirs in ((self.map_row, previous.map_row), (self.rules_row, previous.rules_row),
                                 (self.clock_row, previous.clock_row), (self.rated_row, previous.rated_row)):
                mine.set_value(theirs.value)
            self.name_field.value = previous.name_field.value
        self._changed(quiet=True)

    @property
    def controls(self) -> list[Any]:
        """The form's controls in keyboard order."""
        return [self.map_row, self.rules_row, self.clock_row, self.rated_row, self.seek_button,
                self.name_field.input, self.challenge_button]

    @property
    def family(self) -> str | None:
        """The rating family of the chosen clock (None without a clock)."""
        return TIME_CONTROLS[self.clock_row.value][2]

    def settings(self) -> dict[str, Any]:
        """The ``create_game`` / ``challenge`` settings the form describes."""
        tc, _, family = TIME_CONTROLS[self.clock_row.value]
        return {"map": self.map_row.value, "rules": self.rules_row.value, "time_control": dict(tc),
                "rated": bool(self.rated_row.value) and family is not None}

    def _changed(self, quiet: bool = False) -> None:
        self.rules_note.text = PRESET_DESCRIPTIONS.get(self.rules_row.value, "")
        family = self.family
        if family is None:
            if self.rated_row.value:
                self.rated_row.set_value(False)
            self.clock_note.text = "A game without a clock is never rated."
        else:
            kind = "rated" if self.rated_row.value else "casual"
            self.clock_note.text = f"{FAMILY_NAMES[family]} family, {kind}: " + (
                "ratings change at the end." if self.rated_row.value else "no rating changes.")
        if not quiet and self.on_change is not None:
            self.on_change()

    def seek(self) -> None:
        self.on_seek(self.settings())

    def challenge(self) -> None:
        self.on_challenge(self.name_field.value.strip(), self.settings())
