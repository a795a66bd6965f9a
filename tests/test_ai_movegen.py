"""The AI's move generator against a brute-force enumerator and the engine."""

from __future__ import annotations

import random
import time
from itertools import combinations, permutations

import pytest

from shared.rules.actions import Commit
from shared.ai import generate_commits
from shared.ai.movegen import find_moves
from shared.ai.vocab import Vocabulary, full_vocabulary
from shared.tools.ascii import map_from_ascii, position
from shared.rules.errors import RuleError
from shared.rules.game import Game
from shared.rules.lexicon import WordList
from shared.tools.random_player import sensible_action
from shared.rules.presets import STANDARD
from shared.rules.terrain import Player

from rules_helpers import CATEGORIES, GOLD, SILVER, WORDS

# The rules helpers' words plus short ones, so that small boards hold many legal commits.
EXTRA = """
ad ah am ax ba be de ed ef eh el em en er es et ex fa he hi ho id if la li lo ma me
mi mo na ne nu od oe of oh oi om op os ow ox pa pe pi re sh si ta te ti to ut we xi
ya ye yo za ace act add ado ads aft age ago aid ail aim air ale all and ape apt arc
are ark arm ash ate awe axe bad bag bat bed bee bet bid big bit boa bud bug bus but
den dew die dig dim din dip doe don dot due dug dye ear eel egg ego elf elk elm end
era ere err eta eve ewe eye fad fan far fat fed fee few fir fit foe for fun gas gel
get gin god got gum gun gut had hat hen her hid him hip his hit hot hug hut ice ill
ink inn ion ire irk ode odd oil old ore our out owe own rag ran rid rod roe rot rub
rue rug rum run rut sad sag sea see sit tar tea ted tie tin tip toe ton toy tug urn
use dare date dote rate rote tide tied tired tried diet edit dies side ides reds
""".split()
LEXICON = WordList(WORDS + EXTRA, CATEGORIES)

SMALL = """
. . . . . .
. ~ . f . .
. ~ G . x .
. . . * . .
. f . . . S
"""


def brute_force(game: Game, player: Player) -> set[tuple]:
    """Every commit the engine accepts, found by trying every placement of rack letters
    on every set of cells of every line (cells holding the player's own letter are
    skipped: the engine refuses them outright)."""
    board = game.board
    own = board.letters[player]
    rack = game.racks[player]
    lines = [("across", [(r, c) for c in range(board.width)]) for r in range(board.height)]
    lines += [("down", [(r, c) for r in range(board.height)]) for c in range(board.width)]
    found = set()
    for direction, line in lines:
        cells = [cell for cell in line if cell not in own]
        for k in range(1, len(rack) + 1):
            for subset in combinations(cells, k):
                for letters in set(permutations(rack, k)):
                    placements = tuple((r, c, ch) for (r, c), ch in zip(subset, letters))
                    commit = Commit(player, placements, direction if k == 1 else None)
                    try:
                        game.plan_commit(commit)
                    except RuleError:
                        continue
                    found.add(key(commit, direction))
    return found


def key(commit: Commit, direction: str | None = None) -> tuple:
    """A commit's identity: its placements and the line it is committed along."""
    return (tuple(sorted(commit.placements)), commit.direction or direction)


def generated(game: Game, player: Player, **kw) -> set[tuple]:
    moves = list(generate_commits(game, player, **kw))
    keys = {key(m) for m in moves}
    assert len(keys) == len(moves), "the generator yielded a move twice"
    return keys


CRAFTED = [
    # the first word of the game must cover the city
    ("", "tea"),
    # own words, an isolated word, enemy letters to overlap, water, forest, ice, lava
    ("""
     . . . . . .
     . . . . . .
     . . c a t .
     . . . . o .
     . D O T e .
     """, "sane"),
    # an invalid own run (tx) that may only be built on by making it a word
    ("""
     . . . . . .
     t . . . . .
     x . c a t .
     . . . . . .
     . . . . . S
     """, "aeis"),
    # an invalid across run (qn) under the t of CAT: a cross word down through row 2 may
    # not take in its n (R3, revision 2)
    ("""
     . . . . . .
     . . . . . .
     . . c a t .
     . . . . . .
     . . . q n .
     """, "oneta"),
    # the supplied word's first letter is in an invalid down run (cx): across words may
    # not build on it (an anchor that cannot be used)
    ("""
     . . . . . .
     . . . . . .
     . . c a t .
     . . x . . .
     . . . . . S
     """, "aeis"),
    # an isolated word next to the supplied one, and a cut word against forest
    ("""
     . d o g . .
     . . . . . .
     . . a t . .
     . . . . . .
     . . . . . .
     """, "axes"),
]


