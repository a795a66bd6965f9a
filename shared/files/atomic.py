"""Files written whole or not at all, and damaged files kept aside rather than lost.

Everything the programs write for people (records, maps, exports, screenshots, settings, the
identity file) goes through :func:`write_text`, :func:`write_bytes` or :func:`replacing`: the
data goes to a temporary file in the target's folder, is flushed to disk, and is renamed over
the target (``os.replace``, atomic on one file system). A failure at any point leaves the old
file as it was and no temporary file behind.

A file found damaged when it is read at start-up is renamed with ``.corrupt`` by
:func:`set_aside` (``settings.json.corrupt``, then ``.corrupt.1`` ...) and reported; the program
carries on with the defaults.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

DEFAULT_MODE = 0o644
TEMP_PATTERN = re.compile(r"^\..+\.tmp(\.[^.]*)?$")
"""Names of the temporary files made here (for tests that check none is left behind)."""


@contextmanager
def replacing(path: str | os.PathLike[str], mode: int | None = None) -> Iterator[Path]:
    """Yield a temporary path beside ``path``; when the block ends, it replaces ``path``.

    Write the new content to the yielded path (it exists, empty, and ends with ``path``'s
    suffix so format-guessing writers work). If the block raises, the temporary file is removed
    and ``path`` is untouched. ``mode`` defaults to the old file's mode, or 0o644.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(prefix=f".{target.stem}.", suffix=f".tmp{target.suffix}",
                                     dir=target.parent)
    os.close(fd)
    temp = Path(temp_name)
    try:
        yield temp
        with open(temp, "rb+") as handle:
            os.fsync(handle.fileno())
        if mode is None:
            mode = target.stat().st_mode & 0o777 if target.exists() else DEFAULT_MODE
        os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def write_bytes(path: str | os.PathLike[str], data: bytes, mode: int | None = None) -> Path:
    """Write ``data`` to ``path`` atomically; return the path."""
    with replacing(path, mode) as temp:
        temp.write_bytes(data)
    return Path(path)


def write_text(path: str | os.PathLike[str], text: str, mode: int | None = None) -> Path:
    """Write ``text`` as UTF-8 with ``\\n`` line ends to ``path`` atomically; return the path."""
    return write_bytes(path, text.encode("utf-8"), mode)


def set_aside(path: str | os.PathLike[str]) -> Path:
    """Rename a damaged file to ``NAME.corrupt`` (or ``NAME.corrupt.N`` if taken); return the new path."""
    source = Path(path)
    target = source.with_name(source.name + ".corrupt")
    n = 1
    while target.exists():
        target = source.with_name(f"{source.name}.corrupt.{n}")
        n += 1
    os.replace(source, target)
    return target
