"""Each lesson's facts and goal: what its texts quote, and what counts as done.

Every number comes from the engine: a played move's events, the strengths its own strength
functions give (:mod:`client.tutorial.facts`), the scores and the rule set of the game. The
functions take any move that meets the goal (the player's own choice of word included), not
only the lesson's suggested one.
"""

from __future__ import annotations

from client.tutorial.facts import (
    GOLD,
    SILVER,
    Played,
    city_of,
    defence_if_supplied,
    defence_now,
    dots_text,
    fight_of,
    isolated_words,
    letters_text,
    spaced,
    strength_why,
    upper,
    where,
)
from client.tutorial.lesson import Facts, Story
from shared.rules.actions import Commit, OrderDefence
from shared.rules.pending import PendingDefence
from shared.rules.terrain import Terrain


def _laid(played: Played) -> Facts:
    """The word a commit laid: its name, where it starts, its direction, what was typed."""
    c = played.committed()
    assert c is not None and isinstance(played.action, Commit)
    cells = [tuple(x) for x in c.cells]
    placed = "".join(ch for _, _, ch in sorted(played.action.placements))
    direction = "across" if len({r for r, _ in cells}) == 1 else "down"
    kept = [c.word[i] for i, cell in enumerate(cells)
            if cell not in {(r, col) for r, col, _ in played.action.placements}]
    return {
        "word": upper(c.word),
        "start": where(cells[0]),
        "direction": direction,
        "letters": spaced(placed),
        "first": c.word[0].upper(),
        "through": letters_text(kept),
        "cells": cells,
    }


def _story_fight(story: Story) -> Facts:
    """The first fight of the script's last word, as the events told it."""
    steps = [e for e in story.last_word if e.type == "combat_step"]
    if not steps:
        return {}
    s = steps[0]
    lost = [tuple(x) for e in story.last_word if e.type == "letters_removed"
            and e.owner != s.attacker for x in e.letters]
    return {
        "story_word": upper(s.attack_word),
        "story_attack": s.attack_strength,
        "story_beaten": upper(s.defend_word),
        "story_defence": s.defend_strength,
        "story_removed": letters_text(lost),
    }


# ------------------------------------------------------------------ 1. the first word
def first_word_facts(played: Played, story: Story) -> Facts:
    """The first word: where the city is, the letter on it, its score letter by letter."""
    laid = _laid(played)
    city = city_of(played.before, GOLD)
    word = played.committed().word  # type: ignore[union-attr]
    on_city = next((word[i] for i, cell in enumerate(laid["cells"]) if cell == city), "?")
    return {**laid, "city": where(city), "on_city": on_city.upper(),
            "score": played.after.score(GOLD), "dots": dots_text(word)}


def first_word_goal(played: Played, story: Story) -> bool:
    """Done when gold lays a word (the engine lets a first word through only on the city)."""
    c = played.committed()
    return c is not None and c.player == int(GOLD)


# ------------------------------------------------------------------ 2. supply
def supply_facts(played: Played, story: Story) -> Facts:
    """The cut-off word before and after, and the word that joins it up."""
    start = story.start
    cut = isolated_words(start, GOLD)[0]
    facts = {**_story_fight(story), **_laid(played), "cut": upper(cut.text),
             "cut_now": defence_now(start, GOLD, cut).value,
             "cut_supplied": defence_if_supplied(start, cut).value,
             "broken": f"x{float(start.rules.broken_supply_multiplier):g}"}
    before = played.before.crossword(GOLD)
    joined = [w for w in before.words if w in before.supplied and set(w.cells) & set(facts["cells"])]
    facts["anchor"] = upper(joined[0].text) if joined else "your crossword"
    after = played.after.crossword(GOLD)
    holding = [w for w in after.words if cut.cells[0] in w.cells and w.direction == cut.direction]
    facts["cut_after"] = defence_now(played.after, GOLD, holding[0]).value if holding else 0
    return facts


def supply_goal(played: Played, story: Story) -> bool:
    """Done when a commit leaves every letter of the cut-off word in a supplied word."""
    if played.committed() is None:
        return False
    cut = isolated_words(story.start, GOLD)[0]
    after = played.after.crossword(GOLD)
    return all(any(cell in w.cells for w in after.supplied) for cell in cut.cells)


