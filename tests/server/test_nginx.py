"""Behind nginx: the configuration printed in docs/operating.md, run by Debian's nginx in front of a
server on the loopback address. A game is played over wss:// through it, /healthz answers through
it, /metrics only to the machine itself, and the server counts connections per player's address
(X-Forwarded-For from a trusted proxy), not per proxy."""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import os
import re
import shutil
import socket
import ssl
import subprocess
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import srv_helpers as H
import websockets

REPO = Path(__file__).resolve().parents[2]


def nginx_binary() -> str | None:
    return shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx", "/sbin/nginx") if os.access(p, os.X_OK)), None)


pytestmark = pytest.mark.skipif(nginx_binary() is None, reason="nginx is not installed (scripts/install-hosting-deps.sh)")


def documented_block() -> str:
    """The ```nginx block of docs/operating.md, as an operator copies it."""
    text = (REPO / "docs" / "operating.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```nginx\n(.*?)```", text, flags=re.S)
    assert len(blocks) == 1, "docs/operating.md should show one nginx configuration"
    return blocks[0]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def configuration(folder: Path, upstream: int, listen: int, cert: Path, key: Path) -> str:
    """The documented block with this test's ports and certificate, in a whole nginx.conf whose
    pid file, logs and temporary folders are in the test's folder."""
    block = documented_block()
    for old, new in (("server 127.0.0.1:8765;", f"server 127.0.0.1:{upstream};"),
                     ("listen 443 ssl;", f"listen 127.0.0.1:{listen} ssl;"),
                     ("/etc/letsencrypt/live/play.example.org/fullchain.pem", str(cert)),
                     ("/etc/letsencrypt/live/play.example.org/privkey.pem", str(key))):
        assert old in block, f"the documented configuration no longer has {old!r}"
        block = block.replace(old, new)
    temp = "\n".join(f"    {kind}_temp_path {folder / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    user = "user root;\n" if os.geteuid() == 0 else ""
    return (f"{user}worker_processes 1;\npid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'} warn;\n"
            f"events {{ worker_connections 64; }}\n"
            f"http {{\n    access_log {folder / 'access.log'};\n{temp}\n{block}\n}}\n")


@contextlib.contextmanager
def running_nginx(folder: Path, conf: str) -> Iterator[None]:
    (folder / "nginx.conf").write_text(conf, encoding="utf-8")
    binary = nginx_binary()
    assert binary is not None
    check = subprocess.run([binary, "-t", "-p", str(folder), "-c", str(folder / "nginx.conf")],
                           capture_output=True, text=True, timeout=30)
    assert check.returncode == 0, check.stderr
    process = subprocess.Popen([binary, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-g", "daemon off;"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        yield
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


async def until_listening(port: int, timeout: float = 20.0) -> None:
    """Wait until something accepts on 127.0.0.1:port."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            if asyncio.get_running_loop().time() > deadline:
                raise
            await asyncio.sleep(0.05)
        else:
            writer.close()
            await writer.wait_closed()
            return


@pytest.fixture
async def proxied(start_server, certificate, tmp_path) -> AsyncIterator[tuple[object, int, Path]]:
    """A server on 127.0.0.1 trusting the proxy, two connections per address, and nginx in front."""
    cert, key = certificate
    server = await start_server(trusted_proxies=("127.0.0.1",), max_connections_per_address=2)
    listen = free_port()
    with running_nginx(tmp_path, configuration(tmp_path, server.port, listen, cert, key)):
        await until_listening(listen)
        yield server, listen, cert


def get(path: str, port: int, cert: Path, source: str = "127.0.0.1") -> tuple[int, bytes]:
    """GET https://localhost:port/path from the source address given."""
    connection = http.client.HTTPSConnection("localhost", port, timeout=20, source_address=(source, 0),
                                             context=ssl.create_default_context(cafile=str(cert)))
    try:
        connection.request("GET", path)
        answer = connection.getresponse()
        return answer.status, answer.read()
    finally:
        connection.close()


async def test_a_game_is_played_over_wss_through_the_documented_nginx(proxied, connect):
    _, listen, cert = proxied
    await H.play_a_game_at(f"wss://localhost:{listen}", connect, cert)


async def test_health_answers_through_nginx_and_metrics_only_to_the_machine_itself(proxied):
    _, listen, cert = proxied
    status, body = await asyncio.to_thread(get, "/healthz", listen, cert)
    assert status == 200 and b'"ready":true' in body.replace(b" ", b"")
    status, body = await asyncio.to_thread(get, "/metrics", listen, cert)
    assert status == 200 and b"scryptic_connections " in body
    status, _ = await asyncio.to_thread(get, "/metrics", listen, cert, "127.0.0.9")
    assert status == 403


async def test_connections_are_counted_per_player_address_not_per_proxy(proxied, certificate):
    _, listen, cert = proxied
    context = ssl.create_default_context(cafile=str(cert))
    url = f"wss://localhost:{listen}"

    async def open_from(source: str):  # type: ignore[no-untyped-def]
        return await websockets.connect(url, ssl=context, local_addr=(source, 0), open_timeout=20)

    near = [await open_from("127.0.0.2"), await open_from("127.0.0.2")]
    with pytest.raises(websockets.InvalidStatus) as refused:
        await open_from("127.0.0.2")  # a third from one address: over --max-per-address
    assert refused.value.response.status_code == 429
    far = await open_from("127.0.0.3")  # another player, same proxy: welcome
    for ws in (*near, far):
        await ws.close()
