"""How good a position is, and a quick estimate of how good a move is.

:func:`position_value` scores a whole position for one side, in points: the score
difference plus positional terms (cities held, enemy and pewter cities within reach, own
cities within the enemy's reach, isolated words, wasted letters in invalid runs) and the
leave. It reads only what a player may see (RULINGS R13): the board, the scores and the
player's own rack, never the opponent's rack or either pool's order.

:class:`MoveEstimator` estimates the change of that value for each of thousands of
generated moves without playing them: the words made and absorbed, combat decided exactly
(the attacker wins everything when its strength beats the sum of all defenders, otherwise
it falls), letters captured, cities taken, ice that would crack, and reach gained. The AI
then plays the best estimates out on a copy of the game (``Game.copy`` and ``apply``,
with the defender's best order) to get exact values.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction
from math import floor

from shared.ai.leave import leave_value
from shared.ai.movegen import Line, Move
from shared.board import NEIGHBOURS, Run, runs_of
from shared.crossword import read_crossword
from shared.game import Game
from shared.letters import LETTER_VALUES
from shared.lexicon import Category
from shared.strength import defence_strength
from shared.terrain import Cell, Player, Terrain

WIN = 10_000.0
"""The value of a won game (a lost one is minus this)."""


@dataclass(frozen=True)
class Weights:
    """The positional terms of :func:`position_value`, in points."""

    city: float = 12.0  # each city held (insurance against conquest, a place to build from)
    advance: float = 14.0  # an enemy city fully within reach
    pewter: float = 5.0  # a pewter city fully within reach
    reach: float = 10.0  # cells: beyond this distance a city is out of reach
    uncovered: float = 0.5  # extra threat on a city cell with no letter of its owner on it
    isolated: float = 0.4  # fraction of an isolated word's face value at risk
    invalid: float = 1.0  # per letter stuck in an invalid run
    leave: float = 1.0  # weight of the rack leave
    letter_worth: float = 0.0  # a rack letter's worth per dot while the pool is full (see rack_leave)
    full_pool: int = 30  # pool size from which letters are worth their full letter_worth
    worth_on_empty_board: bool = True  # False: letters have no worth until a first word stands

    def scaled(self, positional: float) -> "Weights":
        """These weights with every positional term multiplied by ``positional``."""
        return replace(self, city=self.city * positional, advance=self.advance * positional,
                       pewter=self.pewter * positional, isolated=self.isolated * positional,
                       invalid=self.invalid * positional)


DEFAULT_WEIGHTS = Weights()


def _closeness(distance: float, reach: float) -> float:
    return max(0.0, reach - distance) / reach


def rack_leave(game: Game, player: Player, rack: list[str] | str | None = None,
               w: Weights | None = None) -> float:
    """The leave of ``player``'s rack (or of ``rack``): half as much once the pool is empty.

    With ``w.letter_worth`` set, each letter is also worth that much per dot while the pool
    is full, less as it empties and nothing once it is empty: a letter played now cannot
    score later, so a move must beat what its letters would be worth kept (Scrabble's
    equity idea); at the end, unplayed letters are worth nothing.
    """
    letters = game.racks[player] if rack is None else rack
    text = "".join(sorted(letters))
    if _draws_left(game, player):
        value = leave_value(text, game.rules.rack_limit - game.rules.draw_per_turn)
    else:
        value = 0.5 * leave_value(text, game.rules.rack_limit)
    if w is not None and w.letter_worth and (w.worth_on_empty_board or game.board.letters[player]):
        phase = 1.0 if game.rules.endless_pool else min(1.0, len(game.pools[player]) / w.full_pool)
        value += w.letter_worth * phase * sum(LETTER_VALUES[ch] for ch in text)
    return value


def _draws_left(game: Game, player: Player) -> bool:
    return game.rules.endless_pool or bool(game.pools[player])


@dataclass
class SideInfo:
    """What the positional terms need to know about one side."""

    supplied_cells: set[Cell]
    sources: set[Cell]  # supplied cells and owned cities: where new words can start from
    cities: list[Cell]
    isolated_face: int
    invalid_letters: int


def side_info(game: Game, player: Player) -> SideInfo:
    board = game.board
    cw = read_crossword(board, player, game.lexicon)
    supplied = {c for w in cw.supplied for c in w.cells}
    cities = board.cities_of(player)
    isolated = sum(sum(LETTER_VALUES[ch] for ch in w.text) for w in cw.isolated)
    invalid = len({c for r in cw.invalid for c in r.cells})
    return SideInfo(supplied, supplied | set(cities), cities, isolated, invalid)


def distance_to(sources: set[Cell] | list[Cell], target: Cell) -> float:
    """The Manhattan distance from the nearest source to ``target`` (inf if none)."""
    best = float("inf")
    for s in sources:
        d = abs(s[0] - target[0]) + abs(s[1] - target[1])
        if d < best:
            best = d
    return best


def side_value(game: Game, player: Player, info: SideInfo, enemy: SideInfo, w: Weights) -> float:
    """The positional terms for ``player`` (without the score)."""
    board = game.board
    value = w.city * len(info.cities)
    their_letters = board.letters[player.other]
    for city in enemy.cities:
        threat = _closeness(distance_to(info.sources, city), w.reach)
        if threat:
            if city not in their_letters:  # an empty city falls to any word that reaches it
                threat *= 1 + w.uncovered
            value += w.advance * threat
    for city, owner in board.city_owner.items():
        if owner is None:
            value += w.pewter * _closeness(distance_to(info.sources, city), w.reach)
    value -= w.isolated * info.isolated_face
    value -= w.invalid * info.invalid_letters
    return value


def position_value(game: Game, player: Player, w: Weights = DEFAULT_WEIGHTS,
                   rack: list[str] | None = None) -> float:
    """The worth of the position to ``player``, in points (see the module docstring)."""
    result = game.result
    scores = game.scores()
    diff = scores[player] - scores[player.other]
    if result is not None:
        if result.winner is None:
            return diff
        return (WIN if result.winner == player else -WIN) + diff
    mine = side_info(game, player)
    theirs = side_info(game, player.other)
    value = diff + side_value(game, player, mine, theirs, w) - side_value(game, player.other, theirs, mine, w)
    return value + w.leave * rack_leave(game, player, rack, w)


@dataclass
class Estimate:
    """A move's estimated value change, and whether it attacks."""

    value: float
    attack: bool
    wins: bool  # the attack beats every defender (always True for a quiet move)
    takes: bool = False  # the word would stand on an enemy city

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
        self.board = board
        self.lexicon = lexicon
        self.rules = game.rules
        self.own = board.letters[player]
        self.enemy = board.letters[player.other]
        self.rack = list(game.racks[player] if rack is None else rack)
        self.rack_counts = Counter(self.rack)
        self.leave_now = rack_leave(game, player, self.rack, w)
        # own runs by (cell, direction): which old words a new word absorbs
        self.own_run: dict[tuple[Cell, str], Run] = {}
        for run in runs_of(self.own):
            for cell in run.cells:
                self.own_run[(cell, run.direction)] = run
        # enemy words and what a letter on or beside a cell touches
        ecw = read_crossword(board, player.other, lexicon)
        self.enemy_words = list(ecw.words)
        self.enemy_strength = [
            defence_strength(board, word, lexicon, game.rules, word in ecw.supplied).value
            for word in self.enemy_words
        ]
        self.enemy_face = [sum(LETTER_VALUES[ch] for ch in word.text) for word in self.enemy_words]
        self.touching: dict[Cell, list[int]] = {}  # cell -> enemy words on or beside it
        for i, word in enumerate(self.enemy_words):
            for cell in word.cells:
                for near in _around(cell):
                    lst = self.touching.setdefault(near, [])
                    if i not in lst:
                        lst.append(i)
        self.near_enemy = set()
        for cell in self.enemy:
            self.near_enemy.update(_around(cell))
        self.enemy_runs_at: dict[Cell, list[Run]] = {}
        for run in runs_of(self.enemy):
            for cell in run.cells:
                self.enemy_runs_at.setdefault(cell, []).append(run)
        # cities and reach
        self.enemy_cities = set(board.cities_of(player.other))
        self.my_city_count = len(board.cities_of(player))
        cw = read_crossword(board, player, lexicon)
        sources = {c for word in cw.supplied for c in word.cells} | set(board.cities_of(player))
        self.targets: list[tuple[Cell, float, float]] = []  # (city, weight, current distance)
        for city in self.enemy_cities:
            weight = w.advance * (1 + w.uncovered if city not in self.enemy else 1)
            self.targets.append((city, weight, distance_to(sources, city)))
        for city, owner in board.city_owner.items():
            if owner is None:
                self.targets.append((city, w.pewter, distance_to(sources, city)))
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
        if attack:
            strength = self.attack_strength(line, cells, word)
            defenders: list[int] = []
            for cell in cells:
                for i in self.touching.get(cell, ()):
                    if i not in defenders:
                        defenders.append(i)
            total = sum(self.enemy_strength[i] for i in defenders)
            if strength > total:
                captured = self.captured(cells, defenders)
                value += captured + sum(self.enemy_face[i] for i in defenders)
            else:
                wins = survives = False
                value -= absorbed + self.letters_lost(move)  # our word goes; the defender gains its letters
        if survives and self._cracks(cells, word):
            survives = False
            value -= absorbed
        elif survives:
            value += gain
            taken = [c for c in cells if c in self.board.city_owner and self.board.city_owner[c] != self.player]
            if taken:
                enemy_taken = [c for c in taken if c in self.enemy_cities]
                takes = bool(enemy_taken)
                if enemy_taken and len(enemy_taken) == len(self.enemy_cities):
                    return Estimate(WIN, attack, wins, True)
                value += w.city * len(taken) + (self.rules.city_capture_bonus + w.city) * len(enemy_taken)
            across = line.direction == "across"
            fixed_at = line.index
            lo, hi = (cells[0][1], cells[-1][1]) if across else (cells[0][0], cells[-1][0])
            for city, weight, distance in self.targets:
                if distance <= 0:
                    continue
                # the nearest cell of a straight word to a city, in O(1)
                along, across_d = (city[1], city[0]) if across else (city[0], city[1])
                best = abs(across_d - fixed_at) + (lo - along if along < lo else along - hi if along > hi else 0)
                if best < distance:
                    value += weight * (_closeness(best, w.reach) - _closeness(distance, w.reach))
        return Estimate(value, attack, wins, takes)

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
        """Face value of the enemy letters a winning attack removes."""
        beaten = {self.enemy_words[i] for i in defenders}
        gone: set[Cell] = set()
        for run in beaten:
            for cell in run.cells:
                if all(r in beaten for r in self.enemy_runs_at.get(cell, ())):
                    gone.add(cell)
        enemy = self.enemy
        for cell in cells:
            for near in _around(cell):
                if near in enemy:
                    gone.add(near)
        return sum(LETTER_VALUES[enemy[c]] for c in gone)

    def _cracks(self, cells: list[Cell], word: str) -> bool:
        terrain = self.board.terrain
        thickness = self.rules.ice_thickness
        for (r, c), ch in zip(cells, word):
            if terrain[r][c] is Terrain.ICE and LETTER_VALUES[ch] > thickness:
                return True
        return False


def _around(cell: Cell):
    r, c = cell
    yield cell
    for dr, dc in NEIGHBOURS:
        yield (r + dr, c + dc)


def _face(text: str) -> int:
    return sum(LETTER_VALUES[ch] for ch in text)


