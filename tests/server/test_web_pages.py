"""The web client's pages and files on the game's port (server/web.py): what is served, how it
is cached, and that no path reaches any other file."""

from __future__ import annotations

import asyncio
import gzip
import urllib.error
import urllib.request
from http import HTTPStatus
from pathlib import Path

from server.web import IMMUTABLE, REVALIDATE, WebPages

INDEX = b"<!doctype html><title>Scryptic</title>" + b"<!-- padding -->" * 64


def build(folder: Path) -> Path:
    """A stand-in for Vite's output: the page, one hashed script, one image."""
    (folder / "assets").mkdir(parents=True)
    (folder / "art").mkdir()
    (folder / "index.html").write_bytes(INDEX)
    (folder / "assets" / "index-1a2b3c.js").write_text("console.log('scryptic');\n" * 40)
    (folder / "art" / "atlas.webp").write_bytes(b"RIFF....WEBP" + bytes(600))
    return folder


def test_every_page_address_is_the_single_page(tmp_path: Path):
    pages = WebPages(build(tmp_path / "dist"))
    for path in ("/", "/game/abcd1234", "/game/abcd1234/", "/replay/abcd1234", "/analysis/abcd1234", "/puzzle/daily"):
        page = pages(path)
        assert (page.status, page.body, page.cache) == (HTTPStatus.OK, INDEX, REVALIDATE), path
        assert page.content_type == "text/html; charset=utf-8"


def test_hashed_assets_are_cached_for_a_year_and_others_revalidated(tmp_path: Path):
    pages = WebPages(build(tmp_path / "dist"))
    script = pages("/assets/index-1a2b3c.js")
    assert (script.status, script.cache) == (HTTPStatus.OK, IMMUTABLE)
    assert script.content_type == "text/javascript; charset=utf-8"
    art = pages("/art/atlas.webp")
    assert (art.status, art.cache, art.content_type) == (HTTPStatus.OK, REVALIDATE, "image/webp")


def test_gzip_when_the_browser_takes_it_and_304_for_what_it_has(tmp_path: Path):
    pages = WebPages(build(tmp_path / "dist"))
    plain = pages("/assets/index-1a2b3c.js")
    packed = pages("/assets/index-1a2b3c.js", accept_encoding="gzip, deflate, br")
    assert ("Content-Encoding", "gzip") in packed.headers
    assert gzip.decompress(packed.body) == plain.body and len(packed.body) < len(plain.body)
    etag = dict(plain.headers)["ETag"]
    again = pages("/assets/index-1a2b3c.js", if_none_match=etag)
    assert (again.status, again.body) == (HTTPStatus.NOT_MODIFIED, b"")
    assert ("Content-Encoding", "gzip") not in pages("/art/atlas.webp", accept_encoding="gzip").headers  # already packed


def test_no_path_reaches_another_file(tmp_path: Path):
    (tmp_path / "secret.txt").write_text("no")
    pages = WebPages(build(tmp_path / "dist"))
    for path in ("/../secret.txt", "/assets/../../secret.txt", "/%2e%2e/secret.txt", "/index.html", "/nope", "/game/a/b"):
        page = pages(path)
        assert page.status == HTTPStatus.NOT_FOUND, path
        assert b"Go to the lobby" in page.body


def test_a_server_without_a_build_says_how_to_build_it(tmp_path: Path):
    page = WebPages(tmp_path / "nothing")("/game/abcd1234")
    assert page.status == HTTPStatus.OK and b"npm run build" in page.body


def _get(port: int, path: str, headers: dict[str, str]) -> tuple[int, dict[str, str]]:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return reply.status, dict(reply.headers)
    except urllib.error.HTTPError as refused:
        return refused.code, dict(refused.headers)


async def test_the_server_answers_a_browser_on_its_websocket_port(server):
    status, headers = await asyncio.to_thread(_get, server.port, "/lobby/nowhere", {})
    assert status == 404 and headers["Content-Type"] == "text/html; charset=utf-8"
    status, headers = await asyncio.to_thread(_get, server.port, "/healthz", {})
    assert status == 200 and headers["Cache-Control"] == "no-store"
