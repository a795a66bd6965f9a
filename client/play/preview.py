"""The preview before Commit, from a view dict alone (so it is the same for a local game and a
network game): the view is turned into a *shadow* :class:`~shared.rules.game.Game` holding the
same board and the viewer's rack, and :func:`shared.analysis.preview.preview_commit` (the
engine's own judgment, which the server's ``preview`` request also gives) is asked of it.
"""

from __future__ import annotations

import random

from shared.analysis.preview import (  # noqa: F401 - re-exported: the client's names for them
    DefenderLine,
    Preview,
    WordLine,
    describe_multiplier,
    preview_commit,
    strength_notes,
    word_marks,
)
from shared.rules.board import Board
from shared.rules.game import Game
from shared.rules.lexicon import Lexicon
from shared.rules.presets import PRESETS, RuleSet
from shared.rules.terrain import Cell, GameMap, Player
from shared.wire import View

from client.play.display import CHAR_TO_TERRAIN


def shadow_game(view: View, lexicon: Lexicon, rules: RuleSet | None = None,
                viewer: Player | None = None) -> Game:
    """A Game with the view's board, city owners, turn and the viewer's rack (pools are empty)."""
    rules = rules or PRESETS.get(view.rules, PRESETS["standard"])
    terrain = tuple(tuple(CHAR_TO_TERRAIN[ch] for ch in row) for row in view.terrain)
    cities = {(r, c): (None if o is None else Player(o)) for r, c, o in view.cities}
    game_map = GameMap(view.map or "board", terrain, cities)
    g = Game.__new__(Game)
    g.map, g.rules, g.lexicon, g.seed = game_map, rules, lexicon, 0
    g.first = Player.GOLD
    g.rng = random.Random(0)
    g.board = Board(game_map)
    g.racks = {p: [] for p in Player}
    g.pools = {p: [] for p in Player}
    for key, data in view.players.items():
        p = Player(int(key))
        g.board.letters[p] = {(r, c): ch for r, c, ch in data.letters}
        # Unknown letters (the opponent's rack, the pools) are stand-ins of the right number,
        # so end-of-game checks on the shadow see the true counts.
        rack = data.rack
        g.racks[p] = list(rack) if rack is not None else ["e"] * data.rack_size
        g.pools[p] = ["e"] * int(data.pool or 0)
    g.drawn = {p: 0 for p in Player}
    g.removed = {p: 0 for p in Player}
    g.discarded = {p: 0 for p in Player}
    g.captured = {p: view.player(p).captured for p in Player}
    g.cities_taken = {p: view.player(p).cities_taken for p in Player}
    g.to_move = Player(view.to_move)
    g.turn = view.turn
    g.stall_turns = view.stall_turns
    g.turns_started = {p: 1 for p in Player}
    g.committed_this_turn = False
    g.redeployed_this_turn = view.redeployed
    g.passes = 0
    g.pending = None
    g.result = None
    g.actions = []
    g.initial_events = []
    g._last_scores = g.scores()
    return g


def compute_preview(view: View, lexicon: Lexicon, player: Player,
                    placed: dict[Cell, str], direction: str | None = None,
                    rules: RuleSet | None = None, game: Game | None = None) -> Preview:
    """The preview of laying ``placed`` (cell -> letter) for ``player`` in ``view``.

    ``game`` may be a shadow built earlier from the same view (it is not changed).
    """
    if not placed:
        return Preview()
    return preview_commit(game or shadow_game(view, lexicon, rules, player), player, placed, direction)
