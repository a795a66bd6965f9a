"""The client's textures fit one 2048 x 2048 atlas on the largest shipped map, and the bench's
memory figures (``scryptic bench client``) read the real window."""

from __future__ import annotations

import os

import pytest

pytestmark = pytest.mark.gui

if not os.environ.get("DISPLAY"):
    pytest.skip("needs a display (run under xvfb-run)", allow_module_level=True)

from gui_support import pump


def test_the_40x30_board_fits_one_2048_atlas_and_memory_is_reported(window):
    from client.capture import measure_memory, sample_session
    from client.ui import pieces
    from client.views.game.view import GameView

    session = sample_session("pewter-marches", window.lexicon, turns=24)
    window.navigator.start_game(session)
    pump(window, 3)
    view = window.current_view
    assert isinstance(view, GameView)
    view.board.overview()  # the whole board in view: every cell's stone is drawn
    view.board.painter.revision = -1
    pump(window, 3)
    memory = measure_memory(window)
    try:
        assert memory.atlas == (2048, 2048) and memory.atlas_mb == 16.0
        stones = [key for key in pieces._TEXTURES if key[0] == "stone"]
        assert len(stones) <= len(pieces.STONE_OF) * pieces.VARIANTS * pieces.ORIENTATIONS
        assert len(stones) >= 150, "the whole varied board was drawn"
        assert memory.atlas_images >= len(stones) and memory.rss_mb > 50 and memory.peak_rss_mb >= memory.rss_mb
        figures = memory.to_dict()
        assert figures["atlas"] == "2048x2048" and figures["atlas_mb"] == 16.0
    finally:
        session.close()
        window.navigator.go_menu()
        pump(window)
