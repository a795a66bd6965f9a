"""Setting up a local game: skirmish against the computer, or pass-and-play for two."""

from __future__ import annotations

import random

import arcade
from arcade.gui import UIBoxLayout

from shared.ai import LEVELS
from shared.maps.check import is_playable
from shared.maps.files import load_map, shipped_maps, user_maps
from shared.rules.presets import DEFAULT_RULES, PRESET_DESCRIPTIONS, PRESETS
from shared.rules.terrain import GameMap, Player

from client.play.ai_player import levels
from client.play.session import LocalSession, Seat
from client.ui import theme
from client.ui.widgets import BrassButton, ChoiceRow, Panel, TextField, find_widget, form_row, label
from client.views.base import BaseView
from client.views.layout import Rect
from client.views.board.map_picture import MapPicture

PANEL_WIDTH = 720


def level_description(level: int) -> str:
    """One line on what a difficulty level does (empty for a number that is no level)."""
    found = LEVELS.get(level)
    if found is None:
        return ""
    text = found.description
    if found.hoard_first and found.letter_worth > 0:
        text += " Early on it may pass to gather letters."
    return text


def map_choices() -> tuple[list[tuple[str, str]], int]:
    """(path, "Name (WxH)") of every shipped map, then of the player's own playable maps (made in
    the editor, in the maps folder of their data folder); and how many of their own are left out
    because they cannot be played yet (a draft with no city for a side, say)."""
    out = []
    for path in shipped_maps():
        try:
            m = load_map(path)
        except (OSError, ValueError):
            continue
        out.append((str(path), f"{m.name}  ({m.width}x{m.height})"))
    unplayable = 0
    for path in user_maps():
        try:
            m = load_map(path)
        except (OSError, ValueError):
            unplayable += 1
            continue
        if not is_playable(m):
            unplayable += 1
            continue
        out.append((str(path), f"{m.name}  ({m.width}x{m.height})"))
    return out, unplayable


