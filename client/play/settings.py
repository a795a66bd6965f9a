"""Player settings (name, server, window, animation speed), kept as JSON in the config dir.

The file is ``settings.json`` in ``platformdirs.user_config_dir("scryptic")``; the environment
variable ``SCRYPTIC_CONFIG_DIR`` points it elsewhere (tests use a temporary folder). A missing
file gives the defaults; a file that is not a settings object is kept aside as
``settings.json.corrupt``, reported in one line on stderr, and the defaults are used; a bad
value in it is replaced by its default, so a hand edit can never stop the game from starting.
Saving is atomic (a temporary file renamed over the old one).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from shared.files import userdirs
from shared.files.atomic import set_aside, write_text

ANIMATION_SPEEDS: dict[str, float] = {"slow": 0.6, "normal": 1.0, "fast": 2.0, "instant": 0.0}
"""Animation speed names and their rate (0 means no animation at all)."""

WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1280, 800), (1440, 900), (1600, 1000), (1920, 1080))
MIN_WINDOW = (1200, 720)


def config_dir() -> Path:
    """Where settings.json lives (``SCRYPTIC_CONFIG_DIR`` overrides it)."""
    return userdirs.config_dir()


@dataclass
class Settings:
    """Everything the player can set in the Settings screen."""

    name: str = "Player"
    server: str = "ws://127.0.0.1:8765"
    width: int = 1280
    height: int = 800
    fullscreen: bool = False
    animation: str = "normal"
    ai_level: int = 1  # the difficulty last chosen (1: Squire, the gentlest, for a first game)
    seen_tutorial: bool = False
    volume: int = 80  # sound volume in percent, 0 to 100 (client.audio)
    muted: bool = False

    @property
    def animation_rate(self) -> float:
        """Multiplier of animation speed (0: instant)."""
        return ANIMATION_SPEEDS.get(self.animation, 1.0)

    def validated(self) -> "Settings":
        """A copy with every out-of-range value replaced by its default."""
        d = Settings()
        name = self.name.strip()[:24] if isinstance(self.name, str) else ""
        server = server_addresses(self.server)
        return Settings(
            name=name or d.name,
            server=server or d.server,
            width=self.width if isinstance(self.width, int) and self.width >= MIN_WINDOW[0] else d.width,
            height=self.height if isinstance(self.height, int) and self.height >= MIN_WINDOW[1] else d.height,
            fullscreen=bool(self.fullscreen),
            animation=self.animation if self.animation in ANIMATION_SPEEDS else d.animation,
            ai_level=self.ai_level if isinstance(self.ai_level, int) and 0 <= self.ai_level <= 9 else d.ai_level,
            seen_tutorial=bool(self.seen_tutorial),
            volume=self.volume if isinstance(self.volume, int) and not isinstance(self.volume, bool)
            and 0 <= self.volume <= 100 else d.volume,
            muted=self.muted if isinstance(self.muted, bool) else d.muted,
        )


def server_addresses(value: object) -> str:
    """The server address, or a cluster's several addresses separated by commas (as the client
    library takes them), tidied; "" if any of them is not a ws:// or wss:// address."""
    if not isinstance(value, str):
        return ""
    addresses = [a.strip() for a in value.split(",") if a.strip()]
    if not addresses or not all(a.startswith(("ws://", "wss://")) for a in addresses):
        return ""
    return ",".join(addresses)


def settings_path(directory: Path | None = None) -> Path:
    return (directory or config_dir()) / "settings.json"


def _report_to_stderr(message: str) -> None:
    print(f"scryptic: {message}", file=sys.stderr, flush=True)


def _damaged(path: Path, problem: str, report: Callable[[str], None]) -> "Settings":
    """Keep a damaged settings file aside, say so, and give the defaults."""
    try:
        kept = set_aside(path)
        report(f"the settings file {path} could not be read ({problem}); kept it as {kept.name} "
               "and started from the default settings")
    except OSError as exc:
        report(f"the settings file {path} could not be read ({problem}) nor moved aside "
               f"({exc.strerror or exc}); using the default settings")
    return Settings()


def load_settings(directory: Path | None = None,
                  report: Callable[[str], None] = _report_to_stderr) -> Settings:
    """The saved settings, or the defaults where there are none (a damaged file: see the module)."""
    path = settings_path(directory)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings()
    except (OSError, UnicodeDecodeError) as exc:
        return _damaged(path, getattr(exc, "strerror", None) or str(exc), report)
    try:
        raw = json.loads(text)
    except ValueError as exc:
        return _damaged(path, f"not JSON: {exc}", report)
    if not isinstance(raw, dict):
        return _damaged(path, "not a JSON object", report)
    known = {f.name for f in fields(Settings)}
    values: dict[str, Any] = {k: v for k, v in raw.items() if k in known}
    try:
        return Settings(**values).validated()
    except TypeError:
        return Settings()


def save_settings(settings: Settings, directory: Path | None = None) -> Path:
    """Write the settings atomically; return the file's path."""
    path = settings_path(directory)
    return write_text(path, json.dumps(asdict(settings.validated()), indent=1, sort_keys=True))
