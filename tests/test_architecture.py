"""The layout rules, checked mechanically (the job Go's compiler or scalachess's build does there).

For each package: no import circle among its modules, and no module over 400 lines. For the
whole tree: dependencies point one way (``shared`` <- ``server``, ``shared`` <- ``client``,
never ``server`` <-> ``client``). For the server: its layers (edge, lobby, game host, store) only
import what their package docstrings allow, and the SQLite store implements the store
interface that the rest of the server uses.

Imports are read with ``ast`` from the source, wherever they are: at module level, under
``if TYPE_CHECKING:``, and inside functions (an import hidden in a function still ties the two
modules together). An import names one module: ``import a.b.c`` and ``from a.b import c``
point at ``a.b.c`` if that is a module of the project, otherwise at the longest part of the
name that is (``from a.b import name`` points at ``a.b``). Standard-library and third-party
imports are not part of the graph.

To switch a package on, take its entry out of :data:`NOT_YET` (the test then fails if the
package breaks the rule); to add a package, add it to :data:`PACKAGES`.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("shared", "server", "client", "scryptic")
MAX_LINES = 400

# Modules that read best as one file though longer than MAX_LINES: the length each may reach, and
# why. A module is split by concern, never to get under a number; one not listed stays under it.
LONG_MODULES: dict[str, tuple[int, str]] = {
    "server.edge.protocol": (560, "the wire schema: every request type (tournaments and chat too), its fields "
                                  "and limits, the error codes; read top to bottom beside docs/protocol.md"),
}

# (rule, package) -> why the package does not meet the rule yet. These run as xfail, so they
# show in every test report until the package is reorganised.
NOT_YET: dict[tuple[str, str], str] = {}

# Which part of a package may not import which (prefixes of module names). Each layer's
# package docstring says what it may import; this table holds the part a test can check.
LAYER_RULES: dict[str, tuple[str, ...]] = {
    # The rules engine is pure: the standard library and its own modules only.
    "shared.rules.presets": ("shared.ai", "shared.words", "shared.maps.format", "shared.tools", "shared.files",
                     "server", "client", "scryptic"),
    # The shared packages never reach the commands around them.
    "shared": ("scryptic",),
    # The server's messages, declared once for both sides: msgspec and the standard library only.
    "shared.wire": ("shared.rules", "shared.ai", "shared.analysis", "shared.words", "shared.maps",
                    "shared.tools", "shared.files", "shared.faults", "server", "client", "scryptic"),
    # Puzzles are built on the engine, the AI, the analysis, maps, words and files: never on a
    # server, a client or the commands.
    "shared.puzzles": ("server", "client", "scryptic", "shared.tools"),
    # The client's model of a game has no window: only itself, the client library and shared.
    "client.play": ("client.views", "client.editor", "client.app", "client.screens", "client.navigation",
                    "client.ui", "client.art", "client.audio", "client.capture",
                    "client.terminal", "client.tutorial"),
    # The network edge knows no games, accounts or stores.
    "server.edge": ("server.lobby", "server.host", "server.store", "server.routes", "server.app", "server.bots"),
    # A game host reaches the rest only through the HostContext it is handed.
    "server.host": (
        "server.lobby",
        "server.routes",
        "server.app",
        "server.edge.connection",
        "server.edge.listener",
        "server.store.interface",
        "server.store.sqlite",
        "server.store.syncer",
    ),
    # The lobby uses the store through its interface, and clients through its Client protocol.
    "server.lobby": (
        "server.routes",
        "server.app",
        "server.edge.connection",
        "server.edge.listener",
        "server.store.sqlite",
        "server.store.syncer",
    ),
    # Games across nodes: handed callables by the composition root, never the host or a store.
    "server.remote": (
        "server.routes",
        "server.app",
        "server.host",
        "server.store",
        "server.edge.connection",
        "server.edge.listener",
    ),
    # The store knows nothing of the server around it.
    "server.store": (
        "server.app",
        "server.routes",
        "server.edge",
        "server.lobby",
        "server.host",
        "server.bots",
        "server.config",
        "server.metrics",
        "server.mapcodec",
        "server.bus",
        "server.cluster",
        "shared",
    ),
    # The message bus carries bytes: it knows no games, stores or rules.
    "server.bus": (
        "server.app",
        "server.routes",
        "server.edge",
        "server.lobby",
        "server.host",
        "server.store",
        "server.cluster",
        "server.bots",
        "shared",
    ),
    # A cluster node holds leases and claims games; it reaches the server only through the
    # callables the composition root hands it.
    "server.cluster": (
        "server.app",
        "server.routes",
        "server.edge",
        "server.lobby",
        "server.host",
        "server.bots",
        "shared",
    ),
    # The tournament rules are pure functions of plain data: the standard library only.
    "server.tournaments": (
        "server.app", "server.routes", "server.edge", "server.lobby", "server.host", "server.store",
        "server.bus", "server.cluster", "server.remote", "server.bots", "server.analyses", "shared",
    ),
}

# Packages that may not import each other: importer -> the packages it must not name.
ONE_WAY: dict[str, tuple[str, ...]] = {
    "shared": ("server", "client", "scryptic"),
    "server": ("client", "scryptic"),
    "client": ("server", "scryptic"),
    "scryptic": (),  # the commands are the outermost layer: they may use every package
}


# ---------------------------------------------------------------------------------------------
# The import graph
# ---------------------------------------------------------------------------------------------


def _project_modules() -> dict[str, Path]:
    """Every module of the project packages, by dotted name (a package by its ``__init__``)."""
    modules: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


MODULES = _project_modules()


def _resolve(name: str) -> str | None:
    """The project module ``name`` points at: itself, or its longest prefix that is one."""
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in MODULES:
            return candidate
        parts.pop()
    return None


def _imported_names(module: str, path: Path) -> Iterator[tuple[str, int]]:
    """(dotted name, line) of every import in the module, wherever it is."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                yield (submodule if submodule in MODULES else source), node.lineno


