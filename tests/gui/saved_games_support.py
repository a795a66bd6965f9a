"""What the saved-games GUI tests and their child client share: a game started the way the
menu starts one, and a turn played with real clicks and keys."""

from __future__ import annotations

import arcade
from game_screen_support import first_word, key, pump_until
from gui_support import click

from shared.rules.terrain import Player

GOLD, SILVER = Player.GOLD, Player.SILVER


def start_skirmish(window, seed: int, map_name: str = "cinder-ford", level: int = 1):
    """A game against the computer shown through the navigator (as the set-up screen does)."""
    from client.play.ai_player import levels
    from client.play.session import LocalSession, Seat
    from shared.maps.files import load_map

    session = LocalSession.new(load_map(map_name), "standard", window.lexicon, seed=seed, ai_delay=0.0,
                               gold=Seat(GOLD, "Tester", True),
                               silver=Seat(SILVER, f"Computer ({levels()[level]})", False, level))
    window.navigator.start_game(session)
    return window.current_view


def play_a_turn(window, view) -> str:
    """Gold lays a first word (a click on the board, the letters typed, Enter), ends the turn
    (Ctrl+E), and the computer answers; returns the word."""
    game = view.session.game
    word, cells, direction = first_word(game, GOLD, view.session.lexicon)
    click(window, *view.board.cell_to_screen(cells[0]))
    if view.planner.direction != direction:
        key(window, arcade.key.SPACE)
    for ch in word:
        key(window, getattr(arcade.key, ch.upper()))
    key(window, arcade.key.ENTER)
    pump_until(window, lambda: not view.animator.busy and game.board.letters[GOLD].get(cells[-1]) == word[-1],
               what="the word on the board")
    turn = game.turn
    key(window, arcade.key.E, arcade.key.MOD_CTRL)
    pump_until(window, lambda: game.turn >= turn + 2 and game.actor == GOLD and not view.session.thinking
               and not view.animator.busy, timeout=60, what="the computer's answer")
    return word
