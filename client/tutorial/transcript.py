"""The guided game as plain text, and a scripted player that goes through it.

:func:`board_text` draws a position with the coach's highlights in brackets;
:func:`lesson_text` adds the lesson's heading, text, note and the player's rack.
:func:`play_through` plays every lesson's own move through the session, the way the game
screen would (submit, poll, hand the messages to the driver), and returns the transcript: what
each lesson shows at its start and once it is done. ``python -m client.tutorial.transcript``
prints it.
"""

from __future__ import annotations

from client.play.session import Rejected, Update
from client.tutorial.driver import TutorialDriver
from shared.rules.game import Game
from shared.rules.terrain import Cell, Player, Terrain

_TERRAIN = {
    Terrain.PLAINS: ".", Terrain.FOREST: "f", Terrain.WATER: "~", Terrain.MOUNTAINS: "^",
    Terrain.ICE: "*", Terrain.LAVA: "x",
}
_CITY = {Player.GOLD: "G", Player.SILVER: "S", None: "P"}


def board_text(game: Game, highlights: tuple[Cell, ...] = ()) -> str:
    """The board: gold letters lower case, silver UPPER CASE, else the terrain (cities by
    owner); highlighted cells in brackets. Rows and columns are numbered from 1."""
    b = game.board
    marked = set(highlights)
    lines = ["    " + "".join(f"{c + 1:>3}" for c in range(b.width))]
    for r in range(b.height):
        cells = []
        for c in range(b.width):
            gold, silver = b.letters[Player.GOLD].get((r, c)), b.letters[Player.SILVER].get((r, c))
            if gold or silver:
                ch = gold if gold else silver.upper()  # type: ignore[union-attr]
            elif b.terrain[r][c] is Terrain.CITY:
                ch = _CITY[b.city_owner[(r, c)]]
            else:
                ch = _TERRAIN[b.terrain[r][c]]
            cells.append(f"[{ch}]" if (r, c) in marked else f" {ch} ")
        lines.append(f"{r + 1:>3} " + "".join(cells).rstrip())
    return "\n".join(lines)


def lesson_text(driver: TutorialDriver) -> str:
    """What the coach shows now, with the board and the player's rack."""
    state = driver.state()
    session = driver.session
    assert session is not None
    game = session.game
    parts = [state.heading, f"({state.phase})", state.text]
    if state.note:
        parts.append(state.note)
    parts.append("rack: " + " ".join(ch.upper() for ch in game.racks[Player.GOLD]))
    parts.append(board_text(game, state.highlights))
    return "\n".join(parts)


def deliver(driver: TutorialDriver) -> list[Update | Rejected]:
    """Poll the driver's session once and hand each message to the driver, as the screen does."""
    session = driver.session
    assert session is not None
    handed: list[Update | Rejected] = []
    for message in session.poll():
        if isinstance(message, Update):
            driver.on_update(message)
            handed.append(message)
        elif isinstance(message, Rejected):
            driver.on_rejected(message)
            handed.append(message)
    return handed


def play_through(driver: TutorialDriver) -> str:
    """Play every lesson's own move from the first lesson on; return the transcript.

    Raises AssertionError if a lesson's move is refused or does not finish its lesson.
    """
    out: list[str] = []
    driver.start(0)
    while True:
        out.append(lesson_text(driver))
        prepared, session = driver.prepared, driver.session
        assert prepared is not None and session is not None
        session.submit(prepared.own_action(session.game))
        handed = deliver(driver)
        refused = [m.reason for m in handed if isinstance(m, Rejected)]
        assert not refused, f"lesson {driver.index + 1}: the engine refused the lesson's move: {refused}"
        assert driver.done, f"lesson {driver.index + 1}: its own move did not finish it"
        out.append(lesson_text(driver))
        if driver.finished or driver.next_lesson() is None:
            break
    return "\n\n".join(out) + "\n"


def main() -> None:
    """Print the transcript of the whole guided game."""
    from shared.words.dictionary import load_dictionary

    print(play_through(TutorialDriver(load_dictionary())), end="")


if __name__ == "__main__":
    main()
