"""``GET /healthz`` and ``GET /metrics``, answered on the game's own port (plain HTTP, no
websocket): what a load balancer, a service manager or Prometheus asks of the server.

``/healthz`` is 200 with ``{"ready": true, ...}`` while the server takes games, else 503 with
``"why"``: the reasons it does not (shutting down, the store failing). ``/metrics`` is the
Prometheus text format of :class:`server.metrics.Metrics` (docs/operating.md lists the names).
Every other plain GET is the web client's (:mod:`server.web`), unless the server runs without it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from http import HTTPStatus
from typing import Any

from server.edge.listener import Page
from server.metrics import METRICS_CONTENT_TYPE, Metrics
from server.web import WebPages

HEALTH_PATH = "/healthz"
METRICS_PATH = "/metrics"


class HealthPages:
    """The two pages, from the server's readiness and readout."""

    def __init__(self, metrics: Metrics, not_ready: Callable[[], list[str]], summary: Callable[[], dict[str, Any]],
                 web_client: bool = False) -> None:
        """``not_ready()`` gives the reasons the server does not take games now (none: ready);
        ``summary()`` a few figures shown with them; ``web_client``: serve the web client too."""
        self.metrics = metrics
        self.web = WebPages() if web_client else None
        self._not_ready = not_ready
        self._summary = summary

    def __call__(self, path: str, headers: Any = None) -> Page | None:
        """The page at ``path``, or None for any other path (the websocket handshake goes on).
        ``headers``, the request's, say which encodings the browser takes and what it has cached."""
        if path == HEALTH_PATH:
            why = self._not_ready()
            body = {"ready": not why, "why": why, **self._summary()}
            status = HTTPStatus.OK if not why else HTTPStatus.SERVICE_UNAVAILABLE
            return Page(status, "application/json", json.dumps(body, separators=(",", ":")).encode() + b"\n")
        if path == METRICS_PATH:
            return Page(HTTPStatus.OK, METRICS_CONTENT_TYPE, self.metrics.render())
        if self.web is not None:
            get = headers.get if headers is not None else (lambda name, default="": default)
            return self.web(path, get("Accept-Encoding", ""), get("If-None-Match", ""))
        return None
