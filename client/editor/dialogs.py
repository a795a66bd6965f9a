"""The editor's modal dialogs: questions, messages, files, new map, resize, details, generate, play.

Each dialog is a framed leather panel over the dimmed editor with its own UIManager, enabled
while it is open; Enter confirms and Escape cancels. A value that cannot be used is reported
in red inside the dialog, which stays open.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import arcade
from arcade.gui import UIAnchorLayout, UIBoxLayout, UIManager

from client.editor.document import ANCHORS, MapDocument
from client.editor.paint import SYMMETRY_LABELS, TERRAIN_PAINTS, paint_name
from client.ui import theme
from client.ui.widgets import BrassButton, ChoiceRow, Panel, TextField, form_row, label
from shared.mapcheck import SYMMETRIES
from shared.mapfiles import MAP_SUFFIX, MAPS_DIR, load_map, shipped_maps
from shared.maps import MAX_SIDE, MIN_SIDE

if TYPE_CHECKING:
    from client.editor.view import EditorView

Action = Callable[[], Any]
ANCHOR_LABELS = {"top-left": "Keep the top-left", "centre": "Keep the centre"}


class Dialog:
    """A framed panel in the middle of the screen over the dimmed editor."""

    width = 560
    height = 320
    title = ""

    def __init__(self, view: EditorView) -> None:
        self.view = view
        self.ui = UIManager()
        self.root = UIAnchorLayout()
        self.ui.add(self.root)
        self.error = label("", size=14, color=theme.RUBY, width=self.width - 70, multiline=True, align="center")
        self.buttons: dict[str, BrassButton] = {}
        self.dirty = False  # rebuild before the next draw (never inside a click handler)

    # ---------------------------------------------------------------- building
    def build(self) -> UIBoxLayout:
        """The dialog's contents (called again by :meth:`relayout`)."""
        raise NotImplementedError

    def heading(self, box: UIBoxLayout) -> None:
        """The dialog's title at the top of ``box``."""
        box.add(label(self.title, size=24, color=theme.BRASS_LIGHT, bold=True))

    def button(self, text: str, name: str, action: Action, kind: str = "brass", width: int = 170) -> BrassButton:
        """A named button of this dialog (see :attr:`buttons`)."""
        button = BrassButton(text, width=width, height=46, kind=kind, font_size=16, on_click=action, name=name)
        self.buttons[name] = button
        return button

    def button_row(self, *buttons: BrassButton) -> UIBoxLayout:
        """Buttons side by side."""
        row = UIBoxLayout(vertical=False, space_between=16)
        for button in buttons:
            row.add(button)
        return row

    def relayout(self) -> None:
        """Rebuild the panel from :meth:`build`."""
        self.root.clear()
        panel = Panel(self.build(), width=self.width, height=self.height)
        self.root.add(panel, anchor_x="center", anchor_y="center")

    # ---------------------------------------------------------------- lifecycle
    def open(self) -> None:
        """Show the dialog and give its first field the keyboard."""
        self.relayout()
        self.ui.enable()
        field = self.focus_field()
        if field is not None:
            # Ready to type over: the first field has the keyboard, its text selected.
            field.input.activate()
            field.input.caret.select_all()

    def focus_field(self) -> TextField | None:
        """The field that has the keyboard when the dialog opens (None: no field)."""
        return None

    def _active_field(self) -> Any:
        for widget in self.ui.walk_widgets():
            if isinstance(widget, TextField) and widget.input.active:
                return widget
        return None

    def close(self) -> None:
        """Stop drawing and taking input (the view calls this)."""
        self.ui.disable()

    def dismiss(self) -> None:
        """Close this dialog (and nothing else)."""
        self.view.close_dialog(self)

    def confirm(self) -> None:
        """What Enter does."""
        self.dismiss()

    def show_error(self, text: str) -> None:
        """Say in red, inside the dialog, what is wrong with the input."""
        self.error.text = text

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol == arcade.key.ESCAPE:
            self.dismiss()
        elif symbol in (arcade.key.ENTER, arcade.key.RETURN, arcade.key.NUM_ENTER):
            self.confirm()
        elif symbol == arcade.key.A and modifiers & (arcade.key.MOD_CTRL | arcade.key.MOD_COMMAND):
            field = self._active_field()
            if field is not None:
                field.input.caret.select_all()
        return True

    def draw(self) -> None:
        """Dim the editor and draw the dialog over it."""
        w, h = self.view.window.width, self.view.window.height
        arcade.draw_lbwh_rectangle_filled(0, 0, w, h, (8, 5, 3, 160))
        if self.dirty:
            self.dirty = False
            self.relayout()
        self.ui.draw()

    def find(self, name: str) -> Any:
        """The widget called ``name`` (buttons, fields and rows are named)."""
        for widget in self.ui.walk_widgets():
            if getattr(widget, "name", None) == name:
                return widget
        raise KeyError(f"no widget {name!r} in {type(self).__name__}")


