"""Errors a command explains to people: one line on stderr and an exit code, never a traceback.

Every ``scryptic`` subcommand raises these for the failures it knows; the dispatcher
(:func:`scryptic.cli.main`) prints ``scryptic COMMAND: what was wrong; what to do`` and exits
with the error's code. ``--debug`` shows the traceback as well.

Exit codes:

- 2, :class:`UsageError`: the command line asks for something that cannot be: a bad option
  value, a file or folder it names that does not exist or cannot be read or written, an
  unknown map, a server address that is not ``ws://`` or ``wss://``.
- 1, :class:`FaultError`: the command was well formed but could not be done: the content of a
  file is wrong, the port is taken, the database is damaged, the server cannot be reached, there
  is no display; also any unexpected error.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

EXIT_FAULT = 1
EXIT_USAGE = 2


class CommandError(Exception):
    """A failure with a message for people: what was wrong and (optionally) what to do."""

    exit_code = EXIT_FAULT

    def __init__(self, what: str, todo: str | None = None) -> None:
        self.what = what
        self.todo = todo
        super().__init__(what if todo is None else f"{what}; {todo}")


class UsageError(CommandError):
    """The command line asks for something that cannot be (exit code 2)."""

    exit_code = EXIT_USAGE


class FaultError(CommandError):
    """A well-formed command that could not be done (exit code 1)."""

    exit_code = EXIT_FAULT


def os_reason(exc: OSError) -> str:
    """The operating system's reason, in lower case: ``no such file or directory``."""
    reason = exc.strerror or str(exc) or type(exc).__name__
    return reason[:1].lower() + reason[1:]


def read_input_text(path: str | os.PathLike[str], what: str) -> str:
    """The text of a file the command line names.

    Raises :class:`UsageError` if it cannot be read and :class:`FaultError` if it is not UTF-8
    text (``what`` names the file for people: "the word list").
    """
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise UsageError(f"cannot read {what} {path}: {os_reason(exc)}", "check the path") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FaultError(f"{what} {path} is not UTF-8 text (byte {exc.start} cannot be read)",
                         "give a UTF-8 text file") from None


def require_folder(path: str | os.PathLike[str], what: str) -> Path:
    """``path`` as a Path if it is an existing folder, else :class:`UsageError`."""
    folder = Path(path)
    if not folder.exists():
        raise UsageError(f"{what} {folder} does not exist", "check the path")
    if not folder.is_dir():
        raise UsageError(f"{what} {folder} is not a folder", "give a folder")
    return folder


def check_output_file(path: str | os.PathLike[str], what: str) -> Path:
    """Make sure a file can be written at ``path`` (missing folders can be made); return it.

    Checked before long work, so that a bad ``--out`` fails at once; nothing is created.
    Raises :class:`UsageError`.
    """
    import tempfile

    target = Path(path)
    if target.is_dir():
        raise UsageError(f"cannot write {what} to {target}: it is a folder", "give a file name")
    existing = target.parent
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    try:
        if not existing.is_dir():
            raise NotADirectoryError(0, f"{existing} is not a folder")
        with tempfile.TemporaryFile(dir=existing):
            pass
    except OSError as exc:
        raise UsageError(f"cannot write {what} to {target}: {os_reason(exc)}",
                         "choose a folder you can write to") from None
    return target


def check_output_folder(path: str | os.PathLike[str], what: str) -> Path:
    """Make sure files can be written in the folder ``path`` (made if missing); return it."""
    import tempfile

    folder = Path(path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise UsageError(f"cannot write {what} in {folder}: {os_reason(exc)}",
                         "choose a folder you can write to") from None
    return folder


@contextmanager
def writing(path: str | os.PathLike[str], what: str) -> Iterator[Path]:
    """Turn an OSError raised while writing ``path`` into a :class:`UsageError`."""
    try:
        yield Path(path)
    except OSError as exc:
        raise UsageError(f"cannot write {what} to {path}: {os_reason(exc)}",
                         "choose a folder you can write to") from None
