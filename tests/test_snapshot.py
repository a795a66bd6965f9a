"""A game's snapshot (shared/rules/snapshot.py) restores exactly the game replayed to its version,
which then goes on identically; a damaged snapshot is refused and changes nothing."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import LEXICON, sensible_action

from scryptic.bench.games import BENCH_GRID
from shared.maps.format import parse_map
from shared.rules.game import Game
from shared.rules.presets import get_rules
from shared.rules.snapshot import (
    DERIVED_FIELDS,
    FROM_NEW_FIELDS,
    SNAPSHOT_FIELDS,
    SnapshotError,
    can_snapshot,
    restore,
    snapshot_of,
)
from shared.rules.terrain import Player

MAP = parse_map(f"scryptic-map 1\nname: Test Ford\nversion: 1\ngrid:\n{BENCH_GRID.strip()}\n")


def new_game(seed: int, first: Player = Player.GOLD) -> Game:
    return Game.new(MAP, get_rules("standard"), seed, LEXICON, first)


def random_game(seed: int, first: Player, length: int) -> Game:
    """A game of ``length`` random legal actions (fewer if it ends), then more until nothing
    is pending."""
    game, rng = new_game(seed, first), random.Random(seed)
    while not game.over and (game.version < length or not can_snapshot(game)):
        game.apply(sensible_action(game, rng))
    return game


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), first=st.sampled_from(list(Player)), length=st.integers(1, 60),
       cut=st.floats(0, 1))
def test_a_game_restored_from_a_snapshot_is_the_game_replayed_and_goes_on_the_same(seed, first, length, cut) -> None:
    whole = random_game(seed, first, length)
    at = int(cut * whole.version)
    replayed = new_game(seed, first)
    for data in whole.actions[:at]:
        replayed.apply(_action(data))
    while not can_snapshot(replayed):  # the first quiet version from ``at`` on
        replayed.apply(_action(whole.actions[replayed.version]))
    data = json.loads(json.dumps(snapshot_of(replayed)))  # stored as JSON
    restored = restore(new_game(seed, first), data, whole.actions[:replayed.version])
    assert restored.fingerprint() == replayed.fingerprint()
    assert restored.actions == replayed.actions
    assert restored.view(Player.GOLD) == replayed.view(Player.GOLD)
    for data in whole.actions[replayed.version:]:  # the same events from there to the end
        assert [e.to_dict(None) for e in restored.apply(_action(data))] == [e.to_dict(None) for e in replayed.apply(_action(data))]
    assert restored.fingerprint() == replayed.fingerprint() == whole.fingerprint()


def test_the_snapshot_covers_every_field_of_the_engines_game() -> None:
    game = random_game(3, Player.GOLD, 40)
    assert set(game.__dict__) - DERIVED_FIELDS == SNAPSHOT_FIELDS | FROM_NEW_FIELDS  # a new engine field must be added here


def test_a_damaged_or_misfitting_snapshot_is_refused_and_changes_nothing() -> None:
    game = random_game(5, Player.GOLD, 30)
    while not can_snapshot(game):
        game.apply(sensible_action(game, random.Random(1)))
    good = snapshot_of(game)
    fresh = new_game(5)
    before = fresh.fingerprint()
    damaged = [
        ({**good, "format": 99}, "format"),
        ({**good, "terrain": good["terrain"][:-1]}, "size"),
        ({k: v for k, v in good.items() if k != "racks"}, "damaged"),
        ({**good, "rng": [3, [1, 2], None]}, "damaged"),
    ]
    for data, words in damaged:
        with pytest.raises(SnapshotError, match=words):
            restore(fresh, data, game.actions)
        assert fresh.fingerprint() == before
    with pytest.raises(SnapshotError, match="given"):
        restore(fresh, good, game.actions[:-1])


def _action(data):
    from shared.rules.actions import action_from_dict

    return action_from_dict(data)