def _imports(module: str) -> dict[str, int]:
    """The project modules ``module`` imports, each with the line of its first import."""
    found: dict[str, int] = {}
    for name, line in _imported_names(module, MODULES[module]):
        target = _resolve(name)
        if target is not None and target != module:
            found.setdefault(target, line)
    return found


GRAPH = {module: _imports(module) for module in MODULES}


def _in_package(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _cycles(graph: dict[str, dict[str, int]], nodes: list[str]) -> list[list[str]]:
    """The import circles among ``nodes`` (strongly connected sets of ``graph``, by Tarjan)."""
    members = set(nodes)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph[node]:
            if target not in members:
                continue
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or node in graph[node]:
                found.append(sorted(component))

    for node in nodes:
        if node not in index:
            visit(node)
    return found


def _one_circle(graph: dict[str, dict[str, int]], component: list[str]) -> str:
    """A shortest circle through the component's first module, with the importing lines."""
    start, members = component[0], set(component)
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for target in graph[node]:
            if target == start:
                path = paths[node] + [start]
                return " -> ".join(
                    f"{a} (line {graph[a][b]})" for a, b in zip(path, path[1:])
                ) + f" -> {start}"
            if target in members and target not in paths:
                paths[target] = paths[node] + [target]
                queue.append(target)
    return start


def _rule_params(rule: str) -> list[object]:
    params: list[object] = []
    for package in PACKAGES:
        reason = NOT_YET.get((rule, package))
        marks = [pytest.mark.xfail(reason=reason, strict=False)] if reason else []
        params.append(pytest.param(package, marks=marks, id=package))
    return params


# ---------------------------------------------------------------------------------------------
# The rules
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("package", _rule_params("cycles"))
def test_no_import_circle_in_the_package(package: str) -> None:
    # Reported as "a (line N) -> b": line N of module a imports module b.
    circles = _cycles(GRAPH, [m for m in MODULES if _in_package(m, package)])
    described = [f"{len(circle)} modules, e.g. {_one_circle(GRAPH, circle)}" for circle in circles]
    assert not circles, "import circles:\n" + "\n".join(described)


@pytest.mark.parametrize("package", _rule_params("size"))
def test_no_module_over_400_lines(package: str) -> None:
    sizes = {m: len(p.read_text(encoding="utf-8").splitlines()) for m, p in MODULES.items() if _in_package(m, package)}
    too_long = {m: n for m, n in sizes.items() if n > LONG_MODULES.get(m, (MAX_LINES, ""))[0]}
    assert not too_long, f"modules over {MAX_LINES} lines (or their allowance in LONG_MODULES): {too_long}"
    stale = [m for m in LONG_MODULES if _in_package(m, package) and sizes.get(m, 0) <= MAX_LINES]
    assert not stale, f"listed in LONG_MODULES but no longer over {MAX_LINES} lines: {stale}"


@pytest.mark.parametrize("package", _rule_params("one_way"))
def test_dependencies_point_one_way(package: str) -> None:
    wrong = [
        f"{module} imports {target} (line {line})"
        for module, targets in GRAPH.items()
        if _in_package(module, package)
        for target, line in targets.items()
        if target.split(".")[0] in ONE_WAY[package]
    ]
    assert not wrong, "\n".join(wrong)


def test_the_clients_model_of_a_game_imports_no_window_library() -> None:
    # client.play is tested without a display: neither it nor what it imports of the project
    # may load Arcade or pyglet (wherever the import stands, in a function too).
    windowed = ("arcade", "pyglet")
    reached = {m for m in MODULES if _in_package(m, "client.play")}
    frontier = list(reached)
    while frontier:
        for target in GRAPH[frontier.pop()]:
            if target not in reached:
                reached.add(target)
                frontier.append(target)
    wrong = [f"{module} imports {name} (line {line})" for module in sorted(reached)
             for name, line in _imported_names(module, MODULES[module])
             if name.split(".")[0] in windowed]
    assert len(reached) > 15 and not wrong, "\n".join(wrong)


@pytest.mark.parametrize("layer", sorted(LAYER_RULES))
def test_each_server_layer_imports_only_what_it_may(layer: str) -> None:
    forbidden = LAYER_RULES[layer]
    wrong = [
        f"{module} imports {target} (line {line})"
        for module, targets in GRAPH.items()
        if _in_package(module, layer)
        for target, line in targets.items()
        if not _in_package(target, layer) and any(_in_package(target, f) for f in forbidden)
    ]
    assert not wrong, "\n".join(wrong)


def test_the_graph_sees_imports_in_functions_and_type_checking_blocks(tmp_path: Path) -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from server.app import GameServer\n"
        "def later():\n"
        "    import server.routes\n"
        "    from . import config\n"
    )
    path = tmp_path / "probe.py"
    path.write_text(source, encoding="utf-8")
    names = {_resolve(name) for name, _line in _imported_names("server.host.probe", path)}
    # typing is not a project module; "from . import config" in server.host reads server.host.
    assert names == {None, "server.app", "server.routes", "server.host"}
    assert "server.app" in GRAPH["scryptic.commands.server"]  # imported inside cmd_server only


