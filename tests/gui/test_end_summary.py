"""The end screen's game summary in a real window (Xvfb + Mesa): the figures of a played game,
each side's, inside the panel at every window size."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui

if not os.environ.get("DISPLAY"):
    pytest.skip("needs a display (run under xvfb-run)", allow_module_level=True)

import arcade
from gui_support import pump

from shared.analysis.summary import summarise_record, summary_lines
from shared.rules.record import parse_record
from shared.rules.replay import replay
from shared.rules.terrain import Player

RECORD = (Path(__file__).parents[1] / "data" / "analysis"
          / "warlord-squire-g4-s1-0000-war-anvil-seed75000.jsonl")
NAMES = {Player.GOLD: "Gold", Player.SILVER: "Silver"}


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    folder = Path(os.environ.get("END_SHOTS") or tmp_path_factory.mktemp("end-shots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def resize(window, size: tuple[int, int]) -> None:
    window.set_size(*size)
    window.dispatch_event("on_resize", *size)
    pump(window)
    window.flip()  # Mesa resizes the back buffer when a frame is presented
    pump(window, 2)


def inside(inner, outer, margin: float) -> bool:
    return (inner.left >= outer.left + margin and inner.right <= outer.right - margin
            and inner.bottom >= outer.bottom + margin and inner.top <= outer.top - margin)


@pytest.mark.parametrize("size", [(1280, 800), (1200, 720)])
def test_the_end_screen_sums_the_game_up_for_each_side_inside_its_panel(window, shots, size):
    from client.play.session import LocalSession, Seat
    from client.ui.widgets import Panel
    from client.views.game.end import EndOfGameView
    from client.views.game.view import GameView
    from client.views.online.lobby_cells import text_width

    text = RECORD.read_text(encoding="utf-8")
    final = replay(parse_record(text), window.lexicon)
    seats = {p: Seat(p, NAMES[p], True) for p in Player}
    game_view = GameView(LocalSession(final, seats, title="Pass and play"))
    try:
        resize(window, size)
        window.navigator.show_game_over(game_view)
        end = window.current_view
        assert isinstance(end, EndOfGameView)
        pump(window, 3)
        expected = summarise_record(text, window.lexicon)
        # the played game: gold took a neutral city and the enemy's, silver none of either
        assert (expected[Player.GOLD].enemy_cities, expected[Player.GOLD].neutral_cities) == (1, 1)
        assert (expected[Player.SILVER].enemy_cities, expected[Player.SILVER].neutral_cities) == (0, 0)
        for p in Player:
            assert expected[p].letters_lost == final.removed[p]
            assert expected[p].enemy_cities == final.cities_taken[p]
            shown = [label.text for label in end.summary.cells[p]]
            assert shown == [value for _, value in summary_lines(expected[p])]
        assert end.summary.cells[Player.GOLD][2].text == "1 enemy, 1 neutral"
        panel = next(w for w in end.root.children if isinstance(w, Panel))
        assert inside(panel.rect, arcade.LBWH(0, 0, window.width, window.height), 0)
        rows = list(end.summary.table.children)
        for row in rows:
            for label in row.children:
                assert inside(label.rect, panel.rect, 16), f"{label.text!r} reaches the panel's edge"
                assert text_width(label.text, 13, getattr(label, "bold", False)) <= label.rect.width
        arcade.get_image(0, 0, window.width, window.height).save(shots / f"end-{size[0]}x{size[1]}.png")
    finally:
        resize(window, (1280, 800))
        window.navigator.go_menu()
        pump(window)


def test_a_taller_panel_for_an_online_game_still_fits_the_smallest_window(window, monkeypatch, shots):
    # a rated online game adds rating rows, a legend and both racks (EndExtras.extra_height)
    from client.play.session import LocalSession, Seat
    from client.views.online import offers_end
    from client.views.game.end import COIN_FOOT, EndOfGameView
    from client.views.game.view import GameView

    extra = offers_end.RATING_ROW_H + offers_end.LEGEND_H + offers_end.RACK_ROW_H
    monkeypatch.setattr(offers_end.EndExtras, "extra_height", property(lambda self: extra))
    final = replay(parse_record(RECORD.read_text(encoding="utf-8")), window.lexicon)
    game_view = GameView(LocalSession(final, {p: Seat(p, NAMES[p], True) for p in Player}, title="Online"))
    try:
        for size in ((1200, 720), (1280, 800)):
            resize(window, size)
            window.navigator.show_game_over(game_view)
            end = window.current_view
            assert isinstance(end, EndOfGameView)
            pump(window, 3)
            panel = end.panel.rect
            assert panel.bottom >= 12 and panel.top <= window.height - 12, f"the panel fits at {size}"
            # the winner's coin is drawn only where the panel leaves room for it
            assert end.coin_shown == (window.height - panel.top >= COIN_FOOT)
            arcade.get_image(0, 0, window.width, window.height).save(shots / f"end-tall-{size[0]}x{size[1]}.png")
    finally:
        resize(window, (1280, 800))
        window.navigator.go_menu()
        pump(window)
