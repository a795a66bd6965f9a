"""Combat (R7): defending words, the defender's best order, and resolution."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from math import floor

from shared.rules.board import Board, Run
from shared.rules.crossword import Crossword, read_crossword
from shared.rules.events import CombatStep, Event, LettersRemoved
from shared.rules.letters import LETTER_VALUES, face_value
from shared.rules.lexicon import Lexicon
from shared.rules.presets import STANDARD, RuleSet
from shared.rules.strength import Strength, defence_strength, kept_letters
from shared.rules.terrain import Cell, Player, Terrain

__all__ = [
    "EXHAUSTIVE_LIMIT", "Defender", "touched_cells", "attacks", "find_defenders", "beating_cost",
    "strength_after", "best_order", "CombatOutcome", "remove_letters", "resolve", "remove_word",
]

EXHAUSTIVE_LIMIT = 12  # defenders; beyond this the solver is greedy (R7 asks exactness to 8)


@dataclass(frozen=True)
class Defender:
    """A defending word with its strength at the start of combat."""

    run: Run
    strength: Strength
    supplied: bool
    kept: tuple[Cell, ...] = ()  # its letters this attack cannot remove (within a city's gate it misses)
    on_city: bool = False  # a letter of it stands on a city (guarding it or not)

    def to_dict(self) -> dict:
        out = {
            "word": self.run.text,
            "cells": [list(c) for c in self.run.cells],
            "direction": self.run.direction,
            "strength": self.strength.value,
            "detail": self.strength.to_dict(),
            "supplied": self.supplied,
        }
        if self.kept:
            out["kept"] = [list(c) for c in self.kept]
        if self.on_city:
            out["on_city"] = True
        return out

    def detail(self) -> dict:
        """Why it is as strong as it is (for a fight's explanation): strength, supply, city, kept letters."""
        out = {"word": self.run.text, **self.strength.to_dict(), "supplied": self.supplied}
        if self.on_city:
            out["on_city"] = True
        if self.kept:
            out["kept"] = len(self.kept)
        return out


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
    board: Board, attacker: Player, run: Run, lexicon: Lexicon, rules: RuleSet,
    crossword: Crossword | None = None,
) -> tuple[Defender, ...]:
    """The opponent's dictionary words on or 4-adjacent to ``run``, in reading order
    (``crossword``: the opponent's, if already read)."""
    defender = attacker.other
    crossword = crossword or read_crossword(board, defender, lexicon)
    near = touched_cells(board, run)
    kept = kept_letters(board, defender, rules, run.cells)
    result = []
    for word in crossword.words:
        if any(cell in near for cell in word.cells):
            supplied = word in crossword.supplied
            strength = defence_strength(board, word, lexicon, rules, supplied, run.cells)
            on_city = any(board.terrain[r][c] is Terrain.CITY for r, c in word.cells)
            result.append(Defender(word, strength, supplied, tuple(c for c in word.cells if c in kept), on_city))
    return tuple(result)


class _LossModel:
    """What a set of defeated defending words costs the defender (R7, revision 2).

    A letter goes when every run of the defender holding it is defeated, unless the attack
    cannot remove it (:attr:`Defender.kept`). The cost of a set is
    the score the defender's words lose (a broken word stops scoring; the pieces of it that are
    still words score again) and, to break ties, the number of letters that leave the board
    (removed, or stranded by the removal). Order within the set never matters.
    """

    def __init__(self, board: Board, defender: Player, defenders: tuple[Defender, ...],
                 lexicon: Lexicon | None) -> None:
        self.lexicon = lexicon
        self.layer = board.letters[defender]
        index = {d.run: i for i, d in enumerate(defenders)}
        self.runs_at: dict[Cell, list[Run]] = {}
        for run in board.runs(defender):
            for cell in run.cells:
                self.runs_at.setdefault(cell, []).append(run)
        self.items: list[tuple[int, Cell]] = []  # (mask of defending runs holding the letter, cell)
        seen: set[Cell] = {cell for d in defenders for cell in d.kept}
        for d in defenders:
            for cell in d.run.cells:
                if cell in seen:
                    continue
                seen.add(cell)
                holders = self.runs_at.get(cell, [])
                if any(r not in index for r in holders):
                    continue  # protected by a run that is not defending: never removed
                mask = 0
                for r in holders:
                    mask |= 1 << index[r]
                self.items.append((mask, cell))
        self._memo: dict[frozenset[Cell], tuple[int, int]] = {}

    def removed(self, defeated_mask: int) -> frozenset[Cell]:
        return frozenset(cell for mask, cell in self.items if mask & ~defeated_mask == 0)

    def cost(self, defeated_mask: int) -> tuple[int, int]:
        """(score the defender loses, letters that leave the board) if these words fall."""
        gone = self.removed(defeated_mask)
        if gone not in self._memo:
            self._memo[gone] = self._cost(gone)
        return self._memo[gone]

    def _worth(self, text: str) -> int:
        if self.lexicon is None or text in self.lexicon:
            return face_value(text)
        return 0

    def _cost(self, gone: frozenset[Cell]) -> tuple[int, int]:
        if not gone:
            return 0, 0
        affected = {run for cell in gone for run in self.runs_at.get(cell, [])}
        lost_score = 0
        left_cells: set[Cell] = set()
        for run in affected:
            lost_score += self._worth(run.text)
            piece: list[Cell] = []
            for cell in run.cells + ((-1, -1),):
                if cell in gone or cell == (-1, -1):
                    if len(piece) >= 2:
                        lost_score -= self._worth("".join(self.layer[c] for c in piece))
                    piece = []
                else:
                    piece.append(cell)
                    left_cells.add(cell)
        stranded = 0
        for r, c in left_cells:
            if not any(n in self.layer and n not in gone
                       for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))):
                stranded += 1
        return lost_score, len(gone) + stranded


