"""The web client, served on the game's own port (the same origin as its websocket).

``GET /`` is the lobby; ``/game/ID``, ``/replay/ID``, ``/analysis/ID`` and ``/puzzle/daily``
are the same single page (``index.html``), which reads the address and opens the page asked
for. The files are Vite's build of ``web/`` (``npm run build`` writes them into
``server/web_static``, which the wheel carries); they are read once, when the server starts,
and kept in memory with their gzip forms, so a request never touches the disk and no path a
browser sends can reach any other file. Vite names every asset by its content's hash, so those
are cached for a year (``immutable``); the page itself is revalidated on every load (``no-cache``
with an ``ETag``), so a new build reaches the browser at once.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import re
from dataclasses import dataclass
from http import HTTPStatus
from pathlib import Path

from server.edge.listener import Page

WEB_DIR = Path(__file__).parent / "web_static"
PAGE_PATHS = re.compile(r"^/(?:|game/[^/]{1,64}|replay/[^/]{1,64}|analysis/[^/]{1,64}|puzzle/daily)/?$")
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
COMPRESSIBLE = (".html", ".js", ".css", ".svg", ".json", ".txt", ".webmanifest")

NOT_BUILT = b"""<!doctype html><meta charset="utf-8"><title>Scryptic</title>
<body style="font-family:sans-serif;background:#1b1410;color:#f3e3b5;padding:2em">
<h1>Scryptic</h1><p>This server has no web client built. From a checkout run
<code>cd web &amp;&amp; npm ci &amp;&amp; npm run build</code> and start the server again
(docs/web.md).</p></body>
"""
NOT_FOUND = b"""<!doctype html><meta charset="utf-8"><title>Not found - Scryptic</title>
<body style="font-family:sans-serif;background:#1b1410;color:#f3e3b5;padding:2em">
<h1>Nothing here</h1><p>There is no page at this address. <a style="color:#e8c15a" href="/">Go to the lobby</a>.</p></body>
"""


@dataclass(frozen=True)
class StaticFile:
    """One built file, as served."""

    content_type: str
    body: bytes
    gzipped: bytes | None
    etag: str
    cache: str


def load_files(root: Path) -> dict[str, StaticFile]:
    """Every file under ``root`` by its URL path (``/index.html``, ``/assets/x-1a2b.js``)."""
    files: dict[str, StaticFile] = {}
    if not root.is_dir():
        return files
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        url = "/" + path.relative_to(root).as_posix()
        body = path.read_bytes()
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        if kind.startswith("text/") or kind in ("application/javascript", "application/json"):
            kind += "; charset=utf-8"
        packed = gzip.compress(body, 9, mtime=0) if path.suffix in COMPRESSIBLE and len(body) > 512 else None
        cache = IMMUTABLE if url.startswith("/assets/") else REVALIDATE
        files[url] = StaticFile(kind, body, packed, '"' + hashlib.sha256(body).hexdigest()[:20] + '"', cache)
    return files


class WebPages:
    """Answers the web client's GETs from the files built into ``root``."""

    def __init__(self, root: Path = WEB_DIR) -> None:
        """Reads the build once (nothing built: every page says how to build it)."""
        self.files = load_files(root)

    @property
    def built(self) -> bool:
        """Whether a build of the web client was found."""
        return "/index.html" in self.files

    def __call__(self, path: str, accept_encoding: str = "", if_none_match: str = "") -> Page:
        """The answer for a GET of ``path``: a page, an asset, or a 404 page."""
        if PAGE_PATHS.match(path):
            if not self.built:
                return Page(HTTPStatus.OK, "text/html; charset=utf-8", NOT_BUILT)
            return self._serve(self.files["/index.html"], accept_encoding, if_none_match)
        found = self.files.get(path)
        if found is None or path == "/index.html":
            return Page(HTTPStatus.NOT_FOUND, "text/html; charset=utf-8", NOT_FOUND)
        return self._serve(found, accept_encoding, if_none_match)

    @staticmethod
    def _serve(file: StaticFile, accept_encoding: str, if_none_match: str) -> Page:
        headers: tuple[tuple[str, str], ...] = (("ETag", file.etag), ("Vary", "Accept-Encoding"))
        if if_none_match and file.etag in if_none_match:
            return Page(HTTPStatus.NOT_MODIFIED, file.content_type, b"", file.cache, headers)
        if file.gzipped is not None and "gzip" in accept_encoding:
            return Page(HTTPStatus.OK, file.content_type, file.gzipped, file.cache,
                        headers + (("Content-Encoding", "gzip"),))
        return Page(HTTPStatus.OK, file.content_type, file.body, file.cache, headers)
