"""Play a docs/rules.md example (read by tests/doc_examples.py) through the engine and check it.

Every outcome an example states is compared, as text, with what the engine's events and state
say once rendered the same way: a refusal's message, strengths, fights, removed letters,
cities, scores, racks, the result, the turn, and the boards after.
"""

from __future__ import annotations

import re
from fractions import Fraction

from shared.rules import errors as E
from shared.rules.actions import Action, Commit, Discard, EndTurn, OrderDefence, Redeploy, Resign
from shared.tools.ascii import letters_text, position, terrain_text
from shared.rules.board import runs_of
from shared.rules.combat import find_defenders
from shared.rules.events import CityTaken, CombatStep, Event, LettersRemoved, WordCommitted
from shared.rules.game import Game, PendingDefence, PendingDiscard
from shared.rules.lexicon import Lexicon
from shared.rules.presets import PRESETS
from shared.rules.strength import Strength, attack_strength
from shared.rules.terrain import Player

from doc_examples import Example, ExampleError

PLAYER_NAMES = {"gold": Player.GOLD, "silver": Player.SILVER}


# ----------------------------------------------------------------------------- moves
_LETTERS = r"([a-zA-Z. ]+)"
_CELL = r"row (\d+), col (\d+)"
_P = r"(gold|silver)"
MOVES = [
    (re.compile(rf"{_P} commits (across|down) at {_CELL}: {_LETTERS}"), "commit"),
    (re.compile(rf"{_P} orders the defence: ([a-zA-Z, ]+)"), "order"),
    (re.compile(rf"{_P} lifts (?:its|the) (across|down) word through {_CELL}"), "lift"),
    (re.compile(rf"{_P} ends the turn"), "end"),
    (re.compile(rf"{_P} discards: {_LETTERS}"), "discard"),
    (re.compile(rf"{_P} resigns"), "resign"),
]
_REPEAT = re.compile(r"(\d+) times: (.+)")
PASS_TO_THE_END = "both players pass until the game ends, discarding their oldest letters when they must"


def parse_move(text: str, game: Game) -> Action:
    """One move in words as an engine action (defence orders name the defending words)."""
    for pattern, kind in MOVES:
        m = pattern.fullmatch(text)
        if m is None:
            continue
        player = PLAYER_NAMES[m.group(1)]
        if kind == "commit":
            direction, row, col = m.group(2), int(m.group(3)) - 1, int(m.group(4)) - 1
            dr, dc = (0, 1) if direction == "across" else (1, 0)
            letters = m.group(5).replace(" ", "").lower()
            placed = tuple((row + k * dr, col + k * dc, ch) for k, ch in enumerate(letters) if ch != ".")
            return Commit(player, placed, direction)
        if kind == "order":
            pending = game.pending
            if not isinstance(pending, PendingDefence):
                raise ExampleError(f"{text!r}: no defence order is pending")
            names = [d.run.text for d in pending.defenders]
            wanted = [w.strip().lower() for w in m.group(2).split(",")]
            if any(names.count(w) != 1 for w in wanted):
                raise ExampleError(f"{text!r}: the defending words are {', '.join(names)}")
            return OrderDefence(player, tuple(names.index(w) for w in wanted))
        if kind == "lift":
            return Redeploy(player, (int(m.group(3)) - 1, int(m.group(4)) - 1), m.group(2))
        if kind == "end":
            return EndTurn(player)
        if kind == "discard":
            return Discard(player, m.group(2).replace(" ", "").lower())
        return Resign(player)
    raise ExampleError(f"not a move: {text!r}")


# ----------------------------------------------------------------------------- outcomes
def cased(player: Player, text: str) -> str:
    """Letters as the grids show them: gold lower case, silver upper case."""
    return text.lower() if player is Player.GOLD else text.upper()


def _number(m: Fraction) -> str:
    return f"{float(m):g}"


def strength_text(word: str, s: Strength) -> str:
    """'sword 7 x 1.5 attacking word = 10', or 'nor 3' when nothing multiplies."""
    parts = [f"{word} {s.base}"] + [f"x {_number(m)} {name}" for name, m in s.multipliers]
    if s.multipliers:
        parts.append(f"= {s.value}")
    return " ".join(parts)


def fight_text(step: CombatStep) -> str:
    attacker = cased(step.attacker, step.attack_word)
    defender = cased(step.attacker.other, step.defend_word)
    if step.attacker_wins:
        return (f"{attacker} {step.attack_strength} beats {defender} {step.defend_strength}, "
                f"{step.attack_strength_after} left")
    return f"{attacker} {step.attack_strength} falls to {defender} {step.defend_strength}"


