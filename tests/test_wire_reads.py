"""The client reads the server's events, views and pushes as the Structs of shared/wire, never
by string key: an AST scan of client/ for ``event["word"]`` or ``view.get("result")`` on the
names such values go by."""

from __future__ import annotations

import ast
from pathlib import Path

CLIENT = Path(__file__).resolve().parents[1] / "client"

WIRE_NAMES = frozenset({
    "event", "ev", "events", "step_event", "view", "view_dict", "push", "message", "msg", "notice",
    "pending", "attack", "defender", "result", "info", "update", "clock", "entry", "tracker", "me",
    "opponent", "players",
})
"""Names (or last attributes: ``step.event``, ``tracker.view``) that hold a wire value in the client."""

ALLOWED: dict[tuple[str, str], str] = {
    # A request's reply data is a plain map (docs/protocol.md per request; not declared in shared/wire).
    ("client/views/online/my_games.py", "clock"): "a game's clock in the my_games reply",
    ("client/views/online/lobby_text.py", "opponent"): "the opponent in the my_games and history replies",
    ("client/terminal/online.py", "result"): "the result in the export reply",
    ("client/views/online/lobby.py", "me"): "the user in the hello reply",
    ("client/views/online/lobby_common.py", "me"): "the user in the hello reply",
    ("client/views/online/profile.py", "me"): "the user in the hello reply",
    ("client/views/online/tournaments.py", "me"): "the user in the hello reply",
    # Not the wire at all.
    ("client/net/identity.py", "entry"): "a server's entry in the identity file this client keeps",
}
"""(file, name) -> why that name holds a plain map there."""


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def string_key_reads() -> list[tuple[str, int, str]]:
    """Every ``NAME["key"]`` and ``NAME.get("key"...)`` on a wire name in client/."""
    found = []
    for path in sorted(CLIENT.rglob("*.py")):
        rel = path.relative_to(CLIENT.parent).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), rel)
        for node in ast.walk(tree):
            target, key = None, None
            if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
                target, key = node.value, node.slice.value
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
                  and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                target, key = node.func.value, node.args[0].value
            name = _name(target) if target is not None else None
            if name in WIRE_NAMES and (rel, name) not in ALLOWED:
                found.append((rel, node.lineno, f"{name}[{key!r}]"))
    return found


def test_client_code_reads_wire_values_by_attribute():
    assert string_key_reads() == []
