"""Bot seats: a seat the server plays itself, thinking in worker processes.

The seat interface is :class:`BotJob` -> action dict, computed by :func:`think` in a process
pool (:class:`BotRunner`), so a bot thinking for seconds never stalls the event loop or any
other game. A job carries what is needed to rebuild the game (map, rules, seed, actions); each
worker keeps recently seen games and only applies the actions it has not seen yet. With
``warm`` set (``scryptic server`` sets it), the workers start with the server and build every
AI level's word graphs as they start, so that no player waits for them on a bot's first move.

Which player plays: ``shared.ai.choose_action``. If the AI package is missing or raises, a
clearly labelled PLACEHOLDER moves instead (:func:`placeholder_action`), so a bot never stalls
its game: the scripted player of :mod:`server.scripted`, which commits a short word when it
finds one and otherwise passes, discards its highest letters and always uses the best defence
order. It is not the AI.
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import logging
import multiprocessing
import random
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from server.mapcodec import map_from_text
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


def _init_worker(lexicon_factory: Callable[[], Lexicon], warm: bool = False) -> None:
    _STATE.lexicon = lexicon_factory()
    _STATE.games.clear()
    if warm and ai_available():
        try:  # every level's word graphs now, so that no player waits for them on a first move
            importlib.import_module("shared.ai").warm_up(_STATE.lexicon)
        except Exception as exc:  # noqa: BLE001 - the first decision builds what it needs
            log.error("bot warm-up failed", extra={"data": {"error": repr(exc)}})


def _ready() -> bool:
    """A job that does nothing: submitting it starts a worker (and its warm-up)."""
    return True


def ai_available() -> bool:
    """True if the AI package (``shared.ai``) is installed in this checkout."""
    try:
        return importlib.util.find_spec("shared.ai") is not None
    except (ImportError, ValueError):
        return False


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
    error = None
    if ai_available():
        try:
            ai = importlib.import_module("shared.ai")
            action = ai.choose_action(game.copy(), player, job.level, rng)
            return {"action": action_to_dict(action), "by": "shared.ai", "error": None}
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
    """A process pool that thinks for bot seats; started on first use."""

    def __init__(self, lexicon_factory: Callable[[], Lexicon], workers: int = 1, warm: bool = False) -> None:
        self._factory = lexicon_factory
        self._workers = max(1, workers)
        self._warm = warm  # workers build the AI's word graphs as they start
        self._pool: ProcessPoolExecutor | None = None
        self.jobs = 0

    @property
    def label(self) -> str:
        """What plays bot seats on this server."""
        return "shared.ai" if ai_available() else PLACEHOLDER_LABEL

    def level_names(self) -> dict[int, str]:
        """The bot levels a client may ask for, with their names."""
        if ai_available():
            try:
                levels = importlib.import_module("shared.ai").LEVELS
                return {int(n): str(level.name) for n, level in levels.items()}
            except Exception as exc:  # noqa: BLE001 - the AI package is broken: the placeholder plays
                log.error("the AI package cannot be used", extra={"data": {"error": repr(exc)}})
        return {1: PLACEHOLDER_LABEL}

    def levels(self) -> list[int]:
        return sorted(self.level_names())

    def _ensure_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self._workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_init_worker,
                initargs=(self._factory, self._warm),
            )
        return self._pool

    @property
    def running(self) -> bool:
        """True once the worker pool has started."""
        return self._pool is not None

    def start(self) -> None:
        """Start the workers now rather than on the first bot move (each warms up as it starts)."""
        pool = self._ensure_pool()
        for _ in range(self._workers):
            pool.submit(_ready)

    async def choose(self, job: BotJob) -> dict[str, Any]:
        """The bot's decision for ``job`` (see :func:`think`), computed off the event loop."""
        self.jobs += 1
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._ensure_pool(), think, job)
        except BrokenProcessPool:
            log.error("bot worker pool broke; starting a new one")
            self._pool = None
            return await loop.run_in_executor(self._ensure_pool(), think, job)

    def close(self) -> None:
        """Stop the workers (pending jobs are cancelled)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
