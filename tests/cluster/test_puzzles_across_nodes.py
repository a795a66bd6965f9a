"""Puzzles on a cluster: an account's one attempt at a puzzle, made on node a, is refused on
node b (the store's key, not a node's memory, says so), and b reads the rating a wrote."""

from __future__ import annotations

import sys
from pathlib import Path

import glicko2
import pytest

from client.net.errors import ServerError
from shared.puzzles.pack import write_pack
from tests_cluster_helpers import lexicon

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from puzzle_samples import SOLUTION, WRONG, sample_pack  # noqa: E402

pytestmark = pytest.mark.asyncio


def wire(actions):
    return [{k: v for k, v in a.items() if k != "player"} for a in actions]


async def test_an_attempt_made_on_one_node_is_refused_on_another(start_node, connect, tmp_path):
    pack = write_pack(sample_pack(lexicon()), tmp_path / "puzzles.jsonl")
    a = await start_node("a", puzzle_pack=pack)
    b = await start_node("b", puzzle_pack=pack)
    ann = await connect(a, "Ann")
    solved = await ann.puzzle_attempt("t-cats", wire(SOLUTION))
    expected = glicko2.Player()
    expected.update_player([1500.0], [80.0], [1.0])
    assert solved["rating"]["after"] == round(expected.rating, 1)
    elsewhere = await connect(b, None, token=ann.token)
    with pytest.raises(ServerError) as twice:
        await elsewhere.puzzle_attempt("t-cats", wire(WRONG))
    assert twice.value.code == "already_attempted"
    standing = (await elsewhere.puzzles())["rating"]
    assert standing["rating"] == round(expected.rating, 1) and standing["streak"] == 1
    assert (await elsewhere.daily_puzzle("2026-12-04"))["puzzle"]["id"] == \
        (await ann.daily_puzzle("2026-12-04"))["puzzle"]["id"]
