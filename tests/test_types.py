"""mypy over the whole project: packages listed in CLEAN have no error, and every run prints how
many each package has (in the summary at the end of the test report), so the count is seen to
go down."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHECKED = ("shared", "server", "client", "scryptic")
# Packages (or folders) that type-check cleanly and must stay so: all of them.
CLEAN = CHECKED

_ERROR = re.compile(r"^(?P<path>[^:\s]+\.py):\d+: error: ")


def _groups(path: str) -> list[str]:
    parts = Path(path).parts
    return [parts[0], "/".join(parts[:2])] if len(parts) > 2 else [parts[0]]


def test_mypy_finds_no_error_in_the_clean_packages(request: pytest.FixtureRequest, tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "mypy", *CHECKED, "--cache-dir", str(tmp_path / "cache")],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    summary = run.stdout.strip().splitlines()[-1:] or [""]
    assert run.returncode in (0, 1) and re.match(r"(Success|Found \d+ error)", summary[0]), (
        f"mypy did not run: {run.stderr or run.stdout}")
    counts: Counter[str] = Counter()
    errors: dict[str, list[str]] = {}
    for line in run.stdout.splitlines():
        match = _ERROR.match(line)
        if match:
            for group in _groups(match["path"]):
                counts[group] += 1
                errors.setdefault(group, []).append(line)
    request.config.stash[TYPE_COUNTS] = {name: counts[name] for name in (*CHECKED, *CLEAN)}
    dirty = {name: errors[name] for name in CLEAN if counts[name]}
    assert not dirty, "\n".join(line for lines in dirty.values() for line in lines)


TYPE_COUNTS = pytest.StashKey[dict[str, int]]()
