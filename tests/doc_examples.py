"""The ``example`` blocks of docs/rules.md: find them and read them (tests/doc_play.py plays them).

A block is a fenced code block whose info string is ``example``. docs/rules.md ("Reading the
examples") describes the format for players; in short::

    example: a title
    words: dictionary                 (or: test list)
    rules: standard                   (optional: a preset)
    to move: gold                     (optional; gold by default)
    gold rack: c a t                  (optional; an empty rack if not given)
    gold pool: empty                  (optional; otherwise what the position leaves)

    terrain     | letters    | letters after | terrain after
    G . . . .   | . . . . .  | c a t . .     | G . . . .

    move: gold commits across at row 1, col 1: c a t
    scores: gold 4, silver 0

Rows and columns are counted from 1, as the game's own messages count them. Checks after a
``move:`` line apply to the game after that move; the ``after`` grids to the end of the example.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

RULES_DOC = Path(__file__).resolve().parent.parent / "docs" / "rules.md"

SETUP_KEYS = ("words", "rules", "to move", "gold rack", "silver rack", "gold pool", "silver pool")
CHECK_KEYS = ("refused", "attack", "defence", "best order", "fights", "removed", "cities",
              "scores", "gold rack", "silver rack", "result", "turn")
GRID_COLUMNS = ("terrain", "letters", "terrain after", "letters after")


class ExampleError(ValueError):
    """An example block that cannot be read: says which line and why."""


@dataclass
class Step:
    """One ``move:`` line and the checks written under it."""

    move: str
    line: int
    checks: list[tuple[str, str, int]] = field(default_factory=list)  # (key, value, line)


@dataclass
class Example:
    """One example block, read but not yet played."""

    title: str
    line: int  # where the block starts in the document
    setup: dict[str, str] = field(default_factory=dict)
    grids: dict[str, list[str]] = field(default_factory=dict)
    steps: list[Step] = field(default_factory=list)


# ----------------------------------------------------------------------------- reading
def example_blocks(text: str) -> list[tuple[int, str]]:
    """(line number of the first line inside the fence, block text) of every example block."""
    blocks = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```example":
            start = i + 1
            j = start
            while j < len(lines) and lines[j].strip() != "```":
                j += 1
            if j == len(lines):
                raise ExampleError(f"line {i + 1}: the example block is never closed")
            blocks.append((start + 1, "\n".join(lines[start:j])))
            i = j
        i += 1
    return blocks


def parse_example(text: str, first_line: int = 1) -> Example:
    """Read one block's text; raise ExampleError naming the line at fault."""
    lines = text.splitlines()
    example: Example | None = None
    i = 0
    while i < len(lines):
        raw = lines[i]
        where = first_line + i
        stripped = raw.strip()
        i += 1
        if not stripped:
            continue
        if example is None:
            if not stripped.startswith("example:"):
                raise ExampleError(f"line {where}: an example starts with 'example: <title>'")
            example = Example(stripped.split(":", 1)[1].strip(), where)
            continue
        if stripped.startswith("terrain") and ":" not in stripped:
            if example.steps:
                raise ExampleError(f"line {where}: the grids come before the first move")
            if example.grids:
                raise ExampleError(f"line {where}: only one table of grids per example")
            names = [n.strip() for n in stripped.split("|")]
            for name in names:
                if name not in GRID_COLUMNS:
                    raise ExampleError(f"line {where}: unknown grid column {name!r}")
            if len(set(names)) != len(names):
                raise ExampleError(f"line {where}: a grid column is named twice")
            columns: list[list[str]] = [[] for _ in names]
            while i < len(lines) and lines[i].strip():
                cells = lines[i].split("|")
                if len(cells) != len(names):
                    raise ExampleError(
                        f"line {first_line + i}: {len(cells)} grid columns, the header names {len(names)}")
                for column, cell in zip(columns, cells):
                    column.append(" ".join(cell.split()))
                i += 1
            if not columns[0]:
                raise ExampleError(f"line {where}: the table has no rows")
            example.grids = dict(zip(names, columns))
            continue
        if raw[:1].isspace():
            _continue(example, stripped, where)
            continue
        key, sep, value = stripped.partition(":")
        key, value = key.strip(), value.strip()
        if not sep or not value:
            raise ExampleError(f"line {where}: expected 'key: value', got {stripped!r}")
        if key == "move":
            example.steps.append(Step(value, where))
        elif example.steps:
            if key not in CHECK_KEYS:
                raise ExampleError(f"line {where}: unknown check {key!r} (known: {', '.join(CHECK_KEYS)})")
            example.steps[-1].checks.append((key, value, where))
        else:
            if key not in SETUP_KEYS:
                raise ExampleError(f"line {where}: unknown setting {key!r} (known: {', '.join(SETUP_KEYS)})")
            if key in example.setup:
                raise ExampleError(f"line {where}: {key!r} is given twice")
            example.setup[key] = value
    if example is None:
        raise ExampleError(f"line {first_line}: the example block is empty")
    if "terrain" not in example.grids:
        raise ExampleError(f"line {example.line}: the example has no terrain grid")
    if "words" not in example.setup:
        raise ExampleError(f"line {example.line}: say which words the example uses (words: ...)")
    if not example.steps:
        raise ExampleError(f"line {example.line}: the example has no move")
    for step in example.steps:
        if not step.checks and step is example.steps[-1] and not _after_grids(example):
            raise ExampleError(f"line {step.line}: the last move checks nothing")
    return example


def _continue(example: Example, text: str, where: int) -> None:
    """An indented line carries on the move or check above it."""
    if not example.steps:
        raise ExampleError(f"line {where}: an indented line must carry on a move or a check")
    step = example.steps[-1]
    if step.checks:
        key, value, line = step.checks[-1]
        step.checks[-1] = (key, f"{value} {text}", line)
    else:
        step.move = f"{step.move} {text}"


def _after_grids(example: Example) -> bool:
    return any(name.endswith("after") for name in example.grids)


def examples(path: Path = RULES_DOC) -> list[tuple[int, str]]:
    """The example blocks of the rules document."""
    return example_blocks(path.read_text(encoding="utf-8"))
