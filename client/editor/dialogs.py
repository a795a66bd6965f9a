"""The editor's dialogs: the framed panel they share, questions and messages.

The file dialog is in :mod:`client.editor.file_dialog`; new map, resize, details, generate and
play are in :mod:`client.editor.map_dialogs`. Each dialog is a framed leather panel over the
dimmed editor with its own UIManager, enabled while it is open; Enter confirms and Escape
cancels. A value that cannot be used is reported in red inside the dialog, which stays open.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import arcade
from arcade.gui import UIAnchorLayout, UIBoxLayout, UIManager

from client.editor.paint import TERRAIN_PAINTS, paint_name
from client.ui import theme
from client.ui.widgets import BrassButton, ChoiceRow, Panel, TextField, form_row, label

if TYPE_CHECKING:
    from client.editor.host import EditorHost

Action = Callable[[], Any]


class _DialogUI(UIManager):
    """A dialog's widgets; it notes where and when it was last pressed (x, y, time), so that the
    editor can tell the second click of a double click that closed it from a click on the board."""

    def __init__(self) -> None:
        super().__init__()
        self.last_press = (0.0, 0.0, 0.0)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> Any:
        self.last_press = (x, y, time.monotonic())
        return super().on_mouse_press(x, y, button, modifiers)


class Dialog:
    """A framed panel in the middle of the screen over the dimmed editor."""

    width = 560
    height = 320
    title = ""

    def __init__(self, view: EditorHost) -> None:
        self.view = view
        self.ui = _DialogUI()
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


def form_line(caption: str, widget: Any, caption_width: int, width: float) -> UIAnchorLayout:
    """A form row left-aligned in a box of ``width``, so the captions of a form line up."""
    holder = UIAnchorLayout(width=width, height=44, size_hint=None)
    holder.add(form_row(caption, widget, caption_width), anchor_x="left", anchor_y="center")
    return holder


def text_field(name: str, text: str = "", width: int = 300) -> TextField:
    """A named text field."""
    return TextField(text, width=width, name=name)


def field_text(field: TextField) -> str:
    """A field's text on one line (Enter must not leave a line break in a value)."""
    return " ".join(field.value.replace("\r", " ").replace("\n", " ").split())


def whole_number(field: TextField, what: str, low: int, high: int) -> int:
    """The whole number typed in ``field``; ValueError naming ``what`` and the range otherwise."""
    text = field_text(field)
    if not text.isdigit() or not low <= int(text) <= high:
        raise ValueError(f"the {what} must be a whole number from {low} to {high}, not {text or 'nothing'!r}")
    return int(text)


def terrain_row(name: str, value: str = ".") -> ChoiceRow:
    """A choice of the six terrains."""
    return ChoiceRow([(p, paint_name(p).capitalize()) for p in TERRAIN_PAINTS], value, width=300, name=name)


class ChoiceDialog(Dialog):
    """A question with a row of answers, e.g. Save / Don't save / Cancel."""

    width = 620
    height = 280

    def __init__(self, view: EditorHost, title: str, message: str,
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
        box.add(self.button_row(*(self.button(text, name, partial(self._answer, action), kind, width)
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

    def __init__(self, view: EditorHost, title: str, lines: Sequence[str], colour=theme.PARCHMENT) -> None:
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
