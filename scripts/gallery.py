"""The screenshot gallery (docs/images): the main screens at 1280x800 and 1920x1080.

Run by hand after a change to how the client looks, then look at every picture::

    xvfb-run -a -s "-screen 0 1920x1080x24" .venv/bin/python scripts/gallery.py docs/images

It also writes the board as seen with deuteranopia and protanopia (simulated with the
Machado, Oliveira and Fernandes 2009 matrices), to check that nothing is told by colour alone.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
from PIL import Image

from shared.rules.terrain import Player

SIZES = ((1280, 800), (1920, 1080))

# Machado et al. (2009), severity 1.0, applied to linear RGB.
DEUTERANOPIA = np.array([[0.367322, 0.860646, -0.227968],
                         [0.280085, 0.672501, 0.047413],
                         [-0.011820, 0.042940, 0.968881]], np.float32)
PROTANOPIA = np.array([[0.152286, 1.052583, -0.204868],
                       [0.114503, 0.786281, 0.099216],
                       [-0.003882, -0.048116, 1.051998]], np.float32)


def simulate(image: Image.Image, matrix: np.ndarray) -> Image.Image:
    """``image`` as a viewer with the given colour vision deficiency sees it."""
    srgb = np.asarray(image.convert("RGB"), np.float32) / 255
    linear = np.where(srgb <= 0.04045, srgb / 12.92, ((srgb + 0.055) / 1.055) ** 2.4)
    seen = np.clip(linear @ matrix.T, 0, 1)
    out = np.where(seen <= 0.0031308, seen * 12.92, 1.055 * seen ** (1 / 2.4) - 0.055)
    return Image.fromarray((out * 255 + 0.5).astype(np.uint8))


def _frames(window, n: int = 3) -> None:
    from client.capture import frame

    for _ in range(n):
        frame(window)
    window.flip()
    frame(window)


def _shot(window, out: Path, name: str) -> Image.Image:
    import arcade

    image = arcade.get_image(0, 0, window.width, window.height).convert("RGB")
    path = out / f"{name}-{window.width}x{window.height}.png"
    image.save(path, optimize=True)
    print(f"wrote {path}")
    return image


def _mark_last_moves(view) -> None:
    """The sample position's last word of each side, marked as the last move."""
    game = view.session.game
    seen: set[int] = set()
    for action in reversed(game.actions):
        if action.get("type") != "commit" or action["player"] in seen:
            continue
        seen.add(action["player"])
        placed = [tuple(p) for p in action["placements"]]
        if all(game.board.letters[Player(action["player"])].get((r, c)) == ch for r, c, ch in placed):
            view.move_marks.apply({"type": "word_committed", "player": action["player"], "placed": placed,
                                   "word": ""})


def gallery(out: Path) -> None:
    """Write every picture of the gallery into ``out``."""
    from shared.words.dictionary import load_dictionary

    from client.capture import _window, sample_session
    from client.views.game.view import GameView
    from client.views.game.help_overlay import HelpOverlay
    from client.views.menus.main import MainMenuView
    from client.views.menus.setup import SkirmishSetupView

    out.mkdir(parents=True, exist_ok=True)
    lexicon = load_dictionary()
    sessions = {name: sample_session(name, lexicon) for name in ("cinder-ford", "pewter-marches")}
    for size in SIZES:
        window = _window(size, visible=True)
        window._lexicon = lexicon
        window.persist = False
        window.show_view(MainMenuView())
        _frames(window)
        _shot(window, out, "menu")
        window.show_view(SkirmishSetupView("ai"))
        _frames(window)
        _shot(window, out, "skirmish-setup")
        for name, session in sessions.items():
            view = GameView(session)
            window.show_view(view)
            _mark_last_moves(view)
            _frames(window)
            image = _shot(window, out, f"game-{name}")
            if name == "cinder-ford" and size == SIZES[0]:
                for label, matrix in (("deuteranopia", DEUTERANOPIA), ("protanopia", PROTANOPIA)):
                    path = out / f"game-{name}-{label}.png"
                    simulate(image, matrix).save(path, optimize=True)
                    print(f"wrote {path}")
            if name == "cinder-ford":
                _tooltip_shot(window, view, out)
                view.open_dialog(HelpOverlay(view))
                _frames(window)
                _shot(window, out, "keys")
                view.close_dialog()
        _replay_and_end_shots(window, sessions["cinder-ford"], lexicon, out)
        _defence_shot(window, lexicon, out)
        _puzzle_shots(window, lexicon, out)
        window.close()
    _readme_pictures(sessions, out)


