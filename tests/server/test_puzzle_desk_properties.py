"""Invariants of the puzzle desk over any run of attempts (Hypothesis): each known puzzle is rated
once per account, in the order tried, exactly as Glicko-2 rates it; every other attempt (a
second one, an unknown puzzle) is refused and changes nothing."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import glicko2
import msgspec
import srv_helpers as H
from hypothesis import given, settings
from hypothesis import strategies as st

from server.edge import protocol as P
from server.edge.protocol import ProtocolError
from server.puzzles import PuzzleDesk
from server.store.puzzles import PuzzleRated, PuzzleStanding, StoredAttempt
from server.store.records import StoreError

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from puzzle_samples import SOLUTION, WRONG, sample_pack  # noqa: E402

PACK = sample_pack(H.lexicon())
RATED = {p.id: (p.rating, p.rd) for p in PACK}


class MemoryArchive:
    """The puzzle tables in memory, refusing a second attempt as the stores' primary key does."""

    def __init__(self) -> None:
        self.standings: dict[int, PuzzleStanding] = {}
        self.attempts: dict[tuple[int, str], StoredAttempt] = {}
        self.rated: dict[str, PuzzleRated] = {}

    async def standing(self, user_id: int) -> PuzzleStanding | None:
        return self.standings.get(user_id)

    async def attempt(self, user_id: int, puzzle_id: str) -> StoredAttempt | None:
        return self.attempts.get((user_id, puzzle_id))

    async def attempted(self, user_id: int) -> dict[str, bool]:
        return {p: a.solved for (u, p), a in self.attempts.items() if u == user_id}

    async def record(self, user_id: int, attempt: StoredAttempt, after: PuzzleStanding,
                     puzzle_after: PuzzleRated) -> None:
        if (user_id, attempt.puzzle_id) in self.attempts:
            raise StoreError("UNIQUE constraint failed")
        self.attempts[(user_id, attempt.puzzle_id)] = attempt
        self.standings[user_id] = after
        self.rated[attempt.puzzle_id] = puzzle_after

    async def puzzle_rating(self, puzzle_id: str) -> PuzzleRated | None:
        return self.rated.get(puzzle_id)

    async def puzzle_ratings(self) -> dict[str, PuzzleRated]:
        return dict(self.rated)

    async def mined(self) -> list:
        return []


class Solver:
    id, user_id, greeted = 1, 7, True
    seats: dict = {}
    watching: set = set()

    def push(self, data: bytes) -> None:
        pass


def _wire(actions) -> list:
    """The actions as the edge hands them to the desk (validated wire actions)."""
    return [msgspec.convert({k: v for k, v in a.items() if k != "player"}, P.Action) for a in actions]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["t-cats", "t-cats2", "t-fight", "t-none"]), st.booleans()), max_size=8))
def test_each_known_puzzle_is_rated_once_and_every_other_attempt_changes_nothing(tries) -> None:
    desk = PuzzleDesk(MemoryArchive(), H.lexicon(), PACK)  # type: ignore[arg-type]
    solver = Solver()
    expected = glicko2.Player()
    done: set[str] = set()
    streak = best = 0

    async def run() -> None:
        nonlocal streak, best
        for puzzle_id, right in tries:
            request = P.PuzzleAttempt(id=1, puzzle=puzzle_id, actions=_wire(SOLUTION if right else WRONG))
            before = dict(desk.archive.standings)  # type: ignore[attr-defined]
            if puzzle_id not in RATED or puzzle_id in done:
                try:
                    await desk.attempt(solver, request)
                except ProtocolError as refused:
                    assert refused.code == ("no_such_puzzle" if puzzle_id not in RATED else "already_attempted")
                else:
                    raise AssertionError("the attempt was not refused")
                assert desk.archive.standings == before  # type: ignore[attr-defined]
                continue
            reply = await desk.attempt(solver, request)
            done.add(puzzle_id)
            expected.update_player([RATED[puzzle_id][0]], [RATED[puzzle_id][1]], [1.0 if right else 0.0])
            streak = streak + 1 if right else 0
            best = max(best, streak)
            assert reply.solved is right
            assert reply.rating["after"] == round(expected.rating, 1)
            assert (reply.streak, reply.best_streak) == (streak, best)

    asyncio.run(run())
    assert desk.attempts == len(done)
