"""What a game screen drives: a :class:`GameSession`, local or over the network.

The game view never knows which one it has. It reads :meth:`GameSession.view` (the
engine's per-viewer snapshot, R13), sends actions with :meth:`GameSession.submit`, and once a
frame takes what happened from :meth:`GameSession.poll`: :class:`Update` (events and the new
view), :class:`Rejected` (a rule error in plain words) and :class:`Status` (thinking,
reconnecting, ...).

:class:`LocalSession` runs the engine in-process: humans at this machine (one against the
computer, or two for pass-and-play) and computer players whose moves are worked out in a
worker thread, so frames never stall.
"""

from __future__ import annotations

import concurrent.futures
import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from shared.rules.actions import Action, EndTurn, OrderDefence
from shared.rules.errors import RuleError
from shared.rules.game import Game, PendingDefence
from shared.rules.lexicon import Lexicon
from shared.rules.presets import PRESETS, RuleSet
from shared.rules.terrain import Player
from shared.wire import GameEvent, View

from client.play.chat import RoomChat
from client.play.wire import wire_events, wire_view


@dataclass
class Update:
    """The game moved on: ``events`` (as the viewer may see them) led to ``view``."""

    events: list[GameEvent]
    view: View
    actor: Player | None = None  # who acted (None: the server or unknown)
    resync: bool = False  # a whole new state (after a reconnect): no animation


@dataclass
class Rejected:
    """An action was refused; ``reason`` is plain English."""

    code: str
    reason: str


@dataclass
class Status:
    """Something to show that is not the game itself: ``kind`` is "thinking", "connection", ..."""

    kind: str
    text: str
    busy: bool = False


Message = Update | Rejected | Status


@dataclass
class Seat:
    """Who sits at one side."""

    player: Player
    name: str
    human_here: bool  # played with this client's mouse and keyboard
    ai_level: int | None = None


class GameSession:
    """The interface the game view drives (see the module docstring)."""

    lexicon: Lexicon
    rules: RuleSet
    seats: dict[Player, Seat]
    title: str = ""
    online = False  # a game on a server (NetworkSession)
    # What only some sessions have, said here so that the screens ask every session alike:
    driver: Any = None  # the guided tour's driver (the tutorial's session only)
    chat: RoomChat | None = None  # the game's chat room (an online game not against the bot)
    save_slot: Any = None  # the file a local game is kept in (client.play.autosave), once it is kept
    origin = "menu"  # where a local game was started: "menu", or "editor" for a test game
    # A resumed local game's story so far, for the chronicle: each action's events as the screen
    # saw them, and each side's letters on the board before it (empty for any other game).
    history: Sequence[tuple[list[GameEvent], dict[Player, int]]] = ()

    @property
    def rated(self) -> bool:
        """A rated game on a server (a game played here never is)."""
        return False

    @property
    def thinking(self) -> bool:
        """True while a computer player on this machine works out its move."""
        return False


    def clock_kind(self) -> str | None:
        """The game's time control as the clock shows it (None: no clock; games here have none)."""
        return None

    def rematch_error(self) -> str | None:
        """Why the last rematch asked of a server failed, if it did (None here)."""
        return None

    # ---------------------------------------------------------------- queries
    def view(self, viewer: Player | None) -> View:
        """The latest known state as ``viewer`` may see it."""
        raise NotImplementedError

    @property
    def local_players(self) -> frozenset[Player]:
        """The sides played at this machine."""
        return frozenset(p for p, s in self.seats.items() if s.human_here)

    @property
    def hot_seat(self) -> bool:
        """True for pass-and-play: two humans share this screen."""
        return len(self.local_players) == 2

    def actor(self) -> Player | None:
        """Who must act now (None when the game is over)."""
        actor = self.view(None).actor
        return None if actor is None else Player(actor)

    def viewer(self) -> Player | None:
        """Whose rack and secrets this screen shows now."""
        local = self.local_players
        if len(local) == 1:
            return next(iter(local))
        if len(local) == 2:
            return self.actor() or Player.GOLD
        return None

    def clock_left(self) -> dict[int, float] | None:
        """Seconds left per player (None: no clock)."""
        return None

    def defence_left(self) -> float | None:
        """Seconds before the server orders the defence itself (None: no countdown)."""
        return None

    @property
    def connection_text(self) -> str | None:
        """A line about the connection when it is not simply fine."""
        return None

    # ---------------------------------------------------------------- commands
    def submit(self, action: Action) -> None:
        """Send ``action``; its outcome comes back through :meth:`poll`."""
        raise NotImplementedError

    def poll(self) -> list[Message]:
        """What happened since the last call (call once a frame)."""
        raise NotImplementedError

    def record_text(self) -> str | None:
        """The game's record (for the replay), if it can be had now."""
        return None

    def fetch_record(self) -> "concurrent.futures.Future[str | None]":
        """The record, possibly from a server: a future, so the screen never waits on it."""
        future: concurrent.futures.Future[str | None] = concurrent.futures.Future()
        try:
            future.set_result(self.record_text())
        except Exception as exc:  # handed to whoever reads the future
            future.set_exception(exc)
        return future

    def fetch_analysis(self) -> "concurrent.futures.Future[dict[str, Any]] | None":
        """The finished game's post-game analysis from a server (a future of its JSON form);
        None for a game played here, which is analysed here."""
        return None

    def rematch(self) -> "GameSession | None":
        """A new session for a rematch (None: asked the server; it answers later)."""
        return None

    def rematch_ready(self) -> "GameSession | None":
        """After :meth:`rematch` returned None: the new game's session once it has started."""
        return None

    def rematch_offered(self) -> bool:
        """True if the opponent has asked for a rematch this player has not answered yet."""
        return False

    def hold(self, held: bool) -> None:
        """Hold the game still (True) while a menu covers it, or let it go on (False).

        A local computer opponent waits and a replay stops; a game on a server goes on.
        """

    def close(self) -> None:
        """Stop background work."""


