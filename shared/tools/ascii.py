"""Positions as ASCII: build a game from text grids, and print a board as text.

Terrain grid characters: ``.`` plains, ``f`` forest, ``~`` water, ``^`` mountains, ``*`` ice,
``x`` lava, and cities ``G`` (gold), ``S`` (silver), ``P`` (pewter).
Letter grid: lower case is gold, UPPER CASE is silver, ``.`` is empty.
Spaces between cells are allowed and ignored.
"""

from __future__ import annotations

from shared.rules.game import PLAYERS, Game
from shared.rules.lexicon import Lexicon
from shared.rules.grid import CITY_CHARS, map_from_rows
from shared.rules.grid import TERRAIN_CHARS as MAP_TERRAIN_CHARS
from shared.rules.presets import STANDARD, RuleSet
from shared.rules.terrain import GameMap, Player, Terrain

TERRAIN_CHARS: dict[str, Terrain] = {**MAP_TERRAIN_CHARS, **{ch: Terrain.CITY for ch in CITY_CHARS}}
_CHAR_OF = {terrain: ch for ch, terrain in MAP_TERRAIN_CHARS.items()}


def _rows(text: str) -> list[str]:
    return [line.replace(" ", "") for line in text.strip("\n").splitlines() if line.strip()]


def map_from_ascii(terrain: str, name: str = "test") -> GameMap:
    """A GameMap from a terrain grid (spaces between cells are ignored)."""
    return map_from_rows(_rows(terrain), name)


def position(
    terrain: str,
    letters: str = "",
    lexicon: Lexicon | None = None,
    rules: RuleSet = STANDARD,
    racks: dict[Player, str] | None = None,
    to_move: Player = Player.GOLD,
    seed: int = 0,
) -> Game:
    """A game in the given position: letters on the board, racks as given, ``to_move`` to play.

    Letters placed here come out of the players' pools (so every letter is accounted for);
    racks are filled from the pools too.
    """
    from shared.rules.lexicon import WordList

    game = Game.new(map_from_ascii(terrain), rules, seed, lexicon or WordList([]))
    for p in PLAYERS:  # return the dealt racks; we deal exactly what the position says
        game.pools[p].extend(game.racks[p])
        game.drawn[p] -= len(game.racks[p])
        game.racks[p].clear()
    if letters:
        for r, line in enumerate(_rows(letters)):
            for c, ch in enumerate(line):
                if ch == ".":
                    continue
                owner = Player.GOLD if ch.islower() else Player.SILVER
                game.board.letters[owner][(r, c)] = _take(game, owner, ch.lower())
    for p, rack in (racks or {}).items():
        for ch in rack:
            game.racks[p].append(_take(game, p, ch))
    game.to_move = to_move
    game.turns_started = {p: 1 for p in PLAYERS}
    game.pending = None
    game._last_scores = game.scores()
    return game


def _take(game: Game, player: Player, letter: str) -> str:
    """Move one ``letter`` out of ``player``'s pool (an endless pool just counts it drawn)."""
    if not game.rules.endless_pool:
        pool = game.pools[player]
        if letter not in pool:
            raise ValueError(f"{player.label}'s pool has no more '{letter}'")
        pool.remove(letter)
    game.drawn[player] += 1
    return letter


def letters_text(game: Game) -> str:
    """The letter grid: gold lower case, silver UPPER CASE, empty cells as ``.``."""
    lines = []
    for r in range(game.board.height):
        row = []
        for c in range(game.board.width):
            gold = game.board.letters[Player.GOLD].get((r, c))
            silver = game.board.letters[Player.SILVER].get((r, c))
            row.append(gold if gold else silver.upper() if silver else ".")
        lines.append(" ".join(row))
    return "\n".join(lines)


def terrain_text(game: Game) -> str:
    """The terrain grid, cities shown with their current owner (G, S or P)."""
    lines = []
    for r in range(game.board.height):
        row = []
        for c in range(game.board.width):
            t = game.board.terrain[r][c]
            if t is Terrain.CITY:
                owner = game.board.city_owner[(r, c)]
                row.append({Player.GOLD: "G", Player.SILVER: "S", None: "P"}[owner])
            else:
                row.append(_CHAR_OF[t])
        lines.append(" ".join(row))
    return "\n".join(lines)
