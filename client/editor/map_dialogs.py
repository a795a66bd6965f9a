"""The editor's dialogs about the map itself: new map, resize, details, generate, and play it."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from arcade.gui import UIBoxLayout

from client.editor.details import ANCHORS
from client.editor.dialogs import Dialog, field_text, form_line, terrain_row, text_field, whole_number
from client.editor.document import MapDocument
from client.editor.paint import SYMMETRY_LABELS
from client.ui import theme
from client.ui.widgets import ChoiceRow, TextField, label
from shared.maps.check import SYMMETRIES
from shared.maps.format import MAX_SIDE, MIN_SIDE

if TYPE_CHECKING:
    from client.editor.host import EditorHost

ANCHOR_LABELS = {"top-left": "Keep the top-left", "centre": "Keep the centre"}


class NewMapDialog(Dialog):
    """A new map: name, size and the terrain it starts as."""

    title = "New map"
    width = 620
    height = 450

    def __init__(self, view: EditorHost) -> None:
        super().__init__(view)
        self.name_field = text_field("name", "Untitled map")
        self.width_field = text_field("width", str(view.doc.width), 120)
        self.height_field = text_field("height", str(view.doc.height), 120)
        self.base_row = terrain_row("base")

    def focus_field(self) -> TextField | None:
        return self.name_field

    def build(self) -> UIBoxLayout:
        box = UIBoxLayout(space_between=14)
        self.heading(box)
        box.add(form_line("Name", self.name_field, 130, self.width - 90))
        box.add(form_line("Width", self.width_field, 130, self.width - 90))
        box.add(form_line("Height", self.height_field, 130, self.width - 90))
        box.add(form_line("Terrain", self.base_row, 130, self.width - 90))
        box.add(self.error)
        box.add(self.button_row(self.button("Cancel", "cancel", self.dismiss, "steel"),
                                self.button("Create", "ok", self.confirm, "gold")))
        return box

    def confirm(self) -> None:
        try:
            doc = MapDocument.blank(whole_number(self.width_field, "width", MIN_SIDE, MAX_SIDE),
                                    whole_number(self.height_field, "height", MIN_SIDE, MAX_SIDE),
                                    self.base_row.value, field_text(self.name_field) or "Untitled map")
        except ValueError as exc:
            self.show_error(str(exc))
            return
        self.dismiss()
        self.view.set_document(doc, f"New map, {doc.width}x{doc.height}: place a city for each side.",
                               keep_symmetry=True)


class ResizeDialog(Dialog):
    """A new size for the map being edited."""

    title = "Resize the board"
    width = 640
    height = 460

    def __init__(self, view: EditorHost) -> None:
        super().__init__(view)
        self.width_field = text_field("width", str(view.doc.width), 120)
        self.height_field = text_field("height", str(view.doc.height), 120)
        self.anchor_row = ChoiceRow([(a, ANCHOR_LABELS[a]) for a in ANCHORS], "centre",
                                    width=300, name="anchor")
        self.fill_row = terrain_row("fill")

    def focus_field(self) -> TextField | None:
        return self.width_field

    def build(self) -> UIBoxLayout:
        box = UIBoxLayout(space_between=14)
        self.heading(box)
        box.add(label(f"Now {self.view.doc.width} wide, {self.view.doc.height} tall "
                      f"({MIN_SIDE} to {MAX_SIDE} each). Resizing can be undone.",
                      size=14, color=theme.PARCHMENT_DIM, italic=True))
        box.add(form_line("Width", self.width_field, 130, self.width - 90))
        box.add(form_line("Height", self.height_field, 130, self.width - 90))
        box.add(form_line("Anchor", self.anchor_row, 130, self.width - 90))
        box.add(form_line("New cells", self.fill_row, 130, self.width - 90))
        box.add(self.error)
        box.add(self.button_row(self.button("Cancel", "cancel", self.dismiss, "steel"),
                                self.button("Resize", "ok", self.confirm, "gold")))
        return box

    def confirm(self) -> None:
        try:
            width = whole_number(self.width_field, "width", MIN_SIDE, MAX_SIDE)
            height = whole_number(self.height_field, "height", MIN_SIDE, MAX_SIDE)
            self.view.doc.resize(width, height, self.anchor_row.value, self.fill_row.value)
        except ValueError as exc:
            self.show_error(str(exc))
            return
        self.dismiss()
        self.view.after_edit(fit=True)


class DetailsDialog(Dialog):
    """Rename the map; its author, description and version."""

    title = "Map details"
    width = 700
    height = 470

    def __init__(self, view: EditorHost) -> None:
        super().__init__(view)
        d = view.doc.details
        self.name_field = text_field("name", d.name, 420)
        self.author_field = text_field("author", d.author, 420)
        self.description_field = text_field("description", d.description, 420)
        self.version_field = text_field("version", str(d.version), 120)

    def focus_field(self) -> TextField | None:
        return self.name_field

    def build(self) -> UIBoxLayout:
        box = UIBoxLayout(space_between=14)
        self.heading(box)
        box.add(form_line("Name", self.name_field, 140, self.width - 90))
        box.add(form_line("Author", self.author_field, 140, self.width - 90))
        box.add(form_line("Description", self.description_field, 140, self.width - 90))
        box.add(form_line("Version", self.version_field, 140, self.width - 90))
        box.add(self.error)
        box.add(self.button_row(self.button("Cancel", "cancel", self.dismiss, "steel"),
                                self.button("Apply", "ok", self.confirm, "gold")))
        return box

    def confirm(self) -> None:
        try:
            version = whole_number(self.version_field, "version", 1, 10**9)
            self.view.doc.set_details(name=field_text(self.name_field), author=field_text(self.author_field),
                                      description=field_text(self.description_field), version=version)
        except ValueError as exc:
            self.show_error(str(exc))
            return
        self.dismiss()
        self.view.after_edit()


class GenerateDialog(Dialog):
    """A random playable map from a seed (:func:`shared.maps.generate.generate_map`)."""

    title = "Generate a map"
    width = 660
    height = 520

    def __init__(self, view: EditorHost) -> None:
        super().__init__(view)
        self.name_field = text_field("name", "")
        self.width_field = text_field("width", str(view.doc.width), 120)
        self.height_field = text_field("height", str(view.doc.height), 120)
        self.seed_field = text_field("seed", str(random.SystemRandom().randrange(1, 10**6)), 200)
        self.symmetry_row = ChoiceRow([(s, SYMMETRY_LABELS[s]) for s in SYMMETRIES], "rot180", width=300,
                                      name="symmetry")

    def focus_field(self) -> TextField | None:
        return self.seed_field

    def build(self) -> UIBoxLayout:
        box = UIBoxLayout(space_between=14)
        self.heading(box)
        box.add(label("Rivers, forests, ranges, ice and a little lava; cities for both sides. "
                      "The same seed always gives the same map.", size=14, color=theme.PARCHMENT_DIM,
                      italic=True, width=self.width - 80, multiline=True, align="center"))
        box.add(form_line("Name", self.name_field, 130, self.width - 90))
        box.add(form_line("Width", self.width_field, 130, self.width - 90))
        box.add(form_line("Height", self.height_field, 130, self.width - 90))
        seed_row = UIBoxLayout(vertical=False, space_between=10)
        seed_row.add(self.seed_field)
        seed_row.add(self.button("Dice", "reroll", self.reroll, "steel", 90))
        box.add(form_line("Seed", seed_row, 130, self.width - 90))
        box.add(form_line("Symmetry", self.symmetry_row, 130, self.width - 90))
        box.add(self.error)
        box.add(self.button_row(self.button("Cancel", "cancel", self.dismiss, "steel"),
                                self.button("Generate", "ok", self.confirm, "gold")))
        return box

    def reroll(self) -> None:
        """A new random seed."""
        self.seed_field.value = str(random.SystemRandom().randrange(1, 10**6))

    def confirm(self) -> None:
        try:
            width = whole_number(self.width_field, "width", MIN_SIDE, MAX_SIDE)
            height = whole_number(self.height_field, "height", MIN_SIDE, MAX_SIDE)
            seed_text = field_text(self.seed_field)
            if not seed_text:
                raise ValueError("the seed is empty: type any number or word")
            seed: int | str = int(seed_text) if seed_text.isdigit() else seed_text
            doc = MapDocument.generated(width, height, seed, self.symmetry_row.value,
                                        field_text(self.name_field) or None)
        except ValueError as exc:
            self.show_error(str(exc))
            return
        self.dismiss()
        self.view.set_document(doc, f"Generated from seed {seed_text}: not saved yet.")


class PlayDialog(Dialog):
    """A skirmish against the computer on the map being edited."""

    width = 700
    height = 420

    def __init__(self, view: EditorHost) -> None:
        super().__init__(view)
        from client.play.ai_player import levels
        from shared.rules.presets import DEFAULT_RULES, PRESETS

        self.title = f"Play \N{LEFT DOUBLE QUOTATION MARK}{view.doc.name}\N{RIGHT DOUBLE QUOTATION MARK}"
        lv = levels()
        settings = getattr(view.window, "settings", None)
        level = getattr(settings, "ai_level", 1)
        self.side_row = ChoiceRow([("gold", "You play gold"), ("silver", "You play silver")], "gold", width=340,
                                  name="side")
        self.level_row = ChoiceRow(sorted(lv.items()), level if level in lv else min(lv), width=340, name="level")
        self.rules_row = ChoiceRow([(k, k) for k in PRESETS], DEFAULT_RULES, width=340, name="rules")

    def build(self) -> UIBoxLayout:
        box = UIBoxLayout(space_between=14)
        self.heading(box)
        box.add(label("A skirmish against the computer on the map as it is now. "
                      "Leaving the game brings you back to the editor.", size=14, color=theme.PARCHMENT_DIM,
                      italic=True, width=self.width - 80, multiline=True, align="center"))
        box.add(form_line("Your side", self.side_row, 140, self.width - 90))
        box.add(form_line("Difficulty", self.level_row, 140, self.width - 90))
        box.add(form_line("Rules", self.rules_row, 140, self.width - 90))
        box.add(self.error)
        box.add(self.button_row(self.button("Cancel", "cancel", self.dismiss, "steel"),
                                self.button("Play", "ok", self.confirm, "gold")))
        return box

    def confirm(self) -> None:
        side, level, rules = self.side_row.value, self.level_row.value, self.rules_row.value
        self.dismiss()
        self.view.play(side, level, rules)

