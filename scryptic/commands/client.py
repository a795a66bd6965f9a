"""`scryptic play`, `scryptic screenshot` and `scryptic bench client`.

Arcade is imported only when one of these runs, so other commands stay quick and need no
OpenGL.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

from shared.faults import FaultError, UsageError, check_output_file, os_reason, writing

_STARTED = time.perf_counter()


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1600x1000, not {text!r}") from None
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise argparse.ArgumentTypeError(f"size {w}x{h} is out of range (320x240 to 7680x4320)")
    return w, h


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"give a number of seconds, not {text!r}") from None
    if not (value > 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"give a number of seconds above 0, not {text}")
    return value


def register(subparsers, bench_subparsers) -> None:
    """Add the client's subcommands."""
    play = subparsers.add_parser("play", help="open the game (Arcade window)")
    play.add_argument("--windowed", action="store_true", help="ignore the fullscreen setting this time")
    play.add_argument("--size", type=_size, help="window size for this run, e.g. 1600x1000")
    play.add_argument("--startup-time", action="store_true",
                      help="print how long the main menu took to appear on screen, then quit")
    play.set_defaults(func=_play)

    shot = subparsers.add_parser("screenshot", help="render a sample mid-game position to a PNG")
    shot.add_argument("--map", default="cinder-ford", help="shipped map name or map file (default cinder-ford)")
    shot.add_argument("--out", required=True, type=Path, help="PNG file to write")
    shot.add_argument("--size", type=_size, default=(1600, 1000), help="image size WxH (default 1600x1000)")
    shot.add_argument("--seed", type=int, default=7, help="seed of the sample game (default 7)")
    shot.set_defaults(func=_screenshot)

    bench = bench_subparsers.add_parser("client", help="frames per second and memory of the game screen (needs a display)")
    bench.add_argument("--map", default="pewter-marches", help="map (default pewter-marches, 40x30)")
    bench.add_argument("--size", type=_size, default=(1280, 800), help="window size (default 1280x800)")
    bench.add_argument("--seconds", type=_seconds, default=4.0, help="seconds per measurement (default 4)")
    bench.add_argument("--samples", type=int, default=0, choices=(0, 2, 4, 8),
                       help="multisampling (antialiasing) samples; the client uses 0 (default 0)")
    bench.add_argument("--json", action="store_true", help="print the figures as JSON")
    bench.set_defaults(func=_bench)


def _check_map(name: str) -> None:
    """UsageError unless ``name`` is a map file or a shipped map; FaultError if it does not load."""
    from shared.maps.files import load_map
    from shared.maps.format import MapError

    try:
        load_map(name)
    except FileNotFoundError as exc:
        raise UsageError(str(exc), "`scryptic map list` shows the shipped maps") from None
    except MapError as exc:
        raise FaultError(f"the map {name} is not valid: {exc}", "check it with `scryptic map validate`") from None
    except OSError as exc:
        raise UsageError(f"cannot read the map {name}: {os_reason(exc)}") from None


def _play(args) -> int:
    from client.display_check import require_display

    require_display("scryptic play")
    from client.app import ScrypticWindow, close_on_sigterm, finish
    from client.play.settings import load_settings

    import arcade

    settings = load_settings()
    if args.windowed:
        settings.fullscreen = False
    window = ScrypticWindow(settings, size=args.size)
    close_on_sigterm(window)  # a logout or shutdown saves and closes as the close button does
    window.navigator.go_menu()
    if args.startup_time:
        def report(_dt: float) -> None:
            if window.first_frame_at is not None:
                print(f"main menu on screen after {window.first_frame_at - _STARTED:.2f} s", flush=True)
                arcade.unschedule(report)
                arcade.exit()

        arcade.schedule(report, 0.05)
    arcade.run()
    finish(window)
    return 0


def _screenshot(args) -> int:
    from client.capture import ensure_display, screenshot
    from client.display_check import require_display

    _check_map(args.map)  # before anything slow, and before re-running under Xvfb
    check_output_file(args.out, "the PNG")
    code = ensure_display(sys.argv[1:])
    if code is not None:
        return code
    require_display("scryptic screenshot ...")
    with writing(args.out, "the PNG"):
        path = screenshot(args.map, args.out, args.size, args.seed)
    print(f"wrote {path} ({args.size[0]}x{args.size[1]})")
    return 0


def _bench(args) -> int:
    from client.capture import bench, ensure_display
    from client.display_check import require_display

    _check_map(args.map)
    code = ensure_display(sys.argv[1:])
    if code is not None:
        return code
    require_display("scryptic bench client ...")
    result = bench(args.map, args.size, args.seconds, args.samples)
    if getattr(args, "json", False):
        import json

        print(json.dumps({**result.to_dict(), "window": f"{args.size[0]}x{args.size[1]}"}, indent=1))
        return 0
    aa = f"{args.samples}x multisampling" if args.samples else "no multisampling"
    print(f"board {result.board}, window {args.size[0]}x{args.size[1]}, {aa}, {result.frames} frames,"
          " every frame drawn in full")
    print("                  presented   frame median   frame p90   draw median   draw p90")
    for name, t in (("idle", result.idle), ("combat animation", result.combat)):
        print(f"{name:17s} {t.fps:6.1f} fps   {t.median_ms:8.1f} ms   {t.p90_ms:6.1f} ms"
              f"   {t.draw_median_ms:8.1f} ms   {t.draw_p90_ms:5.1f} ms")
    print("(draw: update and draw until the GPU has finished; frame: draw plus presenting it to the screen)")
    for name, loop in (("idle", result.idle_loop), ("animating", result.animating_loop)):
        if loop is not None:
            print(f"event loop, {name:9s}: {loop.fps:5.1f} frames/s presented, CPU {100 * loop.cpu_share:5.1f}%"
                  " of a core (the window draws only what changed)")
    memory = result.memory
    if memory is not None:
        print(f"memory: {memory.rss_mb:.0f} MB resident at the end, {memory.peak_rss_mb:.0f} MB at the peak;"
              f" texture atlas {memory.atlas[0]}x{memory.atlas[1]} ({memory.atlas_mb:.0f} MB) holding"
              f" {memory.atlas_images} images ({memory.image_mb:.1f} MB)")
    return 0