class SkirmishSetupView(BaseView):
    """Map, rule set, difficulty, sides and who moves first; then Start."""

    def __init__(self, mode: str = "ai") -> None:
        super().__init__(back=lambda: self.navigator.go_menu())
        if mode not in ("ai", "hotseat"):
            raise ValueError(f"mode must be 'ai' or 'hotseat', not {mode!r}")
        self.mode = mode
        self.title = "Skirmish" if mode == "ai" else "Pass and play"
        self.subtitle = ("You against the computer, on this machine" if mode == "ai"
                         else "Two players, one screen: the rack hides between turns")
        maps, self.unplayable_maps = map_choices()
        self.own_maps = {str(path) for path in user_maps()}
        self.picture = MapPicture()
        self.chosen_map: GameMap | None = None
        self.picture_rect: Rect | None = None  # where the map's picture was last drawn
        if not maps:
            raise RuntimeError("no maps found in maps/")
        self.map_row = ChoiceRow(maps, maps[0][0], on_change=lambda _: self._describe(), name="map")
        self.rules_row = ChoiceRow([(k, k) for k in PRESETS], DEFAULT_RULES, on_change=lambda _: self._describe(),
                                   name="rules")
        self.first_row = ChoiceRow([("gold", "Gold moves first"), ("silver", "Silver moves first"),
                                    ("random", "Toss a coin")], "gold", name="first")
        box = UIBoxLayout(space_between=14)
        box.add(form_row("Map", self.map_row))
        self.map_note = label("", size=13, color=theme.INK_MUTED, italic=True, width=540, multiline=True)
        box.add(self.map_note)
        box.add(form_row("Rules", self.rules_row))
        self.rules_note = label("", size=13, color=theme.INK_MUTED, italic=True, width=540, multiline=True)
        box.add(self.rules_note)
        if mode == "ai":
            lv = levels()
            saved = self.app.settings.ai_level
            chosen = saved if saved in lv else min(lv, key=lambda k: abs(k - 1))
            self.level_row = ChoiceRow(sorted(lv.items()), chosen, name="level",
                                       on_change=lambda _: self._describe())
            self.side_row = ChoiceRow([("gold", "You play gold"), ("silver", "You play silver")], "gold",
                                      name="side")
            box.add(form_row("Difficulty", self.level_row))
            self.level_note = label("", size=13, color=theme.INK_MUTED, italic=True, width=540, multiline=True)
            box.add(self.level_note)
            box.add(form_row("Your side", self.side_row))
        else:
            self.gold_name = TextField("Gold", name="gold-name")
            self.silver_name = TextField("Silver", name="silver-name")
            box.add(form_row("Gold player", self.gold_name))
            box.add(form_row("Silver player", self.silver_name))
        box.add(form_row("First move", self.first_row))
        buttons = UIBoxLayout(vertical=False, space_between=20)
        buttons.add(BrassButton("Back", width=160, kind="steel", on_click=lambda: self.navigator.go_menu(), name="back"))
        self.start_button = BrassButton("Start the game", width=260, kind="gold", on_click=self.start, name="start")
        buttons.add(self.start_button)
        box.add(buttons)
        self.root.add(Panel(box, width=PANEL_WIDTH, height=560), anchor_x="center", anchor_y="center", align_y=-40)
        rows = [self.map_row, self.rules_row] + ([self.level_row, self.side_row] if mode == "ai" else [])
        self.nav.controls = rows + [self.first_row, self.start_button, find_widget(buttons, "back")]
        self._describe()

    def _describe(self) -> None:
        try:
            m = load_map(self.map_row.value)
            note = m.description or ""
            if self.map_row.value in self.own_maps:
                note = f"Your map, made in the map editor. {note}".strip()
            self.chosen_map = m
        except (OSError, ValueError) as exc:
            note, self.chosen_map = str(exc), None
        if self.unplayable_maps:
            some = "one of your maps is" if self.unplayable_maps == 1 else f"{self.unplayable_maps} of your maps are"
            note += f" ({some} not listed: not playable yet; finish it in the map editor)"
        self.map_note.text = note.strip()
        self.rules_note.text = PRESET_DESCRIPTIONS.get(self.rules_row.value, "")
        if self.mode == "ai":
            self.level_note.text = level_description(self.level_row.value)
            if self.app.settings.ai_level != self.level_row.value:
                self.app.settings.ai_level = self.level_row.value  # remembered for next time
                self.app.save_settings()

    def draw_extra(self) -> None:
        """The chosen map's picture, beside the panel where the window leaves room for one."""
        w, h = self.window.width, self.window.height
        right = w / 2 + PANEL_WIDTH / 2 + 24
        room = Rect(right, h / 2 - 40 - 200, w - right - 24, 440)
        self.picture_rect = self.picture.draw(self.chosen_map, room) if room.width >= 120 else None
        if self.picture_rect is not None and self.chosen_map is not None:
            m, r = self.chosen_map, self.picture_rect
            self.texts.draw("map-picture-name", m.name, r.left + r.width / 2, r.top + 16, size=15,
                            color=theme.BRASS_LIGHT, anchor_x="center", font=theme.SERIF, bold=True)
            own = "your map, " if self.map_row.value in self.own_maps else ""
            self.texts.draw("map-picture-size", f"{own}{m.width} x {m.height}", r.left + r.width / 2,
                            r.bottom - 28, size=12, color=theme.PARCHMENT_DIM, anchor_x="center", italic=True)

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        if super().on_key_press(symbol, modifiers):
            return True
        if symbol in (arcade.key.ENTER, arcade.key.RETURN):
            self.start()
            return True
        return None

    def make_session(self, seed: int | None = None) -> LocalSession:
        """The session these choices describe."""
        rng = random.Random(seed)
        game_map = load_map(self.map_row.value)
        first_choice = self.first_row.value
        first = rng.choice([Player.GOLD, Player.SILVER]) if first_choice == "random" else (
            Player.GOLD if first_choice == "gold" else Player.SILVER)
        name = self.app.settings.name
        if self.mode == "ai":
            level = self.level_row.value
            level_name = levels()[level]
            human = Player.GOLD if self.side_row.value == "gold" else Player.SILVER
            seats = {
                human: Seat(human, name, True),
                human.other: Seat(human.other, f"Computer ({level_name})", False, level),
            }
            self.app.settings.ai_level = level
        else:
            seats = {
                Player.GOLD: Seat(Player.GOLD, self.gold_name.value.strip() or "Gold", True),
                Player.SILVER: Seat(Player.SILVER, self.silver_name.value.strip() or "Silver", True),
            }
        return LocalSession.new(game_map, self.rules_row.value, self.app.lexicon,
                                seed=rng.getrandbits(31), first=first,
                                gold=seats[Player.GOLD], silver=seats[Player.SILVER])

    def start(self) -> None:
        session = self.make_session()
        self.app.save_settings()
        self.navigator.start_game(session)
