"""The board as the screen shows it: built from a view, stepped through its events.

The engine's view (``Game.view``, or the server's copy of it) is the truth. While an update is
being animated the screen shows the state *between* its events, so a defender's letters stay
on the board until the fight that removes them; :meth:`DisplayState.apply_event` moves the
picture on by one event, and :meth:`DisplayState.from_view` snaps back to the truth after.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from shared.rules.game_view import TERRAIN_TO_CHAR
from shared.rules.terrain import Cell, Player, Terrain
from shared.wire import (CityTaken, GameEvent, GameOver, LastTurn, LettersRemoved, Outcome, Pending,
                         ScoresChanged, TerrainChanged, TurnStarted, View, WordCommitted, WordLifted)

CHAR_TO_TERRAIN: dict[str, Terrain] = {ch: t for t, ch in TERRAIN_TO_CHAR.items()}
TERRAIN_NAMES: dict[str, Terrain] = {t.value: t for t in Terrain}


def _cell(value: Any) -> Cell:
    return (int(value[0]), int(value[1]))


@dataclass
class PlayerPanel:
    """One side's public numbers (and its rack, for its owner)."""

    score: int = 0
    pool: int | None = 0
    rack_size: int = 0
    rack: str | None = None
    captured: int = 0
    cities_taken: int = 0


@dataclass
class DisplayState:
    """Terrain, cities, letters and marks of the board, plus the side panels' numbers."""

    width: int
    height: int
    terrain: list[list[Terrain]]
    cities: dict[Cell, Player | None]
    letters: dict[Player, dict[Cell, str]]
    invalid: dict[Player, list[tuple[Cell, ...]]] = field(default_factory=dict)
    isolated: dict[Player, list[tuple[Cell, ...]]] = field(default_factory=dict)
    players: dict[Player, PlayerPanel] = field(default_factory=dict)
    to_move: Player = Player.GOLD
    turn: int = 0
    pending: Pending | None = None
    result: Outcome | None = None
    redeployed: bool = False
    last_turn: bool = False  # the second player's last turn, after the first went out (war)
    version: int = 0
    map_name: str = ""
    rules_name: str = "standard"
    revision: int = 0  # bumped on every change, so renderers know when to rebuild

    @classmethod
    def from_view(cls, view: View) -> "DisplayState":
        """The state a view describes."""
        terrain = [[CHAR_TO_TERRAIN[ch] for ch in row] for row in view.terrain]
        cities = {(r, c): (None if o is None else Player(o)) for r, c, o in view.cities}
        letters: dict[Player, dict[Cell, str]] = {}
        invalid: dict[Player, list[tuple[Cell, ...]]] = {}
        isolated: dict[Player, list[tuple[Cell, ...]]] = {}
        players: dict[Player, PlayerPanel] = {}
        for key, data in view.players.items():
            p = Player(int(key))
            letters[p] = {(r, c): ch for r, c, ch in data.letters}
            invalid[p] = [tuple(_cell(x) for x in run) for run in data.invalid]
            isolated[p] = [tuple(_cell(x) for x in run) for run in data.isolated]
            players[p] = PlayerPanel(
                score=data.score, pool=data.pool, rack_size=data.rack_size, rack=data.rack,
                captured=data.captured, cities_taken=data.cities_taken,
            )
        return cls(
            width=view.width, height=view.height, terrain=terrain, cities=cities, letters=letters,
            invalid=invalid, isolated=isolated, players=players, to_move=Player(view.to_move),
            turn=view.turn, pending=view.pending, result=view.result,
            redeployed=view.redeployed, last_turn=view.last_turn, version=view.version,
            map_name=view.map, rules_name=view.rules,
        )

    # ---------------------------------------------------------------- queries
    def letter_at(self, cell: Cell) -> tuple[Player, str] | None:
        for p in (Player.GOLD, Player.SILVER):
            ch = self.letters.get(p, {}).get(cell)
            if ch is not None:
                return p, ch
        return None

    def terrain_at(self, cell: Cell) -> Terrain:
        return self.terrain[cell[0]][cell[1]]

    def in_bounds(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.height and 0 <= cell[1] < self.width

    def marked_cells(self, player: Player) -> tuple[set[Cell], set[Cell]]:
        """(cells of invalid runs, cells of isolated words) of ``player``."""
        bad = {c for run in self.invalid.get(player, []) for c in run}
        cut = {c for run in self.isolated.get(player, []) for c in run}
        return bad, cut

    # ---------------------------------------------------------------- stepping
    def apply_event(self, event: GameEvent) -> None:
        """Move the picture on by one event."""
        if isinstance(event, WordCommitted):
            layer = self.letters.setdefault(Player(event.player), {})
            for r, c, ch in event.placed:
                layer[(r, c)] = ch
        elif isinstance(event, LettersRemoved):
            layer = self.letters.setdefault(Player(event.owner), {})
            for r, c, _ in event.letters:
                layer.pop((r, c), None)
        elif isinstance(event, TerrainChanged):
            new = TERRAIN_NAMES[event.new]
            for r, c in event.cells:
                self.terrain[r][c] = new
        elif isinstance(event, CityTaken):
            self.cities[_cell(event.cell)] = Player(event.player)
        elif isinstance(event, WordLifted):
            layer = self.letters.setdefault(Player(event.player), {})
            for r, c, _ in event.returned:
                layer.pop((r, c), None)
        elif isinstance(event, ScoresChanged):
            for key, value in event.scores.items():
                self.players.setdefault(Player(int(key)), PlayerPanel()).score = value
        elif isinstance(event, TurnStarted):
            self.to_move = Player(event.player)
            self.turn = event.turn
        elif isinstance(event, LastTurn):
            self.last_turn = True
        elif isinstance(event, GameOver):
            self.last_turn = False
            self.result = Outcome(winner=event.winner, reason=event.reason)
        else:
            return
        self.revision += 1
