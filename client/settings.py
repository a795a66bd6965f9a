"""Player settings (name, server, window, animation speed), kept as JSON in the config dir.

The file is ``settings.json`` in ``platformdirs.user_config_dir("scryptic")``; the environment
variable ``SCRYPTIC_CONFIG_DIR`` points it elsewhere (tests use a temporary folder). A missing
or unreadable file gives the defaults; a bad value in it is replaced by its default, so a hand
edit can never stop the game from starting.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import platformdirs

ANIMATION_SPEEDS: dict[str, float] = {"slow": 0.6, "normal": 1.0, "fast": 2.0, "instant": 0.0}
"""Animation speed names and their rate (0 means no animation at all)."""

WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1280, 800), (1440, 900), (1600, 1000), (1920, 1080))
MIN_WINDOW = (1200, 720)


def config_dir() -> Path:
    """Where settings.json lives."""
    override = os.environ.get("SCRYPTIC_CONFIG_DIR")
    if override:
        return Path(override)
    return Path(platformdirs.user_config_dir("scryptic", appauthor=False))


@dataclass
class Settings:
    """Everything the player can set in the Settings screen."""

    name: str = "Player"
    server: str = "ws://127.0.0.1:8765"
    width: int = 1280
    height: int = 800
    fullscreen: bool = False
    animation: str = "normal"
    ai_level: int = 2
    seen_tutorial: bool = False

    @property
    def animation_rate(self) -> float:
        """Multiplier of animation speed (0: instant)."""
        return ANIMATION_SPEEDS.get(self.animation, 1.0)

    def validated(self) -> "Settings":
        """A copy with every out-of-range value replaced by its default."""
        d = Settings()
        name = self.name.strip()[:24] if isinstance(self.name, str) else ""
        server = self.server.strip() if isinstance(self.server, str) else ""
        return Settings(
            name=name or d.name,
            server=server if server.startswith(("ws://", "wss://")) else d.server,
            width=self.width if isinstance(self.width, int) and self.width >= MIN_WINDOW[0] else d.width,
            height=self.height if isinstance(self.height, int) and self.height >= MIN_WINDOW[1] else d.height,
            fullscreen=bool(self.fullscreen),
            animation=self.animation if self.animation in ANIMATION_SPEEDS else d.animation,
            ai_level=self.ai_level if isinstance(self.ai_level, int) and 0 <= self.ai_level <= 9 else d.ai_level,
            seen_tutorial=bool(self.seen_tutorial),
        )


def settings_path(directory: Path | None = None) -> Path:
    return (directory or config_dir()) / "settings.json"


def load_settings(directory: Path | None = None) -> Settings:
    """The saved settings, or the defaults where there are none."""
    path = settings_path(directory)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    if not isinstance(raw, dict):
        return Settings()
    known = {f.name for f in fields(Settings)}
    values: dict[str, Any] = {k: v for k, v in raw.items() if k in known}
    try:
        return Settings(**values).validated()
    except TypeError:
        return Settings()


def save_settings(settings: Settings, directory: Path | None = None) -> Path:
    """Write the settings atomically; return the file's path."""
    path = settings_path(directory)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=".settings.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(asdict(settings.validated()), handle, indent=1, sort_keys=True)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return path