def _line(caption: str, widget: Any, caption_width: int, width: float) -> UIAnchorLayout:
    """A form row left-aligned in a box of ``width``, so the captions of a form line up."""
    holder = UIAnchorLayout(width=width, height=44, size_hint=None)
    holder.add(form_row(caption, widget, caption_width), anchor_x="left", anchor_y="center")
    return holder


def _field(name: str, text: str = "", width: int = 300) -> TextField:
    return TextField(text, width=width, name=name)


def _text(field: TextField) -> str:
    """A field's text on one line (Enter must not leave a line break in a value)."""
    return " ".join(field.value.replace("\r", " ").replace("\n", " ").split())


def _whole(field: TextField, what: str, low: int, high: int) -> int:
    text = _text(field)
    if not text.isdigit() or not low <= int(text) <= high:
        raise ValueError(f"the {what} must be a whole number from {low} to {high}, not {text or 'nothing'!r}")
    return int(text)


def _terrain_row(name: str, value: str = ".") -> ChoiceRow:
    return ChoiceRow([(p, paint_name(p).capitalize()) for p in TERRAIN_PAINTS], value, width=300, name=name)


class ChoiceDialog(Dialog):
    """A question with a row of answers, e.g. Save / Don't save / Cancel."""

    width = 620
    height = 280

    def __init__(self, view: EditorView, title: str, message: str,
                 answers: Sequence[tuple[str, str, str, Action | None]]) -> None:
        """``answers`` are (text, name, kind, action); every answer closes the dialog first.
        The last answer is what Escape does, the first what Enter does."""
        super().__init__(view)
        self.title, self.message, self.answers = title, message, list(answers)

    def build(self) -> UIBoxLayout:
        box = UIBoxLayout(space_between=20)
        self.heading(box)
        box.add(label(self.message, size=17, width=self.width - 80, multiline=True, align="center"))
        width = 170 if len(self.answers) < 3 else 160
        box.add(self.button_row(*(self.button(text, name, lambda a=action: self._answer(a), kind, width)
                                   for text, name, kind, action in self.answers)))
        return box

    def _answer(self, action: Action | None) -> None:
        self.dismiss()
        if action is not None:
            action()

    def confirm(self) -> None:
        self._answer(self.answers[0][3])

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol == arcade.key.ESCAPE:
            self._answer(self.answers[-1][3])
            return True
        return super().on_key_press(symbol, modifiers)


