"""The web client (web/, docs/web.md) in real browsers: Debian's Chromium driven by Playwright.

One test builds it as ``./dev test`` does on a fresh machine: ``npm ci`` from the committed lock
file (only when ``node_modules`` is older than the lock), the types checked current against the
server's schema, ``npm run build`` (TypeScript and Vite), the Vitest unit tests; then starts a
real server serving that build and runs the Playwright suite against it: two browser players
(one on a phone-sized screen) play the moves of a legal scripted game and one resigns, a third
browser watches, a reload mid-game resumes, bad links get clear pages; a browser player plays a whole game
to its end against the terminal client's library; a guest and a player open the daily puzzle
(a small pack), the player takes both hints and is judged and rated. Screenshots of each page
are written to ``web/test-results/screens``.
"""

from __future__ import annotations

import asyncio
import datetime
import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import glicko2
import msgspec
import pytest
import srv_helpers as H

from shared.puzzles.daily import daily_puzzle
from shared.puzzles.pack import load_pack, write_pack

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from puzzle_samples import SOLUTION, sample_pack  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
MOVES = 8  # the scripted game's first moves played in the browsers (four words, four turns ended)

pytestmark = pytest.mark.skipif(
    shutil.which("npm") is None or not Path(CHROMIUM).exists(),
    reason="the web client's tests need npm and Chromium (scripts/install-web-deps.sh)",
)


def run(args: list[str], timeout: float, env: dict[str, str] | None = None) -> None:
    """Run a tool in web/; fail the test with its whole output if it fails."""
    done = subprocess.run(args, cwd=WEB, capture_output=True, text=True, timeout=timeout, env={**os.environ, **(env or {})})
    if done.returncode != 0:
        pytest.fail(f"{' '.join(args)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}", pytrace=False)


def install() -> None:
    """``npm ci`` unless node_modules was installed from this very lock file."""
    lock = hashlib.sha256((WEB / "package-lock.json").read_bytes()).hexdigest()
    stamp = WEB / "node_modules" / ".scryptic-lock"
    if not stamp.exists() or stamp.read_text() != lock:
        run(["npm", "ci", "--no-audit", "--no-fund"], 600, {"PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD": "1"})
        stamp.write_text(lock)


def build() -> None:
    """Install, check the generated types, build, and run the unit tests."""
    install()
    subprocess.run([sys.executable, "scripts/gen-web-types.py", "--check"], cwd=ROOT, check=True)
    run(["npm", "run", "build"], 300)
    run(["npx", "vitest", "run"], 300)


async def test_the_web_client_in_real_browsers(start_server, connect, tmp_path: Path) -> None:
    await asyncio.to_thread(build)
    pack = write_pack(sample_pack(H.lexicon()), tmp_path / "puzzles.jsonl")
    server = await start_server(puzzle_pack=pack)
    # the daily puzzle the browser solves, and the rating its first attempt gives (glicko2)
    daily = daily_puzzle(list(load_pack(pack).puzzles), datetime.datetime.now(datetime.timezone.utc).date())
    rated = glicko2.Player(rating=1500.0, rd=350.0, vol=0.06)
    rated.update_player([daily.rating], [daily.rd], [1.0])
    puzzler = await connect(server, "Pia")
    await puzzler.close()
    duel = await H.make_duel(server, connect, seed=1)
    tokens = {"1": duel["gold"].token, "2": duel["silver"].token}
    # A second game, played to its end: the browser's Gold against the terminal client's
    # library (client.net), which plays Silver's moves of the whole script as their turns come.
    terminal = await connect(server, "Terminal")
    created = await duel["gold"].create_game(map="test-ford", seed=1, seat="gold",
                                             time_control={"kind": "fischer", "initial": 600, "increment": 5})
    await terminal.join(game=created["game"])
    versus = created["game"]
    for client in (duel["gold"], duel["silver"]):
        await client.close()

    async def terminal_plays() -> None:
        for index, data in enumerate(H.script(1)):
            if data["player"] == 2:
                await H.wait_for(lambda: terminal.games[versus].version >= index, timeout=120)
                await terminal.act(versus, H.wire(data))

    opponent = asyncio.create_task(terminal_plays())
    signals = tmp_path / "signals"
    signals.mkdir()

    async def restart_when_asked() -> None:
        # The browser asks (a file) for the server to go away and come back on the same port
        # and store: its pages must say so and resume by themselves.
        await H.wait_for(lambda: (signals / "stop").exists(), timeout=400, step=0.1)
        port = server.port
        await server.stop()
        (signals / "stopped").write_text("")
        await H.wait_for(lambda: (signals / "start").exists(), timeout=60, step=0.1)
        await start_server(db=tmp_path / "server.sqlite3", port=port, puzzle_pack=pack)

    restarter = asyncio.create_task(restart_when_asked())
    screens = WEB / "test-results" / "screens"
    screens.mkdir(parents=True, exist_ok=True)
    fixture = tmp_path / "fixture.json"
    figures = tmp_path / "figures.json"
    fixture.write_text(json.dumps({"game": duel["game"], "tokens": tokens, "actions": list(H.script(1)[:MOVES]),
                                   "versus": versus, "versusActions": list(H.script(1)), "signals": str(signals),
                                   "screens": str(screens), "figures": str(figures),
                                   "puzzleToken": puzzler.token, "puzzleGoal": daily.goal.describe(),
                                   "puzzleHint": "Hint: " + ", ".join(t.replace("_", " ") for t in daily.themes),
                                   "puzzleCells": "row 3, column 4", "puzzleSolution": SOLUTION[0],
                                   "puzzleRating": f"Rating 1500.0 \u2192 {rated.rating:.1f} (+{rated.rating - 1500:.1f})"}))
    env = {**os.environ, "SCRYPTIC_URL": f"http://127.0.0.1:{server.port}", "SCRYPTIC_FIXTURE": str(fixture),
           "CHROMIUM": CHROMIUM}
    proc = await asyncio.create_subprocess_exec("npx", "playwright", "test", cwd=WEB, env=env,
                                                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    out, _ = await asyncio.wait_for(proc.communicate(), timeout=400)
    restarter.cancel()
    if proc.returncode != 0:
        opponent.cancel()
        pytest.fail(f"playwright test failed:\n{out.decode(errors='replace')}", pytrace=False)
    await opponent
    # The second game ran to the engine's own end (no moves left to either side): the terminal
    # client saw the same result as the browser and the engine's replay of the script.
    await H.wait_for(lambda: terminal.games[versus].view is not None and terminal.games[versus].view.result is not None)
    assert terminal.games[versus].version == len(H.script(1)) == 170
    assert msgspec.to_builtins(terminal.games[versus].view.result) == {"winner": 2, "reason": "stalemate"}
    assert H.replica(1, 170).view(None)["result"] == {"winner": 2, "reason": "stalemate"}
    print(out.decode(errors="replace"))
    print("figures:", figures.read_text())