@pytest.mark.parametrize("letters,rack", CRAFTED)
def test_generator_finds_exactly_the_brute_force_moves(letters, rack):
    game = position(SMALL, letters, LEXICON, racks={GOLD: rack, SILVER: "dog"})
    expected = brute_force(game, GOLD)
    assert expected, "the position should allow some commit"
    assert generated(game, GOLD) == expected


# Open land: a wider board where words from a city or an own word run out of letters long
# before they meet a cross word (the generator takes such words from its completion lists
# instead of walking), forest both sides of the city, lava cutting a row short.
OPEN = """
. . . . . . . . .
. . . . . . . . .
. f . . G . . f .
. . . . . . . . .
~ . x . . . . . .
. . . . . . . . .
. . . . . . . . S
"""

OPEN_LAND = [
    # the first word: every word of the rack over the empty city, at every offset
    ("", "axes"),
    ("", "tide"),
    # an own word down from the city: words across its letters, lava two cells left of its A
    ("""
     . . . . . . . . .
     . . . . . . . . .
     . . . . t . . . .
     . . . . e . . . .
     . . . . a . . . .
     . . . . . . . . .
     . . . . . . . . .
     """, "dots"),
    # an own word across the city and an enemy word below it
    ("""
     . . . . . . . . .
     . . . . . . . . .
     . . . c a t . . .
     . . . . . . . . .
     . . . . D O G . .
     . . . . . . . . .
     . . . . . . . . .
     """, "sire"),
]


# Water and forest right beside the city: words of open land that end on water, or are
# too weak for the forest under their new letters, are refused.
MARSH = """
. . . . . . . . .
. . . . . . . . .
. . ~ f G f . ~ .
. . . . f . . . .
. . . . . . . . .
. . . . . . . . S
"""

MARSH_LAND = [
    ("", "tide"),
    ("", "axes"),
    # AT across the city: words go on across open land towards the water
    ("""
     . . . . . . . . .
     . . . . . . . . .
     . . . . a t . . .
     . . . . . . . . .
     . . . . . . . . .
     . . . . . . . . .
     """, "sear"),
    # TA across the city, three letters: TAR fits before the water, TARS would end on it
    ("""
     . . . . . . . . .
     . . . . . . . . .
     . . . . t a . . .
     . . . . . . . . .
     . . . . . . . . .
     . . . . . . . . .
     """, "rsn"),
]


@pytest.mark.parametrize("board,letters,rack", [(OPEN, *case) for case in OPEN_LAND]
                         + [(MARSH, *case) for case in MARSH_LAND])
def test_generator_finds_exactly_the_brute_force_moves_in_open_land(board, letters, rack):
    game = position(board, letters, LEXICON, racks={GOLD: rack, SILVER: "dog"})
    expected = brute_force(game, GOLD)
    assert expected
    assert generated(game, GOLD) == expected


@pytest.fixture(scope="module")
def short_words() -> WordList:
    """The real dictionary's words of up to five letters, with their categories."""
    from shared.words.dictionary import load_dictionary

    d = load_dictionary()
    words = [w for w in d if len(w) <= 5]
    return WordList(words, {w: d.categories(w) for w in words if d.categories(w)})


@pytest.mark.parametrize("seed", range(8))
def test_generator_matches_brute_force_in_random_play(seed, short_words):
    """Positions reached by random play (fights, removals, cut forest, cracked ice)."""
    rng = random.Random(seed)
    game = Game.new(map_from_ascii(SMALL), STANDARD, seed, short_words)
    words = [w for w in short_words if len(w) <= 4]
    rng.shuffle(words)
    words = words[:3000]
    settled = game.copy()
    for _ in range(rng.randint(8, 40)):
        if game.over:
            break
        game.apply(sensible_action(game, rng, words))
        if game.pending is None and not game.over:
            settled = game.copy()
    game = settled
    player = game.actor
    for _ in range(10):  # a rack that allows some commit here, so the comparison says something
        game.racks[player] = rng.sample("aeiostndrlcu", 5)
        expected = brute_force(game, player)
        if expected:
            break
    assert expected
    assert generated(game, player) == expected


def test_single_letter_extending_two_words_gives_two_commits():
    letters = """
        . . . . . .
        . . . . . .
        . . a t . .
        . . . o . .
        . . . . . .
    """

    def directions(rack: str, cell=(3, 2)) -> list[str]:
        game = position(SMALL, letters, LEXICON, racks={GOLD: rack})
        moves = [m for m in generate_commits(game, GOLD) if m.placements == ((*cell, rack),)]
        for m in moves:
            game.plan_commit(m)
        return sorted(m.direction for m in moves)

    assert directions("n") == ["across", "down"]  # "no" across and "an" down: two commits
    assert directions("x") == []  # "ax" down, but "xo" across is not a word
    assert directions("e", (4, 3)) == ["down"]  # "toe": nothing across
    assert directions("e", (4, 2)) == []  # touches nothing


