"""Keeping local games in their save slots as they are played, off the frame thread.

:func:`keep` gives a local game its slot (:mod:`client.play.savegame`) and listens to its session:
after every action the game accepts (a word, a pass, a lift, a discard, a defence order, the
computer's move, a resignation) a snapshot of the game is taken on the frame thread, which is
cheap, and handed to the :class:`SaveWriter`. Its one background thread turns the newest
snapshot of each slot into the file and writes it whole (temporary file and rename); a slot
whose game has ended is removed instead. A write that fails is kept in
:attr:`SaveWriter.failures` for the screens to tell the player (the main menu and the game
screen do); it is never only printed.
"""

from __future__ import annotations

import threading
from pathlib import Path

from client.play import savegame
from client.play.session import LocalSession
from shared.files.atomic import write_text

_REMOVE = None


class SaveWriter:
    """One background thread writing the newest snapshot of each save slot."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._pending: dict[Path, savegame.Snapshot | None] = {}
        self._busy = False
        self._thread: threading.Thread | None = None
        self.failures: list[str] = []
        """What could not be saved, in plain words, oldest first (the screens take them)."""
        self.failure_count = 0
        self.writes = 0  # files written or removed so far

    def put(self, path: Path, snap: savegame.Snapshot | None) -> None:
        """Write ``snap`` to ``path`` soon (None: remove the file); a newer call replaces it."""
        with self._cond:
            self._pending[Path(path)] = snap
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="scryptic-save", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until everything handed over is on disk; False if it took longer than ``timeout``."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._busy, timeout)

    def take_failures(self) -> list[str]:
        """The failures not told yet (and forget them)."""
        with self._cond:
            out, self.failures = self.failures, []
        return out

    def _run(self) -> None:
        while True:
            with self._cond:
                if not self._cond.wait_for(lambda: bool(self._pending), timeout=30.0):
                    self._thread = None  # idle: a later put starts a new thread
                    return
                path, snap = next(iter(self._pending.items()))
                del self._pending[path]
                self._busy = True
            try:
                if snap is _REMOVE:
                    savegame.delete(path)
                else:
                    write_text(path, savegame.encode(snap))
            except Exception as exc:  # told to the player by the screens, never lost
                reason = getattr(exc, "strerror", None) or str(exc) or exc.__class__.__name__
                filename = getattr(exc, "filename", None)
                if filename:
                    reason = f"{reason} ({filename})"
                what = "removed" if snap is _REMOVE else f"saved (turn {snap.turn} of {snap.title})"
                with self._cond:
                    self.failures.append(f"A game could not be {what}: {reason}")
                    self.failure_count += 1
            finally:
                with self._cond:
                    self._busy = False
                    self.writes += 1
                    self._cond.notify_all()


WRITER = SaveWriter()
"""The client's save writer (the app waits for it before the process ends)."""


def keep(session: LocalSession, writer: SaveWriter | None = None, directory: Path | None = None) -> Path:
    """Keep ``session``'s game in its slot from now on (a new slot unless it has one); the slot's path.

    The game is written at once and again after every action the game accepts.
    """
    writer = writer or WRITER
    if session.save_slot is None:
        session.save_slot = savegame.new_slot(directory)
    slot = Path(session.save_slot)

    def changed(s: LocalSession) -> None:
        writer.put(slot, _REMOVE if s.game.result is not None else savegame.snapshot(s, s.origin))

    if not any(getattr(listener, "keeps_slot", None) == slot for listener in session.listeners):
        changed.keeps_slot = slot  # type: ignore[attr-defined]
        session.listeners.append(changed)
    changed(session)
    return slot
