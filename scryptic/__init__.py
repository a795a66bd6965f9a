"""The `scryptic` command: a thin launcher over the shared, server and client packages."""