def test_a_circle_is_found_and_named() -> None:
    graph = {"a": {"b": 1}, "b": {"c": 1}, "c": {"a": 1}, "d": {"a": 1}, "e": {"e": 1}, "f": {}}
    assert sorted(_cycles(graph, list(graph))) == [["a", "b", "c"], ["e"]]
    assert _cycles(graph, ["a", "b", "d", "f"]) == []  # the circle needs c


# ---------------------------------------------------------------------------------------------
# Composition, not mixins
# ---------------------------------------------------------------------------------------------
# The rule: no class extends two or more classes of the project. A class assembled from
# several project classes (mixins) is one object spread over files that each reach into the
# others' attributes; the project builds such an object from parts, each handed only what it
# reads. Counted are the bases that are classes defined in the packages (followed through
# re-exports), except project Protocols: a class may declare any number of interfaces it
# implements, since they hold no state or behaviour of their own. Bases from outside the project
# (arcade.View, Exception, Enum, Protocol, Generic[T]...) are never counted, so a project class
# and one external base, or one project base and a Protocol, a Generic or an exception class,
# are fine.

# "module.Class" -> why it is still assembled from several project classes (it must really
# be one: an entry whose class meets the rule fails the test, so the list only shrinks).
MIXED_CLASSES: dict[str, str] = {}


