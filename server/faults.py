"""A fault hook for the failure tests: freeze this server at a chosen moment.

``SCRYPTIC_FREEZE_AFTER_STORING=GAME:VERSION`` in a server's environment makes it stop itself
(SIGSTOP) the moment the action that takes ``GAME`` to ``VERSION`` is on disk, before anyone is
answered or sent the update: the moment a node dies after committing a move and before its reply
leaves. The test that set it then kills the process (SIGKILL). Unset (always, outside those
tests), it costs one comparison.
"""

from __future__ import annotations

import os
import signal
import sys

_FREEZE = os.environ.get("SCRYPTIC_FREEZE_AFTER_STORING")


def stored(game_id: str, version: int) -> None:
    """An action of ``game_id`` is on disk at ``version``; freeze here if asked to."""
    if _FREEZE is not None and _FREEZE == f"{game_id}:{version}":
        print(f"frozen after storing {game_id} version {version}", file=sys.stderr, flush=True)
        os.kill(os.getpid(), signal.SIGSTOP)
