"""Bot seats: a seat the server plays itself, thinking in worker processes.

The seat interface is :class:`BotJob` -> action dict, computed by :func:`think` in a process
pool (:class:`BotRunner`), so a bot thinking for seconds never stalls the event loop or any
other game. A job carries what is needed to rebuild the game (map, rules, seed, actions); each
worker keeps recently seen games and only applies the actions it has not seen yet. With
``bot_warm_up`` set (``scryptic server`` sets it), :meth:`BotRunner.start` starts the workers
with the server and has them build every AI level's word graphs, so that no player waits for
them on a bot's first move. A worker ends with the server's process, however that ends.

Which player plays: ``shared.ai.choose_action``. If the AI raises, a clearly labelled
PLACEHOLDER moves instead (:func:`placeholder_action`), so a bot never stalls
its game: the scripted player of :mod:`server.scripted`, which commits a short word when it
finds one and otherwise passes, discards its highest letters and always uses the best defence
order. It is not the AI.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import multiprocessing.connection
import os
import random
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from server.mapcodec import map_from_text
from shared import ai
from shared.rules.actions import (
    Action,
    EndTurn,
    OrderDefence,
    action_from_dict,
    action_to_dict,
)
from shared.rules.game import Game, PendingDefence
from shared.rules.lexicon import Lexicon
from shared.rules.presets import get_rules
from shared.rules.terrain import Player

log = logging.getLogger("scryptic.bots")

AI_LABEL = "shared.ai"
PLACEHOLDER_LABEL = "placeholder bot (scripted, not the AI)"


@dataclass(frozen=True)
class BotJob:
    """Everything a worker needs to choose the bot's next action (picklable)."""

    game_id: str
    map_text: str  # server.mapcodec form
    rules: str
    seed: int
    first: int
    actions: tuple[dict[str, Any], ...]
    player: int
    level: int
    rng_seed: int


@dataclass
class _WorkerState:
    lexicon: Lexicon | None = None
    games: OrderedDict[str, Game] = field(default_factory=OrderedDict)


_STATE = _WorkerState()
_CACHE_SIZE = 64


def _init_worker(lexicon_factory: Callable[[], Lexicon]) -> None:
    _STATE.lexicon = lexicon_factory()
    _STATE.games.clear()
    exit_with_parent()


