"""What each build stage needs from the machine, and how to say what is missing."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

SCOWL_DIR = Path("/usr/share/dict/scowl")
WORDNET_DIR = Path("/usr/share/wordnet")


@dataclass(frozen=True)
class DebianPackage:
    """A Debian package and a file whose presence shows it is installed."""

    name: str
    probe: Path


SCOWL = DebianPackage("scowl", SCOWL_DIR / "english-words.10")
WORDNET_BASE = DebianPackage("wordnet-base", WORDNET_DIR / "data.noun")
WORDNET_SENSE_INDEX = DebianPackage("wordnet-sense-index", WORDNET_DIR / "index.sense")

STAGE_DEBIAN: dict[str, tuple[DebianPackage, ...]] = {
    "sources": (SCOWL,),
    "wordnet": (WORDNET_BASE, WORDNET_SENSE_INDEX),
    "assemble": (),
}
STAGE_PYTHON: dict[str, tuple[str, ...]] = {
    "sources": (),
    "wordnet": ("nltk", "lemminflect", "wordfreq"),
    "assemble": ("wordfreq",),
}


def missing_debian(stages: list[str]) -> list[str]:
    """Names of the Debian packages the given stages need that are not installed."""
    names = [p.name for s in stages for p in STAGE_DEBIAN[s] if not p.probe.exists()]
    return list(dict.fromkeys(names))


def missing_python(stages: list[str]) -> list[str]:
    """Names of the Python modules the given stages need that cannot be imported."""
    names = [m for s in stages for m in STAGE_PYTHON[s] if importlib.util.find_spec(m) is None]
    return list(dict.fromkeys(names))


def missing_message(stages: list[str]) -> str | None:
    """A message naming what is missing and how to install it, or None if nothing is."""
    parts = []
    debian = missing_debian(stages)
    if debian:
        parts.append(
            f"missing Debian packages: {', '.join(debian)}\n"
            f"  install them with: sudo apt-get install -y {' '.join(debian)}"
        )
    python = missing_python(stages)
    if python:
        parts.append(
            f"missing Python modules: {', '.join(python)}\n"
            "  install the build extra with: pip install -e '.[build]'"
        )
    return "\n".join(parts) or None


def debian_version(package: str) -> str | None:
    """The installed version of a Debian package (None where dpkg is unavailable)."""
    if shutil.which("dpkg-query") is None:
        return None
    result = subprocess.run(
        ["dpkg-query", "-W", "-f", "${Version}", package],
        capture_output=True,
        text=True,
        check=False,
    )
    return result.stdout.strip() or None if result.returncode == 0 else None
