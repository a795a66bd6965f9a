"""The terminal board: letters can never be read as terrain, and a legend says what is what."""

from __future__ import annotations

import functools
import re

import srv_helpers as H
from wire_helpers import message

from client.net.state import GameTracker
from client.terminal.board import LEGEND, letter_cell, render, terrain_cell
from server.scripted import play_scripted
from shared.rules.game import Game
from shared.rules.terrain import Player, Terrain

LETTER = re.compile(r"^[\[<+!?][A-Z][\]>]$")
TERRAIN = re.compile(r"^ [.f~^*x] $|^ #[gsp]$")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


@functools.cache
def position(version: int) -> Game:
    """The scripted game of seed 1 after ``version`` actions: a crowded board."""
    game = H.new_game(1)
    play_scripted(game, seed=1, max_actions=version)
    return game


def tracker_at(version: int, seat: int) -> tuple[GameTracker, Game]:
    game = position(version)
    tracker = GameTracker("g")
    tracker.apply(message({"type": "state", "game": "g", "version": game.version, "seat": seat,
                           "view": game.view(Player(seat)),
                           "info": {"game": "g", "status": "active", "players": {"1": {"name": "A"}, "2": {"name": "B"}}}}))
    return tracker, game


def board_cells(text: str, width: int, height: int) -> list[list[str]]:
    rows = text.splitlines()[1:1 + height]
    return [[row[4 + 3 * c:4 + 3 * c + 3].ljust(3) for c in range(width)] for row in rows]


def test_every_cell_is_either_a_bracketed_capital_or_a_terrain_glyph():
    tracker, game = tracker_at(40, 1)
    staged = [(11, 0, "q")]
    cells = board_cells(render(tracker, staged), game.board.width, game.board.height)
    letters = {**game.board.letters[Player.GOLD], **game.board.letters[Player.SILVER], (11, 0): "q"}
    assert len(letters) > 20
    for r, row in enumerate(cells):
        for c, cell in enumerate(row):
            if (r, c) in letters:
                assert LETTER.match(cell) and cell[1] == letters[(r, c)].upper(), (r, c, cell)
            else:
                assert TERRAIN.match(cell), (r, c, cell)
    for (r, c) in game.board.letters[Player.GOLD]:
        assert cells[r][c][2] == "]"
    for (r, c) in game.board.letters[Player.SILVER]:
        assert cells[r][c][2] == ">"
    assert cells[11][0] == "+Q]"


def test_glyphs_that_were_confusable_now_differ():
    # Forest and a gold F, lava and an X, a silver city and a silver S: never the same text.
    assert terrain_cell(Terrain.FOREST) == " f " and letter_cell(1, "f") == "[F]"
    assert terrain_cell(Terrain.LAVA) == " x " and letter_cell(2, "x") == "<X>"
    assert terrain_cell(Terrain.CITY, 2) == " #s" and letter_cell(2, "s") == "<S>"
    assert terrain_cell(Terrain.CITY, None) == " #p" and letter_cell(1, "p", "!") == "!P]"


def test_the_legend_is_under_the_board_and_names_every_glyph():
    tracker, game = tracker_at(40, 2)
    lines = render(tracker).splitlines()
    legend = LEGEND.splitlines()
    assert lines[1 + game.board.height:3 + game.board.height] == legend
    for glyph, meaning in (("[A]", "gold letter"), ("<A>", "silver letter"), ("+A]", "laid out"),
                           ("!A]", "in an invalid run"), ("?A]", "in an isolated word"), (". ", "plains"), ("f ", "forest"),
                           ("~ ", "water"), ("^ ", "mountains"), ("* ", "ice"), ("x ", "lava"),
                           ("#g #s #p", "city")):
        assert f"{glyph} {meaning}" in LEGEND or f"{glyph}{meaning}" in LEGEND, glyph


def test_colour_only_adds_ansi_codes():
    tracker, _ = tracker_at(40, 1)
    plain, coloured = render(tracker), render(tracker, colour=True)
    assert "\x1b[" not in plain and "\x1b[1;33m" in coloured and "\x1b[1;97m" in coloured
    assert ANSI.sub("", coloured) == plain
