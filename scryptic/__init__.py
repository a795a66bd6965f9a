"""The `scryptic` command: a thin launcher over the shared, server and client packages."""

from importlib import metadata

try:
    __version__ = metadata.version("scryptic")
    """The installed version (written once, in ``pyproject.toml``)."""
except metadata.PackageNotFoundError:  # run from a checkout that was never installed
    __version__ = "0+unknown"
