"""How good a position is for one side, in points.

:func:`position_value` is the score difference plus positional terms: cities held, enemy
and pewter cities within reach, a bare own city, isolated words and wasted letters in
invalid runs, the *pressure* each side puts on the other (its best weak edge and the enemy
cities it can reach, see :mod:`shared.ai.war`), the urge to meet an enemy not yet fought
in a long opening (:mod:`shared.ai.contact`) and the leave of the side's rack. It reads
only what a player may see (RULINGS R13): the board, the scores and the player's own rack,
never the opponent's rack or either pool's order.

The terms follow the rule set's numbers: with ``win_by_score`` off (conquest only) points
count for little and cities for much more; ``city_capture_bonus``, ``combat_points`` and
``defeat_cost`` enter the stakes of every fight.

:class:`~shared.ai.estimate.MoveEstimator` estimates the change of this value for the
thousands of generated moves without playing them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from shared.ai.contact import position_wait_cost
from shared.ai.leave import leave_value
from shared.ai.memo import crossword_of, defences_of, score_of
from shared.ai.war import Defences, nearness, pressure, turn_reach
from shared.rules.crossword import Crossword
from shared.rules.game import Game
from shared.rules.letters import LETTER_VALUES
from shared.rules.presets import RuleSet
from shared.rules.terrain import Cell, Player

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
    hard_letter: float = 1.0  # per dot of a 3-dot letter kept once the pool is empty (see rack_leave)
    end_pool: int = 9  # pool size below which the hard-letter debt grows
    bare_city: float = 8.0  # an own city with no own letter on it (any word that reaches it takes it)
    bare_reach: float = 30.0  # cells: the bare-city penalty is full when the enemy is this close...
    bare_floor: float = 0.4  # ... and this share of it however far the enemy is
    front: float = 1.0  # weight of the best weak edge a side presses (see shared.ai.war)
    city_pressure: float = 0.8  # weight of the pressure on cities (stakes below)
    last_city: float = 60.0  # extra stake of a side's last city (conquest ends the game)
    own_pressure: float = 0.5  # share of the mover's own pressure counted: the opponent moves next
    score: float = 1.0  # weight of the score difference
    contact: float = 0.0  # a cell between crosswords that have not met, per turn of delay (shared.ai.contact)

    def scaled(self, positional: float) -> "Weights":
        """These weights with every positional term multiplied by ``positional``."""
        return replace(self, city=self.city * positional, advance=self.advance * positional,
                       pewter=self.pewter * positional, isolated=self.isolated * positional,
                       invalid=self.invalid * positional, bare_city=self.bare_city * positional,
                       front=self.front * positional, city_pressure=self.city_pressure * positional)

    def for_rules(self, rules: RuleSet) -> "Weights":
        """These weights adapted to a rule set: with conquest as the only way to win, points
        matter only as material and cities are worth much more."""
        if rules.win_by_score:
            return self
        return replace(self, score=0.35, city=self.city * 2.5, advance=self.advance * 2.0,
                       city_pressure=self.city_pressure * 2.0, last_city=self.last_city * 2.0)


DEFAULT_WEIGHTS = Weights()


def closeness(distance: float, reach: float) -> float:
    """1 at distance 0, falling linearly to 0 at ``reach``."""
    return max(0.0, reach - distance) / reach


def rack_leave(game: Game, player: Player, rack: list[str] | str | None = None,
               w: Weights | None = None) -> float:
    """The leave of ``player``'s rack (or of ``rack``): half as much once the pool is empty.

    With ``w.letter_worth`` set, each letter is also worth that much per dot while the pool
    is full, less as it empties and nothing once it is empty: a letter played now cannot
    score later, so a move must beat what its letters would be worth kept (Scrabble's
    equity idea); at the end, unplayed letters are worth nothing. Only the letters that
    survive the next draw count (the rack limit less the draw): the rest will be discarded,
    so hoarding past the limit buys nothing. With ``w.hard_letter`` set, each 3-dot letter
    costs that much per dot as the pool runs dry (from ``w.end_pool`` letters to none): the
    letters that most often end the game stuck on a rack are played while there is room.
    """
    letters = game.racks[player] if rack is None else rack
    text = "".join(sorted(letters))
    draws_left = _draws_left(game, player)
    keep = game.rules.rack_limit - (game.rules.draw_per_turn if draws_left else 0)
    value = leave_value(text, keep) * (1.0 if draws_left else 0.5)
    if w is not None and w.letter_worth:
        phase = 1.0 if game.rules.endless_pool else min(1.0, len(game.pools[player]) / w.full_pool)
        # Letters over the limit at the next draw will be discarded: only the best kept count.
        dots = sorted((LETTER_VALUES[ch] for ch in text), reverse=True)[:keep]
        value += w.letter_worth * phase * sum(dots)
    if w is not None and w.hard_letter and not game.rules.endless_pool:
        # Near the end a Q, Z or J is a debt: the fuller the board, the likelier it is stuck
        # on the rack when the letters run out, scoring nothing and leaving a pass-out.
        end = 1.0 - min(1.0, len(game.pools[player]) / w.end_pool)
        value -= w.hard_letter * end * sum(v for v in map(LETTER_VALUES.__getitem__, text) if v == 3)
    return value


def _draws_left(game: Game, player: Player) -> bool:
    return game.rules.endless_pool or bool(game.pools[player])


@dataclass
class SideInfo:
    """What the positional terms need to know about one side."""

    sources: set[Cell]  # supplied cells and owned cities: where new words can start from
    cities: list[Cell]
    isolated_face: int
    invalid_letters: int
    crossword: Crossword | None = None


def side_info(game: Game, player: Player) -> SideInfo:
    """Supply, cities, isolated and invalid letters of ``player``."""
    board = game.board
    cw = crossword_of(game, player)
    supplied = {c for w in cw.supplied for c in w.cells}
    cities = board.cities_of(player)
    isolated = sum(sum(LETTER_VALUES[ch] for ch in w.text) for w in cw.isolated)
    invalid = len({c for r in cw.invalid for c in r.cells})
    return SideInfo(supplied | set(cities), cities, isolated, invalid, cw)


def distance_to(sources: set[Cell] | list[Cell], target: Cell) -> float:
    """The Manhattan distance from the nearest source to ``target`` (inf if none)."""
    best = float("inf")
    for s in sources:
        d = abs(s[0] - target[0]) + abs(s[1] - target[1])
        if d < best:
            best = d
    return best


def bare_city_penalty(distance: float, w: Weights) -> float:
    """What an own city with no own letter on it costs, the enemy's supply ``distance`` away."""
    return w.bare_city * (w.bare_floor + (1 - w.bare_floor) * closeness(distance, w.bare_reach))