# ------------------------------------------------------------------ 3. attack
def attack_facts(played: Played, story: Story) -> Facts:
    """Both strengths with their reasons, and what the fight removed."""
    assert isinstance(played.action, Commit)
    fight = fight_of(played.before, played.action)
    d = fight.defenders[0]
    board = played.before.board
    removed = played.removed(SILVER)
    gone = {(r, c) for r, c, _ in removed}
    kept = [cell for cell in d.run.cells if cell not in gone]
    kept_in = [w for w in played.after.crossword(SILVER).words if kept and kept[0] in w.cells]
    note = ""
    if kept and kept_in:
        letter = played.before.board.letters[SILVER][kept[0]].upper()
        note = f"The {letter} stays: it is also in {upper(kept_in[0].text)}."
    city = [cell for cell in d.run.cells if cell in board.city_owner]
    hills = [cell for cell in fight.run.cells if board.terrain_at(cell) is Terrain.MOUNTAINS]
    return {**_laid(played),
            "attack": fight.attack.value, "attack_why": strength_why(fight.run.text, fight.attack),
            "defender": upper(d.run.text), "defence": d.strength.value,
            "defence_why": strength_why(d.run.text, d.strength),
            "city": where(city[0]) if city else "", "mountains": " and ".join(where(c) for c in hills),
            "removed": letters_text(removed), "points": played.points_to(GOLD), "kept_note": note}


def attack_goal(played: Played, story: Story) -> bool:
    """Done when gold's word attacks, wins every fight and takes enemy letters."""
    c = played.committed()
    if c is None or not c.attacks:
        return False
    steps = played.of_type("combat_step")
    return bool(steps) and all(s.attacker_wins for s in steps) and bool(played.removed(SILVER))


# ------------------------------------------------------------------ 4. cities
def city_facts(played: Played, story: Story) -> Facts:
    """The city taken, its bonus, the score after, and silver's last city."""
    taken = [e for e in played.of_type("city_taken") if e.player == int(GOLD)]
    cell = tuple(taken[0].cell) if taken else city_of(played.before, SILVER)
    rules = played.before.rules
    return {**_story_fight(story), **_laid(played), "city": where(cell),
            "bonus": taken[0].bonus if taken else rules.city_capture_bonus,
            "score": played.after.score(GOLD), "capital": where(city_of(played.after, SILVER)),
            "city_x": f"x{float(rules.city_defence_multiplier):g}"}


def city_goal(played: Played, story: Story) -> bool:
    """Done when gold takes a city from silver."""
    return any(e.player == int(GOLD) and e.previous == int(SILVER)
               for e in played.of_type("city_taken"))


# ------------------------------------------------------------------ 5. defence
def defence_facts(played: Played, story: Story) -> Facts:
    """The attack, the defending words, the best order, and what the chosen order cost."""
    pending = played.before.pending
    assert isinstance(pending, PendingDefence) and isinstance(played.action, OrderDefence)
    words = [(upper(d.run.text), d.strength) for d in pending.defenders]
    best = pending.suggested_order[0]
    weak = next(i for i in range(len(words)) if i != best)
    first = played.action.order[0]
    name = upper(pending.attack_run.text)
    return {
        "attack_word": name, "attack": pending.attack_strength.value,
        "attack_why": strength_why(pending.attack_run.text, pending.attack_strength),
        "defenders_text": " and ".join(f"{w} ({s.value})" for w, s in words),
        "best": words[best][0], "best_strength": words[best][1].value,
        "best_why": strength_why(words[best][0].lower(), words[best][1]),
        "weak": words[weak][0], "weak_strength": words[weak][1].value,
        "first": words[first][0], "first_strength": words[first][1].value,
        "silver_lost": letters_text(played.removed(SILVER)),
        "gold_lost": letters_text(played.removed(GOLD)),
        "points": played.points_to(GOLD),
    }


def defence_goal(played: Played, story: Story) -> bool:
    """Done when gold orders the defence so that the attack fails and gold loses nothing."""
    failed = any(e.reason == "attack failed" and e.owner == int(SILVER)
                 for e in played.of_type("letters_removed"))
    return isinstance(played.action, OrderDefence) and failed and not played.removed(GOLD)