def exit_with_parent() -> None:
    """End this worker when the server's process ends, even by SIGKILL (a spawned worker
    would otherwise live on, holding the dictionary and the word graphs)."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="scryptic-bot-parent", daemon=True).start()


def warm_level(level: int) -> dict[str, Any]:
    """Build AI ``level``'s word graphs in this worker (a job of :meth:`BotRunner.start`).

    Returns ``{"level", "seconds", "error"}``; the error (None if it went well) is text, since
    a worker has no log of its own."""
    assert _STATE.lexicon is not None, "worker not initialised"
    start = time.perf_counter()
    error = None
    try:
        ai.warm_up(_STATE.lexicon, [level])
    except Exception as exc:  # noqa: BLE001 - reported to the server; the first decision builds instead
        error = f"{type(exc).__name__}: {exc}"
    return {"level": level, "seconds": round(time.perf_counter() - start, 3), "error": error}


def _game_for(job: BotJob) -> Game:
    assert _STATE.lexicon is not None, "worker not initialised"
    game = _STATE.games.pop(job.game_id, None)
    if game is not None and (game.version > len(job.actions) or game.actions != list(job.actions[: game.version])):
        game = None
    if game is None:
        game_map = map_from_text(job.map_text)
        game = Game.new(game_map, get_rules(job.rules), job.seed, _STATE.lexicon, Player(job.first))
    for data in job.actions[game.version :]:
        game.apply(action_from_dict(data))
    _STATE.games[job.game_id] = game
    while len(_STATE.games) > _CACHE_SIZE:
        _STATE.games.popitem(last=False)
    return game


def think(job: BotJob) -> dict[str, Any]:
    """Choose the bot's action for ``job`` (runs in a worker process).

    Returns ``{"action": plain action, "by": who chose it, "error": why the AI failed or None}``:
    if the AI raises, the placeholder moves instead, so a bot never stalls its game.
    """
    game = _game_for(job)
    player = Player(job.player)
    rng = random.Random(job.rng_seed)
    try:
        action = ai.choose_action(game.copy(), player, job.level, rng)
        return {"action": action_to_dict(action), "by": AI_LABEL, "error": None}
    except Exception as exc:  # noqa: BLE001 - reported to the server, which logs it
        error = f"{type(exc).__name__}: {exc}"
    action = placeholder_action(game.copy(), player, rng)
    return {"action": action_to_dict(action), "by": PLACEHOLDER_LABEL, "error": error}


def placeholder_action(game: Game, player: Player, rng: random.Random) -> Action:
    """The PLACEHOLDER's move when the AI cannot play: the scripted player's (see the module docstring)."""
    from server.scripted import BENCH_WORDS, scripted_step

    if game.actor != player:
        return EndTurn(player)
    if isinstance(game.pending, PendingDefence):
        return OrderDefence(player, game.best_defence_order())
    words = [w for w in BENCH_WORDS if w in game.lexicon]
    action, _applied = scripted_step(game, words, rng)
    return action


class BotRunner:
    """A process pool that thinks for bot seats: started on the first bot move, or by
    :meth:`start` with the server."""

    def __init__(self, lexicon_factory: Callable[[], Lexicon], workers: int = 1) -> None:
        self._factory = lexicon_factory
        self._workers = max(1, workers)
        self._pool: ProcessPoolExecutor | None = None
        self.jobs = 0
        self.waiting = 0  # bot decisions asked and not yet answered (the bot queue)
        self.warming: list[Future[dict[str, Any]]] = []  # the build jobs of start()

    @property
    def label(self) -> str:
        """What plays bot seats on this server."""
        return AI_LABEL

    def level_names(self) -> dict[int, str]:
        """The bot levels a client may ask for, with their names (``shared.ai.LEVELS``)."""
        levels = ai.LEVELS
        return {int(n): str(level.name) for n, level in levels.items()}

    def levels(self) -> list[int]:
        return sorted(self.level_names())

    @property
    def running(self) -> bool:
        """True once the worker pool has started."""
        return self._pool is not None

    def _ensure_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self._workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_init_worker,
                initargs=(self._factory,),
            )
        return self._pool

    def start(self) -> list[Future[dict[str, Any]]]:
        """Start the workers now and have them build the AI's word graphs, cheapest level
        first, so that no player waits for them on a bot's first move.

        One build job per level and worker, queued like bot moves (a move asked meanwhile waits
        for at most the build under way; a worker that missed a level builds it on its first
        move of that level, off the clock). Each job's outcome is logged. Returns the jobs."""
        try:
            known = ai.LEVELS
            pool = self._ensure_pool()
            levels = sorted(known, key=lambda n: -known[n].min_zipf)  # fewest words first
            jobs = [pool.submit(warm_level, level) for level in levels for _ in range(self._workers)]
        except Exception as exc:  # noqa: BLE001 - e.g. a factory that cannot go to a process
            log.error("bot workers could not start", extra={"data": {"error": repr(exc)}})
            return []
        for job in jobs:
            job.add_done_callback(self._warm_up_done)
        self.warming = jobs
        return jobs

    def _warm_up_done(self, job: Future[dict[str, Any]]) -> None:
        if job.cancelled() or self._pool is None:  # closed meanwhile: the server has said "stopped"
            return
        failure = job.exception()
        outcome = {"error": repr(failure)} if failure is not None else job.result()
        # A log line's "level" is its severity: the AI level goes under another name.
        outcome = {"ai_level" if key == "level" else key: value for key, value in outcome.items()}
        if outcome.get("error"):
            log.error("a bot worker could not build a level's word graphs (its first move there will)",
                      extra={"data": outcome})
        else:
            log.info("a bot worker built a level's word graphs", extra={"data": outcome})

    async def choose(self, job: BotJob) -> dict[str, Any]:
        """The bot's decision for ``job`` (see :func:`think`), computed off the event loop."""
        self.jobs += 1
        self.waiting += 1
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._ensure_pool(), think, job)
        except BrokenProcessPool:
            log.error("bot worker pool broke; starting a new one")
            self._pool = None
            return await loop.run_in_executor(self._ensure_pool(), think, job)
        finally:
            self.waiting -= 1

    def close(self) -> None:
        """Stop the workers (pending jobs are cancelled)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
