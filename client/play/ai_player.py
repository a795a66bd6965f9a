"""The computer opponent behind one function: ``shared.ai.choose_action``, with its word
graphs built ahead in the background (:func:`warm_up_in_background`)."""

from __future__ import annotations

import random
import threading
import weakref
from collections.abc import Iterable

from shared.ai import LEVELS, choose_action, warm_up, warmed
from shared.rules.actions import Action
from shared.rules.game import Game
from shared.rules.terrain import Player


def levels() -> dict[int, str]:
    """The AI's difficulty levels by number (``shared.ai.LEVELS``), with their names."""
    return {number: level.name for number, level in LEVELS.items()}


def choose_ai_action(game: Game, player: Player, level: int, rng: random.Random,
                     time_limit: float | None = None) -> Action:
    """The computer's next action for ``player`` (who must be the game's actor)."""
    return choose_action(game, player, level, rng, time_limit=time_limit)


_WARMING: weakref.WeakKeyDictionary[object, threading.Thread] = weakref.WeakKeyDictionary()
_WARMING_LOCK = threading.Lock()


def warm_up_in_background(lexicon: object, levels: Iterable[int]) -> threading.Thread | None:
    """Build the word graphs of the AI ``levels`` (in this order) in a daemon thread, so that
    the computer's first move does not wait for them (a few seconds for the whole dictionary).

    Builds for one lexicon queue behind each other, never run side by side: a thread started
    while another builds waits for it first. None if there is nothing to build (the graphs are built
    and no build is under way)."""
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
