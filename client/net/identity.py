"""The client-held identity: display name, its secret token, and seat tokens, per server.

Kept in a small JSON file in the user's config directory (``identity.json``), written
atomically and readable only by the user, since the tokens are the only credentials.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import platformdirs


def default_identity_path() -> Path:
    return Path(platformdirs.user_config_dir("scryptic", appauthor=False)) / "identity.json"


class IdentityStore:
    """Per-server name, token and seat tokens."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or default_identity_path()
        self._data: dict[str, Any] = {"servers": {}}
        if self.path.exists():
            try:
                loaded = json.loads(self.path.read_text(encoding="utf-8"))
                if isinstance(loaded, dict) and isinstance(loaded.get("servers"), dict):
                    self._data = loaded
            except (OSError, ValueError):
                pass  # an unreadable file is replaced on the next save

    def server(self, url: str) -> dict[str, Any]:
        """The entry for ``url``: {"name", "token", "seats": {game: token}}."""
        return self._data["servers"].setdefault(url, {"name": None, "token": None, "seats": {}})

    def remember(self, url: str, *, name: str | None = None, token: str | None = None, seats: dict[str, str] | None = None) -> None:
        """Update and save what is known for ``url``."""
        entry = self.server(url)
        if name is not None:
            entry["name"] = name
        if token is not None:
            entry["token"] = token
        if seats:
            entry["seats"].update(seats)
        self.save()

    def save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=".identity.", dir=self.path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(self._data, handle, indent=1, sort_keys=True)
            os.chmod(temp, 0o600)
            os.replace(temp, self.path)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