def removed_text(ev: LettersRemoved) -> str:
    letters = " ".join(cased(ev.owner, x[2]) for x in ev.letters)
    gain = f", +{ev.points} to {ev.points_to.label}" if ev.points_to is not None else ", no points"
    return f"{ev.owner.label} loses {letters} ({ev.reason}){gain}"


def city_text(ev: CityTaken) -> str:
    before = "pewter" if ev.previous is None else ev.previous.label
    bonus = f", +{ev.bonus}" if ev.bonus else ""
    return f"{ev.player.label} takes the {before} city at row {ev.cell[0] + 1}, col {ev.cell[1] + 1}{bonus}"


def result_text(game: Game) -> str:
    if game.result is None:
        return "game goes on"
    if game.result.winner is None:
        return f"draw ({game.result.reason})"
    return f"{game.result.winner.label} wins ({game.result.reason})"


def _same(text: str) -> str:
    return " ".join(text.split())


def _grid(rows: list[str]) -> str:
    return "\n".join(" ".join(row.replace(" ", "")) for row in rows)


# ----------------------------------------------------------------------------- playing
def lexicon_for(name: str) -> Lexicon:
    """'dictionary': the game's dictionary; 'test list': the rules tests' small word list."""
    if name == "dictionary":
        from shared.words.dictionary import load_dictionary

        return load_dictionary()
    if name == "test list":
        from rules_helpers import LEXICON

        return LEXICON
    raise ExampleError(f"words: {name!r} is neither 'dictionary' nor 'test list'")


def build(example: Example) -> Game:
    """The example's starting position."""
    setup = example.setup
    rules_name = setup.get("rules", "standard")
    if rules_name not in PRESETS:
        raise ExampleError(f"rules: no preset {rules_name!r}")
    if setup.get("to move", "gold") not in PLAYER_NAMES:
        raise ExampleError(f"to move: {setup['to move']!r} is neither gold nor silver")
    racks = {p: setup.get(f"{p.label} rack", "").replace(" ", "").lower() for p in PLAYER_NAMES.values()}
    game = position(
        "\n".join(example.grids["terrain"]),
        "\n".join(example.grids.get("letters", [])),
        lexicon_for(setup["words"]),
        rules=PRESETS[rules_name],
        racks=racks,
        to_move=PLAYER_NAMES[setup.get("to move", "gold")],
    )
    for p in PLAYER_NAMES.values():
        pool = setup.get(f"{p.label} pool")
        if pool is None:
            continue
        if pool != "empty" or game.rules.endless_pool:
            raise ExampleError(f"{p.label} pool: only a finite pool can be set, and only to 'empty'")
        game.pools[p].clear()
    for p in PLAYER_NAMES.values():  # a real game never leaves a letter outside every run
        layer = game.board.letters[p]
        in_runs = {c for run in runs_of(layer) for c in run.cells}
        for cell in sorted(set(layer) - in_runs):
            raise ExampleError(f"{p.label}'s letter at row {cell[0] + 1}, col {cell[1] + 1} is in no word")
    return game


def _discard_oldest(game: Game) -> None:
    pending = game.pending
    assert isinstance(pending, PendingDiscard)
    p = pending.player
    game.apply(Discard(p, "".join(game.racks[p][: pending.count])))


def _play(game: Game, move: str) -> list[Event]:
    """Apply one move in words (or a repeated list of them); the events it caused."""
    if move == PASS_TO_THE_END:
        events: list[Event] = []
        for _ in range(10_000):
            if game.over:
                return events
            if isinstance(game.pending, PendingDiscard):
                _discard_oldest(game)
            else:
                events += game.apply(EndTurn(game.to_move))
        raise AssertionError("the game did not end")
    m = _REPEAT.fullmatch(move)
    if m:
        events = []
        for _ in range(int(m.group(1))):
            for part in m.group(2).split(";"):
                events += game.apply(parse_move(part.strip(), game))
        return events
    return game.apply(parse_move(move, game))


class Mismatch(AssertionError):
    """The engine did not do what the document says."""


def play(example: Example) -> Game:
    """Play every move of ``example`` and check every stated outcome; raise Mismatch if one differs."""
    game = build(example)
    for step in example.steps:
        checks = dict((key, (value, line)) for key, value, line in step.checks)
        before = game.fingerprint()
        preview = None
        if "attack" in checks or "defence" in checks:
            action = parse_move(step.move, game)
            if not isinstance(action, Commit):
                raise ExampleError(f"line {step.line}: strengths are only shown for a commit")
            try:
                preview = _strengths(game, action)
            except E.RuleError as err:
                raise Mismatch(f"{_where(example, step.line)}: the engine refused the move: {err.reason}") from None
        try:
            events = _play(game, step.move)
            refusal = None
        except E.RuleError as err:
            events, refusal = [], err
        for key, value, line in step.checks:
            _check(example, game, key, value, line, events, refusal, preview, before)
        if refusal is not None and "refused" not in checks:
            raise Mismatch(f"{_where(example, step.line)}: the engine refused the move: {refusal.reason}")
    for name, read in (("letters after", letters_text), ("terrain after", terrain_text)):
        if name in example.grids:
            want, got = _grid(example.grids[name]), read(game)
            if want != got:
                raise Mismatch(f"{_where(example, example.line)}: {name} should be\n{want}\nbut the game has\n{got}")
    return game


