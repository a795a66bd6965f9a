"""The puzzle desk: the puzzles a server serves, the daily puzzle, and each account's attempts.

The puzzles are the shipped pack (:func:`shared.puzzles.pack.load_pack`) and those mined from
the server's own finished games (:mod:`server.puzzle_mining`, kept in the store). ``puzzles``
lists them by theme and map; ``puzzle`` gives one (by id, or the next for the asker's rating);
``daily_puzzle`` the day's (:func:`shared.puzzles.daily.daily_puzzle`: the same on every client
and server with the same pack). A puzzle is sent without its spoilers (its solutions) until the
asker has attempted it.

``puzzle_attempt`` is an account's one attempt at a puzzle: the turn it plays at the puzzle's
position, judged by :func:`shared.puzzles.judge.judge` (the same judge as the client's), rated
with :func:`shared.puzzles.rating.rate_attempt` (Glicko-2, between the solver and the puzzle) and
stored with both ratings it moved in one unit (:mod:`server.store.puzzles`). A puzzle is served,
listed and chosen at its current rating: the one its attempts moved it to, stored by puzzle id,
or the pack's before its first attempt. A second attempt at the same puzzle is refused
(``already_attempted``), as is one at a puzzle the server does not have (``no_such_puzzle``);
either way the rating is unchanged.
"""

from __future__ import annotations

import asyncio
import datetime
import logging
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from server.edge import protocol as P
from server.edge.protocol import ProtocolError
from server.lobby.clients import Client
from server.puzzle_mining import PuzzleMiner
from server.store.puzzles import (
    MinedPuzzle,
    PuzzleArchive,
    PuzzleRated,
    PuzzleStanding,
    StoredAttempt,
    puzzle_archive_for,
)
from server.store.records import StoreError
from shared.puzzle_wire import puzzle_data, puzzle_from_dict, solutions_data, summary, verdict_data
from shared.puzzles.daily import daily_puzzle
from shared.puzzles.judge import IllegalAttempt, judge
from shared.puzzles.model import Puzzle, PuzzleError
from shared.puzzles.pack import load_pack
from shared.puzzles.position import position_of
from shared.puzzles.rating import START, Rating, choose_puzzle, puzzle_rating, rate_attempt, rerated
from shared.rules.lexicon import Lexicon
from shared.rules.terrain import Player
from shared.wire import replies as R

log = logging.getLogger("scryptic.puzzles")


def _today() -> datetime.date:
    return datetime.datetime.now(datetime.timezone.utc).date()


MIN_MINED_ACTIONS = 10  # a game that ended sooner (aborted, resigned at once) is not worth a worker's time
MINED_REREAD = 60.0  # seconds between reads of the mined puzzles from the store
NEW = PuzzleStanding(START.rating, START.rd, START.volatility)


def rated(before: PuzzleStanding, puzzle: Puzzle, solved: bool,
          puzzle_before: PuzzleRated | None = None) -> tuple[PuzzleStanding, PuzzleRated]:
    """The solver's standing (Glicko-2 and the streak) and the puzzle's rating after an attempt
    at ``puzzle``, rated at ``puzzle_before`` (its stored rating; None: the pack's)."""
    current = puzzle_rating(puzzle) if puzzle_before is None else Rating(puzzle_before.rating, puzzle_before.rd,
                                                                         puzzle_before.vol)
    solver, moved = rate_attempt(Rating(before.rating, before.rd, before.vol), current, solved)
    streak = before.streak + 1 if solved else 0
    counts = (0, 0) if puzzle_before is None else (puzzle_before.attempts, puzzle_before.solved)
    return (PuzzleStanding(solver.rating, solver.rd, solver.volatility, before.attempts + 1,
                           before.solved + int(solved), streak, max(before.best_streak, streak)),
            PuzzleRated(moved.rating, moved.rd, moved.volatility, counts[0] + 1, counts[1] + int(solved)))


