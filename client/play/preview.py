"""The preview before Commit: the words formed, are they words, strength, attack and outcome.

It works from a view alone (so it is the same for a local game and a network game): the
view is turned into a *shadow* :class:`~shared.rules.game.Game` holding the same board and the
viewer's rack, and the engine itself judges the layout (``plan_commit``), measures the
strength (``attack_strength``), finds the defenders (``find_defenders``) and, on a copy,
plays the commit out with the defender's best order to say what would happen. The score shown
is the engine's own score (``Game.score``) after that play-out less the score before it: the
main word, every cross word it forms, letters taken or lost in the fight and city bonuses.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction

from shared.analysis.explain import explain_fight
from shared.rules.actions import Commit, OrderDefence
from shared.rules.board import Board, runs_of
from shared.rules.combat import attacks, best_order, find_defenders
from shared.rules.errors import RuleError
from shared.rules.game import Game, PendingDefence
from shared.rules.letters import face_value
from shared.rules.lexicon import Lexicon
from shared.rules.presets import PRESETS, RuleSet
from shared.rules.strength import Strength, attack_strength
from shared.rules.terrain import Cell, GameMap, Player, Terrain
from shared.wire import View

from client.play.display import CHAR_TO_TERRAIN


def shadow_game(view: View, lexicon: Lexicon, rules: RuleSet | None = None,
                viewer: Player | None = None) -> Game:
    """A Game with the view's board, city owners, turn and the viewer's rack (pools are empty)."""
    rules = rules or PRESETS.get(view.rules, PRESETS["standard"])
    terrain = tuple(tuple(CHAR_TO_TERRAIN[ch] for ch in row) for row in view.terrain)
    cities = {(r, c): (None if o is None else Player(o)) for r, c, o in view.cities}
    game_map = GameMap(view.map or "board", terrain, cities)
    g = Game.__new__(Game)
    g.map, g.rules, g.lexicon, g.seed = game_map, rules, lexicon, 0
    g.first = Player.GOLD
    g.rng = random.Random(0)
    g.board = Board(game_map)
    g.racks = {p: [] for p in Player}
    g.pools = {p: [] for p in Player}
    for key, data in view.players.items():
        p = Player(int(key))
        g.board.letters[p] = {(r, c): ch for r, c, ch in data.letters}
        # Unknown letters (the opponent's rack, the pools) are stand-ins of the right number,
        # so end-of-game checks on the shadow see the true counts.
        rack = data.rack
        g.racks[p] = list(rack) if rack is not None else ["e"] * data.rack_size
        g.pools[p] = ["e"] * int(data.pool or 0)
    g.drawn = {p: 0 for p in Player}
    g.removed = {p: 0 for p in Player}
    g.discarded = {p: 0 for p in Player}
    g.captured = {p: view.player(p).captured for p in Player}
    g.cities_taken = {p: view.player(p).cities_taken for p in Player}
    g.to_move = Player(view.to_move)
    g.turn = view.turn
    g.stall_turns = view.stall_turns
    g.turns_started = {p: 1 for p in Player}
    g.committed_this_turn = False
    g.redeployed_this_turn = view.redeployed
    g.passes = 0
    g.pending = None
    g.result = None
    g.actions = []
    g.initial_events = []
    g._last_scores = g.scores()
    return g


def describe_multiplier(name: str, value: Fraction) -> str:
    """'x1.5 attacking word'."""
    return f"x{float(value):g} {name}"


@dataclass
class WordLine:
    """A run the layout forms or changes."""

    text: str
    cells: tuple[Cell, ...]
    is_word: bool
    main: bool


@dataclass
class DefenderLine:
    """A word that would defend, with its strength and why."""

    text: str
    cells: tuple[Cell, ...]
    strength: int
    notes: list[str]


@dataclass
class Preview:
    """Everything the preview panel and the board marks show."""

    words: list[WordLine] = field(default_factory=list)
    error: str | None = None
    error_code: str | None = None
    word: str | None = None
    score: int = 0  # the mover's score change the commit brings (cross words, fights, cities)
    word_value: int = 0  # the main word's face value alone
    strength: int = 0
    strength_notes: list[str] = field(default_factory=list)
    attack: bool = False
    defenders: list[DefenderLine] = field(default_factory=list)
    suggested: tuple[int, ...] = ()
    outcome: list[str] = field(default_factory=list)
    why: list[str] = field(default_factory=list)  # the fight explained (shared.analysis.explain)
    survives: bool = True
    warnings: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.error is None and self.word is not None


def strength_notes(strength: Strength, base_face: int) -> list[str]:
    """Plain reasons behind a strength: mountain doubling and each multiplier."""
    notes = []
    if strength.base != base_face:
        notes.append(f"mountains: {base_face} -> {strength.base}")
    notes += [describe_multiplier(n, m) for n, m in strength.multipliers]
    return notes


def _outcome_lines(events: list, player: Player) -> tuple[list[str], bool]:
    lines: list[str] = []
    survived = True
    gained = {Player.GOLD: 0, Player.SILVER: 0}
    for ev in events:
        kind = ev.type
        if kind == "combat_step":
            if ev.attacker_wins:
                lines.append(f"beats {ev.defend_word.upper()} ({ev.attack_strength} > {ev.defend_strength}),"
                             f" {ev.attack_strength_after} left")
            else:
                lines.append(f"falls to {ev.defend_word.upper()} ({ev.attack_strength} vs {ev.defend_strength})")
                survived = False
        elif kind == "letters_removed" and ev.points_to is not None:
            gained[ev.points_to] += ev.points
        elif kind == "terrain_changed" and ev.reason == "ice cracked":
            lines.append("the ice cracks and the word sinks")
            survived = False
        elif kind == "terrain_changed" and ev.reason == "forest cut":
            lines.append(f"cuts {len(ev.cells)} forest cell(s) to plains")
        elif kind == "city_taken":
            bonus = f" (+{ev.bonus})" if ev.bonus else ""
            lines.append(f"takes the city at row {ev.cell[0] + 1}, column {ev.cell[1] + 1}{bonus}")
        elif kind == "game_over":
            lines.append("and wins the game!" if ev.winner == player else "and the game ends")
    if gained[player]:
        lines.append(f"you gain {gained[player]} from enemy letters")
    if gained[player.other]:
        lines.append(f"the enemy gains {gained[player.other]} from your letters")
    return lines, survived


def compute_preview(view: View, lexicon: Lexicon, player: Player,
                    placed: dict[Cell, str], direction: str | None = None,
                    rules: RuleSet | None = None, game: Game | None = None) -> Preview:
    """The preview of laying ``placed`` (cell -> letter) for ``player`` in ``view``.

    ``game`` may be a shadow built earlier from the same view (it is not changed).
    """
    pv = Preview()
    if not placed:
        return pv
    g = game or shadow_game(view, lexicon, rules, player)
    own = g.board.letters[player]
    new_cells = set(placed)
    layer = dict(own)
    layer.update(placed)
    touched = [r for r in runs_of(layer) if new_cells.intersection(r.cells)]
    commit = Commit(player, tuple((r, c, ch) for (r, c), ch in sorted(placed.items())), direction)
    plan = None
    try:
        plan = g.plan_commit(commit)
    except RuleError as exc:
        pv.error, pv.error_code = exc.reason, exc.code
    main_cells = plan.run.cells if plan is not None else None
    for run in touched:
        pv.words.append(WordLine(run.text, run.cells, run.text in lexicon, run.cells == main_cells))
    if plan is None:
        return pv
    run = plan.run
    pv.word = run.text
    pv.word_value = face_value(run.text)
    board = g.board.copy()
    for r, c, ch in plan.placements:
        board.letters[player][(r, c)] = ch
    strength = attack_strength(board, run, lexicon, g.rules)
    pv.strength = strength.value
    pv.strength_notes = strength_notes(strength, pv.word_value)
    pv.attack = attacks(board, player, run)
    if pv.attack:
        defenders = find_defenders(board, player, run, lexicon, g.rules)
        for d in defenders:
            notes = strength_notes(d.strength, face_value(d.run.text))
            pv.defenders.append(DefenderLine(d.run.text, d.run.cells, d.strength.value, notes))
        pv.suggested = best_order(board, player.other, strength.value, defenders, lexicon, g.rules)
    if any(board.terrain_at(c) is Terrain.ICE for c in run.cells):
        heavy = [ch for c, ch in zip(run.cells, run.text)
                 if board.terrain_at(c) is Terrain.ICE and face_value(ch) > g.rules.ice_thickness]
        if heavy:
            pv.warnings.append(f"{', '.join(sorted(set(ch.upper() for ch in heavy)))} too heavy for the ice")
    # Play it out on a copy, the defender choosing the best order.
    trial = g.copy()
    trial.to_move, trial.pending, trial.result = player, None, None
    try:
        events = trial.apply(commit)
        if isinstance(trial.pending, PendingDefence):
            events += trial.apply(OrderDefence(player.other, trial.pending.suggested_order))
    except RuleError as exc:  # should not happen once plan_commit agreed
        pv.error, pv.error_code = exc.reason, exc.code
        return pv
    pv.outcome, pv.survives = _outcome_lines(events, player)
    # The engine's own score (R11) on the played-out copy: every word formed or lost, letters
    # captured and city bonuses, so the number shown is the change the commit will bring.
    pv.score = trial.score(player) - g.score(player)
    if pv.attack:
        pv.why = explain_fight([d for d in (e.to_dict(None) for e in events) if d is not None])
    return pv


def word_marks(preview: Preview) -> dict[Cell, bool]:
    """Cell -> is-part-of-a-real-word for every provisional run (for board highlights)."""
    marks: dict[Cell, bool] = {}
    for line in preview.words:
        for cell in line.cells:
            marks[cell] = marks.get(cell, True) and line.is_word
    return marks
