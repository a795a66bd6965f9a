"""The client's online puzzles against a real server: the list, the daily puzzle and the online
standing as the server sends them; a puzzle near the online rating played as a game whose first
attempt the server judges and rates (the glicko2 library's numbers), its solutions then known;
a second first attempt from another connection of the same account refused, the rating kept;
the next puzzle one not attempted. No window: the model the Puzzles screen shows."""

from __future__ import annotations

import asyncio
import datetime
import contextlib
import sys
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import glicko2
import pytest
import srv_helpers as H

from client.net import ThreadedClient
from client.play.puzzle import FAILED, PLAYING, SOLVED, WAITING
from client.play.puzzle_list import Standing
from client.play.puzzle_online import OnlinePuzzles
from server.app import GameServer
from shared.puzzles.daily import daily_puzzle
from shared.puzzles.pack import write_pack
from shared.rules.actions import Commit, EndTurn
from shared.rules.terrain import Player

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from puzzle_samples import SOLUTION, sample_pack  # noqa: E402

pytestmark = pytest.mark.asyncio
GOLD = Player.GOLD


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[Callable[..., Any]]:
    """A server of the sample puzzles, and ThreadedClients to it (all closed at the end)."""
    pack = write_pack(sample_pack(H.lexicon()), tmp_path / "puzzles.jsonl")
    config = H.make_config(tmp_path / "server.sqlite3", puzzle_pack=pack)
    server = GameServer(config, H.lexicon(), maps={"test-ford": H.test_map()}, lexicon_factory=H.lexicon_factory)
    await server.start()
    clients: list[ThreadedClient] = []

    async def connect(name: str | None, token: str | None = None) -> ThreadedClient:
        client = ThreadedClient(f"ws://127.0.0.1:{server.port}", name=name, token=token)
        await asyncio.to_thread(client.start)  # it connects while this loop serves
        clients.append(client)
        return client

    yield connect
    for client in clients:
        await asyncio.to_thread(client.close)
    with contextlib.suppress(Exception):
        await server.stop()


async def until(model: OnlinePuzzles, condition: Callable[[], bool], what: str) -> None:
    """Read the model's answers (as the screen does each frame) until ``condition()``."""
    await H.wait_for(lambda: (model.poll(), condition())[1], timeout=30)
    assert condition(), what


async def play(driver, *actions) -> None:
    """Play ``actions`` on the driver's game, as the game screen does, until the turn is judged."""
    session = driver.session
    session.ai_delay = 0.0
    for action in actions:
        session.submit(action)
    end = time.monotonic() + 30
    while not session.done and time.monotonic() < end:
        session.poll()
        await asyncio.sleep(0.005)
    assert session.done


async def test_a_puzzle_from_the_server_is_rated_there_and_a_second_first_attempt_is_refused(served):
    ada = await served("Ada")
    model = OnlinePuzzles(ada, H.lexicon(), "Ada")
    model.refresh()
    await until(model, lambda: model.lines is not None and model.daily is not None, "the list and the daily puzzle")
    assert [line.id for line in model.lines] == ["t-cats", "t-cats2", "t-fight"]
    assert [line.mark for line in model.lines] == [None, None, None]
    assert model.lines[0].map_title == "Test Ford" and model.lines[1].map_title == "The Anvil"
    assert model.themes == ["city_taken", "fight_won"] and model.standing == Standing(1500.0, 0, 0, 0, 0)
    day, line = model.daily_line
    assert line.id == daily_puzzle(sample_pack(H.lexicon()), datetime.date.fromisoformat(day)).id

    model.open_next(theme="city_taken")  # the next for a 1500 player: t-cats
    await until(model, lambda: model.opened is not None, "the next puzzle")
    driver = model.take_opened()
    state = driver.state()
    assert driver.puzzle.id == "t-cats" and driver.puzzle.solutions == ()  # no answer before the attempt
    assert state.online and state.counted and state.phase == PLAYING and state.map_title == "Test Ford"
    # the same account on another connection opens it too, before the first attempt
    twin_client = await served(None, token=ada.token)
    twin = OnlinePuzzles(twin_client, H.lexicon(), "Ada")
    twin.open("t-cats")
    await until(twin, lambda: twin.opened is not None, "the puzzle on the second connection")
    second = twin.take_opened()
    assert second.state().counted

    await play(driver, Commit(GOLD, ((2, 3, "o"),), "down"), EndTurn(GOLD))
    assert driver.state().phase == WAITING and driver.state().change is None
    await H.wait_for(lambda: (driver.poll(), driver.phase != WAITING)[1])
    expected = glicko2.Player(rating=1500.0, rd=350.0, vol=0.06)
    expected.update_player([1500.0], [80.0], [1.0])
    state = driver.state()
    assert state.phase == SOLVED and state.counted and state.streak == 1
    assert state.change == round(expected.rating - 1500.0, 1) and state.rating == round(expected.rating, 1)
    assert driver.puzzle.solutions == (SOLUTION,)  # the server's answer holds them now
    assert state.lines == ("Ada takes the city at row 3, column 4",)  # the chronicle, of the server's events

    await play(second, Commit(GOLD, ((2, 2, "t"),), "down"), EndTurn(GOLD))
    await H.wait_for(lambda: (second.poll(), second.phase != WAITING)[1])
    refused = second.state()
    assert refused.phase == FAILED and refused.change is None and not refused.counted
    assert refused.note == ("Refused by the server: You attempted puzzle t-cats already. "
                            "This try is not rated: it leaves your online rating as it was.")
    # the rating shown is the server's: moved by the first attempt only
    await H.wait_for(lambda: (second.poll(), second.state().rating != 1500.0)[1])
    assert (second.state().rating, second.state().streak) == (round(expected.rating, 1), 1)
    model.refresh()  # the server kept the one attempt
    await until(model, lambda: model.lines is not None and not model.busy, "the list again")
    assert [line.mark for line in model.lines] == ["solved", None, None]
    assert model.standing == Standing(round(expected.rating, 1), 1, 1, 1, 1)

    driver.ask_next()  # the next puzzle: one not attempted
    await H.wait_for(lambda: (driver.poll(), driver.following is not None)[1])
    assert driver.following.puzzle.id in ("t-cats2", "t-fight") and driver.following.state().counted
    assert driver.following.ledger is driver.ledger


async def test_a_guests_attempt_is_refused_and_told(served):
    guest = await served(None)
    model = OnlinePuzzles(guest, H.lexicon())
    model.open("t-fight")
    await until(model, lambda: model.opened is not None, "the puzzle")
    driver = model.take_opened()
    await play(driver, Commit(GOLD, ((2, 3, "o"),), "down"), EndTurn(GOLD))
    await H.wait_for(lambda: (driver.poll(), driver.phase != WAITING)[1])
    state = driver.state()
    assert state.phase == SOLVED and state.change is None and state.streak == 0  # judged here, not rated
    assert state.note.startswith("Refused by the server: Puzzle attempts are rated: say hello with a name first.")
    model.open("t-none")
    await until(model, lambda: model.problem is not None, "the refusal")
    assert model.problem == "There is no puzzle t-none on this server."
