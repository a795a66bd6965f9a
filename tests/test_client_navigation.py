"""The client's screens move through one Navigator: the app's Screens implements all
of it, and no screen or editor module reaches the app or the screens module to do so."""

from __future__ import annotations

import inspect

from test_architecture import GRAPH, _in_package

from client.navigation import AppServices, Navigator
from client.screens import Screens


def _methods(protocol: type) -> list[str]:
    return sorted(n for n, v in vars(protocol).items() if callable(v) and not n.startswith("_"))


def test_screens_implements_every_navigator_method_with_its_signature() -> None:
    for name in _methods(Navigator):
        assert hasattr(Screens, name), f"Screens has no {name}"
        wanted = [p.name for p in inspect.signature(getattr(Navigator, name)).parameters.values()]
        given = [p.name for p in inspect.signature(getattr(Screens, name)).parameters.values()]
        assert given == wanted, name


def test_the_window_offers_what_screens_ask_of_it() -> None:
    from client.app import ScrypticWindow

    for name in _methods(AppServices) + ["lexicon"]:
        assert hasattr(ScrypticWindow, name), name


def test_no_screen_imports_the_app_and_the_editor_never_imports_the_game_screen() -> None:
    wrong = [
        f"{module} imports {target}"
        for module, targets in GRAPH.items()
        if _in_package(module, "client.views") or _in_package(module, "client.editor")
        for target in targets
        if target in ("client.app", "client.screens")
        or (_in_package(module, "client.editor") and target.startswith("client.views.game.view"))
    ]
    assert not wrong, "\n".join(wrong)
