"""Puzzles mined from the server's own finished games, in worker processes of their own.

When a public game ends, its record joins a bounded queue (``puzzle_mining_queue`` games
waiting or under way; beyond it a game is not mined, and that is logged). A mining worker
process runs the puzzle miner (:func:`shared.puzzles.miner.mine_record` through
:mod:`shared.puzzle_wire`) on it; the puzzles found are stored with the game they came from
(:mod:`server.store.puzzles`) and served from then on (:class:`server.puzzles.PuzzleDesk`).
A game is mined once: the store remembers the games mined, with or without a puzzle.

The workers are processes like the analysis workers, apart from the bots': mining searches
each turn of a game, and a bot's move must never wait behind it. Nothing a client sends
reaches this module: only records of games the server itself played.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from server.bots import exit_with_parent
from server.store.puzzles import MinedPuzzle, PuzzleArchive
from shared.rules.lexicon import Lexicon

log = logging.getLogger("scryptic.puzzles")

_LEXICON: list[Lexicon] = []  # the worker process's dictionary


def _init_miner(lexicon_factory: Callable[[], Lexicon]) -> None:
    _LEXICON[:] = [lexicon_factory()]
    exit_with_parent()


def mine_text(record_text: str, game_id: str, limit: int) -> dict[str, Any]:
    """Mine a record in a mining worker: ``{"puzzles": [...]}`` (their JSON forms) or ``{"error": why}``."""
    from shared.puzzle_wire import mine_record_text

    try:
        return {"puzzles": mine_record_text(record_text, _LEXICON[0], game_id, limit)}
    except (ValueError, KeyError, TypeError) as exc:
        return {"error": str(exc)}


class PuzzleMiner:
    """Mines finished games for puzzles (see the module docstring)."""

    def __init__(self, archive: PuzzleArchive, found: Callable[[list[MinedPuzzle]], None],
                 lexicon_factory: Callable[[], Lexicon], workers: int = 1, queue: int = 4,
                 per_game: int = 3) -> None:
        """``found(puzzles)`` is told the puzzles of each game mined; ``workers`` 0 mines nothing."""
        self.archive = archive
        self.found = found
        self._factory = lexicon_factory
        self.workers = workers
        self.queue = queue
        self.per_game = per_game
        self.jobs: dict[str, asyncio.Task[None]] = {}
        self.mined = 0  # games mined (for the health readout)
        self.puzzles = 0  # puzzles found in them
        self.skipped = 0  # games left unmined because the queue was full
        self._pool: ProcessPoolExecutor | None = None
        self._slots = asyncio.Semaphore(max(1, workers))
        self._done_games: set[str] | None = None

    def game_over(self, game_id: str, record_text: str | None) -> None:
        """A game ended (public, with its record): mine it in the background if there is room."""
        if self.workers < 1 or record_text is None or game_id in self.jobs:
            return
        if len(self.jobs) >= self.queue:
            self.skipped += 1
            log.info("a finished game was not mined: the queue is full", extra={"data": {"game": game_id}})
            return
        self.jobs[game_id] = asyncio.get_running_loop().create_task(self._run(game_id, record_text))

    def _ensure_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=max(1, self.workers),
                                             mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_init_miner, initargs=(self._factory,))
        return self._pool

    async def _run(self, game_id: str, record_text: str) -> None:
        try:
            if self._done_games is None:
                self._done_games = await self.archive.mined_games()
            if game_id in self._done_games:
                return
            async with self._slots:
                outcome = await asyncio.get_running_loop().run_in_executor(
                    self._ensure_pool(), mine_text, record_text, game_id, self.per_game)
            if "error" in outcome:
                log.warning("a game could not be mined", extra={"data": {"game": game_id, "error": outcome["error"]}})
                return
            puzzles = [MinedPuzzle(str(data["id"]), game_id, data) for data in outcome["puzzles"]]
            await self.archive.keep_mined(game_id, puzzles)
            self._done_games.add(game_id)
            self.mined += 1
            self.puzzles += len(puzzles)
            self.found(puzzles)
            log.info("game mined", extra={"data": {"game": game_id, "puzzles": len(puzzles)}})
        except asyncio.CancelledError:
            raise
        except BrokenProcessPool:  # a worker died: the next game starts a new one
            log.error("a mining worker died", extra={"data": {"game": game_id}})
            self._pool = None
        except Exception as exc:  # noqa: BLE001 - a broken store: logged, the server goes on
            log.error("mining failed", extra={"data": {"game": game_id, "error": repr(exc)}})
        finally:
            self.jobs.pop(game_id, None)

    async def close(self) -> None:
        """Stop: cancel what is queued, end the workers."""
        tasks = list(self.jobs.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
