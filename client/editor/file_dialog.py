"""The editor's file dialog: open or save a map, import or export a Tiled map.

A path to type (it starts in the player's own maps folder, :mod:`client.editor.folders`, never
in the install folder), and a list of maps to choose from: the player's maps, then, when
opening, the maps that come with the game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from arcade.gui import UIAnchorLayout, UIBoxLayout

from client.editor.dialogs import Action, Dialog, field_text, text_field
from client.editor.folders import user_maps_dir
from client.ui import theme
from client.ui.widgets import BrassButton, TextField, fit_text, form_row, label
from client.views.layout import PAD
from shared.maps.files import MAP_SUFFIX, load_map, shipped_maps
from shared.maps.tiled_export import TMJ_SUFFIX

if TYPE_CHECKING:
    from client.editor.host import EditorHost


@dataclass(frozen=True)
class Mode:
    """What a file dialog is for."""

    title: str
    verb: str
    suffix: str
    writes: bool
    hint: str


MODES = {
    "open": Mode("Open a map", "Open", MAP_SUFFIX, False, "Type a path, or choose a map below."),
    "save": Mode("Save the map as", "Save", MAP_SUFFIX, True,
                 "Type a path (anywhere), or choose one of your maps below to replace it."),
    "import": Mode("Import a Tiled map", "Import", TMJ_SUFFIX, False,
                   "Type the path of a Tiled map (.tmj), or choose one below."),
    "export": Mode("Export for Tiled", "Export", TMJ_SUFFIX, True,
                   "A Tiled map (.tmj); the tileset picture is copied beside it."),
}


class FileDialog(Dialog):
    """Open, Save as, Import (Tiled) or Export (Tiled): see :data:`MODES`."""

    width = 720
    height = 620
    PAGE = 6

    def __init__(self, view: EditorHost, mode: str, on_done: Action | None = None) -> None:
        super().__init__(view)
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        self.mode = mode
        self.spec = MODES[mode]
        self.on_done = on_done
        self.title = self.spec.title
        doc = view.doc
        if self.spec.writes:
            start = display_path(doc.default_path(self.spec.suffix))
        elif mode == "open" and doc.path is not None:
            start = display_path(doc.path)
        else:
            start = ""
        self.path_field = text_field("path", start, 560)
        self.folder = user_maps_dir()
        self.entries = list_maps(self.folder, self.spec.suffix, shipped=mode == "open")
        self.page = 0

    def build(self) -> UIBoxLayout:
        box = UIBoxLayout(space_between=10)
        self.heading(box)
        box.add(label(self.spec.hint, size=14, color=theme.PARCHMENT_DIM, italic=True))
        box.add(form_row("File", self.path_field, caption_width=70))
        heading = "Your maps, then the maps that come with the game" if self.mode == "open" else "Your maps"
        box.add(label(heading, size=15, color=theme.BRASS_LIGHT, bold=True, width=self.width - 80, align="center"))
        box.add(label(f"in {elided(display_path(self.folder), 78)}", size=13, color=theme.PARCHMENT_DIM,
                      width=self.width - 80, align="center", font=theme.SANS))
        listing = UIBoxLayout(space_between=6)
        shown = self.entries[self.page * self.PAGE:(self.page + 1) * self.PAGE]
        for i, entry in enumerate(shown, start=self.page * self.PAGE):
            text = entry_text(entry, 560 - 2 * PAD, 14)
            listing.add(BrassButton(text, width=560, height=36, kind="steel", font_size=14,
                                    on_click=partial(self.choose, entry.path), name=f"map-{i}"))
        if not self.entries:
            listing.add(label("(none yet)", size=14, color=theme.PARCHMENT_DIM, italic=True, width=560,
                              align="center"))
        for _ in range(self.PAGE - max(1, len(shown))):
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
        box.add(self.button_row(self.button("Cancel", "cancel", self.dismiss, "steel"),
                                self.button(self.spec.verb, "ok", self.confirm, "gold")))
        return box

    def focus_field(self) -> TextField | None:
        return self.path_field

    def turn(self, delta: int) -> None:
        """Show the next (+1) or previous (-1) page of maps."""
        self.page += delta
        self.dirty = True

    def choose(self, path: Path) -> None:
        """A listed map was clicked: its path goes in the field (Open and Import act at once)."""
        self.path_field.value = display_path(path)
        if not self.spec.writes:
            self.confirm()

    def target(self) -> Path:
        """The path typed in the field (the suffix added when writing); ValueError if empty."""
        text = field_text(self.path_field)
        if not text:
            raise ValueError(f"type the path of a {self.spec.suffix} file")
        path = Path(text).expanduser()
        if self.spec.writes and path.suffix != self.spec.suffix:
            path = path.with_name(path.name + self.spec.suffix)
        return path

    def confirm(self) -> None:
        try:
            path = self.target()
        except ValueError as exc:
            self.show_error(str(exc))
            return
        files = self.view.files
        actions: dict[str, Callable[[], object]] = {
            "open": lambda: files.open_path(path, self),
            "save": lambda: files.save_as(path, self, self.on_done),
            "import": lambda: files.import_path(path, self),
            "export": lambda: files.export_to(path, self),
        }
        actions[self.mode]()


@dataclass(frozen=True)
class Entry:
    """A file listed in the dialog."""

    path: Path
    caption: str
    short: str = ""  # the caption without the file's name, for a list too narrow for all of it


def list_maps(folder: Path, suffix: str, shipped: bool = False) -> list[Entry]:
    """The ``suffix`` files in ``folder`` (sorted by name), then the shipped maps if ``shipped``."""
    try:
        own = sorted(p for p in folder.iterdir() if p.suffix == suffix and p.is_file())
    except OSError:
        own = []
    out = [Entry(p, _caption(p), _caption(p, with_file=False)) for p in own]
    if shipped:
        mark = "   \N{MIDDLE DOT} comes with the game"
        out += [Entry(p, _caption(p) + mark, _caption(p, with_file=False) + mark) for p in shipped_maps()]
    return out


def _caption(path: Path, with_file: bool = True) -> str:
    if path.suffix != MAP_SUFFIX:
        return path.name
    try:
        m = load_map(path)
    except (OSError, ValueError) as exc:
        return f"{path.name}: cannot be read ({type(exc).__name__})"
    return f"{m.name}   {m.width}x{m.height}" + (f"   {path.name}" if with_file else "")


def entry_text(entry: Entry, width: float, font_size: int) -> str:
    """What an entry's button says in ``width`` pixels: the whole caption, else the caption
    without the file's name, else that cut short with "…"."""
    whole = fit_text(entry.caption, width, font_size)
    if whole == entry.caption or not entry.short:
        return whole
    return fit_text(entry.short, width, font_size)


def elided(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters by an ellipsis in the middle (paths keep both ends)."""
    if len(text) <= limit:
        return text
    head = (limit - 1) // 3
    return f"{text[:head]}\N{HORIZONTAL ELLIPSIS}{text[len(text) - (limit - 1 - head):]}"


def display_path(path: Path) -> str:
    """A path as short as it can be: relative to the working folder when inside it, else with
    the home folder as ``~``."""
    resolved = Path(path).expanduser().resolve()
    for base, prefix in ((Path.cwd().resolve(), ""), (Path.home().resolve(), "~/")):
        try:
            rest = resolved.relative_to(base)
        except ValueError:
            continue
        return prefix + str(rest) if prefix else str(rest)
    return str(path)
