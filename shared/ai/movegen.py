"""Move generation: every legal commit for a position, found by walking a word graph.

The method is Appel and Jacobson's, adapted to Scryptic's rules (RULINGS R3-R5):
:mod:`shared.ai.lines` builds the lines that can hold a connected commit (own letters,
free cells with their cross-checks, anchors: cells where a word connects to supply),
:mod:`shared.ai.search` walks each line with the rack through the word graph, and
:mod:`shared.ai.spell` shares what the rack can spell from each point of the graph
between all the walks of a search.

Everything the engine checks is checked on the way: connection (R3), lava, water at both
ends of every word, forest density with the cutting bonus, invalid runs that the word or
a cross word would build on, and single letters (given an explicit direction, since one
letter can extend two words).

A search can be given a deadline (a :func:`time.perf_counter` value): past it, the search
stops and returns the moves found so far, flagged ``cut_short``.
"""

from __future__ import annotations

from collections.abc import Iterable
from time import perf_counter

from shared.rules.actions import Commit
from shared.ai.lines import Line, Position, connection_cells, prepare
from shared.ai.search import Deadline, Search
from shared.ai.vocab import Vocabulary, full_vocabulary
from shared.rules.board import ACROSS
from shared.rules.game import Game
from shared.rules.terrain import Cell, Player

__all__ = ["Commits", "Line", "Move", "Moves", "Position", "connection_cells", "find_moves",
           "generate_commits", "move_cells", "move_commit", "move_placements", "prepare"]

Move = tuple  # (line, start, end, word, placed): see the helpers below
"""A generated move in line coordinates, kept as a plain tuple because there are many:
``(line, start, end, word, placed)`` with ``end`` exclusive and ``placed`` a tuple of
(position in the line, letter)."""


class Moves(list):
    """The moves :func:`find_moves` found; ``cut_short`` is True if its deadline stopped it."""

    cut_short: bool = False


class Commits(list):
    """The commits :func:`generate_commits` found; ``cut_short`` as for :class:`Moves`."""

    cut_short: bool = False


def move_cells(move: Move) -> list[Cell]:
    """The cells of the committed word."""
    line, start, end, _, _ = move
    return line.cells[start:end]


def move_placements(move: Move) -> tuple[tuple[int, int, str], ...]:
    """The (row, column, letter) placements of a move."""
    line = move[0]
    index = line.index
    if line.direction == ACROSS:
        return tuple([(index, i, ch) for i, ch in move[4]])
    return tuple([(i, index, ch) for i, ch in move[4]])


def move_commit(move: Move, player: Player) -> Commit:
    """The engine action for a move (always with its direction)."""
    return Commit(player, move_placements(move), move[0].direction)


_new = object.__new__
# Commit is a frozen dataclass: its __init__ sets each field through object.__setattr__, which
# costs more than finding the move did. Its slots' own descriptors set the same fields at a
# third of the cost; a commit built so is equal to, and hashes as, one built by Commit(...).
_set_player, _set_placements, _set_direction = (
    Commit.player.__set__, Commit.placements.__set__, Commit.direction.__set__)  # type: ignore[attr-defined, misc, union-attr]


def _commits(player: Player, moves: Moves) -> Commits:
    """The moves found with board placements, as commits of ``player``."""
    out = Commits()
    append = out.append
    for m in moves:
        commit = _new(Commit)
        _set_player(commit, player)
        _set_placements(commit, m[4])
        _set_direction(commit, m[0].direction)
        append(commit)
    out.cut_short = moves.cut_short
    return out


def find_moves(
    game: Game,
    player: Player,
    vocab: Vocabulary,
    rack: Iterable[str] | None = None,
    near: set[Cell] | None = None,
    deadline: float | None = None,
) -> tuple[Position, Moves]:
    """Every legal commit for ``player`` using words of ``vocab`` (and the rack, unless given).

    With ``near``, only the commits whose word has a cell in ``near`` (for example the
    cells on or beside the enemy's letters: the attacks). With ``deadline`` (a
    :func:`time.perf_counter` value), the search stops once it has passed and returns the
    moves found so far, with ``cut_short`` set on the list.
    """
    return _find(game, player, vocab, rack, near, deadline, board_placements=False)


def _find(game: Game, player: Player, vocab: Vocabulary, rack: Iterable[str] | None,
          near: set[Cell] | None, deadline: float | None, board_placements: bool) -> tuple[Position, Moves]:
    letters = "".join(game.racks[player] if rack is None else rack)
    pos = prepare(game, player, vocab, near)
    out = Moves()
    search = Search(vocab.root, letters, game.lexicon, game.rules, out, deadline, board_placements)
    try:
        if deadline is not None and perf_counter() > deadline:
            raise Deadline
        for line in pos.lines:
            search.line(line)
            if deadline is not None and perf_counter() > deadline:
                raise Deadline
    except Deadline:
        out.cut_short = True
    if near is not None:
        kept = Moves(m for m in out if not near.isdisjoint(m[0].cells[m[1]:m[2]]))
        kept.cut_short = out.cut_short
        out = kept
    return pos, out


def generate_commits(
    game: Game,
    player: Player,
    words: Vocabulary | Iterable[str] | None = None,
    rack: Iterable[str] | None = None,
    deadline: float | None = None,
) -> Commits:
    """Every legal :class:`Commit` for ``player`` in the current position, as a list.

    ``words`` limits the words the commits may form (the committed word and every cross
    word): a :class:`Vocabulary`, any iterable of words, or None for the whole lexicon.
    ``rack`` replaces the player's rack (to ask "what could a rack like this do?").
    ``deadline`` as for :func:`find_moves`: the list's ``cut_short`` says if it stopped early.
    Single-letter commits carry their direction; one letter extending two words gives two
    commits. The generator ignores whose turn it is and pending decisions.
    """
    if words is None:
        vocab = full_vocabulary(game.lexicon)
    elif isinstance(words, Vocabulary):
        vocab = words
    else:
        vocab = Vocabulary(w for w in words if w in game.lexicon)
    _, moves = _find(game, player, vocab, rack, None, deadline, board_placements=True)
    return _commits(player, moves)
