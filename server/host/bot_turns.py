"""What a bot seat plays: the job sent to the bot player, and the fallbacks if it fails.

The bot player (:class:`~server.host.ports.BotPlayer`) is asked with a
:class:`~server.bots.BotJob` that carries the whole game (map, rules, seed, actions): it keeps
no state of its own, and the host still checks its answer like any player's. If the AI fails
the worker's placeholder has already moved (the error is logged); if no worker answers at all,
the host has the placeholder move in a thread (:func:`placeholder_move`).
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets

from server.bots import BotJob, placeholder_action
from server.host.ports import BotPlayer
from shared.rules.actions import Action, action_from_dict
from shared.rules.game import Game
from shared.rules.terrain import Player

log = logging.getLogger("scryptic.room")


def bot_job(
    game_id: str, map_text: str, rules: str, seed: int, first: Player, game: Game, player: Player, level: int
) -> BotJob:
    """The job asking for ``player``'s next action in ``game`` (a fresh random seed each time)."""
    return BotJob(
        game_id=game_id,
        map_text=map_text,
        rules=rules,
        seed=seed,
        first=int(first),
        actions=tuple(game.actions),
        player=int(player),
        level=level,
        rng_seed=secrets.randbits(32),
    )


async def ask_bot(bots: BotPlayer, job: BotJob) -> Action | None:
    """The bot's action for ``job``, or None (logged) if no bot worker answered."""
    try:
        decision = await bots.choose(job)
        if decision.get("error"):
            log.error("the AI failed; the placeholder moved", extra={"data": {"game": job.game_id, "error": decision["error"]}})
        return action_from_dict(decision["action"])
    except asyncio.CancelledError:
        raise
    except Exception as exc:  # noqa: BLE001 - no worker at all: the caller has the placeholder move
        log.error("bot worker failed", extra={"data": {"game": job.game_id, "error": repr(exc)}})
        return None


async def placeholder_move(game: Game, player: Player) -> Action:
    """The placeholder's action for ``player`` in (a copy of) ``game``, computed in a thread."""
    return await asyncio.to_thread(placeholder_action, game.copy(), player, random.Random())
