"""What the GUI test modules share: the window (one per module)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="module")
def window(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One ScrypticWindow for the test module (settings in a temporary folder, fast
    animations); a module that needs other settings defines its own."""
    from gui_support import scryptic_window

    with scryptic_window(tmp_path_factory, "fast") as win:
        yield win