def _class_index(sources: dict[str, str]) -> dict[str, dict[str, ast.expr | str]]:
    """For each module: its top-level names that may be classes, each a local ``ClassDef``'s
    marker ``"class"`` or, for an imported name, the dotted name it was imported as."""
    index: dict[str, dict[str, ast.expr | str]] = {}
    for module, source in sources.items():
        names: dict[str, ast.expr | str] = {}
        package = module.split(".")[:-1] if not module.endswith("__init__") else module.split(".")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ClassDef):
                names.setdefault(node.name, "class")
            elif isinstance(node, ast.ImportFrom):
                base = package[: len(package) - (node.level - 1)] if node.level else []
                source_module = ".".join(base + ([node.module] if node.module else []))
                for alias in node.names:
                    names.setdefault(alias.asname or alias.name, f"{source_module}.{alias.name}")
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname:
                        names.setdefault(alias.asname, alias.name)
                    else:
                        names.setdefault(alias.name.split(".")[0], alias.name.split(".")[0])
        index[module] = names
    return index


def _dotted(expr: ast.expr) -> str | None:
    """``a.b.C`` of a base expression (``Generic[T]`` reads as ``Generic``), or None."""
    if isinstance(expr, ast.Subscript):
        return _dotted(expr.value)
    if isinstance(expr, ast.Name):
        return expr.id
    if isinstance(expr, ast.Attribute):
        inner = _dotted(expr.value)
        return None if inner is None else f"{inner}.{expr.attr}"
    return None


def _project_class(dotted: str, module: str, index: dict[str, dict[str, ast.expr | str]],
                   depth: int = 0) -> str | None:
    """The project class (``module.Class``) that ``dotted``, read in ``module``, names, or None."""
    if depth > 10:
        return None
    head, _, rest = dotted.partition(".")
    names = index.get(module, {})
    if head not in names:
        return None
    target = names[head]
    if target == "class":
        return f"{module}.{head}" if not rest else None
    full = f"{target}.{rest}" if rest else str(target)
    owner, _, name = full.rpartition(".")
    if owner in index:  # a name in a project module: a class there, or imported there in turn
        return _project_class(name, owner, index, depth + 1)
    return None


def _is_protocol(cls: str, bases: dict[str, list[tuple[str, str]]]) -> bool:
    return any(dotted.split(".")[-1] == "Protocol" for dotted, _module in bases.get(cls, []))


def mixed_classes(sources: dict[str, str]) -> dict[str, list[str]]:
    """Every class of ``sources`` (module -> source) with two or more project bases that are
    not Protocols, mapped to those bases."""
    index = _class_index(sources)
    bases: dict[str, list[tuple[str, str]]] = {}
    for module, source in sources.items():
        for node in ast.parse(source).body:
            if isinstance(node, ast.ClassDef):
                found = [_dotted(base) for base in node.bases]
                bases[f"{module}.{node.name}"] = [(d, module) for d in found if d is not None]
    mixed: dict[str, list[str]] = {}
    for cls, named in bases.items():
        project = [_project_class(dotted, module, index) for dotted, module in named]
        counted = [base for base in project if base is not None and not _is_protocol(base, bases)]
        if len(counted) >= 2:
            mixed[cls] = counted
    return mixed


