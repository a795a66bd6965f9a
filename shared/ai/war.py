"""Fights as the AI sees them: what an attack needs to win, where a crossword is weak, how
hard each side presses the other's words and cities, and whether a fight was a gift.

Everything reads the rule set's numbers rather than its name: ``defeat_cost`` (the share of
a beaten word's strength the attacker spends), ``combat_points`` (points per dot removed in
combat) and ``city_capture_bonus``.

*Need.* With the defender ordering its words (R7), an attack beats every defender exactly
when it survives the order that sacrifices all but the strongest first and blocks with the
strongest: its strength must exceed ``strongest + sum(floor(defeat_cost * other))`` (for
``defeat_cost`` up to 1; with the standard rules that is the sum of all the defenders).

*Weak edges.* A cell on or beside a defender's word is an *edge*; an attack through it meets
at least the words on or beside that cell, so the edge's need is that set's need. An edge
near the attacker's supplied letters, with a small need and a big prize, is a fight waiting
to happen; the same measure on a city cell says how exposed the city is (a bare city with no
word beside it falls to any word that reaches it).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shared.rules.board import NEIGHBOURS, Board, Run
from shared.rules.combat import beating_cost
from shared.rules.crossword import Crossword, read_crossword
from shared.rules.events import CombatStep
from shared.rules.game import Game
from shared.rules.letters import face_value
from shared.rules.presets import RuleSet
from shared.rules.strength import defence_strength, guards
from shared.rules.terrain import Cell, Player, Terrain

PUNCH = 14.0
"""The attack strength a side can be expected to muster next turn (a strong 4-5 letter word)."""

NEAR = 6.0
"""Cells: an edge farther than this from the attacker's supply is out of reach for now."""


def vulnerability(need: float, punch: float = PUNCH) -> float:
    """0..1: how likely an ordinary attack beats a defence that needs ``need``."""
    return max(0.0, 1.0 - need / punch)


def nearness(distance: float, reach: float = NEAR) -> float:
    """1 for a cell next to the supply, falling steeply (a word reaches a few cells in a
    line) to 0 beyond ``reach``: 0.76 at 2 cells, 0.54 at 3, 0.35 at 4, 0.19 at 5."""
    if distance <= 1:
        return 1.0
    if distance > reach:
        return 0.0
    return ((reach + 1 - distance) / reach) ** 1.5


def around(cell: Cell):
    """``cell`` and its 4 neighbours."""
    r, c = cell
    yield cell
    for dr, dc in NEIGHBOURS:
        yield (r + dr, c + dc)


