"""A PostgreSQL and a NATS server of one's own, on 127.0.0.1: for ``scryptic cluster up`` and tests.

Uses the Debian packages' binaries (``postgresql``: ``initdb``, ``pg_ctl`` under
``/usr/lib/postgresql/N/bin``; ``nats-server``). PostgreSQL refuses to run as root, so when this
process is root the database folder is given to the ``postgres`` user (or ``nobody``) and its
commands run through ``runuser``.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import time
from pathlib import Path


class ServiceError(RuntimeError):
    """A local service could not be found or started (the message says which and why)."""


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def postgres_bin(tool: str = "pg_ctl") -> str | None:
    """The path of a PostgreSQL server tool, or None if PostgreSQL is not installed."""
    found = shutil.which(tool)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{tool}"), key=lambda p: int(p.split("/")[4]))
    return candidates[-1] if candidates else None


def nats_bin() -> str | None:
    """The path of ``nats-server``, or None if it is not installed."""
    return shutil.which("nats-server") or ("/usr/sbin/nats-server" if os.path.exists("/usr/sbin/nats-server") else None)


def _wait_port(port: int, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise ServiceError(f"{what} did not listen on 127.0.0.1:{port} within {timeout:.0f} s")


class LocalPostgres:
    """A throw-away PostgreSQL cluster in ``folder`` listening on 127.0.0.1:``port``."""

    def __init__(self, folder: Path, port: int | None = None) -> None:
        """Nothing runs until :meth:`start`; raises ServiceError if PostgreSQL is not installed."""
        initdb, pg_ctl = postgres_bin("initdb"), postgres_bin("pg_ctl")
        if initdb is None or pg_ctl is None:
            raise ServiceError("PostgreSQL is not installed (Debian package `postgresql`; ./dev setup installs it)")
        self.initdb, self.pg_ctl = initdb, pg_ctl
        self.folder = Path(folder)
        self.data = self.folder / "pgdata"
        self.port = port or free_port()
        self._user = None
        if os.geteuid() == 0:
            self._user = "postgres" if _user_exists("postgres") else "nobody"

    @property
    def url(self) -> str:
        """The address of the ``scryptic`` database."""
        return f"postgresql://scryptic@127.0.0.1:{self.port}/scryptic"

    def _cmd(self, *args: str) -> list[str]:
        return ["runuser", "-u", self._user, "--", *args] if self._user else list(args)

    def _chown(self) -> None:
        if self._user:
            shutil.chown(self.folder, self._user)
            for path in self.folder.rglob("*"):
                shutil.chown(path, self._user)

    def start(self) -> None:
        """Create the cluster (first time), start it, and create the role and database."""
        self.folder.mkdir(parents=True, exist_ok=True)
        first = not self.data.exists()
        self._chown()
        if first:
            self._check(self._cmd(self.initdb, "-D", str(self.data), "-U", "scryptic", "-A", "trust",
                                  "--no-sync", "-E", "UTF8", "--locale", "C"), "initdb")
        options = f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c max_connections=200"
        self._check(self._cmd(self.pg_ctl, "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"),
                              "-w", "-t", "30", "start"), "pg_ctl start")
        _wait_port(self.port, 30, "PostgreSQL")
        if first:
            createdb = postgres_bin("createdb") or "createdb"
            self._check([createdb, "-h", "127.0.0.1", "-p", str(self.port), "-U", "scryptic", "scryptic"], "createdb")

    def stop(self, fast: bool = True) -> None:
        """Stop the server (``fast``: cut connections; else wait for them)."""
        subprocess.run(self._cmd(self.pg_ctl, "-D", str(self.data), "-m", "immediate" if fast else "smart", "-w", "stop"),
                       capture_output=True, timeout=60)

    def _check(self, cmd: list[str], what: str) -> None:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise ServiceError(f"{what} failed ({done.returncode}): {(done.stderr or done.stdout).strip()[-800:]}")


def _user_exists(name: str) -> bool:
    import pwd

    try:
        pwd.getpwnam(name)
        return True
    except KeyError:
        return False


class LocalNats:
    """A NATS server on 127.0.0.1:``port`` (started and stopped as a child process)."""

    def __init__(self, port: int | None = None) -> None:
        """Nothing runs until :meth:`start`; raises ServiceError if nats-server is not installed."""
        binary = nats_bin()
        if binary is None:
            raise ServiceError("nats-server is not installed (Debian package `nats-server`; ./dev setup installs it)")
        self.binary = binary
        self.port = port or free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The server's address for clients."""
        return f"nats://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start the server and wait until it listens."""
        self.process = subprocess.Popen([self.binary, "-a", "127.0.0.1", "-p", str(self.port)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _wait_port(self.port, 15, "nats-server")

    def kill(self) -> None:
        """Kill the server at once (SIGKILL), as a crash would."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None

    stop = kill
