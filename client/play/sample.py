"""A sample mid-game position for screenshots and the frame benchmark.

Both sides grow crosswords toward each other with legal moves found by trial (the random
player, deterministic for a seed). For the picture, an invalid run and an isolated word are
then set on the board by hand so both markings show: this position is a sample, not a game to
resume.
"""

from __future__ import annotations

import random
from typing import Any

from shared.rules.actions import EndTurn
from shared.rules.errors import RuleError
from shared.rules.game import Game, PendingDefence, PendingDiscard
from shared.rules.lexicon import Lexicon
from shared.tools.random_player import random_commit, sensible_action
from shared.rules.presets import DEFAULT_RULES, PRESETS
from shared.rules.terrain import GameMap, Player, Terrain


_COMMON: dict[int, tuple[Any, tuple[str, ...]]] = {}  # id -> (the lexicon, kept alive; its words)


def _common_words(lexicon: Any) -> tuple[str, ...]:
    """Short, common words the random player tries (frequency-ranked when the lexicon knows it),
    worked out once per lexicon.

    ``lexicon``: any lexicon that can list its words (the dictionary, or a test's word list)."""
    known = _COMMON.get(id(lexicon))
    if known is None or known[0] is not lexicon:
        if len(_COMMON) >= 4:
            _COMMON.clear()
        known = _COMMON[id(lexicon)] = (lexicon, _read_common_words(lexicon))
    return known[1]


def _read_common_words(lexicon: Any) -> tuple[str, ...]:
    words = [w for w in lexicon if 2 <= len(w) <= 7]
    zipf = getattr(lexicon, "zipf", None)
    if zipf is not None:
        words = [w for w in words if zipf(w) >= 3.2]
    excluded: frozenset[str] = getattr(lexicon, "ai_excluded", frozenset())
    return tuple(w for w in words if w not in excluded)


def play_sample(game_map: GameMap, lexicon: Lexicon, *, seed: int = 7, turns: int = 14,
                commits_per_turn: int = 2) -> Game:
    """A game ``turns`` turns in, both sides pushing toward the enemy."""
    game = Game.new(game_map, PRESETS[DEFAULT_RULES], seed, lexicon)
    rng = random.Random(seed)
    words = _common_words(lexicon)
    for _ in range(turns):
        if game.over:
            break
        for _ in range(commits_per_turn):
            _settle(game, rng, words)
            if game.over or game.pending is not None:
                break
            commit = random_commit(game, game.to_move, rng, words, tries=200, toward_enemy=True)
            if commit is None:
                break
            game.apply(commit)
        _settle(game, rng, words)
        if not game.over:
            game.apply(EndTurn(game.to_move))
        _settle(game, rng, words)
    return game


def _settle(game: Game, rng: random.Random, words) -> None:
    """Answer pending discards and defences."""
    while not game.over and isinstance(game.pending, (PendingDiscard, PendingDefence)):
        game.apply(sensible_action(game, rng, words))


def add_invalid_run(game: Game, lexicon: Lexicon, player: Player = Player.SILVER) -> bool:
    """Put two of ``player``'s letters on free land next to their crossword spelling a non-word."""
    board = game.board
    own = board.letters[player]
    taken = set(board.letters[Player.GOLD]) | set(board.letters[Player.SILVER])
    for (r, c) in sorted(own):
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            a, b = (r + dr * 2, c + dc * 2), (r + dr * 3, c + dc * 3)
            gap = (r + dr, c + dc)
            cells = (a, b)
            if not all(board.in_bounds(x) for x in cells + (gap,)):
                continue
            if any(x in taken for x in cells + (gap,)):
                continue
            if any(board.terrain_at(x) in (Terrain.LAVA, Terrain.WATER, Terrain.CITY) for x in cells):
                continue
            # Keep the new pair away from every other letter so it is a run of exactly two.
            near = {(x[0] + i, x[1] + j) for x in cells for i, j in ((0, 1), (1, 0), (0, -1), (-1, 0))}
            if near & (taken - set(cells)):
                continue
            for pair in ("qz", "xj", "zq"):
                if pair not in lexicon and pair[::-1] not in lexicon:
                    own[a], own[b] = pair[0], pair[1]
                    return True
    return False


def add_isolated_word(game: Game, lexicon: Lexicon, player: Player = Player.GOLD,
                      words: tuple[str, ...] = ("oak", "elm", "ash", "yew")) -> bool:
    """Put a real word of ``player``'s on free land touching nothing: cut off from every city."""
    board = game.board
    taken = set(board.letters[Player.GOLD]) | set(board.letters[Player.SILVER])
    word = next((w for w in words if w in lexicon), None)
    if word is None:
        return False
    cities = {cell for cell, _ in board.city_owner.items()}
    for (r, c) in sorted(board.letters[player]):
        for dr, dc in ((3, 0), (-3, 0), (0, 3), (0, -3), (3, 2), (-3, -2)):
            cells = [(r + dr, c + dc + k) for k in range(len(word))]
            if not all(board.in_bounds(x) for x in cells):
                continue
            if any(board.terrain_at(x) in (Terrain.LAVA, Terrain.WATER, Terrain.CITY) or x in cities
                   for x in cells):
                continue
            near = {(x[0] + i, x[1] + j) for x in cells for i in (-1, 0, 1) for j in (-1, 0, 1)}
            if near & taken:
                continue
            for cell, ch in zip(cells, word):
                board.letters[player][cell] = ch
            return True
    return False


def sample_position(game_map: GameMap, lexicon: Lexicon, seed: int = 7, turns: int = 14) -> Game:
    """The screenshot's position: a game in progress with an invalid run and an isolated word."""
    game = play_sample(game_map, lexicon, seed=seed, turns=turns)
    add_invalid_run(game, lexicon, Player.SILVER)
    add_isolated_word(game, lexicon, Player.GOLD)
    return game


def first_attack(game: Game, lexicon: Lexicon, seed: int = 3, tries: int = 40):
    """(game copy before, commit) for a legal commit that attacks, searching a few moves ahead."""
    from shared.rules.combat import attacks

    rng = random.Random(seed)
    words = _common_words(lexicon)
    g = game.copy()
    for _ in range(tries):
        if g.over:
            return None
        _settle(g, rng, words)
        p = g.to_move
        for _ in range(30):
            commit = random_commit(g, p, rng, words, tries=120, toward_enemy=True)
            if commit is None:
                break
            try:
                plan = g.plan_commit(commit)
            except RuleError:
                continue
            trial = g.copy()
            for r, c, ch in commit.placements:
                trial.board.letters[p][(r, c)] = ch
            if attacks(trial.board, p, plan.run):
                return g, commit
        commit = random_commit(g, p, rng, words, tries=120, toward_enemy=True)
        if commit is not None:
            g.apply(commit)
        _settle(g, rng, words)
        if not g.over:
            g.apply(EndTurn(g.to_move))
    return None
