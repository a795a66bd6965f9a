"""Deterministic reading and writing of the dictionary's text files."""

from __future__ import annotations

import gzip
import hashlib
import io
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any


def read_text(path: Path) -> str:
    """The UTF-8 text of ``path``, gunzipped if it ends in ``.gz``."""
    data = path.read_bytes()
    return (gzip.decompress(data) if path.suffix == ".gz" else data).decode("utf-8")


def read_lines(path: Path) -> list[str]:
    """Stripped lines of ``path`` without blanks and ``#`` comments (also trailing ones)."""
    lines = []
    for raw in read_text(path).splitlines():
        line = raw.split("#", 1)[0].strip()
        if line:
            lines.append(line)
    return lines


def read_words(path: Path) -> list[str]:
    """Whitespace-separated words of ``path`` (comments dropped), first occurrence order."""
    return list(dict.fromkeys(w for line in read_lines(path) for w in line.split()))


def write_text(path: Path, text: str) -> None:
    """Write ``text`` as UTF-8 with ``\\n`` line ends; gzip it (with no timestamp) for ``.gz``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8")
    if path.suffix == ".gz":
        buffer = io.BytesIO()
        # mtime=0 and no file name keep the bytes the same from one build to the next.
        with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, compresslevel=9, mtime=0) as gz:
            gz.write(data)
        data = buffer.getvalue()
    path.write_bytes(data)


def write_lines(path: Path, lines: Iterable[str], header: Iterable[str] = ()) -> None:
    """Write ``#``-prefixed header lines, then one line per item."""
    head = "".join(f"# {h}\n" if h else "#\n" for h in header)
    write_text(path, head + "".join(f"{line}\n" for line in lines))


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` as sorted, indented JSON."""
    write_text(path, json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n")


def sha256_bytes(data: bytes) -> str:
    """Hex SHA-256 of ``data``."""
    return hashlib.sha256(data).hexdigest()


def content_sha256(path: Path) -> str:
    """SHA-256 of a file's content (of the uncompressed text for ``.gz``).

    Hashing the content rather than the gzip bytes keeps the checksum stable across zlib
    versions.
    """
    data = path.read_bytes()
    return sha256_bytes(gzip.decompress(data) if path.suffix == ".gz" else data)
