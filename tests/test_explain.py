"""Every fight explained: the worked combat example of the rules, told the same everywhere."""

from __future__ import annotations

from shared.analysis.explain import FightNarrator, explain_fight
from shared.rules.actions import OrderDefence
from shared.rules.presets import PRESETS
from shared.tools.ascii import position

from rules_helpers import GOLD, LEXICON, SILVER, across
from test_worked_example import LETTERS, TERRAIN


def _sword(rules: str, order: list[str] | None = None) -> list[dict]:
    game = position(TERRAIN, LETTERS, LEXICON, rules=PRESETS[rules], racks={GOLD: "swor"})
    events = game.apply(across(GOLD, 1, 3, "swor"))
    names = [d.run.text for d in game.pending.defenders]
    chosen = tuple(names.index(w) for w in order) if order else game.pending.suggested_order
    events += game.apply(OrderDefence(SILVER, chosen))
    return [e.to_dict(None) for e in events]


def test_the_worked_example_in_the_design_documents_order():
    assert explain_fight(_sword("standard", ["nor", "tau", "not", "gram", "sing"])) == [
        "Gold's SWORD attacks at 10: 7 in its letters, x1.5 for a word of attack.",
        "Silver puts NOR first: it defends at 3: 3 in its letters.",
        "SWORD (10) beats NOR (3) and has 7 left for the next word.",
        "NOR loses no letter: each of its letters is also in a word not beaten.",
        "Next, TAU: it defends at 3: 3 in its letters.",
        "SWORD (7) beats TAU (3) and has 4 left for the next word.",
        "Silver loses U (beaten, 1 point to Gold).",
        "Next, NOT: it defends at 3: 3 in its letters.",
        "SWORD (4) beats NOT (3) and has 1 left for the next word.",
        "Silver loses O T (beaten, 2 points to Gold).",
        "Next, GRAM: it defends at 7: 5 in its letters, x1.5 on its city.",
        "SWORD (1) is weaker than GRAM (7) and falls.",
        "SING never fights: the attack fell first.",
        "Gold loses S W O R (the failed attack, 6 points to Silver).",
    ]


def test_the_worked_example_under_war_rules():
    assert explain_fight(_sword("war")) == [
        "Gold's SWORD attacks at 10: 7 in its letters, x1.5 for a word of attack.",
        "Silver puts NOR first: it defends at 3: 3 in its letters.",
        "SWORD (10) beats NOR (3) and keeps all 10 for the next word (each word is fought at full strength).",
        "NOR loses no letter: each of its letters is also in a word not beaten.",
        "Next, GRAM: it defends at 10: 5 in its letters, x2 on its city.",
        "SWORD (10) ties with GRAM (10); a tie goes to the defender, and SWORD falls.",
        "SING, TAU, NOT never fight: the attack fell first.",
        "Gold loses S W O R (the failed attack, 12 points to Silver).",
    ]


def test_the_chronicle_streams_the_same_sentences():
    events = _sword("war")
    narrator = FightNarrator()
    told = []
    for event in events:
        told += narrator.feed(event) or []
    told += narrator.finish()
    assert told == explain_fight(events)
    assert FightNarrator().feed({"type": "turn_ended", "player": 1, "passed": True}) is None


def test_the_preview_says_why_before_commit_in_the_same_words():
    from client.play.preview import compute_preview
    from client.play.wire import wire_view

    game = position(TERRAIN, LETTERS, LEXICON, rules=PRESETS["war"], racks={GOLD: "swor"})
    placed = {(1, 3 + i): ch for i, ch in enumerate("swor")}
    preview = compute_preview(wire_view(game.view(GOLD)), LEXICON, GOLD, placed, rules=PRESETS["war"])
    assert preview.why == explain_fight(_sword("war"))  # the defender's best order assumed


def test_a_seat_named_you_reads_as_you():
    lines = explain_fight(_sword("war"), names={1: "You", 2: "Ada"})
    assert lines[0].startswith("Your SWORD attacks at 10")
    assert lines[1].startswith("Ada puts NOR first")
    assert lines[-1] == "You lose S W O R (the failed attack, 12 points to Ada)."


def test_mountains_water_supply_and_a_city_that_does_not_guard_are_named():
    from shared.analysis.explain import strength_reasons

    detail = {"value": 4, "base": 8, "multipliers": [["water", "3/5"], ["broken supply", "3/5"]]}
    assert strength_reasons("dungs", detail) == (
        "5 in its letters, 8 with the mountains doubling them, x0.6 on water, "
        "x0.6 cut off from its cities (broken supply)")
    step = {"type": "combat_step", "attacker": 1, "attack_word": "sword", "attack_strength": 10,
            "defend_word": "linn", "defend_cells": [], "defend_strength": 4, "attacker_wins": True,
            "attack_strength_after": 10,
            "defend_detail": {"word": "linn", "value": 4, "base": 4, "multipliers": [], "supplied": True,
                              "on_city": True, "kept": 3}}
    lines = explain_fight([{"type": "word_committed", "player": 1, "word": "sword", "attacks": True}, step])
    assert lines[1] == ("LINN defends at 4: 4 in its letters; its city does not guard it, as the attack "
                        "stays outside the city's gate; 3 of its letters stand in a gate the attack misses "
                        "and stay whatever happens.")
