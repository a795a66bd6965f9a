"""Snapshots for fast loading (docs/cluster.md, *Snapshots*): a game host saves its game's state
every :data:`SNAPSHOT_EVERY` actions where the store keeps snapshots (PostgreSQL), and a game
being loaded starts from the newest usable one instead of replaying from its first action.

A snapshot is usable if its digest matches the stored actions before it, it restores (see
:mod:`shared.rules.snapshot`), and, when the events of the last versions are wanted, it lies at
least that many versions back, so that replaying the rest gives the same event tail as a full
replay. Anything else falls back to the full replay: a snapshot only ever saves time.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from server.store.records import StoredGame
from shared.rules.game import Game
from shared.rules.snapshot import (
    SnapshotError,
    can_snapshot,
    prefix_hash,
    restore,
    snapshot_of,
)

log = logging.getLogger("scryptic.server")

SNAPSHOT_EVERY = 50  # actions between two snapshots of a game
_saving: set[asyncio.Task[None]] = set()  # saves in flight (held so they are not collected)


def start_from_snapshot(stored: StoredGame, fresh: Game, keep_events: int) -> tuple[Game, int]:
    """``fresh`` (just made by Game.new) restored from the newest usable snapshot of ``stored``,
    and the number of stored actions it covers; ``(fresh, 0)`` when none is usable.
    ``keep_events``: the last versions whose events the caller will replay (0: none)."""
    actions = [data for _v, data, _t in stored.actions]
    for version, state, prefix in stored.snapshots:
        if not 0 < version <= len(actions) - keep_events:
            continue
        if prefix != prefix_hash(actions[:version]):
            log.warning("snapshot ignored", extra={"data": {"game": stored.id, "version": version, "why": "other actions"}})
            continue
        try:
            return restore(fresh, state, actions[:version]), version
        except SnapshotError as exc:
            log.warning("snapshot ignored", extra={"data": {"game": stored.id, "version": version, "why": str(exc)}})
    return fresh, 0


def snapshot_due(game: Game, last: int) -> bool:
    """Whether ``game`` should be saved now, its last snapshot being at version ``last``."""
    return game.version >= last + SNAPSHOT_EVERY and not game.over and can_snapshot(game)


def save_snapshot_later(store: Any, game_id: str, game: Game) -> bool:
    """Start saving ``game``'s state if ``store`` keeps snapshots; a failure is only logged
    (the game goes on; the next load replays more). Returns whether a save was started."""
    save = getattr(store, "save_snapshot", None)
    if save is None:
        return False
    version, state, prefix = game.version, snapshot_of(game), prefix_hash(game.actions)

    async def run() -> None:
        try:
            await save(game_id, version, state, prefix)
        except Exception as exc:  # noqa: BLE001 - a lost snapshot costs only loading time
            log.warning("snapshot not saved", extra={"data": {"game": game_id, "version": version, "error": str(exc)}})

    task = asyncio.ensure_future(run())
    _saving.add(task)
    task.add_done_callback(_saving.discard)
    return True
