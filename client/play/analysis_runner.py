"""The post-game analysis in the background, so the window never waits on it.

:class:`AnalysisRunner` runs :func:`shared.analysis.iter_analysis` in a worker thread and hands
each turn's :class:`~shared.analysis.TurnReport` to the window's thread through a queue, which
the screen drains once a frame (:meth:`AnalysisRunner.poll`): the first results show as soon as
the first turn has been searched, and the whole game's figures
(:class:`~shared.analysis.GameAnalysis`) once the last has. Between two turns the worker can be
held (:meth:`pause`, while the screen is not shown) and stopped (:meth:`stop`).

:class:`ServerAnalysis` takes an online game's analysis from its server instead (``analyse``).

:func:`judge_in_background` does the same for one turn a player tries in a lesson
(:func:`shared.analysis.analyse_turn`), its answer a :class:`~concurrent.futures.Future`.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from shared.analysis import GameAnalysis, TurnReport, analyse_turn, iter_analysis, split_turns, summarise_game
from shared.rules.game import Game
from shared.rules.lexicon import Lexicon
from shared.rules.record import GameRecord


class AnalysisRunner:
    """One game's analysis, turn by turn, in a daemon thread (started by :meth:`start`)."""

    def __init__(self, record: GameRecord, lexicon: Lexicon, depth: str = "normal",
                 total: int | None = None) -> None:
        self.record = record
        self.lexicon = lexicon
        self.depth = depth
        self.total = total  # how many turns the game has (known once the worker has split it)
        self.reports: list[TurnReport] = []  # the turns analysed so far, in order (the UI thread's copy)
        self.summary: GameAnalysis | None = None
        self.error: str | None = None
        self._queue: queue.Queue[tuple[str, Any]] = queue.Queue()
        self._stop = threading.Event()
        self._go = threading.Event()
        self._go.set()
        self._thread: threading.Thread | None = None

    # ---------------------------------------------------------------- the worker
    def start(self) -> "AnalysisRunner":
        """Start the worker (once; later calls do nothing)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name="scryptic-analysis", daemon=True)
            self._thread.start()
        return self

    def _work(self) -> None:
        try:
            turns, final = split_turns(self.record, self.lexicon)
            self._queue.put(("total", len(turns)))
            reports: list[TurnReport] = []
            for report in iter_analysis(self.record, self.lexicon, self.depth):
                reports.append(report)
                self._queue.put(("turn", report))
                if self._held():
                    return
            self._queue.put(("done", summarise_game(final, reports, self.depth)))
        except Exception as exc:  # shown on the screen, never a crash of the window
            self._queue.put(("error", str(exc) or type(exc).__name__))

    def _held(self) -> bool:
        """Between two turns: wait while paused; True if stopped."""
        if self._stop.is_set():
            return True
        self._go.wait()
        return self._stop.is_set()

    def pause(self) -> None:
        """Hold the worker after the turn it is searching (the screen is not shown)."""
        self._go.clear()

    def resume(self) -> None:
        self._go.set()

    def stop(self) -> None:
        """Stop for good after the turn being searched (the thread then ends)."""
        self._stop.set()
        self._go.set()

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the worker to end (tests); True if it has."""
        if self._thread is None:
            return True
        self._thread.join(timeout)
        return not self._thread.is_alive()

    # ---------------------------------------------------------------- the window's side
    def poll(self) -> int:
        """Take what the worker has handed over; returns how many new turns came in."""
        new = 0
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                return new
            new += self._take(item)

    def wait(self, timeout: float | None = None) -> int:
        """Block until the worker hands something over (or ``timeout`` seconds pass), then take
        it and whatever else is there; returns how many new turns came in (tests, tools)."""
        try:
            item = self._queue.get(timeout=timeout)
        except queue.Empty:
            return 0
        return self._take(item) + self.poll()

    def _take(self, item: tuple[str, Any]) -> int:
        kind, value = item
        if kind == "total":
            self.total = value
        elif kind == "turn":
            self.reports.append(value)
            return 1
        elif kind == "done":
            self.summary = value
        elif kind == "error":
            self.error = value
        return 0

    @property
    def done(self) -> bool:
        """True once every turn is in and the game's figures are known."""
        return self.summary is not None

    @property
    def running(self) -> bool:
        return self._thread is not None and not self.done and self.error is None and not self._stop.is_set()

    def progress_text(self) -> str:
        """'Analysing: turn 5 of 13', 'Analysed at normal depth', or what went wrong."""
        if self.error is not None:
            return f"The analysis failed: {self.error}"
        if self.done:
            return f"Analysed: {len(self.reports)} turns at {self.depth} depth"
        total = self.total or "?"
        if self._thread is None:
            return "The analysis has not started"
        if not self._go.is_set():
            return f"Analysis paused at turn {len(self.reports)} of {total}"
        return f"Analysing: turn {min(len(self.reports) + 1, self.total or 10**6)} of {total}"


