"""Applying a checked commit: combat (R7), ice (R8), cities (R9), stranded letters (R5).

Functions that change a :class:`~shared.rules.state.GameState`, called by
:class:`~shared.rules.game.Game` with the plan of a commit it has checked.
"""

from __future__ import annotations

from shared.rules import errors as E
from shared.rules.actions import OrderDefence
from shared.rules.board import Run
from shared.rules.combat import (
    CombatOutcome,
    attacks,
    best_order,
    find_defenders,
    remove_letters,
    remove_word,
    resolve,
)
from shared.rules.events import (
    CityTaken,
    DefenceRequested,
    Event,
    LettersRemoved,
    TerrainChanged,
    WordCommitted,
)
from shared.rules.letters import LETTER_VALUES
from shared.rules.pending import PendingDefence
from shared.rules.placement import CommitPlan
from shared.rules.state import PLAYERS, GameState
from shared.rules.strength import attack_strength
from shared.rules.terrain import Player, Terrain
from shared.rules.turn_flow import after_action

__all__ = ["commit", "order_defence"]


def commit(g: GameState, plan: CommitPlan) -> list[Event]:
    """Lay a checked commit's letters; a word that touches the enemy attacks (R7)."""
    p = plan.player
    board = g.board
    rack = g.racks[p]
    for _, _, letter in plan.placements:
        rack.remove(letter)
    for r, c, letter in plan.placements:
        board.letters[p][(r, c)] = letter
    if plan.after is not None:  # read by the plan on these very letters
        g.remember_crossword(p, plan.after)
    g.committed_this_turn = True
    events: list[Event] = []
    is_attack = attacks(board, p, plan.run)
    events.append(WordCommitted(p, plan.run.text, plan.run.cells, plan.placements, is_attack))
    if plan.forest_cells:
        for r, c in plan.forest_cells:
            board.terrain[r][c] = Terrain.PLAINS
        events.append(TerrainChanged(plan.forest_cells, "forest", "plains", "forest cut"))
    if not is_attack:
        return events + _finish_commit(g, p, plan.run, True)
    strength = attack_strength(board, plan.run, g.lexicon, g.rules)
    defenders = find_defenders(board, p, plan.run, g.lexicon, g.rules, g.crossword(p.other))
    suggested = best_order(board, p.other, strength.value, defenders, g.lexicon, g.rules)
    if len(defenders) >= 2:
        g.pending = PendingDefence(p, plan.run, strength, defenders, suggested, plan.new_cells)
        events.append(
            DefenceRequested(p.other, g.pending.attack_dict(),
                             tuple(d.to_dict() for d in defenders), suggested)
        )
        return events
    outcome = resolve(board, p, plan.run, strength.value, defenders, suggested, plan.new_cells,
                      g.rules, strength)
    return events + _after_combat(g, p, plan.run, outcome)


def order_defence(g: GameState, action: OrderDefence) -> list[Event]:
    """Fight the pending attack with the defender's order (R7)."""
    pending = g.pending
    assert isinstance(pending, PendingDefence)
    n = len(pending.defenders)
    if sorted(action.order) != list(range(n)):
        raise E.BadDefenceOrder(
            f"the order must list each of the {n} defending words once (indices 0 to {n - 1})"
        )
    g.pending = None
    outcome = resolve(g.board, pending.attacker, pending.attack_run, pending.attack_strength.value,
                      pending.defenders, action.order, pending.new_cells, g.rules,
                      pending.attack_strength)
    return _after_combat(g, pending.attacker, pending.attack_run, outcome)


def _after_combat(g: GameState, p: Player, run: Run, outcome: CombatOutcome) -> list[Event]:
    for player, points in outcome.points.items():
        g.captured[player] += points
    for ev in outcome.events:
        if isinstance(ev, LettersRemoved):
            g.removed[ev.owner] += len(ev.letters)
    beaten = outcome.defeated if g.rules.cities_fall_with_words else ()
    return outcome.events + _finish_commit(g, p, run, outcome.attacker_survived, beaten)


def _finish_commit(g: GameState, p: Player, run: Run, survived: bool, beaten: tuple[Run, ...] = ()) -> list[Event]:
    """Ice (R8), cities (R9), stranded letters (R5), scores and the end of the game.

    ``beaten``: defending words whose cities fall with them (a rule-set option).
    """
    board = g.board
    events: list[Event] = []
    if survived:
        iced = [c for c in run.cells if board.terrain_at(c) is Terrain.ICE]
        if any(LETTER_VALUES[board.letters[p][c]] > g.rules.ice_thickness for c in iced):
            for r, c in iced:
                board.terrain[r][c] = Terrain.WATER
            events.append(TerrainChanged(tuple(iced), "ice", "water", "ice cracked"))
            ev = remove_word(board, p, run, "ice cracked", None)
            if ev:
                g.removed[p] += len(ev.letters)
                events.append(ev)
            survived = False
    if survived:
        taken = list(run.cells) + [c for w in beaten for c in w.cells if c not in run.cells]
        for cell in dict.fromkeys(taken):
            if cell in board.city_owner and board.city_owner[cell] != p:
                previous = board.city_owner[cell]
                board.city_owner[cell] = p
                bonus = 0
                if previous == p.other:
                    g.cities_taken[p] += 1
                    bonus = g.rules.city_capture_bonus
                events.append(CityTaken(cell, p, previous, bonus))
    events += _remove_stranded(g)
    return events + after_action(g)


def _remove_stranded(g: GameState) -> list[Event]:
    events: list[Event] = []
    for player in PLAYERS:
        layer = g.board.letters[player]
        in_runs = {c for r in g.crossword(player).runs for c in r.cells}  # read once: the scores reuse it
        lonely = [c for c in layer if c not in in_runs]
        ev = remove_letters(g.board, player, lonely, "stranded", None)
        if ev:
            g.removed[player] += len(ev.letters)
            events.append(ev)
    return events