def _strengths(game: Game, action: Commit) -> tuple[str, Strength, list[tuple[str, Strength]]]:
    """The committed word and its attack strength, and each defending word's, before the move.

    This reads the board as the engine does once the letters are laid; ``_check`` compares it
    with the strengths the engine's fights then report.
    """
    plan = game.plan_commit(action)
    board = game.board.copy()
    for r, c, letter in plan.placements:
        board.letters[plan.player][(r, c)] = letter
    defenders = find_defenders(board, plan.player, plan.run, game.lexicon, game.rules)
    return (cased(plan.player, plan.run.text),
            attack_strength(board, plan.run, game.lexicon, game.rules),
            [(cased(plan.player.other, d.run.text), d.strength) for d in defenders])


def _same_as_the_fights(where: str, preview: "Preview", events: list[Event]) -> None:
    """The strengths shown must be the ones the engine fought with."""
    word, attack, defenders = preview
    steps = [e for e in events if isinstance(e, CombatStep)]
    if steps and steps[0].attack_strength != attack.value:
        raise Mismatch(f"{where}: {word} fought at {steps[0].attack_strength}, not {attack.value}")
    shown = {w.lower(): s.value for w, s in defenders}
    for step in steps:
        if shown.get(step.defend_word) != step.defend_strength:
            raise Mismatch(f"{where}: {step.defend_word} fought at {step.defend_strength}")


def _where(example: Example, line: int) -> str:
    return f"docs/rules.md line {line} ({example.title})"


Preview = tuple[str, Strength, list[tuple[str, Strength]]]


def _check(example: Example, game: Game, key: str, value: str, line: int, events: list[Event],
           refusal: E.RuleError | None, preview: Preview | None, before: tuple) -> None:
    where = _where(example, line)
    if key == "refused":
        if refusal is None:
            raise Mismatch(f"{where}: the move was accepted, the document says it is refused")
        if _same(value.strip('"')) != _same(refusal.reason):
            raise Mismatch(f"{where}: refused because {refusal.reason!r}, not {value!r}")
        if game.fingerprint() != before:
            raise Mismatch(f"{where}: a refused move changed the game")
        return
    if refusal is not None:
        raise Mismatch(f"{where}: the engine refused the move: {refusal.reason}")
    if key in ("attack", "defence"):
        assert preview is not None  # play() computes it for every step that shows strengths
        _same_as_the_fights(where, preview, events)
        word, attack, defenders = preview
        if key == "defence":
            got = "; ".join(strength_text(w, st) for w, st in defenders) or "none"
        else:
            committed = [e for e in events if isinstance(e, WordCommitted)]
            got = strength_text(word, attack) if committed and committed[-1].attacks else "none"
    elif key == "best order":
        if not isinstance(game.pending, PendingDefence):
            raise Mismatch(f"{where}: no defence order is pending")
        pending = game.pending
        got = ", ".join(cased(pending.defender, pending.defenders[i].run.text) for i in pending.suggested_order)
    elif key == "fights":
        got = "; ".join(fight_text(e) for e in events if isinstance(e, CombatStep)) or "none"
    elif key == "removed":
        got = "; ".join(removed_text(e) for e in events if isinstance(e, LettersRemoved)) or "nothing"
    elif key == "cities":
        got = "; ".join(city_text(e) for e in events if isinstance(e, CityTaken)) or "none"
    elif key == "scores":
        s = game.scores()
        got = f"gold {s[Player.GOLD]}, silver {s[Player.SILVER]}"
    elif key in ("gold rack", "silver rack"):
        got = " ".join(sorted(game.racks[PLAYER_NAMES[key.split()[0]]])) or "empty"
        value = " ".join(sorted(value.replace(" ", ""))) if value != "empty" else value
    elif key == "result":
        got = result_text(game)
    elif key == "turn":
        got = str(game.turn)
    else:  # parse_example admits only the keys above
        raise ExampleError(f"line {line}: unknown check {key!r}")
    if _same(value) != _same(got):
        raise Mismatch(f"{where}: {key} should be {value!r}, the engine says {got!r}")


