"""The crosswords and defences the AI remembers between positions are the ones it would read
afresh, whatever happened in between: fights, cracked ice, cities changing hands, lifts. And
the pressure read from a defender's remembered edges is the best edge found the long way."""

from __future__ import annotations

import random

import pytest

from shared.ai.evaluate import side_info
from shared.ai.memo import crossword_of, defences_of, score_of
from shared.ai.war import PUNCH, _min_distance, nearness, pressure, read_defences
from shared.rules.crossword import read_crossword
from shared.rules.game import Game
from shared.rules.presets import PRESETS
from shared.rules.terrain import Player, Terrain
from shared.tools.ascii import map_from_ascii

from random_play import LEXICON, sensible_action

FIELD = """
    . . * * . . . . .
    . G * . . ^ . . .
    . . . . P ^ . * .
    . * . ~ . . . * .
    . . ^ ^ . P . . .
    . * . . . . * S .
    . . . . . . * . .
"""


def best_edge_the_long_way(game: Game, attacker, defences) -> float:
    """pressure()'s front, worked out cell by cell with nothing remembered."""
    board, rules = game.board, game.rules
    sources = list(side_info(game, attacker).sources)
    best = 0.0
    for cell, words in defences.touching.items():
        r, c = cell
        if not (0 <= r < board.height and 0 <= c < board.width) or cell in board.letters[attacker]:
            continue
        if board.terrain[r][c] is Terrain.LAVA:
            continue
        need = defences.need(words, (cell,))
        if need >= PUNCH:
            continue
        value = (1 + rules.combat_points) * sum(defences.faces[i] for i in words) * (1.0 - need / PUNCH)
        best = max(best, value * nearness(_min_distance(sources, cell, 7.0)))
    return best


@pytest.mark.parametrize("preset", ["war", "standard"])
@pytest.mark.parametrize("seed", range(6))
def test_remembered_reads_match_fresh_reads_through_random_play(seed, preset):
    rng = random.Random(seed)
    game = Game.new(map_from_ascii(FIELD), PRESETS[preset], seed, LEXICON)
    checked = 0
    for _ in range(140):
        if game.over:
            break
        for player in (Player.GOLD, Player.SILVER):
            fresh = read_crossword(game.board, player, LEXICON)
            assert crossword_of(game, player) == fresh
            assert defences_of(game, player) == read_defences(game, player, fresh)
            assert score_of(game, player) == game.score(player)
            if fresh.words:
                attacker = player.other
                sources = side_info(game, attacker).sources
                remembered = pressure(game, attacker, sources, defences_of(game, player), 40.0, 100.0)
                long_way = best_edge_the_long_way(game, attacker, read_defences(game, player, fresh))
                assert remembered.front == pytest.approx(long_way)
                checked += 1
        game.apply(sensible_action(game, rng))
    assert checked > 20


def test_cracked_ice_is_a_new_position():
    """The same letters on ice and, once it cracked, on water defend differently: the memory
    must not answer for the water with what it read on the ice."""
    game = Game.new(map_from_ascii(FIELD), PRESETS["war"], 1, LEXICON)
    gold = Player.GOLD
    game.board.letters[gold].update({(1, 1): "c", (1, 2): "a", (1, 3): "t"})
    on_ice = defences_of(game, gold)
    game.board.terrain[1][2] = Terrain.WATER
    on_water = defences_of(game, gold)
    assert on_water == read_defences(game, gold)
    assert on_ice.strengths != on_water.strengths


def test_a_city_changing_hands_cuts_supply():
    """The same letters, once their city is lost, are an isolated word: remembered supply
    follows who owns the city."""
    game = Game.new(map_from_ascii(FIELD), PRESETS["war"], 1, LEXICON)
    gold = Player.GOLD
    game.board.letters[gold].update({(1, 0): "c", (1, 1): "a", (1, 2): "t"})
    assert crossword_of(game, gold).supplied
    game.board.city_owner[(1, 1)] = Player.SILVER
    assert not crossword_of(game, gold).supplied
    assert defences_of(game, gold) == read_defences(game, gold)
