"""Nothing lost: dropped clients resume, and a server killed with SIGKILL resumes every game."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import srv_helpers as H
from wire_helpers import logged
from wire_helpers import plain as wire_plain

from client.net import AsyncClient
from shared.rules.terrain import Player

REPO = Path(__file__).resolve().parents[2]
HEARTBEAT = 0.1


async def test_a_dropped_connection_reconnects_and_resumes(server, connect, duel):
    game_id, seed = duel["game"], duel["seed"]
    gold, silver = duel["gold"], duel["silver"]
    await H.play_script(duel["clients"], game_id, seed, 0, 10)
    gold_seen = []
    silver.on_message = lambda m: gold_seen.append(wire_plain(m))  # watch silver's pushes from here on
    gold._ws.transport.abort()  # the network fails under gold
    await H.wait_for(lambda: any(m.get("type") == "presence" and m["connected"] is False for m in gold_seen))
    await H.wait_for(lambda: gold.connected.is_set() and gold.reconnects >= 1)
    await H.wait_for(lambda: any(m.get("type") == "presence" and m["connected"] is True for m in gold_seen))
    final = await H.play_script(duel["clients"], game_id, seed, 10, 30)
    await H.wait_for(lambda: gold.games[game_id].version == final)
    assert wire_plain(gold.games[game_id].view) == H.seen(H.replica(seed, final), Player.GOLD)


async def test_a_returning_player_gets_what_it_missed(server, connect, duel):
    game_id, seed = duel["game"], duel["seed"]
    await H.play_script(duel["clients"], game_id, seed, 0, 6)
    gold = duel["gold"]
    await H.wait_for(lambda: gold.games[game_id].version == 6)
    token, tracker = gold.seat_tokens[game_id], gold.games[game_id]
    await gold.close()
    # Silver plays on while gold is away (the script gives silver the next moves).
    actions = H.script(seed)
    stop = 6
    while actions[stop]["player"] == 2:
        stop += 1
    assert stop > 6
    await H.play_script(duel["clients"], game_id, seed, 6, stop)

    back = await connect(server, None, token=gold.token)
    back.seat_tokens[game_id] = token
    back.games[game_id] = tracker
    await back.attach(game_id)
    await H.wait_for(lambda: back.games[game_id].version == stop)
    assert not back.games[game_id].gap
    versions = [e["version"] for e in logged(back.games[game_id])]
    assert set(range(7, stop + 1)) <= set(versions)
    assert wire_plain(back.games[game_id].view) == H.seen(H.replica(seed, stop), Player.GOLD)


async def test_a_gap_older_than_the_tail_gets_the_full_state(start_server, connect):
    server = await start_server(event_tail=3)
    duel = await H.make_duel(server, connect, seed=1)
    game_id, seed = duel["game"], 1
    watcher = await connect(server, None)
    await watcher.watch(game=game_id)
    await watcher.leave(game_id)
    await H.play_script(duel["clients"], game_id, seed, 0, 12)
    await watcher.request("watch", game=game_id, since=0)
    await H.wait_for(lambda: watcher.games[game_id].version == 12)
    assert watcher.games[game_id].gap
    assert wire_plain(watcher.games[game_id].view) == H.seen(H.replica(seed, 12), None)


# ------------------------------------------------------------------------------------------------
# A real server process, killed with SIGKILL


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ServerProcess:
    """`scryptic server` in a subprocess, with the test map and word list."""

    def __init__(self, tmp: Path, port: int) -> None:
        self.tmp, self.port = tmp, port
        (tmp / "maps").mkdir(exist_ok=True)
        (tmp / "maps" / "test-ford.map").write_text(H.MAP_TEXT)
        (tmp / "words.txt").write_text("\n".join(sorted(H.lexicon())))
        self.proc: subprocess.Popen[str] | None = None
        self.lines: list[dict] = []

    async def start(self) -> None:
        command = [
            sys.executable, "-m", "scryptic", "server", "--log-json", "--port", str(self.port),
            "--db", str(self.tmp / "db.sqlite3"), "--words", str(self.tmp / "words.txt"),
            "--maps", str(self.tmp / "maps"), "--allow-client-seed", "--stats-interval", "0",
            "--max-per-address", "64", "--rate", "1000", "--heartbeat", str(HEARTBEAT),
        ]
        self.proc = subprocess.Popen(  # noqa: ASYNC220 - starting a process does not wait for it
            command, cwd=REPO, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        loop = asyncio.get_running_loop()
        while True:
            line = await asyncio.wait_for(loop.run_in_executor(None, self.proc.stderr.readline), 60)
            assert line, "the server exited before listening"
            record = json.loads(line)
            self.lines.append(record)
            if record["msg"] == "listening":
                return

    async def rest_of_log(self) -> list[dict]:
        assert self.proc is not None
        out = await asyncio.get_running_loop().run_in_executor(None, self.proc.stderr.read)
        return self.lines + [json.loads(line) for line in out.splitlines() if line.strip()]

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(30)
        self.proc.stderr.close()


@pytest.fixture
async def server_process(tmp_path):
    process = ServerProcess(tmp_path, free_port())
    yield process
    if process.proc is not None and process.proc.poll() is None:
        process.kill()


async def test_a_killed_server_resumes_every_game_and_clock(server_process, connect):
    await server_process.start()
    url = f"ws://127.0.0.1:{server_process.port}"
    options = {"backoff": (0.1, 0.4)}
    clocked = await H.make_duel(url, connect, seed=1, time_control={"kind": "fischer", "initial": 600, "increment": 0})
    plain = await H.make_duel(url, connect, seed=3)
    for duel in (clocked, plain):
        for client in duel["clients"].values():
            client.backoff = options["backoff"]
    waiting_host = await connect(url, "Waiting")
    waiting_host.backoff = options["backoff"]
    waiting = await waiting_host.create_game(map="test-ford", seed=4)
    await H.play_script(clocked["clients"], clocked["game"], 1, 0, 21)
    defence_at = H.first_version_where(3, lambda g: g.pending is not None and g.pending.__class__.__name__ == "PendingDefence")
    await H.play_script(plain["clients"], plain["game"], 3, 0, defence_at)

    # Silver is to move in the clocked game (21 actions in): note its clock, then kill.
    silver = clocked["clients"][2]
    await H.wait_for(lambda: silver.games[clocked["game"]].version == 21)
    mover = H.replica(1, 21).actor
    before = silver.games[clocked["game"]].clock_left()[int(mover)]
    observed = time.monotonic()
    server_process.kill()
    await asyncio.sleep(1.5)  # an outage that must not be charged to anyone's clock
    await server_process.start()

    everyone = [*clocked["clients"].values(), *plain["clients"].values(), waiting_host]
    await H.wait_for(lambda: all(c.connected.is_set() and c.reconnects >= 1 for c in everyone), timeout=30)
    await H.wait_for(lambda: silver.games[clocked["game"]].clock_left() is not None, timeout=10)
    # The clock resumed where it stood (to the heartbeat's precision): it lost what passed
    # since we looked, except the outage.
    after = silver.games[clocked["game"]].clock_left()[int(mover)]
    elapsed = time.monotonic() - observed
    assert after <= before + HEARTBEAT
    assert after > before - (elapsed - 1.0)

    # Both games continue to their ends from where they were; the open game is still open.
    for duel, seed, start in ((clocked, 1, 21), (plain, 3, defence_at)):
        final = await H.play_script(duel["clients"], duel["game"], seed, start)
        assert final == len(H.script(seed))
        gold = duel["clients"][1]
        await H.wait_for(lambda d=duel, g=gold, f=final: g.games[d["game"]].version == f)
        assert wire_plain(gold.games[duel["game"]].view) == H.seen(H.replica(seed, final), Player.GOLD)
    guest = await connect(url, "Late")
    lobby = await guest.list_games()
    assert waiting["game"] in {g["game"] for g in lobby["open"]}
    assert (await guest.join(game=waiting["game"]))["seat"] == 2


async def test_sigterm_stops_the_server_cleanly(server_process, connect):
    await server_process.start()
    url = f"ws://127.0.0.1:{server_process.port}"
    client = AsyncClient(url, name="Leaving", reconnect=False)
    await client.connect()
    try:
        server_process.proc.send_signal(signal.SIGTERM)
        message = await asyncio.wait_for(client.inbox.get(), 20)
        while message.type != "bye":
            message = await asyncio.wait_for(client.inbox.get(), 20)
        assert message.code == "shutdown"
        code = await asyncio.get_running_loop().run_in_executor(None, server_process.proc.wait, 30)
        assert code == 0
        log = await server_process.rest_of_log()
        assert log[-1]["msg"] == "stopped" and log[-1]["level"] == "info"
    finally:
        await client.close()
