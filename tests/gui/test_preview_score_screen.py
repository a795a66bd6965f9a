"""The preview's score in the real game screen (Xvfb + Mesa), typed with dispatched keys: TAN
laid under gold's AT also forms AT and TA down, the preview says +7 and the score rises by 7."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui

if not os.environ.get("DISPLAY"):
    pytest.skip("needs a display (run under xvfb-run)", allow_module_level=True)

import arcade
from game_screen_support import GOLD, SILVER, key, pump_until
from gui_support import click, pump

TERRAIN = """
. . G . . .
. . . . . .
. . . . . .
. . . . . S
"""
LETTERS = """
. . a t . .
. . . . . .
. . . . . .
. . . . . .
"""


def test_the_preview_says_the_score_the_commit_brings_cross_words_included(window, tmp_path):
    from client.play.session import LocalSession, Seat
    from client.views.game.view import GameView
    from shared.tools.ascii import position

    game = position(TERRAIN, LETTERS, window.lexicon, racks={GOLD: "tan", SILVER: "eat"})
    seats = {GOLD: Seat(GOLD, "You", True), SILVER: Seat(SILVER, "Computer", False, 1)}
    session = LocalSession(game, seats, title="Skirmish")
    session.paused = True
    view = GameView(session)
    window.show_view(view)
    pump(window, 2)
    try:
        before = game.score(GOLD)
        assert before == 2  # AT
        click(window, *view.board.cell_to_screen((1, 2)))
        for letter in "tan":
            key(window, getattr(arcade.key, letter.upper()))
        assert view.planner.placed == {(1, 2): "t", (1, 3): "a", (1, 4): "n"}
        assert view.preview.ok and view.preview.word == "tan"
        assert view.preview.score == 7  # TAN 3, AT 2 and TA 2
        assert ("Score +7   strength 3" in [text for text, _ in view.preview_lines()])
        pump(window, 2)
        arcade.get_image(0, 0, window.width, window.height).save(
            Path(os.environ.get("PREVIEW_SHOTS") or tmp_path) / "preview-tan.png")
        key(window, arcade.key.ENTER)
        pump_until(window, lambda: game.score(GOLD) != before and not view.animator.busy, what="the commit")
        assert game.score(GOLD) == before + 7
        assert view.display.players[GOLD].score == 9
    finally:
        view.leave()
        pump(window)