def test_generated_commits_are_ordinary_commits():
    """The generator builds its commits without Commit's own __init__ (for speed): each must
    still equal, hash as and stay as frozen as the commit Commit(...) makes."""
    from dataclasses import FrozenInstanceError

    game = position(SMALL, "", LEXICON, racks={GOLD: "tea"})
    commits = generate_commits(game, GOLD)
    assert commits
    for commit in commits:
        same = Commit(GOLD, commit.placements, commit.direction)
        assert type(commit) is Commit and commit == same and hash(commit) == hash(same)
        assert commit.player is GOLD and commit.direction in ("across", "down")
    assert len(set(commits)) == len(commits)
    with pytest.raises(FrozenInstanceError):
        commits[0].player = SILVER  # type: ignore[misc]


def test_words_limit_what_the_generator_plays():
    game = position(SMALL, "", LEXICON, racks={GOLD: "tea"})
    known = {"at", "ta"}
    moves = list(generate_commits(game, GOLD, words=known))
    assert moves
    for move in moves:
        plan = game.plan_commit(move)
        assert plan.run.text in known
    everything = list(generate_commits(game, GOLD))
    assert len(everything) > len(moves)
    assert list(generate_commits(game, GOLD, words=Vocabulary(known))) == moves


def test_rack_argument_replaces_the_rack():
    game = position(SMALL, "", LEXICON, racks={GOLD: "tea"})
    moves = list(generate_commits(game, GOLD, rack="dog"))
    assert moves and all({ch for *_, ch in m.placements} <= set("dog") for m in moves)
    assert not list(generate_commits(game, GOLD, rack=""))


# ------------------------------------------------------------------ the deadline (a hard cap)
def _busy_position() -> Game:
    """Own words, an isolated word and enemy letters: several lines with moves."""
    return position(SMALL, CRAFTED[1][0], LEXICON, racks={GOLD: "saneot", SILVER: "dog"})


class _Clock:
    """A stand-in for time.perf_counter that passes 0.5 after ``looks`` readings."""

    def __init__(self, looks: int) -> None:
        self.looks = looks
        self.read = 0

    def __call__(self) -> float:
        self.read += 1
        return 0.0 if self.read <= self.looks else 1.0


def test_a_deadline_already_past_stops_the_search_before_it_starts():
    game = _busy_position()
    vocab = full_vocabulary(LEXICON)
    _, moves = find_moves(game, GOLD, vocab, deadline=time.perf_counter() - 1.0)
    assert moves.cut_short and moves == []
    commits = generate_commits(game, GOLD, deadline=time.perf_counter() - 1.0)
    assert commits.cut_short and commits == []


def test_a_deadline_not_reached_changes_nothing():
    game = _busy_position()
    vocab = full_vocabulary(LEXICON)
    _, everything = find_moves(game, GOLD, vocab)
    _, capped = find_moves(game, GOLD, vocab, deadline=time.perf_counter() + 3600.0)
    assert not everything.cut_short and not capped.cut_short
    assert capped == everything
    assert generate_commits(game, GOLD, deadline=time.perf_counter() + 3600.0) == generate_commits(game, GOLD)


def test_a_search_cut_short_keeps_the_moves_it_had_found(monkeypatch):
    """The clock passes the deadline after 1, 2, 3, ... readings: each time the moves found
    so far come back, flagged, and they are the start of the full generation."""
    from shared.ai import left_parts, movegen, search, spell

    game = _busy_position()
    vocab = full_vocabulary(LEXICON)
    _, everything = find_moves(game, GOLD, vocab)
    monkeypatch.setattr(search, "_CHECK_EVERY", 1)  # look at the clock before every start
    sizes = []
    for looks in range(1, 400):
        clock = _Clock(looks)
        monkeypatch.setattr(movegen, "perf_counter", clock)
        for module in (search, left_parts, spell):
            monkeypatch.setattr(module, "perf_counter", clock)
        _, part = find_moves(game, GOLD, vocab, deadline=0.5)
        if not part.cut_short:
            assert part == everything  # the clock was not read often enough to stop it
            break
        assert part == everything[: len(part)]
        sizes.append(len(part))
    assert sizes[0] == 0  # stopped before the first start
    assert sorted(sizes) == sizes and len(set(sizes)) > 5  # more found the later it stops
    assert any(0 < size < len(everything) for size in sizes)


def test_the_deadline_applies_to_searches_near_some_cells():
    game = _busy_position()
    vocab = full_vocabulary(LEXICON)
    _, moves = find_moves(game, GOLD, vocab, near={(4, 2)}, deadline=time.perf_counter() - 1.0)
    assert moves.cut_short and moves == []
