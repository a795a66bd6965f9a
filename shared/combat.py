"""Combat (R7): defending words, the defender's best order, and resolution."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from shared.board import Board, Run
from shared.crossword import read_crossword
from shared.events import CombatStep, Event, LettersRemoved
from shared.letters import LETTER_VALUES
from shared.lexicon import Lexicon
from shared.rules import RuleSet
from shared.strength import Strength, defence_strength
from shared.terrain import Cell, Player

EXHAUSTIVE_LIMIT = 14  # defenders; beyond this the solver is greedy


@dataclass(frozen=True)
class Defender:
    """A defending word with its strength at the start of combat."""

    run: Run
    strength: Strength
    supplied: bool

    def to_dict(self) -> dict:
        return {
            "word": self.run.text,
            "cells": [list(c) for c in self.run.cells],
            "direction": self.run.direction,
            "strength": self.strength.value,
            "detail": self.strength.to_dict(),
            "supplied": self.supplied,
        }


def touched_cells(board: Board, run: Run) -> set[Cell]:
    """The cells of ``run`` and every cell 4-adjacent to them."""
    out = set(run.cells)
    for cell in run.cells:
        out.update(board.neighbours(cell))
    return out


def attacks(board: Board, attacker: Player, run: Run) -> bool:
    """True if any letter of ``run`` is on or 4-adjacent to an opponent letter."""
    enemy = board.letters[attacker.other]
    return any(cell in enemy for cell in touched_cells(board, run))


def find_defenders(
    board: Board, attacker: Player, run: Run, lexicon: Lexicon, rules: RuleSet
) -> tuple[Defender, ...]:
    """The opponent's dictionary words on or 4-adjacent to ``run``, in reading order."""
    defender = attacker.other
    crossword = read_crossword(board, defender, lexicon)
    near = touched_cells(board, run)
    result = []
    for word in crossword.words:
        if any(cell in near for cell in word.cells):
            supplied = word in crossword.supplied
            result.append(Defender(word, defence_strength(board, word, lexicon, rules, supplied), supplied))
    return tuple(result)


class _LossModel:
    """Which of the defender's letters a set of defeated words removes (order does not matter)."""

    def __init__(self, board: Board, defender: Player, defenders: tuple[Defender, ...]) -> None:
        index = {d.run: i for i, d in enumerate(defenders)}
        self.items: list[tuple[int, int]] = []  # (mask of defending runs holding the letter, value)
        layer = board.letters[defender]
        runs_at: dict[Cell, list[Run]] = {}
        for run in board.runs(defender):
            for cell in run.cells:
                runs_at.setdefault(cell, []).append(run)
        seen: set[Cell] = set()
        for d in defenders:
            for cell in d.run.cells:
                if cell in seen:
                    continue
                seen.add(cell)
                holders = runs_at.get(cell, [])
                if any(r not in index for r in holders):
                    continue  # protected by a run that is not defending: never removed
                mask = 0
                for r in holders:
                    mask |= 1 << index[r]
                self.items.append((mask, LETTER_VALUES[layer[cell]]))

    def loss(self, defeated_mask: int) -> int:
        return sum(value for mask, value in self.items if mask & ~defeated_mask == 0)


def best_order(
    board: Board, defender: Player, attack_value: int, defenders: tuple[Defender, ...]
) -> tuple[int, ...]:
    """The defender's best order (R7).

    The attacker beats every word of a set D, in any order, exactly when its strength
    exceeds D's total; it then falls to the next word if that word is at least as strong as
    what is left. So the best order sacrifices the set D that stops the attacker and costs
    the least face value, then the blocker. If no order stops the attacker, every order
    loses everything and the reading order is returned.
    """
    n = len(defenders)
    strengths = [d.strength.value for d in defenders]
    model = _LossModel(board, defender, defenders)
    best: tuple[int, int, tuple[int, ...]] | None = None  # (loss, size, order)

    def consider(sacrificed: tuple[int, ...]) -> None:
        nonlocal best
        left = attack_value - sum(strengths[i] for i in sacrificed)
        if left <= 0:
            return
        rest = [i for i in range(n) if i not in sacrificed]
        blockers = [i for i in rest if strengths[i] >= left]
        if not blockers:
            return
        mask = 0
        for i in sacrificed:
            mask |= 1 << i
        loss = model.loss(mask)
        blocker = blockers[0]
        order = tuple(sacrificed) + (blocker,) + tuple(i for i in rest if i != blocker)
        key = (loss, len(sacrificed), order)
        if best is None or key < best:
            best = key

    if n <= EXHAUSTIVE_LIMIT:
        for size in range(n):
            for sacrificed in combinations(range(n), size):
                consider(sacrificed)
    else:
        # Greedy: sacrifice the cheapest words per point of strength until one can block.
        ranked = sorted(range(n), key=lambda i: (model.loss(1 << i) / max(strengths[i], 1), i))
        chosen: list[int] = []
        consider(())
        for i in ranked:
            chosen.append(i)
            consider(tuple(sorted(chosen)))
            if best is not None:
                break
    if best is None:
        return tuple(range(n))
    return best[2]