AiChooser = Callable[[Game, Player, int, random.Random], Action]


class LocalSession(GameSession):
    """The engine in this process; computer players think in a worker thread."""

    def __init__(
        self,
        game: Game,
        seats: dict[Player, Seat],
        *,
        ai_seed: int = 0,
        ai_delay: float = 0.6,
        chooser: AiChooser | None = None,
        title: str = "",
    ) -> None:
        self.game = game
        self.lexicon = game.lexicon
        self.rules = game.rules
        self.seats = seats
        self.title = title
        self.ai_delay = ai_delay
        self._ai_rng = random.Random(ai_seed)
        from client.play.ai_player import choose_ai_action, warm_up_in_background

        self._chooser = chooser or choose_ai_action
        self._warm_up: threading.Thread | None = None
        # The computer's word graphs are built while the game opens; the first to move first.
        computers = sorted((seat for seat in seats.values() if not seat.human_here),
                           key=lambda seat: seat.player != game.actor)
        if self._chooser is choose_ai_action and computers:
            self._warm_up = warm_up_in_background(self.lexicon, [seat.ai_level or 0 for seat in computers])
        self._outbox: list[Message] = []
        self._worker: threading.Thread | None = None
        self._worker_result: list[Any] = []
        self._worker_version = -1
        self._last_action_at = time.monotonic()
        self._closed = False
        self.paused = False  # True stops the computer from moving (tests, benchmarks)
        self.held = False  # True while a menu covers the game (see hold)
        self.listeners: list[Callable[["LocalSession"], None]] = []
        """Called after every action the game accepts (client.play.autosave keeps the game then)."""
        self.save_slot: Any = None  # the file this game is kept in (client.play.savegame), once it is
        self.resumed = False  # True for a game read back from its save slot
        self.origin = "menu"  # where the game was started: "menu" or "editor"
        self.history: list[tuple[list[GameEvent], dict[Player, int]]] = []
        """A resumed game's story so far: per action, its events as the screen saw them and each
        side's letters on the board before it (the game screen tells them in its chronicle)."""

    @classmethod
    def new(
        cls,
        game_map,
        rules: RuleSet | str,
        lexicon: Lexicon,
        *,
        seed: int,
        first: Player = Player.GOLD,
        gold: Seat | None = None,
        silver: Seat | None = None,
        **options: Any,
    ) -> "LocalSession":
        """A fresh game on ``game_map`` with the given seats (default: you vs the computer)."""
        rule_set = PRESETS[rules] if isinstance(rules, str) else rules
        game = Game.new(game_map, rule_set, seed, lexicon, first)
        seats = {
            Player.GOLD: gold or Seat(Player.GOLD, "You", True),
            Player.SILVER: silver or Seat(Player.SILVER, "Computer", False, 1),
        }
        return cls(game, seats, ai_seed=seed, title=game_map.name, **options)

    # ---------------------------------------------------------------- queries
    def view(self, viewer: Player | None) -> View:
        return wire_view(self.game.view(viewer))

    def actor(self) -> Player | None:
        return self.game.actor

    @property
    def thinking(self) -> bool:
        """True while a computer player works out its move."""
        return self._worker is not None

    # ---------------------------------------------------------------- commands
    def submit(self, action: Action) -> None:
        seat = self.seats.get(action.player)
        if seat is None or not seat.human_here:
            self._outbox.append(Rejected("not_your_seat", f"{action.player.label} is not played here"))
            return
        self._apply(action)

    def _apply(self, action: Action) -> bool:
        viewer = self.viewer()
        try:
            events = self.game.apply(action)
        except RuleError as exc:
            self._outbox.append(Rejected(exc.code, exc.reason))
            return False
        self._last_action_at = time.monotonic()
        # In pass-and-play the screen belongs to whoever acted; keep their view for the animation.
        shown = viewer if viewer is not None else None
        self._outbox.append(Update(wire_events(events, shown), wire_view(self.game.view(shown)), action.player))
        for listener in list(self.listeners):
            listener(self)
        return True

    def poll(self) -> list[Message]:
        if not self._closed:
            self._drive_computer()
        out, self._outbox = self._outbox, []
        return out

    def _drive_computer(self) -> None:
        game = self.game
        actor = game.actor
        if self._worker is not None:
            if self._worker.is_alive():
                return
            self._worker = None
            result = self._worker_result.pop() if self._worker_result else None
            if self._worker_version != game.version or actor is None:
                return  # the game moved on meanwhile (cannot happen in practice)
            if isinstance(result, BaseException) or result is None:
                result = self._fallback(actor)
            if not self._apply(result):
                self._apply(self._fallback(actor))
            return
        if actor is None or self.paused or self.held:
            return
        seat = self.seats[actor]
        if seat.human_here:
            return
        if time.monotonic() - self._last_action_at < self.ai_delay:
            return
        snapshot = game.copy()
        level = seat.ai_level or 0
        rng = random.Random(self._ai_rng.getrandbits(64))
        self._worker_version = game.version
        self._worker_result = []

        warm_up = self._warm_up

        def work() -> None:
            try:
                if warm_up is not None:  # the word graphs being built: wait rather than build twice
                    warm_up.join()
                self._worker_result.append(self._chooser(snapshot, actor, level, rng))
            except BaseException as exc:  # reported as a fallback move, never a crash
                self._worker_result.append(exc)

        self._worker = threading.Thread(target=work, name="scryptic-ai", daemon=True)
        self._worker.start()
        self._outbox.append(Status("thinking", f"{seat.name} is thinking...", busy=True))

    def _fallback(self, actor: Player) -> Action:
        if isinstance(self.game.pending, PendingDefence):
            return OrderDefence(actor, self.game.best_defence_order())
        return EndTurn(actor)

    def hold(self, held: bool) -> None:
        self.held = held
        if not held:
            self._last_action_at = time.monotonic()

    def wait_for_computer(self, timeout: float = 30.0) -> None:
        """Block until the computer's current move is worked out, or its word graphs are built
        if it has none under way (tests and benchmarks)."""
        if self._worker is None and self._warm_up is not None:
            self._warm_up.join(timeout)
        if self._worker is not None:
            self._worker.join(timeout)

    def record_text(self) -> str | None:
        return self.game.record().to_text()

    def rematch(self) -> "GameSession | None":
        seed = self._ai_rng.getrandbits(31)
        first = self.game.first.other
        game = Game.new(self.game.map, self.rules, seed, self.lexicon, first)
        return LocalSession(game, self.seats, ai_seed=seed, ai_delay=self.ai_delay,
                            chooser=self._chooser, title=self.title)

    def close(self) -> None:
        self._closed = True

