"""`scryptic server backup` while games are played, and `restore` to a server that resumes every
game; a backup never overwrites, a restore never runs under a live server."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import srv_helpers as H
from wire_helpers import plain

from shared.rules.terrain import Player

REPO = Path(__file__).resolve().parents[2]


def scryptic(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "scryptic", *args], capture_output=True, text=True, timeout=120,
                          cwd=REPO, stdin=subprocess.DEVNULL, env=dict(os.environ))


async def test_a_backup_taken_during_play_restores_to_a_server_that_resumes_every_game(start_server, connect, tmp_path):
    live, copy, restored_db = tmp_path / "live.sqlite3", tmp_path / "backup.sqlite3", tmp_path / "restored.sqlite3"
    server = await start_server(db=live)
    duels = [await H.make_duel(server, connect, seed=seed) for seed in (1, 2, 3)]
    for duel in duels:
        await H.play_script(duel["clients"], duel["game"], duel["seed"], 0, 4)

    backing_up = asyncio.create_task(asyncio.to_thread(scryptic, "server", "backup", "--db", str(live), "--to", str(copy)))
    played = 4
    while not backing_up.done():  # game 1 goes on, a move every 20 ms, until the copy is made
        played = await H.play_script(duels[0]["clients"], duels[0]["game"], 1, played, played + 1)
        await asyncio.sleep(0.02)
    taken = await backing_up
    assert played < len(H.script(1)) - 6
    assert taken.returncode == 0, taken.stderr
    assert taken.stdout.startswith(f"backed up {live} to {copy}: 6 accounts, 3 games (3 not finished), ")

    refused = await asyncio.to_thread(scryptic, "server", "restore", "--db", str(live), "--from", str(copy))
    assert refused.returncode == 1 and "in use by another server process" in refused.stderr
    await server.stop()

    done = await asyncio.to_thread(scryptic, "server", "restore", "--db", str(restored_db), "--from", str(copy))
    assert done.returncode == 0, done.stderr
    assert f"restored {copy} to {restored_db}: " in done.stdout

    again = await start_server(db=restored_db)
    for index, duel in enumerate(duels):
        game, seed = duel["game"], duel["seed"]
        back = {}
        for seat, old in duel["clients"].items():
            client = await connect(again, None, token=old.token)
            client.seat_tokens[game] = old.seat_tokens[game]
            await client.attach(game)
            back[seat] = client
        await H.wait_for(lambda: back[1].games[game].version == again.registry.hosts[game].version)
        version = back[1].games[game].version
        if index == 0:
            assert 4 <= version <= played  # what was committed when the backup began
        else:
            assert version == 4
        assert plain(back[1].games[game].view) == H.seen(H.replica(seed, version), Player.GOLD)
        final = await H.play_script(back, game, seed, version, version + 6)  # and play goes on
        await H.wait_for(lambda: back[2].games[game].version == final)
        assert plain(back[2].games[game].view) == H.seen(H.replica(seed, final), Player.SILVER)


def test_a_backup_never_overwrites_and_a_restore_takes_only_a_scryptic_database(tmp_path):
    target = tmp_path / "precious.sqlite3"
    target.write_bytes(b"somebody's file")
    db = tmp_path / "games.sqlite3"
    sqlite3.connect(db).close()
    refused = scryptic("server", "backup", "--db", str(db), "--to", str(target))
    assert refused.returncode == 2
    assert f"{target} exists; a backup never overwrites a file" in refused.stderr
    assert target.read_bytes() == b"somebody's file"

    junk = tmp_path / "junk.sqlite3"
    junk.write_text("not a database\n")
    live = tmp_path / "live.sqlite3"
    refused = scryptic("server", "restore", "--db", str(live), "--from", str(junk))
    assert refused.returncode == 1 and "is not a Scryptic database" in refused.stderr
    assert not live.exists()

    refused = scryptic("server", "backup", "--db", "postgresql://localhost/scryptic", "--to", str(tmp_path / "b"))
    assert refused.returncode == 2 and "pg_dump" in refused.stderr
