"""A quick estimate of how a move changes the position's value, for thousands of moves.

:class:`MoveEstimator` estimates the change of :func:`~shared.ai.evaluate.position_value`
for each generated move without playing it: the words made and old words absorbed, combat
decided by the rule set's numbers (an attack beats every defender exactly when its strength
exceeds the need of :meth:`~shared.ai.war.Defences.need`; otherwise it falls and the
defender gains its letters, ``combat_points`` per dot), letters captured, cities taken (the
last enemy city is a win), ice that would crack, an own bare city covered, and the reach
gained toward enemy cities, pewter cities and the enemy's weakest edges (and, in an opening
that drags on, toward the enemy's letters: :mod:`shared.ai.contact`). With the rule
set's ``cities_fall_with_words``, a winning attack also takes the cities under the words it
beats. The AI then plays the best estimates out on a copy of the game (``Game.copy`` and
``apply``, with the defender's best order) to get exact values.

On quiet moves far from the enemy the estimate equals the played-out value (a test checks
it); near the enemy the pressure terms of :func:`~shared.ai.war.pressure` are only
approximated here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from math import floor

from shared.ai.contact import distances_to_enemy, position_wait_cost, wait_cost
from shared.ai.evaluate import (DEFAULT_WEIGHTS, WIN, Weights, bare_city_penalty, city_stakes, closeness,
                                distance_to, rack_leave)
from shared.ai.movegen import Line, Move
from shared.ai.memo import crossword_of, defences_of
from shared.ai.war import around, nearness, vulnerability
from shared.rules.board import Run
from shared.rules.game import Game
from shared.rules.letters import LETTER_VALUES
from shared.rules.lexicon import Category
from shared.rules.strength import kept_letters
from shared.rules.terrain import Cell, Player, Terrain

EDGE_TARGETS = 3
"""The enemy's weakest edges the estimate steers toward."""


@dataclass
class Estimate:
    """A move's estimated value change, and whether it attacks."""

    value: float
    attack: bool
    wins: bool  # the attack beats every defender (always True for a quiet move)
    takes: bool = False  # the word would stand on an enemy city
    damage: float = 0.0  # what a winning fight costs the enemy: its words, our combat points, cities
    gift: bool = False  # a lost attack that beats no defender: a pure gift of letters

    @property
    def interacts(self) -> bool:
        """The move fights the enemy or takes one of its cities."""
        return self.attack or self.takes


