"""Counting the war from events: attacks and their outcome, combat letters and points,
cities, first contact, and the fights a turn offered."""

from __future__ import annotations

from shared.ai.availability import check_offers, play_commit
from shared.ai.movegen import generate_commits
from shared.ai.vocab import Vocabulary
from shared.ai.warstats import Availability, Offer, WarCounter
from shared.tools.ascii import position
from shared.rules.events import (
    CityTaken,
    CombatStep,
    DefenceRequested,
    GameOver,
    LettersRemoved,
    TurnEnded,
    TurnStarted,
    WordCommitted,
)

from rules_helpers import GOLD, LEXICON, SILVER, down

FRONT = """
. . . . . . S .
. G . . . . . .
. . . . . . . .
. . . . . S . .
. . . . . . . .
"""
FRONT_LETTERS = """
. . . . . . . .
. s w o r d . .
. . . . . . Q Z
. . . . A T . .
. . . . . . . .
"""


def word(player, text, attacks):
    cells = tuple((0, i) for i in range(len(text)))
    return WordCommitted(player, text, cells, tuple((0, i, ch) for i, ch in enumerate(text)), attacks)


def step(attacker, wins):
    return CombatStep(attacker, "sword", 7, "at", ((3, 4), (3, 5)), 3, wins, 4 if wins else 0)


def gone(owner, letters, reason, points_to, points):
    return LettersRemoved(owner, tuple((0, i, ch) for i, ch in enumerate(letters)), reason, points_to, points)


def crafted_game() -> list[list]:
    """One list of events per action, as ``Game.apply`` returns them."""
    return [
        [TurnStarted(GOLD, 1)],  # the game's initial events
        [word(GOLD, "sword", False)],  # a quiet word: no attack, no contact
        [TurnEnded(GOLD, False), TurnStarted(SILVER, 2)],
        [TurnEnded(SILVER, True), TurnStarted(GOLD, 3)],
        # turn 3: gold wins against one word, sweeps a letter, takes silver's city; Z is stranded
        [word(GOLD, "dots", True), step(GOLD, True), gone(SILVER, "at", "defeated", GOLD, 2),
         gone(SILVER, "q", "swept", GOLD, 3), CityTaken((3, 5), GOLD, SILVER, 40),
         gone(SILVER, "z", "stranded", None, 0)],
        # ... then an attack on two words: silver orders the defence in the next action
        [word(GOLD, "cats", True), DefenceRequested(SILVER, {}, (), (0, 1))],
        [step(GOLD, True), gone(SILVER, "on", "defeated", GOLD, 2), step(GOLD, False),
         gone(GOLD, "cats", "attack failed", SILVER, 5)],
        [TurnEnded(GOLD, False), TurnStarted(SILVER, 4)],
        # turn 4: silver touches only a stray gold letter (no defending word): a sweep, a win;
        # its word also lands on a pewter city; then an attack that loses, and ice
        [word(SILVER, "tons", True), gone(GOLD, "x", "swept", SILVER, 3), CityTaken((4, 3), SILVER, None, 0)],
        [word(SILVER, "ten", True), step(SILVER, False), gone(SILVER, "ten", "attack failed", GOLD, 3)],
        [word(SILVER, "toe", False), gone(SILVER, "toe", "ice cracked", None, 0)],
        [TurnEnded(SILVER, False), GameOver(GOLD, "stall-limit", {GOLD: 60, SILVER: 10})],
    ]


def test_attacks_letters_points_and_cities_are_counted_from_the_events():
    counter = WarCounter()
    for events in crafted_game():
        counter.observe(events)
    tally = counter.finish()
    assert tally.attacks == {1: 2, 2: 2}
    assert tally.attacks_won == {1: 1, 2: 1}
    assert tally.attacks_lost == {1: 1, 2: 1}
    assert tally.removed == {"attack failed": 7, "defeated": 4, "ice cracked": 3, "stranded": 1, "swept": 2}
    assert tally.combat_letters == 13  # defeated, swept and failed attacks; not stranded or ice
    assert tally.combat_points == {1: 2 + 3 + 2 + 3, 2: 5 + 3}
    assert tally.city_bonus == {1: 40, 2: 0}
    assert tally.enemy_cities == {1: 1, 2: 0}
    assert tally.pewter_cities == {1: 0, 2: 1}
    assert tally.first_pewter == (2, 4), "silver took the first pewter city, on turn 4"
    assert tally.first_touch_turn == 3
    assert tally.combat_share(1, 60) == (10 + 40) / 60
    assert tally.combat_share(2, 0) is None
    assert tally.availability is None


def test_an_attack_waiting_for_its_defence_order_is_not_yet_won():
    counter = WarCounter()
    counter.observe([TurnStarted(GOLD, 7)])
    counter.observe([word(GOLD, "cats", True), DefenceRequested(SILVER, {}, (), (0, 1))])
    assert counter.tally.attacks[1] == 1 and counter.tally.attacks_won[1] == 0
    tally = counter.finish()  # the game ended (a resignation) before the defence was ordered
    assert (tally.attacks[1], tally.attacks_won[1], tally.attacks_lost[1]) == (1, 0, 0)
    assert tally.first_touch_turn == 7


