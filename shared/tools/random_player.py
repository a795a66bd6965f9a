"""A random player: legal moves found by trial, and junk actions for fuzzing.

Used by the fuzz tests and to build benchmark positions. It is not the AI (``shared.ai``):
it knows only the candidate words it is given and plays the first legal one it finds.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from shared.rules.actions import Commit, Discard, EndTurn, OrderDefence, Redeploy, Resign
from shared.rules.errors import RuleError
from shared.rules.game import Game, PendingDefence, PendingDiscard
from shared.rules.terrain import Cell, Player


def random_commit(
    game: Game,
    player: Player,
    rng: random.Random,
    words: Sequence[str],
    tries: int = 150,
    toward_enemy: bool = False,
) -> Commit | None:
    """A legal commit found by trial: words the rack can make, through one of the player's letters
    or over one of their cities (the ones nearest the enemy first if ``toward_enemy``)."""
    board = game.board
    own = board.letters[player]
    rack = Counter(game.racks[player])
    if not rack:
        return None
    anchors: list[tuple[Cell, str | None]] = [(cell, own[cell]) for cell in own]
    anchors += [(c, None) for c, o in board.city_owner.items() if o == player and c not in own]
    rng.shuffle(anchors)
    if toward_enemy:
        targets = list(board.letters[player.other]) or [
            c for c, o in board.city_owner.items() if o == player.other]
        anchors.sort(key=lambda a: min(abs(a[0][0] - t[0]) + abs(a[0][1] - t[1]) for t in targets))
    words = list(words)
    rng.shuffle(words)
    attempts = 0
    for cell, letter in anchors[:12]:
        for word in words:
            for i, ch in enumerate(word):
                if letter is not None and ch != letter:
                    continue
                need = Counter(word)
                if letter is not None:
                    need[ch] -= 1
                if any(rack[x] < n for x, n in need.items()):
                    continue
                direction = rng.choice(("across", "down"))
                r0, c0 = (cell[0], cell[1] - i) if direction == "across" else (cell[0] - i, cell[1])
                placements = []
                for j, x in enumerate(word):
                    at = (r0, c0 + j) if direction == "across" else (r0 + j, c0)
                    if own.get(at) == x:
                        continue
                    placements.append((at[0], at[1], x))
                attempts += 1
                if attempts > tries:
                    return None
                action = Commit(player, tuple(placements), direction if len(placements) == 1 else None)
                try:
                    game.plan_commit(action)
                except RuleError:
                    continue
                return action
    return None


def junk_action(game: Game, rng: random.Random):
    """An action that is probably illegal: wrong player, random cells, bad letters, bad orders."""
    p = rng.choice((Player.GOLD, Player.SILVER))
    h, w = game.board.height, game.board.width
    kind = rng.randrange(6)
    if kind == 0:
        n = rng.randint(0, 4)
        return Commit(p, tuple((rng.randrange(-1, h + 1), rng.randrange(-1, w + 1),
                                rng.choice("abcxyz?E")) for _ in range(n)))
    if kind == 1:
        return Redeploy(p, (rng.randrange(h), rng.randrange(w)), rng.choice(("across", "down")))
    if kind == 2:
        return Discard(p, "".join(rng.choice("aeiouzq") for _ in range(rng.randint(0, 4))))
    if kind == 3:
        return OrderDefence(p, tuple(rng.randrange(4) for _ in range(rng.randint(0, 4))))
    if kind == 4:
        return EndTurn(p)
    return Redeploy(p, (rng.randrange(h), rng.randrange(w)), "across")


def sensible_action(game: Game, rng: random.Random, words: Sequence[str]):
    """A legal action for whoever must act (the random player's policy)."""
    actor = game.actor
    if actor is None:
        raise ValueError("the game is over: nobody acts")
    pending = game.pending
    if isinstance(pending, PendingDiscard):
        return Discard(actor, "".join(rng.sample(game.racks[actor], pending.count)))
    if isinstance(pending, PendingDefence):
        order = list(range(len(pending.defenders)))
        if rng.random() < 0.5:
            rng.shuffle(order)
            return OrderDefence(actor, tuple(order))
        return OrderDefence(actor, game.best_defence_order())
    if not game.committed_this_turn or rng.random() < 0.5:
        commit = random_commit(game, actor, rng, words)
        if commit is not None:
            return commit
    if not game.redeployed_this_turn and rng.random() < 0.05:
        runs = game.board.runs(actor)
        if runs:
            run = rng.choice(runs)
            lift = Redeploy(actor, run.start, run.direction)
            try:
                game.check(lift)
                return lift
            except RuleError:
                pass
    if rng.random() < 0.002:
        return Resign(actor)
    return EndTurn(actor)
