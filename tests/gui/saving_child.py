"""A real client that plays one turn of a skirmish, says where the game stands, and then runs on
until it is killed (``kill``: SIGKILL from the test) or closed by SIGTERM (``term``).

Run by tests/gui/test_saved_games.py with the settings folder in the test's temporary folder.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).parent), str(Path(__file__).parent.parent)]

import arcade  # noqa: E402
from saved_games_support import GOLD, SILVER, play_a_turn, start_skirmish  # noqa: E402

from client.play import autosave  # noqa: E402
from client.app import ScrypticWindow, close_on_sigterm, finish  # noqa: E402
from client.play.settings import Settings  # noqa: E402


def main(mode: str) -> int:
    window = ScrypticWindow(Settings(name="Tester", animation="instant"), size=(1280, 800), persist=False)
    close_on_sigterm(window)
    window.navigator.go_menu()
    view = start_skirmish(window, seed=21)
    word = play_a_turn(window, view)
    autosave.WRITER.flush()  # only so the report below is what the file holds: the game wrote it itself
    game = view.session.game
    state = {"turn": game.turn, "word": word, "slot": str(view.session.save_slot),
             "letters": {str(int(p)): sorted([r, c, ch] for (r, c), ch in game.board.letters[p].items())
                         for p in (GOLD, SILVER)},
             "rack": list(game.racks[GOLD])}
    print(json.dumps(state), flush=True)
    if mode == "kill":
        while True:  # a live client, drawing, until SIGKILL
            window.dispatch_event("on_update", 1 / 30)
            window.dispatch_event("on_draw")
            window.dispatch_events()
    arcade.run()  # SIGTERM closes the window as its close button does
    finish(window)
    print("closed", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