@dataclass
class Defences:
    """One side's words as defenders: strengths, face values and which words each cell touches.

    With a ``city_guard_reach`` a word on a city defends at its city strength only against an
    attack near the city (``city_cells``, ``open_strengths``); ``need`` and ``strength`` take the
    attack's cells for that. Without one, every strength is the same wherever the attack is.
    """

    crossword: Crossword
    strengths: list[int]  # against an attack a city guards (every attack without a guard reach)
    faces: list[int]
    touching: dict[Cell, list[int]]  # cell -> indices of words on or beside it
    costs: list[int]  # what beating each word costs the attacker (see beating_cost)
    reach: int | None = None  # the rule set's city_guard_reach
    city_cells: list[tuple[Cell, ...]] | None = None  # each word's cells on a city (with a reach)
    open_strengths: list[int] | None = None  # each word's strength where no city guards it
    open_costs: list[int] | None = None
    hold: bool = False  # the rule set's city_gates_hold: a city's gate falls only to a fight in it
    _edges: list[tuple[float, Cell]] | None = field(default=None, repr=False, compare=False)

    def strength(self, i: int, cells: tuple[Cell, ...] | list[Cell] | None = None) -> int:
        """Word ``i``'s defence against an attack with letters on ``cells`` (None: near its cities)."""
        if cells is None or self.city_cells is None or self.open_strengths is None or not self.city_cells[i]:
            return self.strengths[i]
        reach = self.reach or 0
        if any(guards(city, cells, reach) for city in self.city_cells[i]):
            return self.strengths[i]
        return self.open_strengths[i]

    def need(self, words: list[int], cells: tuple[Cell, ...] | list[Cell] | None = None) -> int:
        """The strength an attack on ``cells`` must exceed to beat every one of these words (by
        index): the strongest's strength plus what beating each of the others costs (*Need*)."""
        if not words:
            return 0
        city_cells = self.city_cells
        if cells is None or city_cells is None or not any(city_cells[i] for i in words):
            if len(words) == 1:
                return self.strengths[words[0]]
            top = max(words, key=self.strengths.__getitem__)
            return self.strengths[top] + sum(self.costs[i] for i in words) - self.costs[top]
        reach = self.reach or 0
        open_strengths = self.open_strengths or self.strengths
        open_costs = self.open_costs or self.costs
        best = -1
        best_cost = total = 0
        for i in words:  # strength() and the cost of each word, inline: the search's hottest loop
            if city_cells[i] and not any(guards(city, cells, reach) for city in city_cells[i]):
                strength, cost = open_strengths[i], open_costs[i]
            else:
                strength, cost = self.strengths[i], self.costs[i]
            total += cost
            if strength > best:
                best, best_cost = strength, cost
        return best + total - best_cost

    def need_at(self, cell: Cell) -> int:
        """The need of an attack through ``cell`` (the words on or beside it)."""
        return self.need(self.touching.get(cell, []), (cell,))

    def city_need(self, city: Cell) -> int:
        """What stripping the words on or beside ``city`` needs: an attack at its gate, or,
        with a guard reach, the weaker of that and one away from it (where the city does not
        help; a city whose words are beaten is bare, and the next word on it takes it)."""
        words = self.touching.get(city, [])
        if self.city_cells is None:
            return self.need(words)
        if self.hold:  # a fight away from the gate leaves the letter on the city
            return self.need(words, (city,))
        return min(self.need(words, (city,)), self.need(words, ()))

    def city_approaches(self, city: Cell) -> list[Cell]:
        """With a guard reach, where the words on or beside ``city`` can be fought without
        the city's help (cells on or beside them, beyond the reach), when that fight needs
        less than one at the gate; otherwise none."""
        words = self.touching.get(city, [])
        if (self.city_cells is None or self.hold or not words
                or self.need(words, ()) >= self.need(words, (city,))):
            return []
        reach = self.reach or 0
        out: list[Cell] = []
        for i in words:
            for cell in self.crossword.words[i].cells:
                for near in around(cell):
                    if abs(near[0] - city[0]) + abs(near[1] - city[1]) > reach and near not in out:
                        out.append(near)
        return out

    def face_at(self, cell: Cell) -> int:
        return sum(self.faces[i] for i in self.touching.get(cell, ()))

    def edges(self, board: Board, rules: RuleSet) -> list[tuple[float, Cell]]:
        """Every edge an ordinary attack might win, best first: (prize x vulnerability, cell),
        the prize the face value of the words the cell touches plus the points their letters
        would give. Cells off the board or on lava are left out; so are the attacker's own
        letters, by :func:`pressure`. Worked out once, on the first board asked about (its size and
        lava never change): a search asks again in many positions."""
        if self._edges is None:
            scored: list[tuple[float, Cell]] = []
            per_dot = 1 + rules.combat_points
            terrain = board.terrain
            height, width = board.height, board.width
            faces = self.faces
            for cell, words in self.touching.items():
                need = self.need(words, (cell,))  # a city guards only the attacks near it
                if need >= PUNCH:
                    continue
                r, c = cell
                if not (0 <= r < height and 0 <= c < width) or terrain[r][c] is Terrain.LAVA:
                    continue
                scored.append((per_dot * sum(faces[i] for i in words) * (1.0 - need / PUNCH), cell))
            scored.sort(reverse=True)
            self._edges = scored
        return self._edges


_STRENGTHS: dict[tuple, int] = {}
_STRENGTHS_FOR: list[object] = [None, None, None]  # the lexicon, rules and map it was filled for


def word_defence(game: Game, word: Run, supplied: bool, guarded: bool = True) -> int:
    """:func:`~shared.rules.strength.defence_strength` of ``word``, remembered (the search asks
    for the same words in thousands of positions); ``guarded`` False: against an attack that
    no city guards it from (the same unless the rule set has a ``city_guard_reach``)."""
    lexicon, rules = game.lexicon, game.rules
    board_map = game.board.map  # a city's cells are a capital on one map, pewter on another
    if (_STRENGTHS_FOR[0] is not lexicon or _STRENGTHS_FOR[1] is not rules or _STRENGTHS_FOR[2] is not board_map
            or len(_STRENGTHS) > 200_000):
        _STRENGTHS.clear()
        _STRENGTHS_FOR[:] = [lexicon, rules, board_map]
    terrain = game.board.terrain
    key = (word.cells, word.text, supplied, guarded, tuple(terrain[r][c] for r, c in word.cells))
    value = _STRENGTHS.get(key)
    if value is None:
        attack_cells = None if guarded else ()
        value = defence_strength(game.board, word, lexicon, rules, supplied, attack_cells).value
        _STRENGTHS[key] = value
    return value