@dataclass
class CombatOutcome:
    """What resolution did: events, whether the attacking word survived, points scored."""

    events: list[Event]
    attacker_survived: bool
    points: dict[Player, int]


def remove_letters(
    board: Board,
    owner: Player,
    cells: list[Cell],
    reason: str,
    points_to: Player | None,
) -> LettersRemoved | None:
    """Take letters off the board; return the event (None if nothing was there)."""
    layer = board.letters[owner]
    gone = []
    for cell in sorted(set(cells)):
        letter = layer.pop(cell, None)
        if letter is not None:
            gone.append((cell[0], cell[1], letter))
    if not gone:
        return None
    points = sum(LETTER_VALUES[x[2]] for x in gone) if points_to is not None else 0
    return LettersRemoved(owner, tuple(gone), reason, points_to, points)


def resolve(
    board: Board,
    attacker: Player,
    attack_run: Run,
    attack_value: int,
    defenders: tuple[Defender, ...],
    order: tuple[int, ...],
    new_cells: frozenset[Cell],
) -> CombatOutcome:
    """Fight ``defenders`` in ``order`` and change the board accordingly (R7)."""
    defender = attacker.other
    events: list[Event] = []
    points = {attacker: 0, defender: 0}
    defender_runs = board.runs(defender)
    runs_at: dict[Cell, list[Run]] = {}
    for run in defender_runs:
        for cell in run.cells:
            runs_at.setdefault(cell, []).append(run)
    defeated: set[Run] = set()
    strength = attack_value
    survived = True
    for index in order:
        d = defenders[index]
        if strength > d.strength.value:
            after = strength - d.strength.value
            events.append(
                CombatStep(attacker, attack_run.text, strength, d.run.text, d.run.cells,
                           d.strength.value, True, after)
            )
            strength = after
            defeated.add(d.run)
            doomed = [c for c in d.run.cells if all(r in defeated for r in runs_at.get(c, []))]
            ev = remove_letters(board, defender, doomed, "defeated", attacker)
            if ev:
                events.append(ev)
                points[attacker] += ev.points
        else:
            events.append(
                CombatStep(attacker, attack_run.text, strength, d.run.text, d.run.cells,
                           d.strength.value, False, 0)
            )
            survived = False
            break
    if survived:
        near = touched_cells(board, attack_run)
        ev = remove_letters(board, defender, [c for c in near if c in board.letters[defender]],
                            "swept", attacker)
        if ev:
            events.append(ev)
            points[attacker] += ev.points
    else:
        ev = remove_word(board, attacker, attack_run, "attack failed", defender, new_cells)
        if ev:
            events.append(ev)
            points[defender] += ev.points
    return CombatOutcome(events, survived, points)


def remove_word(
    board: Board,
    owner: Player,
    run: Run,
    reason: str,
    points_to: Player | None,
    new_cells: frozenset[Cell] = frozenset(),
) -> LettersRemoved | None:
    """Remove a beaten word: each letter that belongs to no other run of its owner goes.

    A new letter still standing on an opponent letter goes as well: two letters never
    share a cell once an action is over.
    """
    others = [r for r in board.runs(owner) if r != run]
    shared = {c for r in others for c in r.cells}
    enemy = board.letters[owner.other]
    doomed = [c for c in run.cells if c not in shared or (c in new_cells and c in enemy)]
    return remove_letters(board, owner, doomed, reason, points_to)