def test_no_class_is_assembled_from_project_mixins() -> None:
    sources = {module: path.read_text(encoding="utf-8") for module, path in MODULES.items()}
    mixed = mixed_classes(sources)
    unexplained = {cls: found for cls, found in mixed.items() if cls not in MIXED_CLASSES}
    assert not unexplained, "classes built from several project classes (compose parts instead):\n" + "\n".join(
        f"{cls}({', '.join(found)})" for cls, found in sorted(unexplained.items()))
    fixed = sorted(set(MIXED_CLASSES) - set(mixed))
    assert not fixed, f"no longer assembled from mixins, take them off MIXED_CLASSES: {fixed}"


def test_a_mixin_class_is_found_through_imports_and_re_exports() -> None:
    sources = {
        "client.parts": "import typing\nclass Talk: pass\nclass Walk: pass\n"
                        "class Seen(typing.Protocol): pass\nclass Heard(typing.Protocol): pass\n",
        "client.again": "from client.parts import Walk as Stroll\n",
        "client.views.screen": (
            "import arcade\nimport client.parts\nfrom ..parts import Talk, Seen, Heard\n"
            "from client.again import Stroll\nfrom typing import Generic, TypeVar\nT = TypeVar('T')\n"
            "class Mixed(Talk, client.parts.Walk, arcade.View): pass\n"
            "class Reexported(Talk, Stroll): pass\n"
            "class OneAndOutside(Talk, arcade.View, Exception): pass\n"
            "class OneAndInterfaces(Talk, Seen, Heard, Generic[T]): pass\n"
        ),
    }
    assert mixed_classes(sources) == {
        "client.views.screen.Mixed": ["client.parts.Talk", "client.parts.Walk"],
        "client.views.screen.Reexported": ["client.parts.Talk", "client.parts.Walk"],
    }


# ---------------------------------------------------------------------------------------------
# The store seam
# ---------------------------------------------------------------------------------------------


def _signature(cls: type, name: str) -> tuple[bool, list[tuple[str, object, object]]]:
    member = inspect.getattr_static(cls, name)
    params = [
        (p.name, p.kind, p.default) for p in inspect.signature(member).parameters.values() if p.name != "self"
    ]
    return inspect.iscoroutinefunction(member), params


def _protocol_methods(protocol: type) -> list[str]:
    return sorted(
        name for name, value in vars(protocol).items() if callable(value) and not name.startswith("_")
    )


def test_the_sqlite_store_implements_the_store_interface(tmp_path: Path) -> None:
    from server.store.interface import GameStore
    from server.store.sqlite import SQLiteStore

    methods = _protocol_methods(GameStore)
    assert {"save_action", "save_seat", "load_game", "load_state", "note_alive", "close"} <= set(methods)
    for name in methods:
        assert _signature(SQLiteStore, name) == _signature(GameStore, name), name
    store = SQLiteStore(tmp_path / "s.sqlite3")
    try:
        assert isinstance(store, GameStore)
        counters = [name for name, kind in GameStore.__annotations__.items() if kind == "int"]
        assert counters == ["commits", "units"]
        assert all(isinstance(getattr(store, name), int) for name in counters)
        assert callable(store.on_durable)
    finally:
        store.close()


def test_the_narrow_interfaces_are_parts_of_the_store_interface() -> None:
    """What the game host, the accounts, matchmaking and the listings declare they need of a
    store is a part of GameStore, with the same signatures (so any GameStore serves them)."""
    from server.host.ports import GameLog
    from server.lobby.accounts import AccountStore
    from server.lobby.listings import GameReader
    from server.lobby.matchmaking import GameWriter
    from server.store.interface import GameStore

    for narrow in (GameLog, AccountStore, GameReader, GameWriter):
        for name in _protocol_methods(narrow):
            assert name in _protocol_methods(GameStore), (narrow.__name__, name)
            assert _signature(narrow, name) == _signature(GameStore, name), (narrow.__name__, name)


def test_the_postgres_store_implements_the_store_interface() -> None:
    from server.store.interface import GameStore
    from server.store.postgres import PostgresStore

    for name in _protocol_methods(GameStore):
        assert _signature(PostgresStore, name) == _signature(GameStore, name), name