class PuzzleDesk:
    """Answers the puzzle requests (see the module docstring)."""

    def __init__(self, archive: PuzzleArchive, lexicon: Lexicon, puzzles: list[Puzzle] | None = None,
                 miner: PuzzleMiner | None = None, pack: Path | None = None) -> None:
        """``puzzles``: the puzzles to serve besides the mined ones (None: those of the pack file
        ``pack``, the shipped one if None); ``miner``: what mines the server's finished games
        (stopped with the desk)."""
        self.archive = archive
        self.miner = miner
        self._mined_read: float | None = None  # time.monotonic() of the last read of the mined puzzles
        self.lexicon = lexicon
        if puzzles is None:
            loaded = load_pack(pack)
            for error in loaded.errors:
                log.warning("a puzzle of the pack was left out", extra={"data": {"error": error}})
            puzzles = list(loaded.puzzles)
        self.pack = list(puzzles)  # the daily puzzle is drawn from these (the same on every client)
        self.puzzles: dict[str, Puzzle] = {p.id: p for p in self.pack}
        self._locks: dict[int, asyncio.Lock] = {}
        self._puzzle_locks: dict[str, asyncio.Lock] = {}  # two solvers of one puzzle rate it in turn
        self.rated: dict[str, PuzzleRated] = {}  # the puzzles' moved ratings, as last read or written
        self.attempts = 0  # attempts judged and stored (for the health readout)

    async def load_mined(self) -> int:
        """Serve the puzzles mined so far: read at the first request, and again once a minute
        (another node of a cluster may have mined more); how many were new."""
        now = time.monotonic()
        if self._mined_read is not None and now - self._mined_read < MINED_REREAD:
            return 0
        self._mined_read = now
        self.rated = await self.archive.puzzle_ratings()
        count = 0
        for mined in await self.archive.mined():
            try:
                puzzle = puzzle_from_dict(mined.data)
            except PuzzleError as exc:
                log.warning("a mined puzzle could not be read", extra={"data": {"id": mined.id, "error": str(exc)}})
                continue
            if puzzle.id not in self.puzzles:
                self.puzzles[puzzle.id] = puzzle
                count += 1
        return count

    def add_mined(self, mined: list[MinedPuzzle]) -> None:
        """Serve puzzles just mined (and stored)."""
        for item in mined:
            self.puzzles.setdefault(item.id, puzzle_from_dict(item.data))

    # ------------------------------------------------------------------------------ requests

    async def list_puzzles(self, client: Client, req: P.Puzzles) -> R.PuzzlesReply:
        """A page of puzzles of a theme and map, each with whether the asker attempted it."""
        await self.load_mined()
        done = await self._attempted(client)
        chosen = [p for p in self._sorted() if self._fits(p, req.theme, req.map)]
        if req.after is not None:
            chosen = [p for p in chosen if p.id > req.after]
        page = chosen[:req.limit]
        return R.PuzzlesReply(
            puzzles=[summary(self.current(p), done.get(p.id)) for p in page],
            more=len(chosen) > len(page),
            themes=sorted({t for p in self.puzzles.values() for t in p.themes}),
            maps=sorted({p.map_name for p in self.puzzles.values()}),
            rating=await self._standing_data(client),
        )

    async def get_puzzle(self, client: Client, req: P.PuzzleGet) -> R.PuzzleReply:
        """One puzzle by id, or the next one for the asker (unattempted, near its rating)."""
        await self.load_mined()
        if req.puzzle is not None:
            puzzle = self._find(req.puzzle)
        else:
            done = await self._attempted(client)
            fitting = [self.current(p) for p in self._sorted()
                       if self._fits(p, req.theme, req.map) and p.id not in done]
            if not fitting:
                raise ProtocolError("no_such_puzzle", "no puzzle left that fits; try another theme or map")
            standing = await self._standing(client)
            rng = random.Random(f"{client.user_id}:{len(done)}")  # the same next puzzle if asked again
            chosen = choose_puzzle(fitting, standing.rating, rng)
            assert chosen is not None  # fitting is not empty
            puzzle = chosen
        return await self._puzzle_data(client, puzzle)

    async def daily(self, client: Client, req: P.DailyPuzzle) -> R.DailyPuzzleReply:
        """The puzzle of the day ``req.date`` (today, UTC, if none)."""
        await self.load_mined()
        if req.date is None:
            day = _today()
        else:
            try:
                day = datetime.date.fromisoformat(req.date)
            except ValueError:
                raise ProtocolError("bad_date", f"{req.date} is not a day of the calendar") from None
        if not self.pack:
            raise ProtocolError("no_such_puzzle", "this server has no puzzles")
        puzzle = daily_puzzle(self.pack, day)
        shown = await self._puzzle_data(client, puzzle)
        return R.DailyPuzzleReply(date=day.isoformat(), puzzle=shown.puzzle, attempt=shown.attempt, rating=shown.rating)

    async def attempt(self, client: Client, req: P.PuzzleAttempt) -> R.PuzzleAttemptReply:
        """Judge, rate and keep the asker's one attempt at a puzzle."""
        await self.load_mined()
        if client.user_id is None:
            raise ProtocolError("name_required", "puzzle attempts are rated: say hello with a name first")
        puzzle = self._find(req.puzzle)
        user_id = client.user_id
        lock = self._locks.setdefault(user_id, asyncio.Lock())
        puzzle_lock = self._puzzle_locks.setdefault(puzzle.id, asyncio.Lock())
        async with lock, puzzle_lock:
            if await self.archive.attempt(user_id, puzzle.id) is not None:
                raise ProtocolError("already_attempted", f"you attempted puzzle {puzzle.id} already")
            wire = [P.action_to_engine_dict(a, puzzle.mover) for a in req.actions]
            try:
                verdict = await asyncio.to_thread(judge, puzzle, wire, self.lexicon)
            except IllegalAttempt as exc:  # a refused move is not an attempt: nothing is counted
                raise ProtocolError("illegal_attempt", str(exc)) from None
            except PuzzleError as exc:
                raise ProtocolError("no_such_puzzle", f"puzzle {puzzle.id} cannot be played here: {exc}") from None
            before = await self.archive.standing(user_id) or NEW
            puzzle_before = await self.archive.puzzle_rating(puzzle.id)
            after, puzzle_after = rated(before, puzzle, verdict.solved, puzzle_before)
            attempt = StoredAttempt(puzzle.id, verdict.solved, wire, before.rating, after.rating, time.time())
            try:
                await self.archive.record(user_id, attempt, after, puzzle_after)
            except StoreError:
                if await self.archive.attempt(user_id, puzzle.id) is not None:  # another node took it first
                    raise ProtocolError("already_attempted", f"you attempted puzzle {puzzle.id} already") from None
                raise ProtocolError("store_failed", "the server could not store the attempt; it was not counted") from None
        self.rated[puzzle.id] = puzzle_after
        self.attempts += 1
        log.info("puzzle attempted", extra={"data": {"puzzle": puzzle.id, "user": user_id, "solved": verdict.solved}})
        return msgspec.convert({
            "puzzle": puzzle.id,
            **verdict_data(verdict),
            "solutions": solutions_data(puzzle),
            "rating": {"before": round(before.rating, 1), "after": round(after.rating, 1),
                       "change": round(after.rating - before.rating, 1), "rd": round(after.rd, 1)},
            "puzzle_rating": {"before": round(puzzle.rating if puzzle_before is None else puzzle_before.rating, 1),
                              "after": round(puzzle_after.rating, 1), "rd": round(puzzle_after.rd, 1)},
            "streak": after.streak,
            "best_streak": after.best_streak,
        }, R.PuzzleAttemptReply)

    def stats(self) -> dict[str, int]:
        """The desk's figures for the health readout (the ``stats`` request)."""
        miner = self.miner
        return {"puzzles": len(self.puzzles), "puzzle_attempts": self.attempts,
                "puzzle_games_mined": miner.mined if miner else 0, "puzzle_mining_queue": len(miner.jobs) if miner else 0}

    async def close(self) -> None:
        """Stop: the miner's queue and workers."""
        if self.miner is not None:
            await self.miner.close()

    # ------------------------------------------------------------------------------ helpers

    def current(self, puzzle: Puzzle) -> Puzzle:
        """``puzzle`` at its current rating (the stored one, else the pack's)."""
        moved = self.rated.get(puzzle.id)
        return rerated(puzzle, None if moved is None else Rating(moved.rating, moved.rd, moved.vol))

    def _find(self, puzzle_id: str) -> Puzzle:
        puzzle = self.puzzles.get(puzzle_id)
        if puzzle is None:
            raise ProtocolError("no_such_puzzle", f"there is no puzzle {puzzle_id} on this server")
        return puzzle

    def _sorted(self) -> list[Puzzle]:
        return [self.puzzles[k] for k in sorted(self.puzzles)]

    @staticmethod
    def _fits(puzzle: Puzzle, theme: str | None, map_name: str | None) -> bool:
        return (theme is None or theme in puzzle.themes) and (map_name is None or puzzle.map_name == map_name)

    async def _attempted(self, client: Client) -> dict[str, bool]:
        return {} if client.user_id is None else await self.archive.attempted(client.user_id)

    async def _standing(self, client: Client) -> PuzzleStanding:
        found = None if client.user_id is None else await self.archive.standing(client.user_id)
        return found or NEW

    async def _standing_data(self, client: Client) -> R.PuzzleRatingData:
        s = await self._standing(client)
        return R.PuzzleRatingData(rating=round(s.rating, 1), rd=round(s.rd, 1), attempts=s.attempts, solved=s.solved,
                                  streak=s.streak, best_streak=s.best_streak)

    async def _puzzle_data(self, client: Client, puzzle: Puzzle) -> R.PuzzleReply:
        attempt = None if client.user_id is None else await self.archive.attempt(client.user_id, puzzle.id)
        data = puzzle_data(self.current(puzzle), with_solutions=attempt is not None)
        # the position as the mover sees it, so a client draws it without rebuilding the game
        data["view"] = position_of(puzzle, self.lexicon).view(Player(puzzle.mover))
        mine = None if attempt is None else R.PuzzleAttemptData(solved=attempt.solved,
                                                                rating_before=round(attempt.rating_before, 1),
                                                                rating_after=round(attempt.rating_after, 1))
        return R.PuzzleReply(puzzle=data, attempt=mine, rating=await self._standing_data(client))


def puzzle_desk(store: Any, registry: Any, lexicon: Lexicon, lexicon_factory: Callable[[], Lexicon],
                config: Any) -> PuzzleDesk:
    """The desk for a server (``server.app``): the pack of ``config.puzzle_pack`` (None: the
    shipped one), its store's puzzle tables, and a miner told of each public game that ends in
    ``registry`` (a :class:`~server.lobby.registry.GameRegistry`)."""
    archive = puzzle_archive_for(store)
    desk = PuzzleDesk(archive, lexicon, pack=config.puzzle_pack)
    miner = desk.miner = PuzzleMiner(archive, desk.add_mined, lexicon_factory, config.puzzle_workers,
                                     config.puzzle_mining_queue)

    def finished(game_id: str, result: Any) -> None:
        host = registry.hosts.get(game_id)
        if host is not None and host.public and host.version >= MIN_MINED_ACTIONS and not registry.closing:
            miner.game_over(game_id, host.record_text())

    registry.finished_listeners.append(finished)
    return desk
