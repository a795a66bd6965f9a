"""The computer opponent behind one function: ``shared.ai.choose_action``, with its word
graphs built ahead in the background (:func:`warm_up_in_background`).

A checkout without the AI package (a stripped-down client) falls back to a stand-in that
plays legal moves from a list of common words (``shared.tools.random_player.sensible_action``).
"""

from __future__ import annotations

import functools
import random
import threading
import weakref
from collections.abc import Iterable

from shared.rules.actions import Action
from shared.rules.game import Game
from shared.rules.terrain import Player

LEVEL_NAMES: dict[int, str] = {0: "Apprentice", 1: "Journeyman", 2: "Adept", 3: "Master"}
"""Difficulty levels offered in the skirmish menu (the AI's own LEVELS replace these)."""


def levels() -> dict[int, str]:
    """The difficulty levels: the AI's own if it is there, else the stand-in's names."""
    try:
        from shared.ai import LEVELS  # type: ignore[attr-defined]
    except ImportError:
        return dict(LEVEL_NAMES)
    if isinstance(LEVELS, dict):
        return {int(k): str(v if isinstance(v, str) else getattr(v, "name", k)) for k, v in LEVELS.items()}
    return {i: LEVEL_NAMES.get(i, f"Level {i}") for i in range(len(LEVELS))}


@functools.lru_cache(maxsize=4)
def _common_words(lexicon) -> tuple[str, ...]:
    """Short, common words the stand-in tries (frequency-ranked when the lexicon knows it)."""
    words = [w for w in lexicon if 2 <= len(w) <= 7]
    zipf = getattr(lexicon, "zipf", None)
    if zipf is not None:
        words = [w for w in words if zipf(w) >= 3.2]
    excluded = getattr(lexicon, "ai_excluded", frozenset())
    return tuple(w for w in words if w not in excluded)


def choose_ai_action(game: Game, player: Player, level: int, rng: random.Random,
                     time_limit: float | None = None) -> Action:
    """The computer's next action for ``player`` (who must be the game's actor)."""
    try:
        from shared.ai import choose_action  # type: ignore[attr-defined]
    except ImportError:
        return _stand_in(game, rng)
    return choose_action(game, player, level, rng, time_limit=time_limit)


_WARMING: weakref.WeakKeyDictionary[object, threading.Thread] = weakref.WeakKeyDictionary()
_WARMING_LOCK = threading.Lock()


def warm_up_in_background(lexicon: object, levels: Iterable[int]) -> threading.Thread | None:
    """Build the word graphs of the AI ``levels`` (in this order) in a daemon thread, so that
    the computer's first move does not wait for them (a few seconds for the whole dictionary).

    Builds for one lexicon queue behind each other, never run side by side: a thread started
    while another builds waits for it first. None if there is nothing to build (no AI package,
    or the graphs are built and no build is under way)."""
    try:
        from shared.ai import LEVELS, warm_up, warmed  # type: ignore[attr-defined]
    except ImportError:
        return None
    with _WARMING_LOCK:
        under_way = _WARMING.get(lexicon)
        if under_way is not None and not under_way.is_alive():
            under_way = None
        todo = [n for n in dict.fromkeys(levels) if n in LEVELS and not warmed(lexicon, n)]
        if not todo:
            return under_way

        def build() -> None:
            if under_way is not None:
                under_way.join()
            warm_up(lexicon, todo)  # what the earlier build made is read from the cache

        thread = threading.Thread(target=build, name="scryptic-ai-warm-up", daemon=True)
        _WARMING[lexicon] = thread
        thread.start()
        return thread


def _stand_in(game: Game, rng: random.Random) -> Action:
    """Legal moves by trial from common words; the best defence order; never resigns."""
    from shared.rules.actions import EndTurn, OrderDefence, Resign
    from shared.rules.game import PendingDefence
    from shared.tools.random_player import sensible_action

    actor = game.actor
    if isinstance(game.pending, PendingDefence):
        return OrderDefence(actor, game.best_defence_order())
    action = sensible_action(game, rng, _common_words(game.lexicon))
    if isinstance(action, Resign):
        return EndTurn(actor)
    return action