def read_defences(game: Game, player: Player, crossword: Crossword | None = None) -> Defences:
    """``player``'s words with their defence strengths (R6) and the cells they cover."""
    board = game.board
    rules = game.rules
    cw = crossword or read_crossword(board, player, game.lexicon)
    strengths = [word_defence(game, w, w in cw.supplied) for w in cw.words]
    faces = [face_value(w.text) for w in cw.words]
    touching: dict[Cell, list[int]] = {}
    for i, word in enumerate(cw.words):
        for cell in word.cells:
            for near in around(cell):
                lst = touching.setdefault(near, [])
                if i not in lst:
                    lst.append(i)
    costs = [beating_cost(s, rules) for s in strengths]
    if rules.city_guard_reach is None:
        return Defences(cw, strengths, faces, touching, costs)
    terrain = board.terrain
    on_cities = [tuple(c for c in w.cells if terrain[c[0]][c[1]] is Terrain.CITY) for w in cw.words]
    open_strengths = [word_defence(game, w, w in cw.supplied, guarded=False) if on_cities[i] else strengths[i]
                      for i, w in enumerate(cw.words)]
    return Defences(cw, strengths, faces, touching, costs, rules.city_guard_reach, on_cities, open_strengths,
                    [beating_cost(s, rules) for s in open_strengths], rules.city_gates_hold)


@dataclass(frozen=True)
class Pressure:
    """How hard one side (the attacker) presses the other: its best weak edge and its cities."""

    front: float  # prize x vulnerability x nearness of the best edge
    cities: float  # the same for each of the defender's cities, summed (stakes included)
    best_edge: Cell | None = None


def _min_distance(sources: list[Cell], target: Cell, cap: float) -> float:
    best = cap
    tr, tc = target
    for r, c in sources:
        d = abs(r - tr) + abs(c - tc)
        if d < best:
            best = d
            if d <= 1:
                break
    return best


def turn_reach(game: Game, attacker: Player, crossword: Crossword | None = None) -> float:
    """How far (cells) ``attacker`` can build in its next turn: one letter a cell, as many as
    it will hold (its rack, its draw and the longest line it could lift back, up to the rack
    limit; the sizes are public), and never less than :data:`NEAR`. A turn may chain several
    words and a lift, so a city farther than one word's reach can still fall in it (on a
    small map, to the first player's second turn)."""
    rules = game.rules
    pool = rules.draw_per_turn if rules.endless_pool else len(game.pools[attacker])
    cw = crossword or read_crossword(game.board, attacker, game.lexicon)
    lift = max((len(w.cells) for w in cw.words), default=0)
    letters = len(game.racks[attacker]) + min(rules.draw_per_turn, pool) + lift
    return max(NEAR, float(min(rules.rack_limit, letters)))


def pressure(game: Game, attacker: Player, sources: set[Cell], defences: Defences,
             city_stake: float, last_city_stake: float, reach: float = NEAR) -> Pressure:
    """How hard ``attacker`` (whose new words can start from ``sources``) presses the defender.

    ``front``: over the defender's edges, the best prize (the face value of the words touched,
    plus the points their letters would give) x vulnerability x nearness. ``cities``: for each
    of the defender's cities, ``city_stake`` (``last_city_stake`` for the last one) x
    vulnerability x nearness within ``reach`` (the attacker's :func:`turn_reach`).
    """
    rules = game.rules
    board = game.board
    own = board.letters[attacker]
    defender = attacker.other
    src = list(sources)
    cap = NEAR + 1
    front = 0.0
    best_edge: Cell | None = None
    if src:
        for value, cell in defences.edges(board, rules):
            if value <= front:
                break
            if cell in own:
                continue
            v = value * nearness(_min_distance(src, cell, cap))
            if v > front:
                front, best_edge = v, cell
    cities_value = 0.0
    cities = board.cities_of(defender)
    if src and cities:
        for city in cities:
            stake = last_city_stake if len(cities) == 1 else city_stake
            v = vulnerability(defences.city_need(city))
            if v > 0:
                distance = city_distance(src, city, defences, reach + 1)
                cities_value += stake * v * nearness(distance, reach)
    return Pressure(front, cities_value, best_edge)


def city_distance(sources: list[Cell], city: Cell, defences: Defences, cap: float) -> float:
    """How far the nearest of ``sources`` is from a fight that could strip ``city`` (the city
    itself, or one of its :meth:`Defences.city_approaches`), at most ``cap``."""
    distance = _min_distance(sources, city, cap)
    for cell in defences.city_approaches(city):
        if distance <= 1:
            break
        distance = _min_distance(sources, cell, distance)
    return distance


def attack_lost(events: list, player: Player) -> bool:
    """Did ``player``'s attack among these events (one commit and its defence order) fail?"""
    return any(isinstance(e, CombatStep) and e.attacker == player and not e.attacker_wins for e in events)