class MoveEstimator:
    """Estimates value changes of generated moves for one side in one position."""

    def __init__(self, game: Game, player: Player, w: Weights = DEFAULT_WEIGHTS,
                 rack: list[str] | str | None = None) -> None:
        self.game = game
        self.player = player
        self.w = w
        board = game.board
        lexicon = game.lexicon
        rules = game.rules
        self.board = board
        self.lexicon = lexicon
        self.rules = rules
        self.cities_fall = getattr(rules, "cities_fall_with_words", False)
        self.own = board.letters[player]
        self.enemy = board.letters[player.other]
        self.rack = list(game.racks[player] if rack is None else rack)
        self.rack_counts = Counter(self.rack)
        self.leave_now = rack_leave(game, player, self.rack, w)
        # own runs by (cell, direction): which old words a new word absorbs
        self.own_run: dict[tuple[Cell, str], Run] = {}
        cw = crossword_of(game, player)
        for run in cw.runs:
            for cell in run.cells:
                self.own_run[(cell, run.direction)] = run
        # enemy words and what a letter on or beside a cell touches
        defences = defences_of(game, player.other)
        self.defences = defences
        self.enemy_words = list(defences.crossword.words)
        self.enemy_face = defences.faces
        self.touching = defences.touching
        self.near_enemy = set()
        for cell in self.enemy:
            self.near_enemy.update(around(cell))
        self.enemy_runs_at: dict[Cell, list[Run]] = {}
        for run in defences.crossword.runs:
            for cell in run.cells:
                self.enemy_runs_at.setdefault(cell, []).append(run)
        # cities and reach
        self.enemy_cities = set(board.cities_of(player.other))
        my_cities = board.cities_of(player)
        sources = {c for word in cw.supplied for c in word.cells} | set(my_cities)
        # (city, weight, current distance, reach): value grows linearly as a word comes closer
        self.targets: list[tuple[Cell, float, float, float]] = []
        for city in self.enemy_cities:
            d = distance_to(sources, city)
            weight = w.advance * (1 + w.uncovered if city not in self.enemy else 1)
            self.targets.append((city, weight, d, w.reach))
            if city not in self.enemy:  # the enemy's bare-city penalty grows as we come closer
                self.targets.append((city, w.bare_city * (1 - w.bare_floor), d, w.bare_reach))
        for city, owner in board.city_owner.items():
            if owner is None:
                self.targets.append((city, w.pewter, distance_to(sources, city), w.reach))
        # pressure: enemy cities and the enemy's weakest edges, steered toward by nearness
        stake, last = city_stakes(rules, w)
        self.edges: list[tuple[Cell, float, float]] = []  # (cell, weight, current distance)
        if w.front or w.city_pressure:
            share = w.own_pressure
            for city in self.enemy_cities:
                stake_here = last if len(self.enemy_cities) == 1 else stake
                v = vulnerability(defences.city_need(city))
                if v:
                    self.edges.append((city, share * w.city_pressure * stake_here * v, distance_to(sources, city)))
            per_dot = 1 + rules.combat_points
            weak = sorted(((per_dot * defences.face_at(c) * vulnerability(defences.need_at(c)), c)
                           for c in defences.touching if c not in self.own and board.in_bounds(c)), reverse=True)
            for value, cell in weak[:EDGE_TARGETS]:
                if value > 0:
                    self.edges.append((cell, share * w.front * value, distance_to(sources, cell)))
        # an own city with no own letter on it: covering it lifts the bare-city penalty and
        # the enemy's extra reach toward an uncovered city
        theirs = defences.crossword
        enemy_sources = {c for word in theirs.supplied for c in word.cells} | self.enemy_cities
        self.bare_own: dict[Cell, float] = {}
        for city in my_cities:
            if city not in self.own:
                d = distance_to(enemy_sources, city)
                self.bare_own[city] = (bare_city_penalty(d, w)
                                       + w.advance * closeness(d, w.reach) * w.uncovered)
        # the urge to meet an enemy not yet fought (shared.ai.contact): what the wait costs now
        self.turn, self.contact = game.turn, w.contact
        self.wait = position_wait_cost(game, w.contact)
        if self.wait:
            self.enemy_distance = distances_to_enemy(board, player)
            self.gap_now = min(map(self.enemy_distance.__getitem__, self.own), default=0)
        self._line_cache: dict[int, list[float]] = {}
        self._leave_cache: dict[str, float] = {}

    # ------------------------------------------------------------------ helpers
    def _cross_gain(self, line: Line) -> list[float]:
        """Per position: the cross word's face value without the new letter, less old words."""
        cached = self._line_cache.get(id(line))
        if cached is not None:
            return cached
        lexicon = self.lexicon
        out = [0.0] * len(line.cells)
        for i, cross in enumerate(line.cross):
            if cross is None:
                continue
            before, after, _ = cross
            gain = _face(before) + _face(after)
            if len(before) >= 2 and before in lexicon:
                gain -= _face(before)
            if len(after) >= 2 and after in lexicon:
                gain -= _face(after)
            out[i] = gain
        self._line_cache[id(line)] = out
        return out

    def word_gain(self, move: Move) -> tuple[float, float]:
        """(score gained by the words the move makes, face value of own words it absorbs)."""
        line, start, end, word, placed = move
        fixed = line.fixed
        lexicon = self.lexicon
        absorbed = 0.0
        direction = line.direction
        i = start
        while i < end:
            if fixed[i] is not None and (i == start or fixed[i - 1] is None):
                run = self.own_run.get((line.cells[i], direction))
                if run is not None and run.text in lexicon:
                    absorbed += _face(run.text)
            i += 1
        cross = self._cross_gain(line)
        gain = _face(word) - absorbed
        for i, ch in placed:
            if line.cross[i] is not None:
                gain += cross[i] + LETTER_VALUES[ch]
        return gain, absorbed

    def leave_after(self, move: Move) -> float:
        used = "".join(sorted(ch for _, ch in move[4]))
        cached = self._leave_cache.get(used)
        if cached is None:
            counts = self.rack_counts.copy()
            counts.subtract(used)
            cached = rack_leave(self.game, self.player, "".join(sorted(counts.elements())), self.w)
            self._leave_cache[used] = cached
        return cached

    # ------------------------------------------------------------------ estimate
    def estimate(self, move: Move) -> Estimate:
        """The estimated change of :func:`position_value` if ``move`` is played."""
        line, start, end, word, placed = move
        cells = line.cells[start:end]
        gain, absorbed = self.word_gain(move)
        w = self.w
        score = w.score
        value = w.leave * (self.leave_after(move) - self.leave_now)
        near_enemy = self.near_enemy
        attack = False
        for cell in cells:
            if cell in near_enemy:
                attack = True
                break
        survives = True
        wins = True
        takes = False
        gift = False
        damage = 0.0
        fallen: list[Cell] = []
        per_dot = self.rules.combat_points
        if attack:
            strength = self.attack_strength(line, cells, word)
            defenders: list[int] = []
            for cell in cells:
                for i in self.touching.get(cell, ()):
                    if i not in defenders:
                        defenders.append(i)
            if strength > self.defences.need(defenders, cells):
                damage = per_dot * self.captured(cells, defenders) + sum(self.enemy_face[i] for i in defenders)
                value += score * damage
                if self.cities_fall:  # the cities under the beaten words fall too
                    fallen = [c for i in defenders for c in self.enemy_words[i].cells if c in self.board.city_owner]
            else:
                wins = survives = False
                # a defender at least as strong as the attack stops it without losing a letter
                gift = bool(defenders) and max(self.defences.strength(i, cells) for i in defenders) >= strength
                # our word goes; the defender gains its letters
                value -= score * (absorbed + per_dot * self.letters_lost(move))
        if survives and self._cracks(cells, word):
            survives = False
            value -= score * absorbed
        elif survives:
            value += score * gain
            board = self.board
            taken = [c for c in dict.fromkeys([*cells, *fallen])
                     if c in board.city_owner and board.city_owner[c] != self.player]
            if taken:
                enemy_taken = [c for c in taken if c in self.enemy_cities]
                takes = bool(enemy_taken)
                if enemy_taken and len(enemy_taken) == len(self.enemy_cities):
                    return Estimate(WIN, attack, wins, True, WIN)
                bonus = self.rules.city_capture_bonus
                value += w.city * len(taken) + (score * bonus + w.city) * len(enemy_taken)
                damage += (bonus + 2 * w.city) * len(enemy_taken)
            for cell in cells:
                if cell in self.bare_own:
                    value += self.bare_own[cell]
            across = line.direction == "across"
            fixed_at = line.index
            lo, hi = (cells[0][1], cells[-1][1]) if across else (cells[0][0], cells[-1][0])
            for city, weight, distance, reach in self.targets:
                if distance <= 0:
                    continue
                # the nearest cell of a straight word to a city, in O(1)
                along, across_d = (city[1], city[0]) if across else (city[0], city[1])
                best = abs(across_d - fixed_at) + (lo - along if along < lo else along - hi if along > hi else 0)
                if best < distance:
                    value += weight * (closeness(best, reach) - closeness(distance, reach))
            for cell, weight, distance in self.edges:
                if distance <= 1:
                    continue
                along, across_d = (cell[1], cell[0]) if across else (cell[0], cell[1])
                best = abs(across_d - fixed_at) + (lo - along if along < lo else along - hi if along > hi else 0)
                if best < distance:
                    value += weight * (nearness(best) - nearness(distance))
        if self.wait:
            if attack:  # a fight, won or lost, is the meeting: the wait costs no more
                value += self.wait
            else:
                nearest = min(map(self.enemy_distance.__getitem__, cells))
                if nearest < self.gap_now:
                    value += self.wait - wait_cost(self.turn, nearest, self.contact)
        return Estimate(value, attack, wins, takes, damage, gift)

    def interacts(self, move: Move) -> bool:
        """Cheap test: would the move touch enemy letters or stand on an enemy city?"""
        line, start, end, _, _ = move
        near, cities = self.near_enemy, self.enemy_cities
        for cell in line.cells[start:end]:
            if cell in near or cell in cities:
                return True
        return False

    def letters_lost(self, move: Move) -> int:
        """Face value of the letters a beaten word loses: new ones, and old ones in no other run."""
        line, start, end, word, placed = move
        across = line.direction == "across"
        perpendicular = "down" if across else "across"
        lost = 0
        for offset, (cell, ch) in enumerate(zip(line.cells[start:end], word)):
            if line.fixed[start + offset] is None or (cell, perpendicular) not in self.own_run:
                lost += LETTER_VALUES[ch]
        return lost

    def attack_strength(self, line: Line, cells: list[Cell], word: str) -> int:
        terrain = self.board.terrain
        base = 0
        water = False
        for (r, c), ch in zip(cells, word):
            t = terrain[r][c]
            v = LETTER_VALUES[ch]
            if t is Terrain.MOUNTAINS:
                v *= 2
            elif t is Terrain.WATER:
                water = True
            base += v
        mult = Fraction(1)
        if water:
            mult *= self.rules.water_multiplier
        cats = self.lexicon.categories(word)
        if Category.ATTACK in cats:
            mult *= self.rules.attack_word_multiplier
        if Category.SNEAK in cats:
            mult *= self.rules.sneak_word_multiplier
        return floor(base * mult) if mult != 1 else base

    def captured(self, cells: list[Cell], defenders: list[int]) -> int:
        """Face value of the enemy letters a winning attack removes (save those within the gate
        of a city it does not reach, with the rule set's ``city_gates_hold``)."""
        beaten = {self.enemy_words[i] for i in defenders}
        kept = kept_letters(self.board, self.player.other, self.rules, cells)
        gone: set[Cell] = set()
        for run in beaten:
            for cell in run.cells:
                if cell not in kept and all(r in beaten for r in self.enemy_runs_at.get(cell, ())):
                    gone.add(cell)
        enemy = self.enemy
        for cell in cells:
            for near in around(cell):
                if near in enemy and near not in kept:
                    gone.add(near)
        return sum(LETTER_VALUES[enemy[c]] for c in gone)

    def _cracks(self, cells: list[Cell], word: str) -> bool:
        terrain = self.board.terrain
        thickness = self.rules.ice_thickness
        for (r, c), ch in zip(cells, word):
            if terrain[r][c] is Terrain.ICE and LETTER_VALUES[ch] > thickness:
                return True
        return False


def _face(text: str) -> int:
    return sum(LETTER_VALUES[ch] for ch in text)


