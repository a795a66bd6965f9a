"""Structured logs: one line per event on stderr, readable text or (``--log-json``) a JSON object.

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


class TextFormatter(logging.Formatter):
    """Format a record as one readable line: time, level, message, then the data as ``key=value``."""

    def format(self, record: logging.LogRecord) -> str:
        when = datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds")
        parts = [when.replace("+00:00", "Z"), f"{record.levelname.lower():<7}", record.getMessage()]
        data = getattr(record, "data", None)
        if isinstance(data, dict):
            parts += [f"{key}={_text_value(value)}" for key, value in data.items()]
        line = " ".join(parts)
        if record.exc_info:  # kept on the one line, as an escaped traceback
            line += " exc=" + json.dumps(self.formatException(record.exc_info))
        return line


def _text_value(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, default=str, separators=(",", ":"))
    return text if text and not any(ch.isspace() or ch in '"=' for ch in text) else json.dumps(text)


def setup_logging(level: str = "info", stream: TextIO | None = None, json_lines: bool = True) -> None:
    """Send the ``scryptic`` and ``websockets`` loggers to ``stream``, a line per event: JSON
    objects (``json_lines``) or readable text."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter() if json_lines else TextFormatter())
    for name in ("scryptic", "websockets"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.propagate = False
    logging.getLogger("scryptic").setLevel(level.upper())
    # websockets logs every failed handshake at info; keep those at warning and above.
    logging.getLogger("websockets").setLevel(max(logging.WARNING, logging.getLevelName(level.upper())))
