"""The game as people install it: the sdist built from the checkout, the wheel built from that
sdist, installed into a fresh virtual environment outside the checkout, and every program run
from another folder (word look-up, maps, a server playing a bot game, replay, the windows)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from client.net import AsyncClient
from wire_helpers import logged, plain

REPO = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text())
VERSION = PYPROJECT["project"]["version"]


def test_the_wheel_lists_every_package_of_the_source_tree():
    setuptools = PYPROJECT["tool"]["setuptools"]
    found = {".".join(init.parent.relative_to(REPO).parts)
             for top in ("shared", "server", "client", "scryptic") for init in (REPO / top).rglob("__init__.py")}
    mapped = setuptools["package-dir"]
    assert set(setuptools["packages"]) == found | set(mapped)
    assert sorted(mapped.values()) == ["dictionaries", "maps"]


class Installed:
    """A fresh virtual environment holding the built wheel, run from a folder of its own."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.venv = root / "venv"
        self.cwd = root / "elsewhere"
        self.cwd.mkdir()
        self.env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
        self.env["PIP_CACHE_DIR"] = str(root / "pip-cache")

    def build_and_install(self) -> Path:
        dist = self.root / "dist"
        subprocess.run([sys.executable, "-m", "build", "--outdir", str(dist), str(REPO)], check=True,
                       cwd=self.cwd, env=self.env, stdout=subprocess.DEVNULL, timeout=600)
        wheel = next(dist.glob("scryptic-*.whl"))
        subprocess.run([sys.executable, "-m", "venv", str(self.venv)], check=True, timeout=120)
        subprocess.run([str(self.venv / "bin" / "python"), "-m", "pip", "install", "--quiet", str(wheel)],
                       check=True, cwd=self.cwd, env=self.env, timeout=900)
        return wheel

    def run(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        """``scryptic ARGS`` from the installed copy; its output, whatever its exit code."""
        return subprocess.run([str(self.venv / "bin" / "scryptic"), *args], cwd=self.cwd, env=self.env,
                              capture_output=True, text=True, timeout=timeout)

    def python(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(self.venv / "bin" / "python"), *args], cwd=self.cwd, env=self.env,
                              capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Iterator[Installed]:
    copy = Installed(tmp_path_factory.mktemp("installed"))
    wheel = copy.build_and_install()
    assert wheel.name == f"scryptic-{VERSION}-py3-none-any.whl"
    yield copy


def test_it_runs_from_its_own_files_and_knows_its_version(installed):
    where = installed.python("-c", "import shared, server, client, scryptic; print(shared.__file__)")
    assert where.returncode == 0, where.stderr
    assert Path(where.stdout.strip()).is_relative_to(installed.venv)
    assert installed.run("--version").stdout.strip() == f"scryptic {VERSION}"
    assert installed.python("-m", "scryptic", "--version").stdout.strip() == f"scryptic {VERSION}"


def test_the_dictionary_and_the_maps_come_with_it(installed):
    word = installed.python("-m", "scryptic", "word", "castle")
    assert word.returncode == 0, word.stderr
    assert word.stdout.startswith("castle: playable, value 7")
    listed = installed.run("map", "list")
    assert listed.returncode == 0, listed.stderr
    assert [line.split()[0] for line in listed.stdout.splitlines()] == sorted(p.stem for p in (REPO / "maps").glob("*.map"))
    shown = installed.run("map", "show", "hollowmere")
    assert shown.returncode == 0 and "Hollowmere" in shown.stdout


async def _read_until_listening(proc: subprocess.Popen[str]) -> None:
    loop = asyncio.get_running_loop()
    while True:
        line = await asyncio.wait_for(loop.run_in_executor(None, proc.stderr.readline), 120)
        assert line, "the installed server exited before listening"
        if json.loads(line)["msg"] == "listening":
            return


async def test_its_server_plays_a_bot_game_that_its_replay_reads(installed, tmp_path):
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    proc = subprocess.Popen(  # noqa: ASYNC220 - starting a process does not wait for it
        [str(installed.venv / "bin" / "scryptic"), "server", "--port", str(port), "--db", str(tmp_path / "db.sqlite3"),
         "--stats-interval", "0", "--bot-workers", "1", "--no-bot-warm-up", "--log-json"],
        cwd=installed.cwd, env={**installed.env, "PYTHONUNBUFFERED": "1"},
        stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    try:
        await _read_until_listening(proc)
        url = f"ws://127.0.0.1:{port}"
        human = AsyncClient(url, name="Newcomer")
        await human.connect()
        try:
            created = await human.create_game(map="anvil", opponent="bot", bot_level=1, seat="silver")
            game = created["game"]
            for turn in (1, 2):  # the bot (gold) plays a turn; the newcomer ends theirs
                await _until(lambda: game in human.games and human.games[game].my_move, 120)
                assert plain(human.games[game].view)["rules"] == "war"
                if turn == 1:
                    before = human.games[game].version
                    await human.end_turn(game)
                    await _until(lambda: human.games[game].version > before + 1, 120)
            played = [e for e in logged(human.games[game]) if e["type"] == "word_committed" and e["player"] == 1]
            assert played, "the bot placed no word"
            await human.resign(game)
            await _until(lambda: human.games[game].over, 30)
            assert plain(human.games[game].result)["winner"] == 1
        finally:
            await human.close()
        replay = await asyncio.to_thread(installed.run, "replay", f"{url}/{game}", "--json")
        assert replay.returncode == 0, replay.stderr
        final = json.loads(replay.stdout)
        assert final["rules"] == "war" and final["map"] == "The Anvil"
        assert final["winner"] == "gold"
        # the installed analysis reads its shipped win-chance model (package data)
        analysed = await asyncio.to_thread(installed.run, "analyse", f"{url}/{game}", "--depth", "quick", "--json")
        assert analysed.returncode == 0, analysed.stderr
        analysis = json.loads(analysed.stdout)
        assert analysis["result"]["winner"] == 1 and analysis["turns"][0]["player"] == 1
    finally:
        proc.terminate()
        proc.wait(30)
        proc.stderr.close()


async def _until(predicate, timeout: float) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        assert loop.time() < deadline, "the installed server did not get there in time"
        await asyncio.sleep(0.05)


@pytest.mark.gui
def test_its_windows_open_and_draw(installed, tmp_path):
    if not os.environ.get("DISPLAY"):
        pytest.skip("no display: run the tests under Xvfb (./dev test does)")
    shot = tmp_path / "game.png"
    result = installed.run("screenshot", "--out", str(shot), "--size", "1280x720", timeout=300)
    assert result.returncode == 0, result.stderr
    editor = tmp_path / "editor.png"
    result = installed.run("editor", "anvil", "--size", "1280x720", "--screenshot", str(editor), timeout=300)
    assert result.returncode == 0, result.stderr
    for png in (shot, editor):
        image = Image.open(png).convert("RGB")
        assert image.size == (1280, 720)
        colours = image.getcolors(maxcolors=1 << 20)
        assert colours is not None and len(colours) > 200, f"{png.name} looks blank"
    menu = installed.run("play", "--windowed", "--size", "1280x720", "--startup-time", timeout=300)
    assert menu.returncode == 0, menu.stderr
