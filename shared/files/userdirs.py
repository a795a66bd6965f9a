"""Where Scryptic keeps the user's files: settings and identity (config), the server's database (data).

``SCRYPTIC_CONFIG_DIR`` and ``SCRYPTIC_DATA_DIR`` point them elsewhere; the test suite sets both
to temporary folders so that it never touches the user's own files.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "scryptic"


def config_dir() -> Path:
    """The folder of settings.json and identity.json."""
    override = os.environ.get("SCRYPTIC_CONFIG_DIR")
    if override:
        return Path(override)
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """The folder of the server's default database."""
    override = os.environ.get("SCRYPTIC_DATA_DIR")
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
