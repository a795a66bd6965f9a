"""GET /healthz and GET /metrics on the game's port, read the way a load balancer and
Prometheus read them (the metrics through prometheus_client's own parser)."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request

import pytest
import srv_helpers as H
from prometheus_client.parser import text_string_to_metric_families

from client.net import ServerError


def _get(port: int, path: str) -> tuple[int, str, str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as reply:
            return reply.status, reply.headers["Content-Type"], reply.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.headers["Content-Type"], refused.read().decode()


async def scrape(server) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    status, content_type, text = await asyncio.to_thread(_get, server.port, "/metrics")
    assert status == 200 and content_type.startswith("text/plain; version=0.0.4")
    return {(sample.name, tuple(sorted(sample.labels.items()))): sample.value
            for family in text_string_to_metric_families(text) for sample in family.samples}


async def test_the_counters_move_as_a_game_is_played(server, connect, duel):
    before = await scrape(server)
    await H.play_script(duel["clients"], duel["game"], 1, 0, 6)
    after = await scrape(server)

    def moved(name: str, **labels: str) -> float:
        key = (name, tuple(sorted(labels.items())))
        return after[key] - before.get(key, 0.0)

    assert moved("scryptic_actions_total") == 6
    assert moved("scryptic_action_seconds_count") == 6
    assert moved("scryptic_action_seconds_bucket", le="+Inf") == 6
    assert after[("scryptic_action_seconds_sum", ())] > before[("scryptic_action_seconds_sum", ())]
    assert moved("scryptic_store_write_seconds_count") >= 6  # each action is a durable write
    assert moved("scryptic_messages_total", direction="in") >= 6
    assert after[("scryptic_connections", ())] == 2
    assert after[("scryptic_games", (("state", "active"),))] == 1
    assert after[("scryptic_games", (("state", "open"),))] == 0
    assert after[("scryptic_users", ())] == 2
    assert after[("scryptic_bot_queue", ())] == 0


async def test_a_refused_request_is_counted_by_its_code(server, connect):
    client = await connect(server, "Asker")
    with pytest.raises(ServerError):
        await client.create_game(map="atlantis")
    metrics = await scrape(server)
    assert metrics[("scryptic_errors_total", (("code", "bad_map"),))] == 1


async def test_healthz_says_ready_and_why_not(server, connect):
    status, content_type, text = await asyncio.to_thread(_get, server.port, "/healthz")
    assert (status, content_type) == (200, "application/json")
    assert json.loads(text)["ready"] is True and json.loads(text)["why"] == []
    server.listener.stop_accepting()  # what a shutdown does first
    status, _, text = await asyncio.to_thread(_get, server.port, "/healthz")
    assert status == 503
    assert json.loads(text) | {"uptime_s": 0} == {"ready": False, "why": ["the server is shutting down"],
                                                  "uptime_s": 0, "connections": 0, "games_active": 0}


async def test_any_other_path_is_still_the_websocket_handshake(start_server):
    server = await start_server(web_client=False)  # without the web client's pages (docs/web.md)
    status, _, _ = await asyncio.to_thread(_get, server.port, "/")
    assert status == 426  # Upgrade Required: a browser that opens the address is told so
