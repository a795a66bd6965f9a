"""Move generation: every legal commit for a position, found by walking a word graph.

The method is Appel and Jacobson's, adapted to Scryptic's rules (RULINGS R3-R5):

* A commit's word lies in one row or column (a *line*). Along the line, each cell is the
  player's own letter (fixed: the word must read through it), free (empty, or an enemy
  letter, which an overlap may cover) or blocked (lava).
* **Cross-checks**: a free cell with own letters beside it across the line can only take a
  letter that makes that cross word a known word whose ends are not on water. These sets
  are computed once per cell by walking the graph through the prefix and the suffix.
* **Anchors**: a commit must connect (R3), which happens exactly when the committed word or
  one of its cross words shares a cell with a supplied word or covers an owned city (see
  :func:`connection_cells`). Cells where that happens are the anchors; a word must reach
  one, so a walk that cannot reach the next anchor with the letters left is cut at once.
* A word is found from its *first* anchor. When only open cells (free, no cross word)
  lie before that anchor, the word starts with a prefix the rack can spell; these *left
  parts* are spelled once per search (:class:`LeftParts`) and indexed by the letter they
  can continue with, so only those that fit the anchor are extended. Other starts (a cross
  word or an own letter before the first anchor) walk from the start cell.
* The walk reads fixed letters and places rack letters in free cells, and records a move
  where the graph marks a word end and the next cell holds no own letter.

Everything else the engine checks is checked on the way: lava, water at both ends of every
word, forest density with the cutting bonus, invalid runs that the word would build on,
and single letters (given an explicit direction, since one letter can extend two words).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from shared.actions import Commit
from shared.ai.vocab import END, Vocabulary, full_vocabulary
from shared.board import ACROSS, DOWN
from shared.crossword import read_crossword
from shared.game import Game
from shared.letters import LETTER_VALUES as _VALUES
from shared.lexicon import Category
from shared.terrain import Cell, Player, Terrain


@dataclass
class Line:
    """One row (across) or column (down) of the board, as the generator sees it."""

    direction: str
    index: int
    cells: list[Cell]
    fixed: list[str | None]  # the player's own letter, if any
    free: list[bool]  # a letter may be placed here (empty or enemy, not lava)
    allowed: list[frozenset[str] | None]  # cross-check set; None: no cross word here
    cross: list[tuple[str, str, tuple[Cell, ...]] | None]  # (before, after, cells) of the cross word
    anchor: list[bool]  # a word through this cell connects
    water: list[bool]
    forest: list[bool]
    bad: list[bool]  # own letter of an invalid run across this line: may not be built on


Move = tuple  # (line, start, end, word, placed): see the helpers below
"""A generated move in line coordinates, kept as a plain tuple because there are many:
``(line, start, end, word, placed)`` with ``end`` exclusive and ``placed`` a tuple of
(position in the line, letter)."""


def move_cells(move: Move) -> list[Cell]:
    """The cells of the committed word."""
    line, start, end, _, _ = move
    return line.cells[start:end]


def move_placements(move: Move) -> tuple[tuple[int, int, str], ...]:
    """The (row, column, letter) placements of a move."""
    cells = move[0].cells
    return tuple((cells[i][0], cells[i][1], ch) for i, ch in move[4])


def move_commit(move: Move, player: Player) -> Commit:
    """The engine action for a move (always with its direction)."""
    return Commit(player, move_placements(move), move[0].direction)


@dataclass
class Position:
    """What the generator precomputes about a position for one player."""

    game: Game
    player: Player
    own: dict[Cell, str]
    connect: frozenset[Cell]  # cells of supplied words and owned cities
    bad_across: frozenset[Cell]  # own letters in invalid across runs
    bad_down: frozenset[Cell]
    lines: list[Line] = field(default_factory=list)


def connection_cells(game: Game, player: Player) -> tuple[frozenset[Cell], frozenset[Cell], frozenset[Cell]]:
    """(cells of supplied words and owned cities, own letters in invalid across / down runs).

    A commit connects exactly when its word or one of its cross words covers one of the
    first set. (Every old word lives on inside a new word that contains it, so a new word
    reaching an old supplied word is supplied; and a path to a city through new words
    must leave the new words through an old supplied one or end on the city itself.)
    """
    board = game.board
    cw = read_crossword(board, player, game.lexicon)
    connect = {c for w in cw.supplied for c in w.cells}
    connect.update(cell for cell, owner in board.city_owner.items() if owner == player)
    bad_across = {c for r in cw.invalid if r.direction == ACROSS for c in r.cells}
    bad_down = {c for r in cw.invalid if r.direction == DOWN for c in r.cells}
    return frozenset(connect), frozenset(bad_across), frozenset(bad_down)


def _cross_allowed(
    vocab: Vocabulary, before: str, after: str, cache: dict[tuple[str, str], frozenset[str]]
) -> frozenset[str]:
    key = (before, after)
    hit = cache.get(key)
    if hit is not None:
        return hit
    out: set[str] = set()
    node = vocab.walk(before)
    if node is not None:
        for letter, child in node.items():
            if letter == END:
                continue
            end = vocab.walk(after, child)
            if end is not None and END in end:
                out.add(letter)
    result = cache[key] = frozenset(out)
    return result


def prepare(game: Game, player: Player, vocab: Vocabulary, near: set[Cell] | None = None) -> Position:
    """Build the lines (with cross-checks and anchors) that can hold a connected commit
    (and, if ``near`` is given, a cell of ``near``)."""
    board = game.board
    own = board.letters[player]
    connect, bad_across, bad_down = connection_cells(game, player)
    pos = Position(game, player, own, connect, bad_across, bad_down)
    height, width = board.height, board.width
    terrain = board.terrain
    cache: dict[tuple[str, str], frozenset[str]] = {}
    # Only lines that hold an anchor can hold a commit: rows/columns of connect cells and
    # the ones beside own letters (their cells take cross words).
    rows = {r for r, _ in connect} | {r + d for r, _ in own for d in (-1, 1)}
    cols = {c for _, c in connect} | {c + d for _, c in own for d in (-1, 1)}
    if near is not None:
        rows &= {r for r, _ in near}
        cols &= {c for _, c in near}
    for direction, indices, length in ((ACROSS, rows, width), (DOWN, cols, height)):
        bad_set = bad_down if direction == ACROSS else bad_across
        # R3 (revision 2): a cross word may not take in a letter of an invalid run parallel
        # to this line, which the commit leaves invalid.
        cross_bad = (bad_across if direction == ACROSS else bad_down) if game.rules.revision >= 2 else frozenset()
        for index in sorted(i for i in indices if 0 <= i < (height if direction == ACROSS else width)):
            if direction == ACROSS:
                cells = [(index, c) for c in range(length)]
                step = (1, 0)  # cross words run down
            else:
                cells = [(r, index) for r in range(length)]
                step = (0, 1)
            line = _build_line(direction, index, cells, step, own, connect, bad_set, terrain,
                               vocab, cache, height, width, cross_bad)
            if line is not None:
                pos.lines.append(line)
    return pos


def _build_line(direction, index, cells, step, own, connect, bad_set, terrain, vocab, cache,
                height, width, cross_bad=frozenset()) -> Line | None:
    n = len(cells)
    fixed: list[str | None] = [None] * n
    free = [False] * n
    allowed: list[frozenset[str] | None] = [None] * n
    cross: list[tuple[str, str, tuple[Cell, ...]] | None] = [None] * n
    anchor = [False] * n
    water = [False] * n
    forest = [False] * n
    bad = [False] * n
    dr, dc = step
    any_anchor = False
    for i, cell in enumerate(cells):
        r, c = cell
        t = terrain[r][c]
        water[i] = t is Terrain.WATER
        forest[i] = t is Terrain.FOREST
        letter = own.get(cell)
        if letter is not None:
            fixed[i] = letter
            bad[i] = cell in bad_set
            if cell in connect:
                anchor[i] = True
                any_anchor = True
            continue
        if t is Terrain.LAVA:
            continue
        free[i] = True
        # the cross word through this cell, if own letters touch it across the line
        up: list[Cell] = []
        rr, cc = r - dr, c - dc
        while (rr, cc) in own:
            up.append((rr, cc))
            rr, cc = rr - dr, cc - dc
        down: list[Cell] = []
        rr, cc = r + dr, c + dc
        while (rr, cc) in own:
            down.append((rr, cc))
            rr, cc = rr + dr, cc + dc
        linked = cell in connect
        if up or down:
            up.reverse()
            before = "".join(own[x] for x in up)
            after = "".join(own[x] for x in down)
            xcells = tuple(up) + (cell,) + tuple(down)
            first, last = xcells[0], xcells[-1]
            if terrain[first[0]][first[1]] is Terrain.WATER or terrain[last[0]][last[1]] is Terrain.WATER:
                allowed[i] = frozenset()
            elif cross_bad and any(x in cross_bad for x in xcells):
                allowed[i] = frozenset()
            else:
                allowed[i] = _cross_allowed(vocab, before, after, cache)
            cross[i] = (before, after, xcells)
            if not linked:
                linked = any(x in connect for x in xcells)
        if linked:
            anchor[i] = True
            any_anchor = True
    if not any_anchor:
        return None
    return Line(direction, index, cells, fixed, free, allowed, cross, anchor, water, forest, bad)


class LeftParts:
    """Every prefix the rack can spell (the left parts of Appel and Jacobson), computed once.

    ``by_depth[d]`` lists (prefix, node) for prefixes of length d; ``by_next[x][d]`` the ones
    whose node can continue with ``x``. A word whose first anchor is preceded by open cells
    (free, no cross word) starts with one of these, so each left part is spelled once per
    position instead of once per line and start.
    """

    def __init__(self, vocab: Vocabulary, rack: dict[str, int]) -> None:
        total = sum(rack.values())
        self.by_depth: list[list[tuple[str, dict]]] = [[] for _ in range(total + 1)]
        self.by_next: dict[str, list[list[tuple[str, dict]]]] = {}
        counts = dict(rack)
        by_depth, by_next = self.by_depth, self.by_next

        def spell(node: dict, prefix: str) -> None:
            depth = len(prefix)
            entry = (prefix, node)
            by_depth[depth].append(entry)
            for letter in node:
                if letter != END:
                    lists = by_next.get(letter)
                    if lists is None:
                        lists = by_next[letter] = [[] for _ in range(total + 1)]
                    lists[depth].append(entry)
            if depth == total:
                return
            for letter, k in counts.items():
                if k:
                    child = node.get(letter)
                    if child is not None:
                        counts[letter] = k - 1
                        spell(child, prefix + letter)
                        counts[letter] = k

        spell(vocab.root, "")


class _Search:
    """The move search over one position, one rack and one vocabulary."""

    def __init__(self, vocab: Vocabulary, rack: Counter[str], lexicon, rules, out: list[Move]) -> None:
        self.vocab = vocab
        self.letters = {ch: k for ch, k in sorted(rack.items()) if k > 0}
        self.total = sum(self.letters.values())
        self.lexicon = lexicon
        self.density = rules.forest_density
        self.cut = rules.cut_word_multiplier
        self.out = out
        self.left_parts = LeftParts(vocab, self.letters) if self.total else None

    def line(self, line: Line) -> None:
        """Append every legal move along ``line``."""
        if not self.total:
            return
        n = len(line.cells)
        fixed, free, allowed, anchor = line.fixed, line.free, line.allowed, line.anchor
        water, forest, bad = line.water, line.forest, line.bad
        letters, out, lexicon = self.letters, self.out, self.lexicon
        density, cut = self.density, self.cut
        cum_free = [0] * (n + 1)
        for i in range(n):
            cum_free[i + 1] = cum_free[i] + (1 if free[i] else 0)
        next_anchor = [n] * (n + 1)
        for i in range(n - 1, -1, -1):
            next_anchor[i] = i if anchor[i] else next_anchor[i + 1]
        # open[i]: free, no cross word, not an anchor; open_before[i]: open cells just before i
        open_before = [0] * (n + 1)
        for i in range(n):
            is_open = free[i] and allowed[i] is None and not anchor[i]
            open_before[i + 1] = open_before[i] + 1 if is_open else 0
        has_forest = any(forest[i] and free[i] for i in range(n))
        word: list[str] = []
        placed: list[tuple[int, str]] = []
        left = [self.total]
        start = [0]

        def record(end: int) -> None:
            text = "".join(word)
            nforest = 0
            if has_forest:
                for i, _ in placed:
                    if forest[i]:
                        nforest += 1
            if nforest:
                power = sum(_VALUES[ch] for ch in text)
                if Category.CUT in lexicon.categories(text):
                    power = power * cut
                if not power > density * nforest:
                    return
            out.append((line, start[0], end, text, tuple(placed)))

        def walk(i: int, node: dict, linked: bool) -> None:
            if (placed and linked and END in node and i - start[0] >= 2
                    and (i == n or fixed[i] is None) and not water[i - 1]):
                record(i)
            if i == n:
                return
            f = fixed[i]
            if f is not None:
                if bad[i]:
                    return
                child = node.get(f)
                if child is not None:
                    word.append(f)
                    walk(i + 1, child, linked or anchor[i])
                    word.pop()
                return
            if not free[i] or not left[0]:
                return
            if not linked:
                a = next_anchor[i]
                if a == n or cum_free[a + 1] - cum_free[i] > left[0]:
                    return
            allow = allowed[i]
            link = linked or anchor[i]
            for ch, k in letters.items():
                if not k or (allow is not None and ch not in allow):
                    continue
                child = node.get(ch)
                if child is None:
                    continue
                letters[ch] = k - 1
                left[0] -= 1
                word.append(ch)
                placed.append((i, ch))
                walk(i + 1, child, link)
                placed.pop()
                word.pop()
                left[0] += 1
                letters[ch] = k

        # 1. Words whose first anchor a follows only open cells: shared left parts.
        parts = self.left_parts
        assert parts is not None
        for a in range(n):
            if not anchor[a]:
                continue
            k = open_before[a]
            if a - k - 1 >= 0 and fixed[a - k - 1] is not None:
                k -= 1  # a word may not start right after an own letter
            if k < 0:
                continue  # the anchor itself follows an own letter: a generic start covers it
            k = min(k, self.total - (0 if fixed[a] is not None else 1))
            if fixed[a] is not None:
                candidates = _upto(parts.by_next.get(fixed[a]), k)
            elif allowed[a] is None:
                candidates = _upto(parts.by_depth, k)
            else:
                seen: dict[int, tuple[str, dict]] = {}
                for x in sorted(allowed[a]):  # sorted: set order varies between processes
                    if letters.get(x):
                        for entry in _upto(parts.by_next.get(x), k):
                            seen.setdefault(id(entry), entry)
                candidates = list(seen.values())
            for prefix, node in candidates:
                s = a - len(prefix)
                if water[s]:
                    continue
                for ch in prefix:  # left parts are spelled from the rack: always available
                    letters[ch] -= 1
                start[0] = s
                left[0] = self.total - len(prefix)
                word.extend(prefix)
                placed.extend((s + j, ch) for j, ch in enumerate(prefix))
                walk(a, node, False)
                del word[:]
                del placed[:]
                for ch in prefix:
                    letters[ch] += 1
        # 2. Every other start: the cells before its first anchor are not all open.
        left[0] = self.total
        for s in range(n):
            if s and fixed[s - 1] is not None:
                continue
            if water[s] or (fixed[s] is None and not free[s]):
                continue
            a = next_anchor[s]
            if a == n or cum_free[a + 1] - cum_free[s] > self.total:
                continue
            if s >= a - open_before[a]:
                continue  # handled with the shared left parts
            start[0] = s
            walk(s, self.vocab.root, False)


def _upto(lists: list[list[tuple[str, dict]]] | None, depth: int) -> list[tuple[str, dict]]:
    if not lists:
        return []
    out: list[tuple[str, dict]] = []
    for d in range(min(depth, len(lists) - 1) + 1):
        out.extend(lists[d])
    return out


def find_moves(
    game: Game,
    player: Player,
    vocab: Vocabulary,
    rack: Iterable[str] | None = None,
    near: set[Cell] | None = None,
) -> tuple[Position, list[Move]]:
    """Every legal commit for ``player`` using words of ``vocab`` (and the rack, unless given).

    With ``near``, only the commits whose word has a cell in ``near`` (for example the
    cells on or beside the enemy's letters: the attacks).
    """
    letters = Counter(game.racks[player] if rack is None else rack)
    pos = prepare(game, player, vocab, near)
    out: list[Move] = []
    search = _Search(vocab, letters, game.lexicon, game.rules, out)
    for line in pos.lines:
        search.line(line)
    if near is not None:
        out = [m for m in out if not near.isdisjoint(m[0].cells[m[1]:m[2]])]
    return pos, out


def generate_commits(
    game: Game,
    player: Player,
    words: Vocabulary | Iterable[str] | None = None,
    rack: Iterable[str] | None = None,
) -> Iterator[Commit]:
    """Yield every legal :class:`Commit` for ``player`` in the current position.

    ``words`` limits the words the commits may form (the committed word and every cross
    word): a :class:`Vocabulary`, any iterable of words, or None for the whole lexicon.
    ``rack`` replaces the player's rack (to ask "what could a rack like this do?").
    Single-letter commits carry their direction; one letter extending two words gives two
    commits. The generator ignores whose turn it is and pending decisions.
    """
    if words is None:
        vocab = full_vocabulary(game.lexicon)
    elif isinstance(words, Vocabulary):
        vocab = words
    else:
        vocab = Vocabulary(w for w in words if w in game.lexicon)
    _, moves = find_moves(game, player, vocab, rack)
    for move in moves:
        yield move_commit(move, player)
