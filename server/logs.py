"""Structured logs: one JSON object per line on stderr.

Log with ``extra={"data": {...}}`` to add fields: ``log.info("joined", extra={"data": {"game": gid}})``.
"""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime
from typing import Any, TextIO


class JsonFormatter(logging.Formatter):
    """Format a record as a JSON line: time, level, logger, message and the record's data."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "t": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        data = getattr(record, "data", None)
        if isinstance(data, dict):
            for key, value in data.items():
                out.setdefault(key, value)
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out, default=str, separators=(",", ":"))


def setup_logging(level: str = "info", stream: TextIO | None = None) -> None:
    """Send the ``scryptic`` and ``websockets`` loggers to ``stream`` as JSON lines."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter())
    for name in ("scryptic", "websockets"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.propagate = False
    logging.getLogger("scryptic").setLevel(level.upper())
    # websockets logs every failed handshake at info; keep those at warning and above.
    logging.getLogger("websockets").setLevel(max(logging.WARNING, logging.getLevelName(level.upper())))
