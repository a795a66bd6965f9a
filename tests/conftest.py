"""Test-suite set-up: helper modules on the path, and the user's own files kept out of reach.

Every test (and every program a test starts) sees ``SCRYPTIC_CONFIG_DIR``, ``SCRYPTIC_DATA_DIR``
and the XDG config/data folders pointing into one temporary folder, so settings, identity files
and server databases are never written to the user's ``~/.config/scryptic`` or
``~/.local/share/scryptic``. At the end the session fails if those folders changed anyway.
"""

import os
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))


def _real_user_dirs() -> list[Path]:
    import platformdirs

    return [Path(platformdirs.user_config_dir("scryptic", appauthor=False)),
            Path(platformdirs.user_data_dir("scryptic", appauthor=False))]


def _snapshot(folder: Path) -> dict[str, tuple[int, int]] | None:
    if not folder.exists():
        return None
    return {str(p): (p.stat().st_mtime_ns, p.stat().st_size) for p in [folder, *folder.rglob("*")]}


_REAL_DIRS = _real_user_dirs()  # before the environment below points platformdirs elsewhere
_BEFORE = {folder: _snapshot(folder) for folder in _REAL_DIRS}
_SANDBOX = Path(tempfile.mkdtemp(prefix="scryptic-tests-"))
for _var, _sub in (("SCRYPTIC_CONFIG_DIR", "config/scryptic"), ("SCRYPTIC_DATA_DIR", "data/scryptic"),
                   ("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data")):
    os.environ[_var] = str(_SANDBOX / _sub)


def pytest_sessionfinish(session, exitstatus):
    """Fail the run if the user's own Scryptic folders were written; remove the sandbox."""
    touched = [str(folder) for folder in _REAL_DIRS if _snapshot(folder) != _BEFORE[folder]]
    if touched:
        print(f"\nthe tests wrote into the user's own folders: {', '.join(touched)}", file=sys.stderr)
        session.exitstatus = 1
    shutil.rmtree(_SANDBOX, ignore_errors=True)


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """Print mypy's error count for each package, when tests/test_types.py ran."""
    from test_types import TYPE_COUNTS

    counts = config.stash.get(TYPE_COUNTS, None)
    if counts:
        terminalreporter.write_sep("-", "mypy errors by package")
        terminalreporter.write_line(", ".join(f"{name}: {n}" for name, n in counts.items()))
