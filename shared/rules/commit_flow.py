"""Applying a checked commit: combat (R7), ice (R8), cities (R9), stranded letters (R5).

A mixin of :class:`~shared.rules.game.Game`: these methods change the game's state.
"""

from __future__ import annotations

from shared.rules import errors as E
from shared.rules.actions import Commit, OrderDefence
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
    TerrainChanged,
    WordCommitted,
)
from shared.rules.letters import LETTER_VALUES
from shared.rules.pending import PendingDefence
from shared.rules.strength import attack_strength
from shared.rules.terrain import Player, Terrain

__all__ = [
    "PLAYERS", "CommitFlow",
]

PLAYERS = (Player.GOLD, Player.SILVER)


class CommitFlow:
    """Commit and defence-order handling for :class:`~shared.rules.game.Game`."""

    def _commit(self, action: Commit) -> list[Event]:
        plan = self.plan_commit(action)
        p = plan.player
        board = self.board
        rack = self.racks[p]
        for _, _, letter in plan.placements:
            rack.remove(letter)
        for r, c, letter in plan.placements:
            board.letters[p][(r, c)] = letter
        if plan.after is not None:  # read by the plan on these very letters
            self._remember_crossword(p, plan.after)
        self.committed_this_turn = True
        events: list[Event] = []
        is_attack = attacks(board, p, plan.run)
        events.append(WordCommitted(p, plan.run.text, plan.run.cells, plan.placements, is_attack))
        if plan.forest_cells:
            for r, c in plan.forest_cells:
                board.terrain[r][c] = Terrain.PLAINS
            events.append(TerrainChanged(plan.forest_cells, "forest", "plains", "forest cut"))
        if not is_attack:
            return events + self._finish_commit(p, plan.run, True)
        strength = attack_strength(board, plan.run, self.lexicon, self.rules)
        defenders = find_defenders(board, p, plan.run, self.lexicon, self.rules, self.crossword(p.other))
        suggested = best_order(board, p.other, strength.value, defenders, self.lexicon, self.rules)
        if len(defenders) >= 2:
            self.pending = PendingDefence(p, plan.run, strength, defenders, suggested, plan.new_cells)
            events.append(
                DefenceRequested(p.other, self.pending.attack_dict(),
                                 tuple(d.to_dict() for d in defenders), suggested)
            )
            return events
        outcome = resolve(board, p, plan.run, strength.value, defenders, suggested, plan.new_cells,
                          self.rules, strength)
        return events + self._after_combat(p, plan.run, outcome)

    def _order_defence(self, action: OrderDefence) -> list[Event]:
        pending = self.pending
        assert isinstance(pending, PendingDefence)
        n = len(pending.defenders)
        if sorted(action.order) != list(range(n)):
            raise E.BadDefenceOrder(
                f"the order must list each of the {n} defending words once (indices 0 to {n - 1})"
            )
        self.pending = None
        outcome = resolve(self.board, pending.attacker, pending.attack_run, pending.attack_strength.value,
                          pending.defenders, action.order, pending.new_cells, self.rules,
                          pending.attack_strength)
        return self._after_combat(pending.attacker, pending.attack_run, outcome)

    def _after_combat(self, p: Player, run: Run, outcome: CombatOutcome) -> list[Event]:
        for player, points in outcome.points.items():
            self.captured[player] += points
        for ev in outcome.events:
            if getattr(ev, "owner", None) is not None:
                self.removed[ev.owner] += len(ev.letters)
        beaten = outcome.defeated if self.rules.cities_fall_with_words else ()
        return outcome.events + self._finish_commit(p, run, outcome.attacker_survived, beaten)

    def _finish_commit(self, p: Player, run: Run, survived: bool, beaten: tuple[Run, ...] = ()) -> list[Event]:
        """Ice (R8), cities (R9), stranded letters (R5), scores and the end of the game.

        ``beaten``: defending words whose cities fall with them (a rule-set option).
        """
        board = self.board
        events: list[Event] = []
        if survived:
            iced = [c for c in run.cells if board.terrain_at(c) is Terrain.ICE]
            if any(LETTER_VALUES[board.letters[p][c]] > self.rules.ice_thickness for c in iced):
                for r, c in iced:
                    board.terrain[r][c] = Terrain.WATER
                events.append(TerrainChanged(tuple(iced), "ice", "water", "ice cracked"))
                ev = remove_word(board, p, run, "ice cracked", None)
                if ev:
                    self.removed[p] += len(ev.letters)
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
                        self.cities_taken[p] += 1
                        bonus = self.rules.city_capture_bonus
                    events.append(CityTaken(cell, p, previous, bonus))
        events += self._remove_stranded()
        return events + self._after_action()

    def _remove_stranded(self) -> list[Event]:
        events: list[Event] = []
        for player in PLAYERS:
            layer = self.board.letters[player]
            in_runs = {c for r in self.crossword(player).runs for c in r.cells}  # read once: the scores reuse it
            lonely = [c for c in layer if c not in in_runs]
            ev = remove_letters(self.board, player, lonely, "stranded", None)
            if ev:
                self.removed[player] += len(ev.letters)
                events.append(ev)
        return events
