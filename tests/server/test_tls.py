"""wss://: the server serving TLS itself (``--tls-cert``/``--tls-key``), a self-signed
certificate trusted by the client, and plain words when a certificate is not trusted or the
files do not load."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest
import srv_helpers as H

from client.net import AsyncClient, CertificateNotTrusted

REPO = Path(__file__).resolve().parents[2]


async def test_a_game_is_played_over_wss_with_a_trusted_self_signed_certificate(start_server, connect, certificate):
    cert, key = certificate
    server = await start_server(tls_cert=cert, tls_key=key)
    await H.play_a_game_at(f"wss://localhost:{server.port}", connect, cert)


async def test_an_untrusted_certificate_is_said_plainly_and_not_retried(start_server, certificate):
    cert, key = certificate
    server = await start_server(tls_cert=cert, tls_key=key)
    client = AsyncClient(f"wss://localhost:{server.port}", name="Wary")
    with pytest.raises(CertificateNotTrusted) as refused:
        await client.connect(timeout=10)
    assert "is not trusted: self-signed certificate" in str(refused.value)
    await client.close()


async def test_the_terminal_client_names_the_untrusted_certificate_and_the_way_out(start_server, certificate, tmp_path):
    cert, key = certificate
    server = await start_server(tls_cert=cert, tls_key=key)
    run = await asyncio.to_thread(
        subprocess.run, [sys.executable, "-m", "scryptic", "cli", "--server", f"wss://localhost:{server.port}",
                         "--name", "Wary", "--identity", str(tmp_path / "id.json")],
        capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL, cwd=REPO, env=dict(os.environ))
    assert run.returncode == 1
    line = run.stderr.strip().splitlines()[-1]
    assert line.startswith("scryptic cli: the certificate of wss://localhost:")
    assert "not trusted" in line and "--ca-file FILE" in line


@pytest.mark.parametrize("case", ["missing", "not a certificate", "only one"])
def test_a_certificate_that_does_not_load_stops_the_server_before_it_starts(case, tmp_path, certificate):
    cert, key = certificate
    if case == "missing":
        args, said = ["--tls-cert", str(tmp_path / "none.pem"), "--tls-key", str(key)], f"no such file: {tmp_path / 'none.pem'}"
    elif case == "not a certificate":
        junk = tmp_path / "junk.pem"
        junk.write_text("hello\n")
        args, said = ["--tls-cert", str(junk), "--tls-key", str(key)], "do not load as a PEM pair"
    else:
        args, said = ["--tls-cert", str(cert)], "--tls-key is missing"
    run = subprocess.run([sys.executable, "-m", "scryptic", "server", "--port", "0", "--db", str(tmp_path / "db.sqlite3"),
                          *args], capture_output=True, text=True, timeout=60, cwd=REPO)
    assert run.returncode == 2, run.stderr
    assert said in run.stderr and "Traceback" not in run.stderr
    assert not (tmp_path / "db.sqlite3").exists()  # nothing was started or written