SERVER_WAIT = 600.0
"""Seconds an online game's analysis is waited for from the server before it is made here."""


def reports_from(data: dict[str, Any]) -> tuple[list[TurnReport], GameAnalysis]:
    """The turns and the game's figures of an analysis in its JSON form (``GameAnalysis.to_dict``,
    what the server's ``analyse`` gives)."""
    fields = set(TurnReport.__dataclass_fields__)
    reports = [TurnReport(**{k: v for k, v in turn.items() if k in fields}) for turn in data["turns"]]
    numbers = [t.number for t in reports]
    turning = [numbers.index(n) for n in data.get("turning", []) if n in numbers]
    summary = GameAnalysis(data["depth"], data["result"], reports, list(data["graph"]),
                           {int(p): a for p, a in data["accuracy"].items()},
                           {int(p): c for p, c in data["labels"].items()}, turning)
    return reports, summary


class ServerAnalysis(AnalysisRunner):
    """An online game's analysis from its server (stored there once made, for every player and
    spectator), made here instead if the server cannot give it (an older server, one without
    analysis workers, a full queue, a lost connection)."""

    def __init__(self, record: GameRecord, lexicon: Lexicon, fetch: Callable[[], "Future[dict[str, Any]]"],
                 depth: str = "normal", total: int | None = None) -> None:
        super().__init__(record, lexicon, depth, total)
        self.fetch = fetch
        self.source = "server"  # where the analysis came from: "server", or "here" after a refusal
        self.refusal: str | None = None

    def _work(self) -> None:
        try:
            data = self.fetch().result(timeout=SERVER_WAIT)
            reports, summary = reports_from(data)
        except Exception as exc:  # a refusal or a lost connection: analysed here instead
            self.source, self.refusal = "here", getattr(exc, "reason", None) or str(exc) or type(exc).__name__
            super()._work()
            return
        self.depth = summary.depth
        self._queue.put(("total", len(reports)))
        for report in reports:
            self._queue.put(("turn", report))
        self._queue.put(("done", summary))

    def progress_text(self) -> str:
        if self.source == "server" and not self.done and self.error is None and self._thread is not None:
            return "The server is analysing the game..."
        return super().progress_text()


def judge_in_background(start: Game, actions: list[dict[str, Any]], depth: str = "normal",
                        seed: int = 0) -> "Future[TurnReport]":
    """:func:`~shared.analysis.analyse_turn` of ``actions`` from ``start`` in a daemon thread."""
    future: Future[TurnReport] = Future()
    snapshot = start.copy()

    def work() -> None:
        try:
            future.set_result(analyse_turn(snapshot, actions, depth, seed=seed))
        except Exception as exc:  # handed to whoever reads the future
            future.set_exception(exc)

    threading.Thread(target=work, name="scryptic-judge", daemon=True).start()
    return future
