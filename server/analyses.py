"""The analysis desk: post-game analyses asked for by players and spectators (``analyse``).

A request names a finished game the asker may see (the same check as ``export``). A stored
analysis is the answer at once (``status: ready``). Otherwise the game joins the queue
(``status: queued``, with how many are ahead): an analysis worker process computes it with
:func:`shared.analysis.analyse_game`, the desk stores it with the game
(:mod:`server.store.analyses`) and pushes ``analysis`` to every connection that asked while it
was under way; a second request gets the stored one. An analysis that fails is pushed as
``analysis_failed`` with the reason, and nothing is stored.

The analysis workers are processes of their own, like the bot workers but apart from them: an
analysis takes tens of seconds, and a bot's move must never wait behind one. Limits: at most
``analysis_queue`` games waiting or under way (beyond it, ``server_busy``), and at most
``analyses_per_user`` waited for by one account (a guest: one connection) at once
(``rate_limited``).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from server.bots import exit_with_parent
from server.edge import outbound
from server.edge import protocol as P
from server.edge.protocol import ProtocolError
from server.lobby.clients import Client
from server.store.analyses import AnalysisArchive
from shared.rules.lexicon import Lexicon
from shared.wire import replies as R

log = logging.getLogger("scryptic.analysis")

_LEXICON: list[Lexicon] = []  # the worker process's dictionary


def _init_analyst(lexicon_factory: Callable[[], Lexicon]) -> None:
    _LEXICON[:] = [lexicon_factory()]
    exit_with_parent()


def analyse_text(record_text: str, depth: str) -> dict[str, Any]:
    """Analyse a record in an analysis worker: ``{"analysis": ...}`` or ``{"error": why}``."""
    from shared.analysis import AnalysisError, analyse_game
    from shared.rules.record import RecordError, parse_record

    started = time.perf_counter()
    try:
        analysis = analyse_game(parse_record(record_text), _LEXICON[0], depth)
    except (RecordError, AnalysisError, ValueError) as exc:
        return {"error": str(exc)}
    return {"analysis": analysis.to_dict(), "seconds": round(time.perf_counter() - started, 2)}


@dataclass
class _Job:
    """A game being analysed, and who is waiting for it."""

    waiting: dict[int, Client] = field(default_factory=dict)  # connection id -> connection
    askers: set[str] = field(default_factory=set)  # the accounts (or guest connections) waiting
    task: asyncio.Task[None] | None = None


def _asker(client: Client) -> str:
    return f"user:{client.user_id}" if client.user_id is not None else f"conn:{client.id}"


class AnalysisDesk:
    """Answers ``analyse`` requests (see the module docstring)."""

    def __init__(self, archive: AnalysisArchive, export: Callable[[Client, P.Export], Awaitable[R.ExportReply]],
                 lexicon_factory: Callable[[], Lexicon], workers: int = 1, queue: int = 8, per_user: int = 2,
                 depth: str = "normal") -> None:
        self.archive = archive
        self.export = export
        self._factory = lexicon_factory
        self.workers = workers
        self.queue = queue
        self.per_user = per_user
        self.depth = depth
        self.jobs: dict[str, _Job] = {}
        self.done = 0  # analyses computed and stored (for the health readout)
        self._pool: ProcessPoolExecutor | None = None
        self._slots = asyncio.Semaphore(max(1, workers))

    async def analyse(self, client: Client, req: P.Analyse) -> R.AnalyseReply:
        """A finished game's analysis: stored (``ready``) or queued (then pushed)."""
        if self.workers < 1:
            raise ProtocolError("analysis_off", "this server does not analyse games")
        exported = await self.export(client, P.Export(id=req.id, game=req.game))  # no_such_game, not_finished
        game_id = exported.game
        stored = await self.archive.load(game_id)
        if stored is not None:
            return R.AnalyseReply(game=game_id, status="ready", analysis=stored)
        job = self.jobs.get(game_id)
        asker = _asker(client)
        if job is None or asker not in job.askers:
            waited = sum(asker in j.askers for j in self.jobs.values())
            if waited >= self.per_user:
                raise ProtocolError("rate_limited", f"you are already waiting for {waited} analyses; "
                                    "ask again when one has arrived")
        if job is None:
            if len(self.jobs) >= self.queue:
                raise ProtocolError("server_busy", f"{len(self.jobs)} games are being analysed; ask again later")
            job = self.jobs[game_id] = _Job()
            job.task = asyncio.get_running_loop().create_task(self._run(game_id, exported.record))
        job.waiting[client.id] = client
        job.askers.add(asker)
        ahead = list(self.jobs).index(game_id)
        return R.AnalyseReply(game=game_id, status="queued", ahead=ahead)

    def _ensure_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=max(1, self.workers),
                                             mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_init_analyst, initargs=(self._factory,))
        return self._pool

    async def _run(self, game_id: str, record_text: str) -> None:
        job = self.jobs[game_id]
        try:
            async with self._slots:
                outcome = await asyncio.get_running_loop().run_in_executor(
                    self._ensure_pool(), analyse_text, record_text, self.depth)
            if "error" in outcome:
                message = outbound.message("analysis_failed", game=game_id, reason=outcome["error"])
            else:
                await self.archive.save(game_id, self.depth, outcome["analysis"])
                self.done += 1
                log.info("game analysed", extra={"data": {"game": game_id, "seconds": outcome.get("seconds")}})
                message = outbound.message("analysis", game=game_id, analysis=outcome["analysis"])
        except asyncio.CancelledError:
            raise
        except BrokenProcessPool:  # a worker died (killed, out of memory): the next analysis starts a new one
            log.error("an analysis worker died", extra={"data": {"game": game_id}})
            self._pool = None
            message = outbound.message("analysis_failed", game=game_id, reason="the server's analysis worker stopped; ask again")
        except Exception as exc:  # noqa: BLE001 - a broken store: told to the askers, logged
            log.error("an analysis failed", extra={"data": {"game": game_id, "error": repr(exc)}})
            message = outbound.message("analysis_failed", game=game_id, reason="the server could not analyse the game")
        finally:
            self.jobs.pop(game_id, None)
        frame = outbound.frame(message)
        for client in job.waiting.values():
            client.push(frame)

    def forget(self, client: Client) -> None:
        """``client`` closed: nothing more is pushed to it (its analyses still go on, and are stored)."""
        for job in self.jobs.values():
            if job.waiting.pop(client.id, None) is not None and client.user_id is None:
                job.askers.discard(_asker(client))

    async def close(self) -> None:
        """Stop: cancel what is queued, end the workers."""
        tasks = [job.task for job in self.jobs.values() if job.task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