class MessageDialog(Dialog):
    """A title, some lines of text and OK."""

    width = 660

    def __init__(self, view: EditorView, title: str, lines: Sequence[str], colour=theme.PARCHMENT) -> None:
        super().__init__(view)
        self.title, self.lines, self.colour = title, list(lines), colour
        self.height = min(620, 200 + 30 * sum(1 + len(line) // 64 for line in self.lines))

    def build(self) -> UIBoxLayout:
        box = UIBoxLayout(space_between=12)
        self.heading(box)
        for line in self.lines:
            box.add(label(line, size=16, color=self.colour, width=self.width - 80, multiline=True))
        box.add(self.button_row(self.button("OK", "ok", self.dismiss, "gold")))
        return box


class FileDialog(Dialog):
    """Open or Save as: a path to type, and the maps in ``maps/`` to choose from."""

    width = 720
    height = 600
    PAGE = 7

    def __init__(self, view: EditorView, mode: str, on_done: Action | None = None) -> None:
        super().__init__(view)
        if mode not in ("open", "save"):
            raise ValueError(f"mode must be 'open' or 'save', not {mode!r}")
        self.mode = mode
        self.on_done = on_done
        self.title = "Open a map" if mode == "open" else "Save the map as"
        doc = view.doc
        start = doc.path if (mode == "open" and doc.path) else doc.default_path()
        self.path_field = _field("path", display_path(start) if (mode == "save" or doc.path) else "", 560)
        self.entries = _map_entries()
        self.page = 0

    def build(self) -> UIBoxLayout:
        box = UIBoxLayout(space_between=10)
        self.heading(box)
        hint = ("Type a path, or choose a map below." if self.mode == "open"
                else "Type a path (anywhere), or choose a map below to replace it.")
        box.add(label(hint, size=14, color=theme.PARCHMENT_DIM, italic=True))
        box.add(form_row("File", self.path_field, caption_width=70))
        box.add(label(f"Maps in {display_path(MAPS_DIR)}/", size=15, color=theme.BRASS_LIGHT, bold=True))
        listing = UIBoxLayout(space_between=6)
        shown = self.entries[self.page * self.PAGE:(self.page + 1) * self.PAGE]
        for i, (path, caption) in enumerate(shown):
            listing.add(BrassButton(caption, width=560, height=36, kind="steel", font_size=14,
                                    on_click=lambda p=path: self.choose(p), name=f"map-{self.page * self.PAGE + i}"))
        for _ in range(self.PAGE - len(shown)):
            listing.add(UIAnchorLayout(width=560, height=36, size_hint=None))
        box.add(listing)
        pages = (len(self.entries) + self.PAGE - 1) // self.PAGE
        if pages > 1:
            prev = self.button("<", "page-prev", lambda: self.turn(-1), "steel", 60)
            nxt = self.button(">", "page-next", lambda: self.turn(1), "steel", 60)
            prev.disabled, nxt.disabled = self.page == 0, self.page >= pages - 1
            row = UIBoxLayout(vertical=False, space_between=12)
            row.add(prev)
            row.add(label(f"page {self.page + 1} of {pages}", size=14, color=theme.PARCHMENT_DIM))
            row.add(nxt)
            box.add(row)
        box.add(self.error)
        verb = "Open" if self.mode == "open" else "Save"
        box.add(self.button_row(self.button("Cancel", "cancel", self.dismiss, "steel"),
                                self.button(verb, "ok", self.confirm, "gold")))
        return box

    def focus_field(self) -> TextField | None:
        return self.path_field

    def turn(self, delta: int) -> None:
        """Show the next (+1) or previous (-1) page of maps."""
        self.page += delta
        self.dirty = True

    def choose(self, path: Path) -> None:
        """A listed map was clicked: its path goes in the field (Open opens it at once)."""
        self.path_field.value = display_path(path)
        if self.mode == "open":
            self.confirm()

    def target(self) -> Path:
        """The path typed in the field (``.map`` added when saving); ValueError if empty."""
        text = _text(self.path_field)
        if not text:
            raise ValueError("type the path of a map file")
        path = Path(text).expanduser()
        if self.mode == "save" and path.suffix != MAP_SUFFIX:
            path = path.with_name(path.name + MAP_SUFFIX)
        return path

    def confirm(self) -> None:
        try:
            path = self.target()
        except ValueError as exc:
            self.show_error(str(exc))
            return
        if self.mode == "open":
            self.view.open_path(path, self)
        else:
            self.view.save_as(path, self, self.on_done)


class NewMapDialog(Dialog):
    """A new map: name, size and the terrain it starts as."""

    title = "New map"
    width = 620
    height = 450

    def __init__(self, view: EditorView) -> None:
        super().__init__(view)
        self.name_field = _field("name", "Untitled map")
        self.width_field = _field("width", str(view.doc.width), 120)
        self.height_field = _field("height", str(view.doc.height), 120)
        self.base_row = _terrain_row("base")

    def focus_field(self) -> TextField | None:
        return self.name_field

    def build(self) -> UIBoxLayout:
        box = UIBoxLayout(space_between=14)
        self.heading(box)
        box.add(_line("Name", self.name_field, 130, self.width - 90))
        box.add(_line("Width", self.width_field, 130, self.width - 90))
        box.add(_line("Height", self.height_field, 130, self.width - 90))
        box.add(_line("Terrain", self.base_row, 130, self.width - 90))
        box.add(self.error)
        box.add(self.button_row(self.button("Cancel", "cancel", self.dismiss, "steel"),
                                self.button("Create", "ok", self.confirm, "gold")))
        return box

    def confirm(self) -> None:
        try:
            doc = MapDocument.blank(_whole(self.width_field, "width", MIN_SIDE, MAX_SIDE),
                                    _whole(self.height_field, "height", MIN_SIDE, MAX_SIDE),
                                    self.base_row.value, _text(self.name_field) or "Untitled map")
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

    def __init__(self, view: EditorView) -> None:
        super().__init__(view)
        self.width_field = _field("width", str(view.doc.width), 120)
        self.height_field = _field("height", str(view.doc.height), 120)
        self.anchor_row = ChoiceRow([(a, ANCHOR_LABELS[a]) for a in ANCHORS], "centre",
                                    width=300, name="anchor")
        self.fill_row = _terrain_row("fill")

    def focus_field(self) -> TextField | None:
        return self.width_field

    def build(self) -> UIBoxLayout:
        box = UIBoxLayout(space_between=14)
        self.heading(box)
        box.add(label(f"Now {self.view.doc.width} wide, {self.view.doc.height} tall "
                      f"({MIN_SIDE} to {MAX_SIDE} each). Resizing can be undone.",
                      size=14, color=theme.PARCHMENT_DIM, italic=True))
        box.add(_line("Width", self.width_field, 130, self.width - 90))
        box.add(_line("Height", self.height_field, 130, self.width - 90))
        box.add(_line("Anchor", self.anchor_row, 130, self.width - 90))
        box.add(_line("New cells", self.fill_row, 130, self.width - 90))
        box.add(self.error)
        box.add(self.button_row(self.button("Cancel", "cancel", self.dismiss, "steel"),
                                self.button("Resize", "ok", self.confirm, "gold")))
        return box

    def confirm(self) -> None:
        try:
            width = _whole(self.width_field, "width", MIN_SIDE, MAX_SIDE)
            height = _whole(self.height_field, "height", MIN_SIDE, MAX_SIDE)
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

    def __init__(self, view: EditorView) -> None:
        super().__init__(view)
        d = view.doc.details
        self.name_field = _field("name", d.name, 420)
        self.author_field = _field("author", d.author, 420)
        self.description_field = _field("description", d.description, 420)
        self.version_field = _field("version", str(d.version), 120)

    def focus_field(self) -> TextField | None:
        return self.name_field

    def build(self) -> UIBoxLayout:
        box = UIBoxLayout(space_between=14)
        self.heading(box)
        box.add(_line("Name", self.name_field, 140, self.width - 90))
        box.add(_line("Author", self.author_field, 140, self.width - 90))
        box.add(_line("Description", self.description_field, 140, self.width - 90))
        box.add(_line("Version", self.version_field, 140, self.width - 90))
        box.add(self.error)
        box.add(self.button_row(self.button("Cancel", "cancel", self.dismiss, "steel"),
                                self.button("Apply", "ok", self.confirm, "gold")))
        return box

    def confirm(self) -> None:
        try:
            version = _whole(self.version_field, "version", 1, 10**9)
            self.view.doc.set_details(name=_text(self.name_field), author=_text(self.author_field),
                                      description=_text(self.description_field), version=version)
        except ValueError as exc:
            self.show_error(str(exc))
            return
        self.dismiss()
        self.view.after_edit()


class GenerateDialog(Dialog):
    """A random playable map from a seed (:func:`shared.mapgen.generate_map`)."""

    title = "Generate a map"
    width = 660
    height = 520

    def __init__(self, view: EditorView) -> None:
        super().__init__(view)
        self.name_field = _field("name", "")
        self.width_field = _field("width", str(view.doc.width), 120)
        self.height_field = _field("height", str(view.doc.height), 120)
        self.seed_field = _field("seed", str(random.SystemRandom().randrange(1, 10**6)), 200)
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
        box.add(_line("Name", self.name_field, 130, self.width - 90))
        box.add(_line("Width", self.width_field, 130, self.width - 90))
        box.add(_line("Height", self.height_field, 130, self.width - 90))
        seed_row = UIBoxLayout(vertical=False, space_between=10)
        seed_row.add(self.seed_field)
        seed_row.add(self.button("Dice", "reroll", self.reroll, "steel", 90))
        box.add(_line("Seed", seed_row, 130, self.width - 90))
        box.add(_line("Symmetry", self.symmetry_row, 130, self.width - 90))
        box.add(self.error)
        box.add(self.button_row(self.button("Cancel", "cancel", self.dismiss, "steel"),
                                self.button("Generate", "ok", self.confirm, "gold")))
        return box

    def reroll(self) -> None:
        """A new random seed."""
        self.seed_field.value = str(random.SystemRandom().randrange(1, 10**6))

    def confirm(self) -> None:
        try:
            width = _whole(self.width_field, "width", MIN_SIDE, MAX_SIDE)
            height = _whole(self.height_field, "height", MIN_SIDE, MAX_SIDE)
            seed_text = _text(self.seed_field)
            if not seed_text:
                raise ValueError("the seed is empty: type any number or word")
            seed: int | str = int(seed_text) if seed_text.isdigit() else seed_text
            doc = MapDocument.generated(width, height, seed, self.symmetry_row.value, _text(self.name_field) or None)
        except ValueError as exc:
            self.show_error(str(exc))
            return
        self.dismiss()
        self.view.set_document(doc, f"Generated from seed {seed_text}: not saved yet.")


class PlayDialog(Dialog):
    """A skirmish against the computer on the map being edited."""

    width = 700
    height = 420

    def __init__(self, view: EditorView) -> None:
        super().__init__(view)
        from client.ai_player import levels
        from shared.rules import PRESETS

        self.title = f"Play \N{LEFT DOUBLE QUOTATION MARK}{view.doc.name}\N{RIGHT DOUBLE QUOTATION MARK}"
        lv = levels()
        settings = getattr(view.window, "settings", None)
        level = getattr(settings, "ai_level", 1)
        self.side_row = ChoiceRow([("gold", "You play gold"), ("silver", "You play silver")], "gold", width=340,
                                  name="side")
        self.level_row = ChoiceRow(sorted(lv.items()), level if level in lv else min(lv), width=340, name="level")
        self.rules_row = ChoiceRow([(k, k) for k in PRESETS], "standard", width=340, name="rules")

    def build(self) -> UIBoxLayout:
        box = UIBoxLayout(space_between=14)
        self.heading(box)
        box.add(label("A skirmish against the computer on the map as it is now. "
                      "Leaving the game brings you back to the editor.", size=14, color=theme.PARCHMENT_DIM,
                      italic=True, width=self.width - 80, multiline=True, align="center"))
        box.add(_line("Your side", self.side_row, 140, self.width - 90))
        box.add(_line("Difficulty", self.level_row, 140, self.width - 90))
        box.add(_line("Rules", self.rules_row, 140, self.width - 90))
        box.add(self.error)
        box.add(self.button_row(self.button("Cancel", "cancel", self.dismiss, "steel"),
                                self.button("Play", "ok", self.confirm, "gold")))
        return box

    def confirm(self) -> None:
        side, level, rules = self.side_row.value, self.level_row.value, self.rules_row.value
        self.dismiss()
        self.view.play(side, level, rules)


def display_path(path: Path) -> str:
    """A path as short as it can be: relative to the working folder when it is inside it."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _map_entries() -> list[tuple[Path, str]]:
    """(path, "Name  WxH  file") of every map in ``maps/``."""
    out = []
    for path in shipped_maps():
        try:
            m = load_map(path)
            caption = f"{m.name}   {m.width}x{m.height}   {path.name}"
        except (OSError, ValueError) as exc:
            caption = f"{path.name}: cannot be read ({type(exc).__name__})"
        out.append((path, caption))
    return out
