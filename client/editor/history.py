"""Undoable editor commands and the unlimited undo/redo history (pure, no window).

A command knows how to do and undo itself on a document's :class:`~client.editor.sheet.Sheet`
through three narrow setters, the :class:`Editable` protocol: ``put_cells`` (some cells),
``put_rows`` (the whole grid, for a resize) and ``put_details`` (name, author, description,
version). The history knows nothing else of the document.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from client.editor.details import Details
from client.editor.paint import Paint
from shared.rules.terrain import Cell


class Editable(Protocol):
    """What a command changes in the document (implemented by ``Sheet``)."""

    def put_cells(self, paints: dict[Cell, Paint]) -> None: ...

    def put_rows(self, rows: Sequence[str]) -> None: ...

    def put_details(self, details: Details) -> None: ...


class Command(Protocol):
    """Something the history can undo and redo."""

    label: str

    def apply(self, doc: Editable) -> None: ...

    def revert(self, doc: Editable) -> None: ...


@dataclass
class CellsCommand:
    """Some cells repainted: ``changes`` maps each cell to its (before, after) paints."""

    label: str
    changes: dict[Cell, tuple[Paint, Paint]]

    def apply(self, doc: Editable) -> None:
        doc.put_cells({cell: after for cell, (_, after) in self.changes.items()})

    def revert(self, doc: Editable) -> None:
        doc.put_cells({cell: before for cell, (before, _) in self.changes.items()})


@dataclass
class RowsCommand:
    """The whole grid replaced (a resize): the rows before and after, as text."""

    label: str
    before: tuple[str, ...]
    after: tuple[str, ...]

    def apply(self, doc: Editable) -> None:
        doc.put_rows(self.after)

    def revert(self, doc: Editable) -> None:
        doc.put_rows(self.before)


@dataclass
class DetailsCommand:
    """The name, author, description or version changed."""

    label: str
    before: Details
    after: Details

    def apply(self, doc: Editable) -> None:
        doc.put_details(self.after)

    def revert(self, doc: Editable) -> None:
        doc.put_details(self.before)


class History:
    """Undo and redo stacks without a limit, and which state was last saved."""

    def __init__(self) -> None:
        self._done: list[Command] = []
        self._undone: list[Command] = []
        self._saved_top: Command | None = None
        self._saved_known = True  # False once the saved state can no longer be reached

    def push(self, command: Command) -> None:
        """Record a command that has just been applied (it clears the redo stack)."""
        saved = self._saved_top
        if self._saved_known and saved is not None and any(c is saved for c in self._undone):
            self._saved_known = False  # the saved state was undone and is now out of reach
        self._done.append(command)
        self._undone.clear()

    def undo(self, doc: Editable) -> Command | None:
        """Revert the last command; the command, or None if there was nothing to undo."""
        if not self._done:
            return None
        command = self._done.pop()
        command.revert(doc)
        self._undone.append(command)
        return command

    def redo(self, doc: Editable) -> Command | None:
        """Apply the last undone command again; the command, or None if there was none."""
        if not self._undone:
            return None
        command = self._undone.pop()
        command.apply(doc)
        self._done.append(command)
        return command

    @property
    def can_undo(self) -> bool:
        return bool(self._done)

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)

    @property
    def undo_label(self) -> str | None:
        """What Undo would undo (e.g. ``"Fill"``), or None."""
        return self._done[-1].label if self._done else None

    @property
    def redo_label(self) -> str | None:
        return self._undone[-1].label if self._undone else None

    def __len__(self) -> int:
        return len(self._done)

    def mark_saved(self) -> None:
        """The document as it is now is what the file holds."""
        self._saved_top = self._done[-1] if self._done else None
        self._saved_known = True

    @property
    def at_saved(self) -> bool:
        """True if undo and redo have led back to the saved state (or nothing changed)."""
        if not self._saved_known:
            return False
        return (self._done[-1] if self._done else None) is self._saved_top