def _puzzle_shots(window, lexicon, out: Path) -> None:
    """The Puzzles screen, and the shipped pack's first puzzle with both hints given."""
    import tempfile

    from client.play.puzzle import PuzzleDriver
    from client.views.game.view import GameView
    from client.views.puzzles.menu import PuzzlesView, puzzle_pack

    window.show_view(PuzzlesView())
    _frames(window)
    _shot(window, out, "puzzles")
    pack = puzzle_pack()
    if not pack.puzzles:
        return
    with tempfile.TemporaryDirectory() as folder:  # a fresh rating, not the user's
        driver = PuzzleDriver(sorted(pack.puzzles, key=lambda p: p.id)[0], pack.by_id(), lexicon,
                              progress_path=Path(folder) / "puzzles.json")
        view = GameView(driver.session)
        window.show_view(view)
        driver.hint()
        driver.hint()
        _frames(window, 6)
        _shot(window, out, "puzzle")
        driver.session.close()


def _readme_pictures(sessions, out: Path) -> None:
    """board.png (the README's picture: the whole of The Pewter Marches) and board-cinder-ford.png."""
    import arcade

    from client.capture import _window
    from client.views.game.view import GameView

    window = _window((1600, 1000), visible=True)
    window.persist = False
    for name, file in (("pewter-marches", "board.png"), ("cinder-ford", "board-cinder-ford.png")):
        view = GameView(sessions[name])
        window.show_view(view)
        view.board.overview()
        _mark_last_moves(view)
        _frames(window)
        arcade.get_image(0, 0, window.width, window.height).convert("RGB").save(out / file, optimize=True)
        print(f"wrote {out / file}")
    window.close()


def _tooltip_shot(window, view, out: Path) -> None:
    """The tooltip of a letter in a word of the viewer's."""
    me = view.viewer or Player.GOLD
    letters = sorted(view.display.letters.get(me, {}))
    if not letters:
        return
    cell = letters[len(letters) // 2]
    x, y = view.board.cell_to_screen(cell)
    view.set_hover(cell, x, y)
    view.clock += 1.0
    view.tooltip.update()
    _frames(window)
    _shot(window, out, "tooltip")
    view.set_hover(None, 0, 0)
    view.tooltip.update()


def _replay_and_end_shots(window, session, lexicon, out: Path) -> None:
    """A replay paused near its end, with its controls; then the end of a game."""
    from client.play.replay import ReplaySession
    from client.views.game.end import EndOfGameView
    from client.views.game.view import GameView
    from shared.rules.actions import Resign

    replay = ReplaySession(session.game.record(), lexicon, names={1: "Gold", 2: "Silver"})
    replay.seek(max(0, replay.total - 3))
    replay.set_paused(True)
    view = GameView(replay)
    window.show_view(view)
    _frames(window, 4)
    _shot(window, out, "replay")
    game = replay.game.copy()
    game.apply(Resign(game.actor))
    finished = ReplaySession(game.record(), lexicon, names={1: "Gold", 2: "Silver"})
    finished.seek(finished.total)
    end_view = GameView(finished)
    end_view.viewer = None
    window.show_view(EndOfGameView(end_view))
    _frames(window)
    _shot(window, out, "game-over")


def _defence_shot(window, lexicon, out: Path) -> None:
    """A player ordering a defence, the fight framed on the board beside the panel."""
    from client.play.sample import first_attack, play_sample
    from client.play.session import LocalSession, Seat
    from client.views.dialogs import DefenceDialog
    from client.views.game.view import GameView
    from shared.maps.files import load_map

    game = play_sample(load_map("cinder-ford"), lexicon, seed=7, turns=10)
    found = first_attack(game, lexicon)
    if found is None:
        print("no attack found for the defence picture")
        return
    before, commit = found
    attacker = commit.player
    seats = {attacker: Seat(attacker, "Computer", False, 2), attacker.other: Seat(attacker.other, "You", True)}
    session = LocalSession(before, seats, title="Cinder Ford")
    session.paused = True
    view = GameView(session)
    window.show_view(view)
    _frames(window)
    session._apply(commit)
    for _ in range(400):
        view.animator.skip()
        _frames(window, 1)
        if isinstance(view.dialog, DefenceDialog):
            break
    if not isinstance(view.dialog, DefenceDialog):
        print("the attack needed no ordering: no defence picture")
        return
    _frames(window)
    _shot(window, out, "defence")


if __name__ == "__main__":
    gallery(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images"))