def beating_cost(beaten: int, rules: RuleSet) -> int:
    """What beating a word of strength ``beaten`` takes off the attacker's strength
    (``floor(defeat_cost * beaten)``: all of it under the standard rules)."""
    cost = rules.defeat_cost
    return beaten if cost == 1 else floor(cost * beaten)


def strength_after(strength: int, beaten: int, rules: RuleSet) -> int:
    """The attacker's strength after beating a word of strength ``beaten``."""
    return strength - beating_cost(beaten, rules)


def best_order(
    board: Board,
    defender: Player,
    attack_value: int,
    defenders: tuple[Defender, ...],
    lexicon: Lexicon | None = None,
    rules: RuleSet = STANDARD,
) -> tuple[int, ...]:
    """The defender's best order (R7): the one that keeps the defender the most score.

    An order sacrifices the words the attacker beats before one stops it. So each candidate
    is a set D of words to sacrifice (weakest first), then a blocker, then the rest; each is
    fought out on paper and the one that costs the least score wins (ties: the fewest letters
    lost, then reading order). With the standard rules the attacker beats D exactly when its
    strength exceeds D's total, so every order either stops it or none does; if none does,
    the reading order is returned. Exact up to EXHAUSTIVE_LIMIT defenders, greedy beyond.
    Without a lexicon every run counts as a word.
    """
    n = len(defenders)
    strengths = [d.strength.value for d in defenders]
    # what beating each word costs the attacker, worked out once: the loops below fight up to
    # 2**12 orders, and a Fraction product each step made one call take a fifth of a second
    spent = [beating_cost(s, rules) for s in strengths]
    model = _LossModel(board, defender, defenders, lexicon)
    best: tuple[int, int, tuple[int, ...]] | None = None  # (score lost, letters lost, order)

    def fight(order: tuple[int, ...]) -> int | None:
        """The mask of words beaten before the attacker falls, or None if it never does."""
        strength, mask = attack_value, 0
        for i in order:
            if strength <= strengths[i]:
                return mask
            strength -= spent[i]
            mask |= 1 << i
        return None

    def consider(sacrificed: tuple[int, ...]) -> None:
        nonlocal best
        rest = [i for i in range(n) if i not in sacrificed]
        if not rest:
            return
        first = tuple(sorted(sacrificed, key=lambda i: (strengths[i], i)))
        strength = attack_value
        for i in first:
            strength -= spent[i]
        blocker = next((i for i in rest if strengths[i] >= strength), rest[0])
        order = first + (blocker,) + tuple(i for i in rest if i != blocker)
        beaten = fight(order)
        if beaten is None:
            return
        score_lost, letters_lost = model.cost(beaten)
        key = (score_lost, letters_lost, order)
        if best is None or key < best:
            best = key

    if n <= EXHAUSTIVE_LIMIT:
        for size in range(n):
            for sacrificed in combinations(range(n), size):
                consider(sacrificed)
    else:
        # Greedy: sacrifice the cheapest words per point of strength until one can block.
        ranked = sorted(range(n), key=lambda i: (model.cost(1 << i)[0] / max(strengths[i], 1), i))
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
    defeated: tuple[Run, ...] = ()  # the defending words the attacker beat, in order


