"""`scryptic editor [MAP]`: the map editor in its own window.

The map is checked before the window opens, so a bad file is reported on the console.
Arcade is imported only when the editor runs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from shared.files.atomic import replacing
from shared.faults import UsageError, check_output_file, os_reason, writing
from shared.maps.format import MapError


def _window_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1600x1000, not {text!r}") from None
    if not (1200 <= w <= 7680 and 720 <= h <= 4320):
        raise argparse.ArgumentTypeError(f"window size {w}x{h} is out of range (1200x720 to 7680x4320)")
    return w, h


def register(subparsers: argparse._SubParsersAction, bench_subparsers: argparse._SubParsersAction) -> None:
    """Add ``scryptic editor``."""
    parser = subparsers.add_parser(
        "editor", help="open the map editor (Arcade window)",
        description="Paint terrain and cities, check the map's fairness, save it and play it.")
    parser.add_argument("map", nargs="?", metavar="MAP",
                        help="a map file or a shipped map's name (default: a new blank map)")
    parser.add_argument("--windowed", action="store_true", help="ignore the fullscreen setting this time")
    parser.add_argument("--size", type=_window_size, help="window size for this run, e.g. 1600x1000")
    parser.add_argument("--screenshot", type=Path, metavar="PNG",
                        help="draw the editor once, save it to PNG and quit (for documentation)")
    parser.set_defaults(func=cmd_editor)


def cmd_editor(args: argparse.Namespace) -> int:
    """Open the editor on MAP (or a blank map) and run until the window closes."""
    from client.display_check import require_display

    if args.map is not None:
        try:
            from client.editor.document import MapDocument

            MapDocument.open(args.map)
        except FileNotFoundError as exc:
            raise UsageError(str(exc), "`scryptic map list` shows the shipped maps") from None
        except MapError as exc:
            raise UsageError(str(exc), "fix the file, or check it with `scryptic map validate`") from None
        except OSError as exc:
            raise UsageError(f"cannot read the map {args.map}: {os_reason(exc)}") from None
    if args.screenshot is not None:
        from client.capture import ensure_display

        check_output_file(args.screenshot, "the PNG")
        code = ensure_display(sys.argv[1:])
        if code is not None:
            return code
    require_display("scryptic editor")
    import arcade

    from client.app import ScrypticWindow
    from client.play.settings import load_settings

    settings = load_settings()
    if args.windowed or args.screenshot is not None:
        settings.fullscreen = False
    shot = args.screenshot is not None
    window = ScrypticWindow(settings, size=args.size or ((1280, 800) if shot else None), visible=not shot,
                            persist=not shot)
    window.navigator.go_editor(args.map)
    if shot:
        for _ in range(3):
            window.dispatch_event("on_update", 1 / 60)
            window.dispatch_event("on_draw")
            window.dispatch_events()
        image = arcade.get_image(0, 0, window.width, window.height)
        with writing(args.screenshot, "the PNG"), replacing(args.screenshot) as temp:
            image.save(temp, format="PNG")
        window.close()
        print(f"wrote {args.screenshot} ({window.width}x{window.height})")
        return 0
    arcade.run()
    window.save_settings()
    return 0
