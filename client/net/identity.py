"""The client-held identity: per server, each display name's secret token and seat tokens.

Kept in ``identity.json`` in the config folder (``SCRYPTIC_CONFIG_DIR`` overrides it), written
atomically and readable only by the user, since the tokens are the only credentials. One file
holds several accounts: an identity is the config folder plus the server plus the name, so
``--name Bob`` never renames Alice's account, it uses (or makes) Bob's. Every change re-reads
the file under a lock and merges, so two clients running at once do not undo each other's
saves. A file that cannot be read is kept aside as ``identity.json.corrupt`` and reported.

File format (version 2)::

    {"version": 2, "servers": {URL: {"last": NAME,
                                     "accounts": {NAME: {"token": T, "seats": {GAME: T}}}}}}

Version 1 files (``{"servers": {URL: {"name", "token", "seats"}}}``) are read as one account.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from shared.files.atomic import set_aside, write_text
from shared.files.userdirs import config_dir

FORMAT_VERSION = 2


def default_identity_path() -> Path:
    """``identity.json`` in the config folder."""
    return config_dir() / "identity.json"


def _report_to_stderr(message: str) -> None:
    print(f"scryptic: {message}", file=sys.stderr, flush=True)


class IdentityStore:
    """Per-server accounts (name, token, seat tokens) and the name used last."""

    def __init__(self, path: Path | None = None, report: Callable[[str], None] = _report_to_stderr) -> None:
        self.path = path or default_identity_path()
        self.report = report
        self._data = self._read(set_aside_if_bad=True)
        self._session_lock: int | None = None

    # ------------------------------------------------------------------------------ reading

    def _read(self, set_aside_if_bad: bool) -> dict[str, Any]:
        """The file's data; if it is damaged, a fresh start (after keeping it aside when
        ``set_aside_if_bad``, else the data already in memory)."""
        empty: dict[str, Any] = {"version": FORMAT_VERSION, "servers": {}}
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return empty
        except (OSError, UnicodeDecodeError) as exc:
            problem = getattr(exc, "strerror", None) or str(exc)
        else:
            try:
                return _upgrade(json.loads(text))
            except (ValueError, TypeError, AttributeError) as exc:
                problem = str(exc) or type(exc).__name__
        if not set_aside_if_bad:
            return self._data
        try:
            kept = set_aside(self.path)
            self.report(f"the identity file {self.path} could not be read ({problem}); "
                        f"kept it as {kept.name} and started a new one")
        except OSError as exc:
            self.report(f"the identity file {self.path} could not be read ({problem}) "
                        f"nor moved aside ({exc.strerror or exc}); names will not be remembered")
        return empty

    # ------------------------------------------------------------------------------ queries

    def _server_entry(self, url: str) -> dict[str, Any]:
        return self._data["servers"].get(url) or {"last": None, "accounts": {}}

    def last_name(self, url: str) -> str | None:
        """The name used last on ``url`` (None if none)."""
        return self._server_entry(url).get("last")

    def account(self, url: str, name: str | None) -> dict[str, Any]:
        """``{"name", "token", "seats"}`` of ``name`` on ``url`` (token None if there is none yet)."""
        stored = self._server_entry(url)["accounts"].get(name) if name is not None else None
        stored = stored or {}
        return {"name": name, "token": stored.get("token"), "seats": dict(stored.get("seats") or {})}

    def server(self, url: str) -> dict[str, Any]:
        """The account used last on ``url``: ``{"name", "token", "seats"}``."""
        return self.account(url, self.last_name(url))

    # ------------------------------------------------------------------------------ changes

    def remember(self, url: str, *, name: str | None = None, token: str | None = None,
                 seats: dict[str, str] | None = None) -> None:
        """Save what is known of ``name``'s account on ``url`` (default: the name used last).

        A token belongs to one account: if the server renamed the account that held it, the
        old name loses it.
        """
        with self._file_lock():
            self._data = self._read(set_aside_if_bad=False)
            entry = self._data["servers"].setdefault(url, {"last": None, "accounts": {}})
            name = name if name is not None else entry.get("last")
            if name is None:
                return
            account = entry["accounts"].setdefault(name, {"token": None, "seats": {}})
            if token is not None:
                for other_name, other in entry["accounts"].items():
                    if other_name != name and other.get("token") == token:
                        other["token"] = None
                account["token"] = token
            if seats:
                account["seats"].update(seats)
            entry["last"] = name
            self.save()

    def forget_token(self, url: str, name: str) -> None:
        """Drop ``name``'s token on ``url`` (the server no longer knows it)."""
        with self._file_lock():
            self._data = self._read(set_aside_if_bad=False)
            account = self._data["servers"].get(url, {}).get("accounts", {}).get(name)
            if account is not None:
                account["token"] = None
                self.save()

    def save(self) -> None:
        """Write the file atomically, readable by the user only."""
        write_text(self.path, json.dumps(self._data, indent=1, sort_keys=True), mode=0o600)

    @contextlib.contextmanager
    def _file_lock(self) -> Iterator[None]:
        """Hold ``identity.json.lock`` while the file is read, changed and written."""
        try:
            import fcntl
        except ImportError:  # not POSIX
            yield
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(f"{self.path}.lock", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)

    # ------------------------------------------------------------------------------ one client per identity

    def claim(self, url: str, name: str) -> bool:
        """Mark ``name`` on ``url`` as in use by this process until :meth:`release`.

        False if another running client holds it. (POSIX record locks on one byte of
        ``identity.json.inuse`` per account; they vanish with the process that held them.)
        """
        try:
            import fcntl
        except ImportError:
            return True
        self.release()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(f"{self.path}.inuse", os.O_RDWR | os.O_CREAT, 0o600)
        offset = int.from_bytes(hashlib.sha256(f"{url}\0{name}".encode()).digest()[:4], "big") >> 1
        try:
            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, offset)
        except OSError:
            os.close(fd)
            return False
        self._session_lock = fd
        return True

    def release(self) -> None:
        """Give up the claim made by :meth:`claim`."""
        if self._session_lock is not None:
            os.close(self._session_lock)
            self._session_lock = None


def _upgrade(loaded: Any) -> dict[str, Any]:
    """A version 2 dict from the file's JSON; TypeError/ValueError if it is not an identity file."""
    if not isinstance(loaded, dict) or not isinstance(loaded.get("servers"), dict):
        raise ValueError("not an identity file")
    servers: dict[str, Any] = {}
    for url, entry in loaded["servers"].items():
        if not isinstance(entry, dict):
            raise ValueError(f"bad entry for {url}")
        if "accounts" in entry:  # version 2
            accounts = {str(n): {"token": a.get("token"), "seats": dict(a.get("seats") or {})}
                        for n, a in entry["accounts"].items()}
            servers[url] = {"last": entry.get("last"), "accounts": accounts}
        else:  # version 1: one account per server
            name = entry.get("name")
            accounts = {}
            if name is not None:
                accounts[name] = {"token": entry.get("token"), "seats": dict(entry.get("seats") or {})}
            servers[url] = {"last": name, "accounts": accounts}
    return {"version": FORMAT_VERSION, "servers": servers}
