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
from shared.rules.actions import Commit, Discard, OrderDefence, Redeploy
from shared.rules.errors import RuleError
from shared.rules.letters import LETTER_VALUES, face_value
from shared.rules.lexicon import Category
from shared.rules.pending import PendingDefence, PendingDiscard
from shared.rules.terrain import Terrain
from shared.wire import CombatStep, LettersRemoved


def _laid(played: Played) -> Facts:
    """The word a commit laid: its name, where it starts, its direction, what was typed."""
    c = played.committed()
    assert c is not None and isinstance(played.action, Commit)
    cells = [(r, col) for r, col in c.cells]
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
    steps = [e for e in story.last_word if isinstance(e, CombatStep)]
    if not steps:
        return {}
    s = steps[0]
    lost = [(r, c, ch) for e in story.last_word if isinstance(e, LettersRemoved)
            and e.owner != s.attacker for r, c, ch in e.letters]
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


# ------------------------------------------------------------------ 6. lifting a word
def lift_facts(played: Played, story: Story) -> Facts:
    """The word lifted, the letters that came back and stayed, and a lift the engine refuses."""
    lifted = played.of_type("word_lifted")[0]
    cells = [tuple(x) for x in lifted.cells]
    returned = [(r, c, ch) for r, c, ch in lifted.returned]
    back = {(r, c) for r, c, _ in returned}
    before = played.before
    own = before.board.letters[GOLD]
    kept = [own[cell] for cell in cells if cell not in back]
    kept_in = [w for w in before.crossword(GOLD).words
               if w.cells != tuple(cells) and any(cell in w.cells for cell in cells if cell not in back)]
    guard, guard_why = "", ""
    for word in before.crossword(GOLD).words:
        try:
            before.check(Redeploy(GOLD, word.cells[0], word.direction))
        except RuleError as exc:
            guard, guard_why = upper(word.text), exc.reason
            break
    click = returned[0][:2]
    return {"word": upper(lifted.word), "returned": letters_text(returned), "kept": letters_text(kept),
            "kept_in": upper(kept_in[0].text) if kept_in else "another word",
            "click": where(click), "click_letter": own[click].upper(),
            "rack": letters_text(before.racks[GOLD]), "rack_after": len(played.after.racks[GOLD]),
            "guard": guard, "guard_why": guard_why}


def lift_goal(played: Played, story: Story) -> bool:
    """Done when gold lifts a line and letters come back to its rack."""
    lifted = played.of_type("word_lifted")
    return isinstance(played.action, Redeploy) and bool(lifted) and bool(lifted[0].returned)


# ------------------------------------------------------------------ 7. discarding
def discard_facts(played: Played, story: Story) -> Facts:
    """How many letters were over the limit, which went, and the rack after."""
    pending = played.before.pending
    assert isinstance(pending, PendingDiscard) and isinstance(played.action, Discard)
    rules = played.before.rules
    return {"count": pending.count, "held": len(played.before.racks[GOLD]), "limit": rules.rack_limit,
            "draw": rules.draw_per_turn, "letter": played.action.letters[0].upper(),
            "letters": letters_text(list(played.action.letters)),
            "discarded": played.after.discarded[GOLD], "rack_after": len(played.after.racks[GOLD])}


def discard_goal(played: Played, story: Story) -> bool:
    """Done when gold's discard is accepted."""
    return isinstance(played.action, Discard) and bool(played.of_type("letters_discarded"))


# ------------------------------------------------------------------ 8. forest
WEAK_FOREST_WORD = "toes"  # laid where the lesson's word goes, it is refused: too light
def forest_facts(played: Played, story: Story) -> Facts:
    """The forest cells under the word, what it must be worth, and what it is worth."""
    assert isinstance(played.action, Commit)
    before = played.before
    plan = before.plan_commit(played.action)
    rules = before.rules
    cut = Category.CUT in before.lexicon.categories(plan.run.text)
    power = face_value(plan.run.text) * (rules.cut_word_multiplier if cut else 1)
    forest = list(plan.forest_cells)
    laid = _laid(played)
    # A weaker word over the same cells, and the engine's reason for refusing it.
    weak = Commit(GOLD, tuple((r, c, ch) for (r, c, _), ch in zip(played.action.placements, WEAK_FOREST_WORD)))
    try:
        before.check(weak)
        weak_why = "it is not"
    except RuleError as exc:
        weak_why = exc.reason
    return {**laid, "weak": upper(WEAK_FOREST_WORD), "weak_why": weak_why, "dots": dots_text(plan.run.text),
            "density": rules.forest_density, "cut_x": f"{float(rules.cut_word_multiplier):g}",
            "forest": len(forest), "forest_cells": " and ".join(where(c) for c in forest),
            "on_forest": letters_text([ch for r, c, ch in played.action.placements if (r, c) in forest]),
            "needed": rules.forest_density * len(forest), "power": f"{float(power):g}",
            "last": laid["word"][-1]}


def forest_goal(played: Played, story: Story) -> bool:
    """Done when gold's commit clears forest."""
    return any(e.reason == "forest cut" for e in played.of_type("terrain_changed"))


# ------------------------------------------------------------------ 9. ice
def ice_facts(played: Played, story: Story) -> Facts:
    """The word's letters on ice, their dots, and the ice's thickness."""
    assert isinstance(played.action, Commit)
    board = played.before.board
    on_ice = [(r, c, ch) for r, c, ch in played.action.placements if board.terrain_at((r, c)) is Terrain.ICE]
    return {**_laid(played), "thickness": played.before.rules.ice_thickness,
            "ice": " and ".join(where((r, c)) for r, c, _ in on_ice),
            "on_ice": letters_text(on_ice),
            "light": ", ".join(ch.upper() for ch, v in LETTER_VALUES.items() if v == 1),
            "ice_dots": max((LETTER_VALUES[ch] for *_, ch in on_ice), default=0)}


def ice_goal(played: Played, story: Story) -> bool:
    """Done when gold commits a word with a letter on ice and the ice holds."""
    if not isinstance(played.action, Commit) or played.committed() is None:
        return False
    board = played.before.board
    iced = [(r, c) for r, c, _ in played.action.placements if board.terrain_at((r, c)) is Terrain.ICE]
    cracked = any(e.reason == "ice cracked" for e in played.of_type("terrain_changed"))
    return bool(iced) and not cracked


# ------------------------------------------------------------------ 10. the end
def end_facts(played: Played, story: Story) -> Facts:
    """Silver's last city, the cross words that join the word up, the ends and the result."""
    laid = _laid(played)
    rules = played.before.rules
    cells = set(laid["cells"])
    crosses = [upper(w.text) for w in played.after.crossword(GOLD).words
               if w.direction != laid["direction"] and cells & set(w.cells)]
    return {**_story_fight(story), **laid, "capital": where(city_of(played.before, SILVER)),
            "crosses": " and ".join(crosses) or "your words", "stall": rules.stall_turns,
            "turn_limit": rules.turn_limit,
            "gold_score": played.after.score(GOLD), "silver_score": played.after.score(SILVER)}


def end_goal(played: Played, story: Story) -> bool:
    """Done when gold wins the game by conquest."""
    result = played.after.result
    return result is not None and result.winner == GOLD and result.reason == "conquest"
