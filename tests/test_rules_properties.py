"""Invariants over many random games (hypothesis), and a random-play fuzz to the end."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shared.rules.errors import RuleError
from shared.rules.crossword import read_crossword
from shared.rules.game import PLAYERS, Game, PendingDefence
from shared.rules.game_view import TERRAIN_TO_CHAR
from shared.rules.letters import face_value
from shared.rules.record import parse_record
from shared.rules.replay import replay
from shared.rules.presets import STANDARD, get_rules, with_settings

from random_play import ARENA, LEXICON, junk_action, sensible_action


def independent_score(game, player):
    """Score recomputed straight from the grid, without the engine's run code."""
    own = game.board.letters[player]
    total = 0
    for cells in _lines(game.board.height, game.board.width):
        word = ""
        for cell in cells + [None]:
            if cell is not None and cell in own:
                word += own[cell]
                continue
            if len(word) >= 2 and word in LEXICON:
                total += face_value(word)
            word = ""
    return total + game.captured[player] + 40 * game.cities_taken[player]


def terrain_text_row(row):
    return "".join(TERRAIN_TO_CHAR[t] for t in row)


def _lines(h, w):
    return [[(r, c) for c in range(w)] for r in range(h)] + [[(r, c) for r in range(h)] for c in range(w)]


def check_invariants(game):
    for p in PLAYERS:
        held = len(game.racks[p]) + len(game.board.letters[p]) + game.removed[p] + game.discarded[p]
        assert held == game.drawn[p], "a letter was created or lost unaccounted"
        if not game.rules.endless_pool:
            assert game.letter_total(p) == 98
            assert game.drawn[p] + len(game.pools[p]) == 98
        assert game.score(p) == independent_score(game, p)
        assert game.crossword(p) == read_crossword(game.board, p, game.lexicon), "a remembered crossword went stale"
    assert game.view(None)["terrain"] == [terrain_text_row(row) for row in game.board.terrain]
    if not isinstance(game.pending, PendingDefence):
        both = set(game.board.letters[PLAYERS[0]]) & set(game.board.letters[PLAYERS[1]])
        assert not both, f"cells with two letters after an action: {both}"


def play(seed, rules=STANDARD, max_actions=600, junk_rate=0.3):
    rng = random.Random(seed)
    game = Game.new(ARENA, rules, seed, LEXICON)
    refused = 0
    for _ in range(max_actions):
        if game.over:
            break
        if rng.random() < junk_rate:
            action = junk_action(game, rng)
            before = game.fingerprint()
            try:
                game.apply(action)
            except RuleError:
                refused += 1
                assert game.fingerprint() == before, "a refused action changed the game"
            check_invariants(game)
            continue
        game.apply(sensible_action(game, rng))  # must be legal
        check_invariants(game)
    return game, refused


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), preset=st.sampled_from(["standard", "ios-2011", "target-score"]))
def test_invariants_hold_in_random_games(seed, preset):
    play(seed, get_rules(preset), max_actions=250)


WAR_TRIALS = [[], ["city_guard_reach=1"], ["city_gates_hold=false"], ["capitals_guard_everywhere=true"],
              ["city_guard_reach=none", "city_gates_hold=false"]]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), trial=st.sampled_from(WAR_TRIALS))
def test_invariants_hold_in_war_and_its_trials(seed, trial):
    # war's gates keep letters through fights: still none is unaccounted
    game, _ = play(seed, with_settings(get_rules("war"), trial), max_actions=250)
    again = replay(parse_record(game.record().to_text()), LEXICON)
    assert again.fingerprint() == game.fingerprint()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_replaying_a_record_reproduces_the_game(seed):
    game, _ = play(seed, max_actions=200)
    again = replay(parse_record(game.record().to_text()), LEXICON)
    assert again.fingerprint() == game.fingerprint()


def test_random_play_fuzz_reaches_the_end_of_many_games():
    endings = {}
    for seed in range(30):
        game, refused = play(seed, max_actions=3000, junk_rate=0.2)
        assert game.over, f"seed {seed} did not finish"
        endings[game.result.reason] = endings.get(game.result.reason, 0) + 1
        assert refused > 0
    assert sum(endings.values()) == 30


@settings(max_examples=200, deadline=None)
@given(grid=st.lists(st.lists(st.sampled_from(" .stoae"), min_size=8, max_size=8), min_size=6, max_size=6),
       added=st.sets(st.tuples(st.integers(0, 5), st.integers(0, 7)), min_size=1, max_size=5),
       letters=st.text("stoae", min_size=5, max_size=5))
def test_a_crossword_extended_by_new_letters_reads_as_the_whole_board_does(grid, added, letters):
    """Reading only the lines through new letters gives what reading every line gives."""
    from shared.rules.crossword import extend_crossword

    board = Game.new(ARENA, STANDARD, 1, LEXICON).board
    p = PLAYERS[0]
    own = {(r, c): ch for r, row in enumerate(grid) for c, ch in enumerate(row) if ch not in " ."}
    board.letters[p] = own
    new = frozenset(cell for cell in added if cell not in own)
    layer = dict(own)
    for cell, ch in zip(sorted(new), letters):
        layer[cell] = ch
    before = read_crossword(board, p, LEXICON)
    assert extend_crossword(board, before, LEXICON, layer, new) == read_crossword(board, p, LEXICON, layer)
