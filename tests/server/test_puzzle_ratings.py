"""A puzzle's own rating: each first attempt moves the puzzle's Glicko-2 rating as well as the
solver's (the exact numbers of the glicko2 library), the next solver is rated against the moved
rating, the puzzle is served, listed and chosen at it, and it is kept across a restart."""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import glicko2
import pytest
import srv_helpers as H
from test_puzzle_desk_properties import MemoryArchive, Solver

from server.app import GameServer
from server.edge import protocol as P
from server.puzzles import PuzzleDesk
from server.store.puzzles import PuzzleRated
from shared.puzzles.pack import write_pack
from shared.wire import replies as R

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from puzzle_samples import SOLUTION, WRONG, sample_pack  # noqa: E402


def wire(actions: tuple[dict[str, Any], ...]) -> list[dict[str, Any]]:
    """The attempt's actions as a client sends them (no player: the server fills it in)."""
    return [{k: v for k, v in a.items() if k != "player"} for a in actions]


def glicko(rating: float, rd: float, vol: float, opponent: tuple[float, float], score: float) -> glicko2.Player:
    player = glicko2.Player(rating=rating, rd=rd, vol=vol)
    player.update_player([opponent[0]], [opponent[1]], [score])
    return player


@pytest.fixture
async def puzzle_server(tmp_path: Path) -> AsyncIterator[Callable[..., Any]]:
    """Servers that serve the sample puzzles (stopped at the end of the test)."""
    servers: list[GameServer] = []
    pack = write_pack(sample_pack(H.lexicon()), tmp_path / "puzzles.jsonl")

    async def start(db: Path | None = None) -> GameServer:
        config = H.make_config(db or tmp_path / "server.sqlite3", puzzle_pack=pack)
        server = GameServer(config, H.lexicon(), maps={"test-ford": H.test_map()}, lexicon_factory=H.lexicon_factory)
        await server.start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        with contextlib.suppress(Exception):
            await server.stop()


@pytest.mark.asyncio
async def test_two_solvers_move_the_puzzles_rating_in_turn_and_it_is_kept_across_a_restart(puzzle_server, connect):
    server = await puzzle_server()
    ada, bob = await connect(server, "Ada"), await connect(server, "Bob")
    # t-cats ships at 1500, deviation 80; Ada (new: 1500/350) solves it: the puzzle loses
    ada_after = glicko(1500.0, 350.0, 0.06, (1500.0, 80.0), 1.0)
    puzzle_1 = glicko(1500.0, 80.0, 0.06, (1500.0, 350.0), 0.0)
    solved = await ada.puzzle_attempt("t-cats", wire(SOLUTION))
    assert solved["rating"]["after"] == round(ada_after.rating, 1)
    assert solved["puzzle_rating"] == {"before": 1500.0, "after": round(puzzle_1.rating, 1), "rd": round(puzzle_1.rd, 1)}
    assert round(puzzle_1.rating, 1) == 1487.8 and round(puzzle_1.rd, 1) == 79.7
    # Bob misses it: rated against the moved rating, and the puzzle wins from there
    bob_after = glicko(1500.0, 350.0, 0.06, (puzzle_1.rating, puzzle_1.rd), 0.0)
    puzzle_2 = glicko(puzzle_1.rating, puzzle_1.rd, puzzle_1.vol, (1500.0, 350.0), 1.0)
    missed = await bob.puzzle_attempt("t-cats", wire(WRONG))
    assert missed["rating"]["after"] == round(bob_after.rating, 1)
    assert missed["puzzle_rating"] == {"before": round(puzzle_1.rating, 1), "after": round(puzzle_2.rating, 1),
                                       "rd": round(puzzle_2.rd, 1)}
    assert round(puzzle_2.rating, 1) == 1500.2 and round(puzzle_2.rd, 1) == 79.5
    served = (await bob.puzzle("t-cats"))["puzzle"]
    assert (served["rating"], served["rd"], served["volatility"]) == (puzzle_2.rating, puzzle_2.rd, puzzle_2.vol)
    assert (await ada.puzzles())["puzzles"][0]["rating"] == round(puzzle_2.rating)
    # kept across a restart: a third solver is served and rated at the stored rating
    await server.stop()
    again = await puzzle_server(db=server.config.resolved_db_path())
    cleo = await connect(again, "Cleo")
    served = (await cleo.puzzle("t-cats"))["puzzle"]
    assert (served["rating"], served["rd"], served["volatility"]) == (puzzle_2.rating, puzzle_2.rd, puzzle_2.vol)
    puzzle_3 = glicko(puzzle_2.rating, puzzle_2.rd, puzzle_2.vol, (1500.0, 350.0), 0.0)
    third = await cleo.puzzle_attempt("t-cats", wire(SOLUTION))
    assert third["puzzle_rating"]["after"] == round(puzzle_3.rating, 1)
    assert third["rating"]["after"] == round(glicko(1500.0, 350.0, 0.06, (puzzle_2.rating, puzzle_2.rd), 1.0).rating, 1)


def test_the_next_puzzle_is_chosen_near_the_solver_at_the_puzzles_moved_rating() -> None:
    archive = MemoryArchive()
    # t-cats has been moved from 1500 to 1800: a 1500 solver now gets t-cats2 (1650, the nearer)
    archive.rated["t-cats"] = PuzzleRated(1800.0, 60.0, 0.06, 9, 0)
    desk = PuzzleDesk(archive, H.lexicon(), sample_pack(H.lexicon()))  # type: ignore[arg-type]

    async def run() -> tuple[R.PuzzleReply, R.PuzzlesReply]:
        chosen = await desk.get_puzzle(Solver(), P.PuzzleGet(id=1, theme="city_taken"))
        listed = await desk.list_puzzles(Solver(), P.Puzzles(id=2))
        return chosen, listed

    chosen, listed = asyncio.run(run())
    assert chosen.puzzle["id"] == "t-cats2"
    assert [(p["id"], p["rating"]) for p in listed.puzzles] == [("t-cats", 1800), ("t-cats2", 1650), ("t-fight", 1400)]
