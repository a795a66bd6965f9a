"""Off-line rendering: the sample position to a PNG, and the frame benchmark.

Both open a real (hidden) window, so they need a display: under no ``DISPLAY`` the command
re-runs itself under ``xvfb-run`` when it is installed.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from shared.rules.terrain import Player


def ensure_display(argv: list[str]) -> int | None:
    """Re-run ``argv`` under xvfb-run if there is no display; its exit code, or None to go on."""
    if os.environ.get("DISPLAY") or os.environ.get("ARCADE_HEADLESS") or os.environ.get("SCRYPTIC_NO_XVFB"):
        return None
    xvfb = shutil.which("xvfb-run")
    if xvfb is None:
        return None
    env = dict(os.environ, SCRYPTIC_NO_XVFB="1")
    cmd = [xvfb, "-a", "-s", "-screen 0 1920x1080x24", sys.executable, "-m", "scryptic", *argv]
    return subprocess.call(cmd, env=env)


def _window(size: tuple[int, int], samples: int = 0, visible: bool = False):
    from client.app import ScrypticWindow
    from client.play.settings import Settings

    settings = Settings(animation="normal")
    return ScrypticWindow(settings, size=size, visible=visible, persist=False, samples=samples)


def frame(window, dt: float = 1 / 60) -> None:
    """One update and one draw of the current view, as the event loop would do."""
    window.dispatch_event("on_update", dt)
    window.dispatch_event("on_draw")
    window.dispatch_events()


def sample_session(map_name: str, lexicon, seed: int = 7, turns: int = 14):
    """A paused local session on the sample position, gold at the screen."""
    from shared.maps.files import load_map

    from client.play.sample import sample_position
    from client.play.session import LocalSession, Seat

    game = sample_position(load_map(map_name), lexicon, seed=seed, turns=turns)
    seats = {Player.GOLD: Seat(Player.GOLD, "Gold", True), Player.SILVER: Seat(Player.SILVER, "Silver", False, 1)}
    if game.to_move != Player.GOLD or game.pending is not None:
        seats = {Player.GOLD: Seat(Player.GOLD, "Gold", False, 1), Player.SILVER: Seat(Player.SILVER, "Silver", True)}
    session = LocalSession(game, seats, title=game.map.name)
    session.paused = True
    return session


def screenshot(map_name: str, out: Path, size: tuple[int, int] = (1600, 1000), seed: int = 7) -> Path:
    """Render the sample mid-game position of ``map_name`` to ``out`` (PNG)."""
    import arcade

    from shared.words.dictionary import load_dictionary

    from client.views.game.view import GameView

    window = _window(size)
    session = sample_session(map_name, load_dictionary(), seed=seed)
    view = GameView(session)
    window.show_view(view)
    for _ in range(3):
        frame(window)
    image = arcade.get_image(0, 0, window.width, window.height).convert("RGB")  # opaque: no alpha to store
    from shared.files.atomic import replacing

    with replacing(out) as temp:  # whole or not at all
        image.save(temp, format="PNG", optimize=True)
    window.close()
    return out


@dataclass
class Timing:
    """Frame times of one benchmark phase, in seconds."""

    frames: list[float]  # whole frames: update, draw, finish, present
    draws: list[float]  # update and draw until the GPU finished, without the present

    @property
    def fps(self) -> float:
        """Frames presented per second."""
        return len(self.frames) / sum(self.frames) if self.frames else 0.0

    @staticmethod
    def _p90(values: list[float]) -> float:
        if len(values) < 2:
            return values[0] if values else 0.0
        return statistics.quantiles(values, n=10, method="inclusive")[8]

    @property
    def median_ms(self) -> float:
        return statistics.median(self.frames) * 1000 if self.frames else 0.0

    @property
    def p90_ms(self) -> float:
        return self._p90(self.frames) * 1000

    @property
    def draw_median_ms(self) -> float:
        return statistics.median(self.draws) * 1000 if self.draws else 0.0

    @property
    def draw_p90_ms(self) -> float:
        return self._p90(self.draws) * 1000


@dataclass
class LoopMeasure:
    """The client's own event loop left to run: frames it presented and the CPU it used."""

    seconds: float
    frames: int
    cpu_seconds: float  # user + system time of the whole process (every thread)

    @property
    def fps(self) -> float:
        return self.frames / self.seconds if self.seconds else 0.0

    @property
    def cpu_share(self) -> float:
        """CPU time per second of wall time: 1.0 is one core kept busy."""
        return self.cpu_seconds / self.seconds if self.seconds else 0.0


def _cpu_seconds() -> float:
    import resource

    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def run_loop(window, seconds: float, keep_busy=None) -> LoopMeasure:
    """Run the real event loop (pyglet's, as ``scryptic play`` does) for ``seconds``.

    ``keep_busy(dt)``, if given, is called 120 times a second (to restart an animation). The
    window draws only the frames it decides to draw, so this measures what a player's machine
    spends: on a still screen, next to nothing.
    """
    import pyglet

    if keep_busy is not None:
        pyglet.clock.schedule_interval(keep_busy, 1 / 120)
    pyglet.clock.schedule_once(lambda _dt: pyglet.app.exit(), seconds)
    frames0, cpu0, start = window.frames_presented, _cpu_seconds(), time.perf_counter()
    pyglet.app.run(None)
    elapsed = time.perf_counter() - start
    if keep_busy is not None:
        pyglet.clock.unschedule(keep_busy)
    return LoopMeasure(elapsed, window.frames_presented - frames0, _cpu_seconds() - cpu0)


