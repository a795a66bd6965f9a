"""`scryptic admin` on a running server: refused without the operator key; rename, ban (its
connections closed, its games forfeit, its hello refused, after a restart too), unban, abort and
adjudicate, each seen by a connected client; and the name policy on hello and set_name."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import srv_helpers as H
from wire_helpers import plain

from client.net import AsyncClient, ServerError

REPO = Path(__file__).resolve().parents[2]


def admin(server, tmp_path: Path, *args: str, key: Path | None = None) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "scryptic", "admin", "--server", f"ws://127.0.0.1:{server.port}",
               "--key-file", str(key or tmp_path / "admin.key"), *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=REPO, stdin=subprocess.DEVNULL,
                          env=dict(os.environ))


async def run_admin(server, tmp_path: Path, *args: str, key: Path | None = None) -> subprocess.CompletedProcess[str]:
    return await asyncio.to_thread(admin, server, tmp_path, *args, key=key)


async def test_without_the_operator_key_nothing_is_done(server, duel, tmp_path):
    assert (tmp_path / "admin.key").stat().st_mode & 0o777 == 0o600  # made at start, the owner's only
    missing = await run_admin(server, tmp_path, "rename", "Silver", "Pewter", key=tmp_path / "nokey")
    assert missing.returncode == 2 and f"no operator key at {tmp_path / 'nokey'}" in missing.stderr
    wrong = tmp_path / "wrong.key"
    wrong.write_text("x" * 43 + "\n")
    refused = await run_admin(server, tmp_path, "ban", "Silver", key=wrong)
    assert refused.returncode == 1 and "refused (not_operator)" in refused.stderr
    assert [u.name for u in server.users.values()] == ["Gold", "Silver"]
    assert all(u.banned is None for u in server.users.values())
    assert not server.rooms[duel["game"]].game.over


async def test_users_are_listed_and_found(server, duel, tmp_path):
    listed = await run_admin(server, tmp_path, "users")
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.splitlines() == [
        "     1  Gold                      online, 1 game in progress",
        "     2  Silver                    online, 1 game in progress",
        "2 accounts",
    ]
    found = await run_admin(server, tmp_path, "--json", "user", "silver")
    answer = json.loads(found.stdout)
    assert answer["user"]["id"] == 2 and answer["games"] == [
        {"game": duel["game"], "status": "active", "map": "Test Ford", "version": 0, "seat": 2}]


async def test_a_rename_is_seen_at_once_and_keeps_to_the_name_policy(server, duel, tmp_path):
    gold, silver, game = duel["gold"], duel["silver"], duel["game"]
    refused = await run_admin(server, tmp_path, "rename", "Silver", "Big Arse")
    assert refused.returncode == 1 and "refused (bad_name)" in refused.stderr
    assert server.users[2].name == "Silver"
    done = await run_admin(server, tmp_path, "rename", "Silver", "Pewter Knight")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "renamed 'Silver' to 'Pewter Knight' (id 2)"
    await H.wait_for(lambda: plain(gold.games[game].info)["players"]["2"]["name"] == "Pewter Knight")
    await H.wait_for(lambda: silver.name == "Pewter Knight")  # its own client takes the new name


async def test_a_ban_closes_the_connections_forfeits_the_games_and_refuses_hello(start_server, connect, tmp_path):
    server = await start_server()
    duel = await H.make_duel(server, connect, seed=1)
    gold, silver, game = duel["gold"], duel["silver"], duel["game"]
    await H.play_script(duel["clients"], game, 1, 0, 6)
    waiting = (await silver.create_game(map="test-ford", seat="gold"))["game"]
    statuses: list[dict] = []
    silver.on_message = lambda m: statuses.append(plain(m))

    done = await run_admin(server, tmp_path, "ban", "Silver", "--reason", "abuse in chat")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:2] == ["banned Silver (id 2): abuse in chat", "connections closed: 1"]
    await H.wait_for(lambda: plain(gold.games[game].info).get("result") is not None)
    assert plain(gold.games[game].info)["result"]["winner"] == 1 and plain(gold.games[game].info)["result"]["reason"] == "forfeit"
    assert server.rooms[waiting].result_data["reason"] == "aborted"
    await H.wait_for(lambda: any(m.get("type") == "bye" for m in statuses))
    assert [m["code"] for m in statuses if m.get("type") == "bye"] == ["banned"]
    await H.wait_for(lambda: any(m.get("status") == "refused" for m in statuses))  # it does not keep trying
    assert [m["code"] for m in statuses if m.get("status") == "refused"] == ["banned"]

    back = AsyncClient(f"ws://127.0.0.1:{server.port}", name=None, token=silver.token, reconnect=False)
    with pytest.raises(ServerError) as refused:
        await back.connect(timeout=10)
    assert refused.value.code == "banned" and "abuse in chat" in refused.value.reason
    await back.close()

    await server.stop()  # the ban is kept in the store
    again = await start_server()
    back = AsyncClient(f"ws://127.0.0.1:{again.port}", name=None, token=silver.token, reconnect=False)
    with pytest.raises(ServerError):
        await back.connect(timeout=10)
    await back.close()
    lifted = await run_admin(again, tmp_path, "unban", "2")
    assert lifted.returncode == 0 and lifted.stdout.strip() == "Silver (id 2) may play again"
    welcome = await connect(again, None, token=silver.token)
    assert welcome.user == {"id": 2, "name": "Silver"}


async def test_the_operator_aborts_and_adjudicates_games(server, connect, tmp_path):
    first = await H.make_duel(server, connect, seed=1)
    await H.play_script(first["clients"], first["game"], 1, 0, 4)
    judged = await run_admin(server, tmp_path, "adjudicate", first["game"], "silver")
    assert judged.returncode == 0, judged.stderr
    assert judged.stdout.strip() == f"game {first['game']}: silver wins (adjudicated)"
    await H.wait_for(lambda: plain(first["gold"].games[first["game"]].info).get("result") is not None)
    assert plain(first["gold"].games[first["game"]].info)["result"]["winner"] == 2

    second = await H.make_duel(server, connect, seed=2)
    stopped = await run_admin(server, tmp_path, "abort", second["game"])
    assert stopped.stdout.strip() == f"game {second['game']}: no winner (aborted)"
    await H.wait_for(lambda: (plain(second["silver"].games[second["game"]].info).get("result") or {}).get("reason") == "aborted")
    again = await run_admin(server, tmp_path, "abort", second["game"])
    assert again.returncode == 1 and "refused (game_over)" in again.stderr


@pytest.mark.parametrize("name, why", [
    ("x", "2 to 24 characters"),
    ("Gold  Digger", "single spaces"),
    ("-Gold", "single spaces"),
    ("Arse", "not allowed here"),
    ("a.r.s.e", "not allowed here"),
    ("Big 4rse", "not allowed here"),
])
async def test_a_name_that_breaks_the_policy_is_refused_and_changes_nothing(server, connect, name, why):
    client = AsyncClient(f"ws://127.0.0.1:{server.port}", name=name, reconnect=False)
    with pytest.raises(ServerError) as refused:
        await client.connect(timeout=10)
    await client.close()
    assert refused.value.code == "bad_name" and why in refused.value.reason
    assert server.users == {}
    player = await connect(server, "Ada")
    with pytest.raises(ServerError) as refused:
        await player.request("set_name", name=name)
    assert refused.value.code == "bad_name" and server.users[1].name == "Ada"


async def test_names_from_every_script_and_words_inside_words_are_welcome(server, connect):
    for name in ("Zoë", "Jean-Luc O'Brien", "Scunthorpe", "東京 2", "a_b.c"):
        client = await connect(server, name)
        assert client.user["name"] == name