def side_value(game: Game, player: Player, info: SideInfo, enemy: SideInfo, w: Weights) -> float:
    """The positional terms for ``player`` (without the score and the pressure)."""
    board = game.board
    value = w.city * len(info.cities)
    their_letters = board.letters[player.other]
    for city in enemy.cities:
        threat = closeness(distance_to(info.sources, city), w.reach)
        if threat:
            if city not in their_letters:  # an empty city falls to any word that reaches it
                threat *= 1 + w.uncovered
            value += w.advance * threat
    for city, owner in board.city_owner.items():
        if owner is None:
            value += w.pewter * closeness(distance_to(info.sources, city), w.reach)
    own = board.letters[player]
    for city in info.cities:
        if city not in own:
            value -= bare_city_penalty(distance_to(enemy.sources, city), w)
    value -= w.isolated * info.isolated_face
    value -= w.invalid * info.invalid_letters
    return value


def city_stakes(rules: RuleSet, w: Weights) -> tuple[float, float]:
    """(what a city is worth to fight over, what a side's last city is worth)."""
    stake = rules.city_capture_bonus + 2 * w.city
    return stake, stake + w.last_city


def war_value(game: Game, player: Player, mine: SideInfo, theirs: SideInfo, w: Weights,
              defences: tuple[Defences, Defences] | None = None) -> float:
    """The pressure ``player`` puts on the opponent (counted at ``w.own_pressure``: the
    opponent moves next) less the pressure the opponent puts on ``player``."""
    if not (w.front or w.city_pressure):
        return 0.0
    my_def, their_def = defences or (defences_of(game, player), defences_of(game, player.other))
    stake, last = city_stakes(game.rules, w)
    ours = pressure(game, player, mine.sources, their_def, stake, last,
                    turn_reach(game, player, mine.crossword))
    against = pressure(game, player.other, theirs.sources, my_def, stake, last,
                       turn_reach(game, player.other, theirs.crossword))
    return (w.own_pressure * (w.front * ours.front + w.city_pressure * ours.cities)
            - (w.front * against.front + w.city_pressure * against.cities))


def position_value(game: Game, player: Player, w: Weights = DEFAULT_WEIGHTS,
                   rack: list[str] | None = None) -> float:
    """The worth of the position to ``player``, in points (see the module docstring)."""
    result = game.result
    if result is not None:
        scores = game.scores()
        diff = scores[player] - scores[player.other]
        if result.winner is None:
            return w.score * diff
        return (WIN if result.winner == player else -WIN) + diff
    mine = side_info(game, player)
    theirs = side_info(game, player.other)
    diff = score_of(game, player) - score_of(game, player.other)
    value = (w.score * diff + side_value(game, player, mine, theirs, w)
             - side_value(game, player.other, theirs, mine, w))
    value += war_value(game, player, mine, theirs, w)
    # only the side valued feels it: it is the urge to meet, not a threat
    value -= position_wait_cost(game, w.contact)
    return value + w.leave * rack_leave(game, player, rack, w)


__all__ = ["DEFAULT_WEIGHTS", "WIN", "SideInfo", "Weights", "bare_city_penalty", "city_stakes", "closeness",
           "distance_to", "nearness", "position_value", "rack_leave", "side_info", "side_value", "war_value"]
