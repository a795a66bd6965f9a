"""The puzzle miner: from game records (self-play or a server's finished games) to puzzles.

Each record is replayed; at the start of every turn the position is scanned
(:func:`~shared.puzzles.scan.scan_turn`), and before every attack that asks for a defence
order the defence is scanned (:func:`~shared.puzzles.scan.scan_defence`). A candidate
becomes a :class:`~shared.puzzles.model.Puzzle`: its position captured, its solutions replayed
by the judge (each must reach the goal), its themes tagged and its starting rating measured
by the AI levels. See docs/puzzles.md.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator

from shared.analysis.winchance import WinModel
from shared.puzzles.difficulty import starting_rating
from shared.puzzles.goals import outcome_of, reaches
from shared.puzzles.judge import play_turn
from shared.puzzles.model import Puzzle, PuzzleError
from shared.puzzles.position import capture_position, position_of
from shared.puzzles.scan import Candidate, scan_attacks, scan_defence, scan_turn
from shared.puzzles.themes import tag_themes
from shared.rules.actions import Commit, action_from_dict
from shared.rules.game import Game, PendingDefence
from shared.rules.lexicon import Lexicon
from shared.rules.record import GameRecord
from shared.rules.terrain import Player

__all__ = ["candidates_in", "make_puzzle", "mine_record", "puzzle_id", "verify_puzzle"]


MAX_DEFENCES = 2
"""Defence puzzles kept from one game: a game offers one on most turns, and they are alike."""


def candidates_in(record: GameRecord, lexicon: Lexicon, model: WinModel,
                  first_turn: int = 2, max_defences: int = MAX_DEFENCES) -> Iterator[tuple[int, Candidate]]:
    """Every candidate in ``record``, with the turn it came from (turns before ``first_turn``
    are skipped: an opening has no fight), and at most ``max_defences`` defence puzzles."""
    defences = 0
    game = Game.new(record.game_map, record.rules, record.seed, lexicon, record.first)
    scanned = -1
    for data in record.actions:
        if game.over:
            break
        if game.pending is None and game.turn != scanned and game.turn >= first_turn:
            scanned = game.turn
            attacks: list[Commit] = []
            found = scan_turn(game, model, attacks=attacks)
            if found is not None:
                yield game.turn, found
            defence = scan_attacks(game, attacks, model) if defences < max_defences else None
            if defence is not None:
                defences += 1
                yield game.turn, defence
        before = game.copy() if game.pending is None else None
        game.apply(action_from_dict(data))
        if (before is not None and isinstance(game.pending, PendingDefence) and data.get("type") == "commit"
                and defences < max_defences):
            found = scan_defence(before, data, model)
            if found is not None:
                defences += 1
                yield game.turn, found


def puzzle_id(position: object, goal: object) -> str:
    """A puzzle's id: 10 hex digits of the SHA-256 of its position and goal."""
    text = json.dumps([position, goal], sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:10]


def _hint(candidate: Candidate) -> tuple[tuple[int, int], ...]:
    """Where the second hint points: the cells of the first solution's word, or the defending words."""
    first = candidate.solutions[0][0]
    if first.get("type") == "commit":
        return tuple(sorted((int(r), int(c)) for r, c, _ in first["placements"]))
    pending = candidate.start.pending
    if isinstance(pending, PendingDefence):
        return tuple(sorted({(int(r), int(c)) for d in pending.defenders for r, c in d.run.cells}))
    return ()


def make_puzzle(candidate: Candidate, lexicon: Lexicon, map_name: str, source: str, rate: bool = True) -> Puzzle:
    """The puzzle of ``candidate``, verified (each solution replayed from the stored position
    reaches the goal: PuzzleError if not) and rated by the AI levels (unless ``rate`` is False)."""
    import msgspec

    base = candidate.base if candidate.base is not None else candidate.start
    position = capture_position(base, candidate.then)
    pid = puzzle_id(msgspec.to_builtins(position), msgspec.to_builtins(candidate.goal))
    themes = tag_themes(base, candidate.solutions[0], candidate.outcome)
    rating, found = (starting_rating(candidate.start, candidate.mover, candidate.goal, int(pid, 16) % 100_000)
                     if rate else (None, ()))
    puzzle = Puzzle(
        id=pid, map_name=map_name, ruleset=base.rules.name, position=position, mover=int(candidate.mover),
        goal=candidate.goal, themes=themes, solutions=tuple(candidate.solutions),
        rating=round(rating.rating, 1) if rating else 1500.0, rd=round(rating.rd, 1) if rating else 350.0,
        volatility=round(rating.volatility, 6) if rating else 0.06, hint_where=_hint(candidate),
        found_by=found, source=source,
    )
    verify_puzzle(puzzle, lexicon)
    return puzzle


def verify_puzzle(puzzle: Puzzle, lexicon: Lexicon) -> None:
    """Replay every solution from the stored position; PuzzleError unless each reaches the goal."""
    start = position_of(puzzle, lexicon)
    mover = Player(puzzle.mover)
    for k, solution in enumerate(puzzle.solutions):
        after, events = play_turn(start, mover, list(solution))
        if not reaches(puzzle.goal, outcome_of(start, after, events, mover)):
            raise PuzzleError(f"puzzle {puzzle.id}: solution {k + 1} does not reach the goal")


def mine_record(record: GameRecord, lexicon: Lexicon, model: WinModel, source: str,
                report: Callable[[str], None] | None = None, rate: bool = True,
                map_name: str | None = None) -> list[Puzzle]:
    """The puzzles of one record (at most one a turn and one a defence), in the order found;
    ``map_name`` names the map (default: the name in the record)."""
    out: list[Puzzle] = []
    seen: set[str] = set()
    for turn, candidate in candidates_in(record, lexicon, model):
        puzzle = make_puzzle(candidate, lexicon, map_name or record.game_map.name, f"{source} turn {turn}", rate)
        if puzzle.id not in seen:
            seen.add(puzzle.id)
            out.append(puzzle)
            if report:
                report(f"  turn {turn}: {puzzle.goal.describe()} ({', '.join(puzzle.themes)}; "
                       f"win chance {candidate.chance_best:.2f} v {candidate.chance_second:.2f}; rating {puzzle.rating:.0f})")
    return out