@dataclass(frozen=True)
class MemoryMeasure:
    """The process's resident memory (now and at its peak) and the default texture atlas."""

    rss_mb: float
    peak_rss_mb: float
    atlas: tuple[int, int]
    atlas_images: int
    image_mb: float  # the pixels of the images in the atlas, 4 bytes each

    @property
    def atlas_mb(self) -> float:
        return self.atlas[0] * self.atlas[1] * 4 / 2**20

    def to_dict(self) -> dict:
        return {"rss_mb": round(self.rss_mb, 1), "peak_rss_mb": round(self.peak_rss_mb, 1),
                "atlas": f"{self.atlas[0]}x{self.atlas[1]}", "atlas_mb": round(self.atlas_mb, 1),
                "atlas_images": self.atlas_images, "atlas_image_mb": round(self.image_mb, 1)}


def measure_memory(window) -> MemoryMeasure:
    """Resident memory now (``/proc/self/statm``) and at its peak (``getrusage``, in KiB on
    Linux), and the size and contents of ``window``'s default texture atlas."""
    import resource

    try:
        with open("/proc/self/statm") as f:
            rss = int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:  # not Linux: the peak is all there is
        rss = 0.0
    # The kernel updates the peak lazily: it may trail the current figure by a page or two.
    peak = max(rss, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
    atlas = window.ctx.default_atlas
    images = list(atlas.images)
    pixels = sum(im.size[0] * im.size[1] for im in images)
    return MemoryMeasure(rss, peak, (atlas.width, atlas.height), len(images), pixels * 4 / 2**20)


@dataclass
class BenchResult:
    idle: Timing
    combat: Timing
    board: str
    samples: int
    idle_loop: LoopMeasure | None = None  # the real loop on a still game screen
    animating_loop: LoopMeasure | None = None  # ... while the combat animation plays
    memory: MemoryMeasure | None = None  # resident memory and the texture atlas, at the end

    def to_dict(self) -> dict:
        """The figures as plain data (``scryptic bench client --json``)."""
        out: dict = {"board": self.board, "samples": self.samples,
                     "full_draw": {name: {"fps": round(t.fps, 1), "frame_median_ms": round(t.median_ms, 2),
                                          "frame_p90_ms": round(t.p90_ms, 2),
                                          "draw_median_ms": round(t.draw_median_ms, 2),
                                          "draw_p90_ms": round(t.draw_p90_ms, 2)}
                                   for name, t in (("idle", self.idle), ("combat", self.combat))}}
        for name, loop in (("idle", self.idle_loop), ("animating", self.animating_loop)):
            if loop is not None:
                out[name] = {"cpu_percent_of_a_core": round(100 * loop.cpu_share, 1), "fps": round(loop.fps, 1),
                             "seconds": round(loop.seconds, 2)}
        if self.memory is not None:
            out["memory"] = self.memory.to_dict()
        return out

    @property
    def frames(self) -> int:
        return len(self.idle.frames) + len(self.combat.frames)


def bench(map_name: str = "pewter-marches", size: tuple[int, int] = (1280, 800), seconds: float = 4.0,
          samples: int = 0) -> BenchResult:
    """Frame times on a mid-game board: idle, and while a combat animation plays.

    Every frame is drawn in full (no frame is skipped because nothing changed) and waited for
    (``ctx.finish``) before it is presented, so the figures are what the player's machine does.
    ``samples`` > 0 turns multisampling on, to compare with the client's default (off).
    """
    from shared.words.dictionary import load_dictionary

    from client.play.sample import first_attack
    from client.play.session import Update
    from client.play.wire import wire_events, wire_view
    from client.views.game.view import GameView

    lexicon = load_dictionary()
    window = _window(size, samples, visible=True)
    session = sample_session(map_name, lexicon, turns=24)
    view = GameView(session)
    window.show_view(view)
    for _ in range(5):
        frame(window)
        window.flip()
    ctx = window.ctx

    def run(duration: float, keep_busy) -> Timing:
        frames: list[float] = []
        draws: list[float] = []
        end = time.perf_counter() + duration
        while time.perf_counter() < end:
            start = time.perf_counter()
            keep_busy()
            frame(window, 1 / 60)
            ctx.finish()
            drawn = time.perf_counter()
            window.flip()
            now = time.perf_counter()
            draws.append(drawn - start)
            frames.append(now - start)
        return Timing(frames, draws)

    idle = run(seconds, lambda: None)
    found = first_attack(session.game, lexicon)
    if found is None:
        raise RuntimeError("the sample game found no attack to animate")
    before, commit = found
    trial = before.copy()
    events = trial.apply(commit)
    if trial.pending is not None:
        from shared.rules.actions import OrderDefence

        events += trial.apply(OrderDefence(trial.pending.player, trial.pending.suggested_order))
    update = Update(wire_events(events, None), wire_view(trial.view(view.viewer)), commit.player)

    def replay_combat() -> None:
        if not view.animator.busy:
            view.display = view.display.__class__.from_view(wire_view(before.view(view.viewer)))
            view.board.painter.revision = -1
            view.animator.enqueue(update)

    combat = run(seconds, replay_combat)
    # The real loop, drawing on demand: a still screen, then the combat animation again.
    view.animator.skip()
    for _ in range(600):  # let the scores finish counting up: the screen is then still
        frame(window)
        if not view.animating():
            break
    idle_loop = run_loop(window, seconds)
    animating_loop = run_loop(window, seconds, lambda _dt: replay_combat())
    memory = measure_memory(window)
    window.close()
    w, h = session.game.map.width, session.game.map.height
    return BenchResult(idle, combat, f"{session.game.map.name} {w}x{h}", samples, idle_loop, animating_loop,
                       memory)
