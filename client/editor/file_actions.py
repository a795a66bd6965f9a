"""What the editor's file buttons and keys do: new, open, generate, save, save as, and the
Tiled import and export; each asks first about unsaved changes where it would lose them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from client.editor.dialogs import ChoiceDialog, Dialog, MessageDialog
from client.editor.document import MapDocument, SaveRefused
from client.editor.file_dialog import FileDialog, display_path
from client.editor.folders import is_shipped
from client.editor.map_dialogs import DetailsDialog, GenerateDialog, NewMapDialog, ResizeDialog
from client.ui import theme
from shared.maps.check import ERROR, Finding
from shared.maps.format import MapError
from shared.maps.tiled_export import TMJ_SUFFIX

if TYPE_CHECKING:
    from client.editor.host import EditorHost

Then = Callable[[], Any] | None


class EditorFiles:
    """The file actions of an :class:`~client.editor.view.EditorView` (an :class:`~client.editor.host.EditorHost`)."""

    def __init__(self, view: EditorHost) -> None:
        self.view = view
        self.as_draft = False  # the map is unplayable and the player chose to save it as a draft

    @property
    def doc(self) -> MapDocument:
        return self.view.doc

    def guard(self, doing: str, proceed: Callable[[], Any]) -> None:
        """Run ``proceed`` now, or after asking about unsaved changes."""
        if not self.doc.dirty:
            proceed()
            return
        name = self.doc.name
        self.view.open_dialog(ChoiceDialog(
            self.view, "Unsaved changes",
            f"\N{LEFT DOUBLE QUOTATION MARK}{name}\N{RIGHT DOUBLE QUOTATION MARK} has changes that are not saved. "
            f"Save them before you {doing}?",
            [("Save", "save", "gold", lambda: self.save(then=proceed)),
             ("Don't save", "discard", "ruby", proceed),
             ("Cancel", "cancel", "steel", None)]))

    # ---------------------------------------------------------------- dialogs that start something
    def new_map(self) -> None:
        """Ask for the size and terrain of a new map (after the unsaved-changes question)."""
        self.guard("start a new map", lambda: self.view.open_dialog(NewMapDialog(self.view)))

    def open_map(self) -> None:
        """Choose a map file to open (after the unsaved-changes question)."""
        self.guard("open another map", lambda: self.view.open_dialog(FileDialog(self.view, "open")))

    def import_tiled(self) -> None:
        """Choose a Tiled map (.tmj) to edit (after the unsaved-changes question)."""
        self.guard("import a Tiled map", lambda: self.view.open_dialog(FileDialog(self.view, "import")))

    def export_tiled(self) -> None:
        """Choose where to write the map as a Tiled map."""
        self.view.open_dialog(FileDialog(self.view, "export"))

    def generate(self) -> None:
        """Make a random map from a seed (after the unsaved-changes question)."""
        self.guard("generate a new map", lambda: self.view.open_dialog(GenerateDialog(self.view)))

    def edit_details(self) -> None:
        """Rename the map; its author, description and version."""
        self.view.open_dialog(DetailsDialog(self.view))

    def resize_dialog(self) -> None:
        """Ask for a new board size."""
        self.view.open_dialog(ResizeDialog(self.view))

    # ---------------------------------------------------------------- saving
    def save(self, then: Then = None) -> None:
        """Save to the map's file; Save as if it has none or it is one of the shipped maps
        (those stay as they came). A map that cannot be played yet is saved as a draft if the
        player says so (asked with the reasons)."""
        def to_file() -> None:
            if self.doc.path is None or is_shipped(self.doc.path):
                self.view.open_dialog(FileDialog(self.view, "save", then))
                return
            self._write(self.doc.path, then)

        self.draft_first(to_file)

    def save_as_dialog(self) -> None:
        """Choose where to save (a map that cannot be played yet: as a draft, if the player says so)."""
        self.draft_first(lambda: self.view.open_dialog(FileDialog(self.view, "save")))

    def draft_first(self, proceed: Callable[[], Any]) -> None:
        """Run ``proceed`` now if the map is playable; else ask whether to save it as a draft."""
        self.as_draft = False
        errors = [f for f in self.doc.checks.findings() if f.level == ERROR]
        if not errors:
            proceed()
            return

        def draft() -> None:
            self.as_draft = True
            proceed()

        reasons = "; ".join(f.message for f in errors[:3]) + ("; ..." if len(errors) > 3 else "")
        self.view.open_dialog(ChoiceDialog(
            self.view, "Not playable yet",
            f"{reasons[:1].upper()}{reasons[1:]}. Save it as a draft? Only the editor opens a draft; "
            "no game lists it until it can be played.",
            [("Save draft", "draft", "gold", draft), ("Cancel", "cancel", "steel", None)]))

    def save_as(self, path: Path, dialog: FileDialog | None = None, then: Then = None) -> None:
        """Save to ``path``, asking first before replacing another file."""
        current = self.doc.path.resolve() if self.doc.path else None
        if path.exists() and path.resolve() != current:
            self._confirm_replace(path, dialog, lambda: self._write(path, then))
            return
        self._write(path, then, dialog)

    def _confirm_replace(self, path: Path, dialog: Dialog | None, write: Callable[[], Any]) -> None:
        def back() -> None:
            if dialog is not None:
                self.view.open_dialog(dialog)

        self.view.open_dialog(ChoiceDialog(
            self.view, "Replace the file?", f"{display_path(path)} already exists. Replace it with this map?",
            [("Replace", "replace", "ruby", write), ("Cancel", "cancel", "steel", back)]))

    def _write(self, path: Path, then: Then, dialog: Dialog | None = None) -> bool:
        try:
            written = self.doc.save(path, as_draft=self.as_draft)
        except SaveRefused as exc:
            if dialog is not None:
                dialog.dismiss()
            self.refuse("Not saved", exc.errors)
            return False
        except (OSError, ValueError) as exc:
            self._cannot_write(path, exc, dialog)
            return False
        if dialog is not None:
            dialog.dismiss()
        what = "Saved a draft of" if self.as_draft and not self.doc.checks.playable else "Saved"
        self.as_draft = False
        self.view.show_toast(f"{what} {display_path(written)}.", theme.EMERALD)
        if then is not None:
            then()
        return True

    def _cannot_write(self, path: Path, exc: Exception, dialog: Dialog | None) -> None:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        text = f"Cannot write {display_path(path)}: {reason}"
        if dialog is not None:
            dialog.show_error(text)
        else:
            self.view.open_dialog(MessageDialog(self.view, "Not saved", [text], theme.RUBY))

    # ---------------------------------------------------------------- reading
    def open_path(self, path: Path, dialog: Dialog | None = None) -> bool:
        """Open the map file at ``path`` (a ``.tmj`` is imported); errors go to ``dialog``, else to
        a message. A map that cannot be read changes nothing."""
        if path.suffix.lower() == TMJ_SUFFIX:
            return self.import_path(path, dialog)
        return self._adopt(lambda: MapDocument.open(path), f"Opened {path.name}.", "Cannot open the map", dialog)

    def import_path(self, path: Path, dialog: Dialog | None = None) -> bool:
        """Edit the Tiled map at ``path`` (not saved as a .map until Save)."""
        return self._adopt(lambda: MapDocument.from_tiled(path),
                           f"Imported {path.name} from Tiled: save it to keep it as a .map.",
                           "Cannot import the Tiled map", dialog)

    def _adopt(self, make: Callable[[], MapDocument], message: str, title: str, dialog: Dialog | None) -> bool:
        try:
            doc = make()
        except (FileNotFoundError, MapError, OSError, ValueError) as exc:
            reason = str(exc)
            if isinstance(exc, MapError) and exc.source:
                reason = reason.replace(exc.source, Path(exc.source).name, 1)  # the path is in the field
            if dialog is not None:
                dialog.show_error(reason)
            else:
                self.view.open_dialog(MessageDialog(self.view, title, [reason], theme.RUBY))
            return False
        if dialog is not None:
            dialog.dismiss()
        self.view.set_document(doc, message)
        return True

    def export_to(self, path: Path, dialog: Dialog | None = None, replace: bool = False) -> bool:
        """Write the map as a Tiled map at ``path`` (asking before replacing a file)."""
        if path.exists() and not replace:
            self._confirm_replace(path, dialog, lambda: self.export_to(path, None, replace=True))
            return False
        try:
            written = self.doc.export_tiled(path)
        except (OSError, ValueError) as exc:
            self._cannot_write(path, exc, dialog)
            return False
        if dialog is not None:
            dialog.dismiss()
        extra = f" (with the tileset picture {written[1].name})" if len(written) > 1 else ""
        self.view.show_toast(f"Exported {written[0].name} for Tiled{extra}.", theme.EMERALD)
        return True

    # ---------------------------------------------------------------- playability
    def check_playable(self, title: str) -> bool:
        """True if the map has no errors; else say what they are under ``title``."""
        errors = [f for f in self.doc.checks.findings() if f.level == ERROR]
        if errors:
            self.refuse(title, errors)
            return False
        return True

    def refuse(self, title: str, errors: Sequence[Finding]) -> None:
        """A message listing the errors that stop the map (the first six)."""
        lines = ["The map cannot be played yet:"]
        lines += [f"\N{BULLET} {f.message[:1].upper()}{f.message[1:]}." for f in errors[:6]]
        if len(errors) > 6:
            lines.append(f"... and {len(errors) - 6} more (see Checks).")
        self.view.open_dialog(MessageDialog(self.view, title, lines, theme.PARCHMENT))