def remove_letters(
    board: Board,
    owner: Player,
    cells: list[Cell],
    reason: str,
    points_to: Player | None,
    points_per_dot: int = 1,
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
    points = points_per_dot * sum(LETTER_VALUES[x[2]] for x in gone) if points_to is not None else 0
    return LettersRemoved(owner, tuple(gone), reason, points_to, points)


def resolve(
    board: Board,
    attacker: Player,
    attack_run: Run,
    attack_value: int,
    defenders: tuple[Defender, ...],
    order: tuple[int, ...],
    new_cells: frozenset[Cell],
    rules: RuleSet = STANDARD,
    attack: Strength | None = None,
) -> CombatOutcome:
    """Fight ``defenders`` in ``order`` and change the board accordingly (R7).

    Under revision 2 a failed attack loses every letter it placed, even one that also belongs
    to another run of the attacker; revision 1 kept such letters. Each defeated word costs
    the attacker ``rules.defeat_cost`` of its strength (all of it in the standard rules);
    letters removed in combat score ``rules.combat_points`` per dot. Letters within the gate of
    a city the attack does not reach stay, with ``city_gates_hold`` (:func:`kept_letters`).
    ``attack``, the attacking word's :class:`Strength`, goes in each step's event beside the
    defender's, so that the fight can be explained (:mod:`shared.analysis.explain`).
    """
    defender = attacker.other
    events: list[Event] = []
    points = {attacker: 0, defender: 0}
    defender_runs = board.runs(defender)
    runs_at: dict[Cell, list[Run]] = {}
    for run in defender_runs:
        for cell in run.cells:
            runs_at.setdefault(cell, []).append(run)
    defeated: set[Run] = set()
    kept = kept_letters(board, defender, rules, attack_run.cells)
    strength = attack_value
    attack_detail = None if attack is None else attack.to_dict()
    survived = True
    for index in order:
        d = defenders[index]
        if strength > d.strength.value:
            after = strength_after(strength, d.strength.value, rules)
            events.append(
                CombatStep(attacker, attack_run.text, strength, d.run.text, d.run.cells,
                           d.strength.value, True, after, attack_detail, d.detail())
            )
            strength = after
            defeated.add(d.run)
            doomed = [c for c in d.run.cells
                      if c not in kept and all(r in defeated for r in runs_at.get(c, []))]
            ev = remove_letters(board, defender, doomed, "defeated", attacker, rules.combat_points)
            if ev:
                events.append(ev)
                points[attacker] += ev.points
        else:
            events.append(
                CombatStep(attacker, attack_run.text, strength, d.run.text, d.run.cells,
                           d.strength.value, False, 0, attack_detail, d.detail())
            )
            survived = False
            break
    if survived:
        near = touched_cells(board, attack_run)
        ev = remove_letters(board, defender, [c for c in near if c in board.letters[defender] and c not in kept],
                            "swept", attacker, rules.combat_points)
        if ev:
            events.append(ev)
            points[attacker] += ev.points
    else:
        ev = remove_word(board, attacker, attack_run, "attack failed", defender, new_cells,
                         always_remove_new=rules.revision >= 2, points_per_dot=rules.combat_points)
        if ev:
            events.append(ev)
            points[defender] += ev.points
    beaten = tuple(defenders[i].run for i in order if defenders[i].run in defeated and not defenders[i].kept)
    return CombatOutcome(events, survived, points, beaten)


def remove_word(
    board: Board,
    owner: Player,
    run: Run,
    reason: str,
    points_to: Player | None,
    new_cells: frozenset[Cell] = frozenset(),
    always_remove_new: bool = False,
    points_per_dot: int = 1,
) -> LettersRemoved | None:
    """Remove a beaten word: each letter that belongs to no other run of its owner goes.

    ``new_cells`` (the letters the commit placed) go whatever other runs hold them when
    ``always_remove_new`` is set (a failed attack, R7); otherwise only where one still stands
    on an opponent letter (two letters never share a cell once an action is over).
    """
    others = [r for r in board.runs(owner) if r != run]
    shared = {c for r in others for c in r.cells}
    enemy = board.letters[owner.other]
    doomed = [c for c in run.cells
              if c not in shared or (c in new_cells and (always_remove_new or c in enemy))]
    return remove_letters(board, owner, doomed, reason, points_to, points_per_dot)