def test_offers_are_counted_with_what_the_mover_did_in_that_turn():
    counter = WarCounter(track_offers=True)
    actions = crafted_game()
    counter.observe(actions[0])
    counter.offer(1, Offer(candidates=0, checked=0, attacking=0, winning=0, capturing=0), 0.5)
    counter.observe(actions[1])
    counter.observe(actions[2])
    counter.offer(2, Offer(candidates=4, checked=4, attacking=4, winning=0, capturing=0))
    counter.observe(actions[3])
    # turn 3: gold was offered a win and a city (cap 2 of 9 commits) and took both
    counter.offer(1, Offer(candidates=9, checked=2, attacking=2, winning=1, capturing=1))
    for events in actions[4:8]:
        counter.observe(events)
    # turn 4: silver was offered a win and a city but took no enemy city
    counter.offer(2, Offer(candidates=5, checked=5, attacking=3, winning=2, capturing=1, refused=1))
    for events in actions[8:]:
        counter.observe(events)
    tally = counter.finish()
    gold, silver = tally.availability[1], tally.availability[2]
    assert gold == Availability(turns=2, attack_offered=1, attack_taken=1, city_offered=1, city_taken=1,
                                candidates=9, checked=2, attacking=2, winning=1, capturing=1, refused=0,
                                capped_turns=1, seconds=0.5)
    assert silver == Availability(turns=2, attack_offered=1, attack_taken=1, city_offered=1, city_taken=0,
                                  candidates=9, checked=9, attacking=7, winning=2, capturing=1, refused=1,
                                  capped_turns=0, seconds=0.0)


def test_a_real_winning_attack_is_counted_as_the_engine_scores_it():
    game = position(FRONT, FRONT_LETTERS, LEXICON, racks={GOLD: "ots"})
    counter = WarCounter()
    counter.observe(game.apply(down(GOLD, 2, 5, "ots")))  # dots beats AT on silver's city
    tally = counter.finish()
    assert (tally.attacks[1], tally.attacks_won[1], tally.attacks_lost[1]) == (1, 1, 0)
    assert tally.removed == {"defeated": 2, "stranded": 1, "swept": 1}
    assert tally.combat_letters == 3
    assert tally.combat_points == {1: game.captured[GOLD], 2: game.captured[SILVER]} == {1: 5, 2: 0}
    assert tally.city_bonus[1] == game.rules.city_capture_bonus * game.cities_taken[GOLD] == 40
    assert tally.enemy_cities == {1: 1, 2: 0}


def test_a_tied_attack_is_lost():
    game = position(FRONT, FRONT_LETTERS, LEXICON, racks={GOLD: "ot"})
    counter = WarCounter()
    counter.observe(game.apply(down(GOLD, 2, 5, "ot")))  # dot (3) against AT (3)
    tally = counter.finish()
    assert (tally.attacks[1], tally.attacks_won[1], tally.attacks_lost[1]) == (1, 0, 1)
    assert tally.combat_points == {1: 0, 2: game.captured[SILVER]}
    assert tally.enemy_cities == {1: 0, 2: 0}


def brute_force_offer(game, player) -> tuple[int, int, int, int]:
    """(commits that attack or land on an enemy city, attacking, winning, capturing), found
    by playing out every legal commit."""
    me = int(player)
    enemy_cities = {cell for cell, owner in game.board.city_owner.items() if owner == player.other}
    fighting = attacking = winning = capturing = 0
    for commit in generate_commits(game, player):
        counter = WarCounter()
        counter.observe(play_commit(game, commit))
        tally = counter.finish()
        on_city = any((r, c) in enemy_cities for r, c, _ in commit.placements)
        fighting += bool(tally.attacks[me]) or on_city
        attacking += tally.attacks[me]
        winning += tally.attacks_won[me]
        capturing += tally.enemy_cities[me] > 0
    return fighting, attacking, winning, capturing


def test_offers_match_playing_out_every_legal_commit():
    vocab = Vocabulary(LEXICON)
    # with o, t, s, a: 18 legal commits, 7 attack; rats, arts and dots win, dots on silver's city
    for rack, expected in [("ots", (3, 3, 1, 1)), ("ot", (2, 2, 0, 0)), ("otsa", (7, 7, 3, 1))]:
        game = position(FRONT, FRONT_LETTERS, LEXICON, racks={GOLD: rack})
        before = game.fingerprint()
        offer = check_offers(game, GOLD, vocab, cap=100)
        assert game.fingerprint() == before
        assert (offer.candidates, offer.attacking, offer.winning, offer.capturing) == expected
        assert brute_force_offer(game, GOLD) == expected
        assert offer.checked == offer.candidates and not offer.capped and offer.refused == 0


def test_a_capped_check_plays_the_city_commits_first():
    game = position(FRONT, FRONT_LETTERS, LEXICON, racks={GOLD: "otsa"})
    offer = check_offers(game, GOLD, Vocabulary(LEXICON), cap=1)
    assert (offer.candidates, offer.checked, offer.capped) == (7, 1, True)
    assert (offer.attacking, offer.winning, offer.capturing) == (1, 1, 1)  # dots, on silver's city
