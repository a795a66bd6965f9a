"""The game as a state machine.

A :class:`Game` knows whose turn it is, what decision is pending (a discard, a defence
order), and which actions are legal. ``apply`` checks an action completely before it
changes anything, so a refused action (a :class:`~shared.errors.RuleError`) leaves the
game exactly as it was; an accepted one returns the events it caused.

Map + rule set + seed + actions = the game: all randomness comes from the seeded
``random.Random`` the game owns.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from shared import errors as E
from shared.actions import (
    RESIGN_REASONS,
    Action,
    Commit,
    Discard,
    EndTurn,
    OrderDefence,
    Redeploy,
    Resign,
    action_to_dict,
)
from shared.board import ACROSS, DOWN, Board, Run, line_run, runs_of
from shared.combat import (
    CombatOutcome,
    Defender,
    attacks,
    best_order,
    find_defenders,
    remove_letters,
    remove_word,
    resolve,
)
from shared.crossword import Crossword, read_crossword
from shared.errors import cell_name
from shared.events import (
    CityTaken,
    DefenceRequested,
    DiscardRequired,
    Event,
    GameOver,
    GameStarted,
    LettersDiscarded,
    LettersDrawn,
    ScoresChanged,
    TerrainChanged,
    TurnEnded,
    TurnStarted,
    WordCommitted,
    WordLifted,
)
from shared.letters import LETTER_VALUES, face_value
from shared.lexicon import Category, Lexicon
from shared.rules import RuleSet
from shared.strength import Strength, attack_strength
from shared.terrain import Cell, GameMap, Player, Terrain

PLAYERS = (Player.GOLD, Player.SILVER)


@dataclass(frozen=True)
class PendingDiscard:
    """``player`` must discard ``count`` letters before anything else."""

    player: Player
    count: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "discard", "player": int(self.player), "count": self.count}


@dataclass(frozen=True)
class PendingDefence:
    """``defender`` must order the defending words against the committed word."""

    attacker: Player
    attack_run: Run
    attack_strength: Strength
    defenders: tuple[Defender, ...]
    suggested_order: tuple[int, ...]
    new_cells: frozenset[Cell]

    @property
    def defender(self) -> Player:
        return self.attacker.other

    @property
    def player(self) -> Player:
        return self.defender

    def attack_dict(self) -> dict[str, Any]:
        return {
            "player": int(self.attacker),
            "word": self.attack_run.text,
            "cells": [list(c) for c in self.attack_run.cells],
            "strength": self.attack_strength.value,
            "detail": self.attack_strength.to_dict(),
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": "defence",
            "player": int(self.defender),
            "attack": self.attack_dict(),
            "defenders": [d.to_dict() for d in self.defenders],
            "suggested_order": list(self.suggested_order),
        }


@dataclass(frozen=True)
class Result:
    """How the game ended. ``winner`` None is a draw."""

    winner: Player | None
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"winner": None if self.winner is None else int(self.winner), "reason": self.reason}


@dataclass(frozen=True)
class CommitPlan:
    """A commit that passed every check, ready to apply."""

    player: Player
    run: Run
    placements: tuple[tuple[int, int, str], ...]
    new_cells: frozenset[Cell]
    forest_cells: tuple[Cell, ...]


class Game:
    """One game of Scryptic. Build it with :meth:`new`."""

    def __init__(self) -> None:  # use Game.new
        self.map: GameMap
        self.rules: RuleSet
        self.lexicon: Lexicon
        self.seed: int
        self.first: Player
        self.rng: random.Random
        self.board: Board
        self.racks: dict[Player, list[str]]
        self.pools: dict[Player, list[str]]
        self.drawn: dict[Player, int]
        self.removed: dict[Player, int]
        self.discarded: dict[Player, int]
        self.captured: dict[Player, int]
        self.cities_taken: dict[Player, int]
        self.to_move: Player
        self.turn: int
        self.turns_started: dict[Player, int]
        self.committed_this_turn: bool
        self.redeployed_this_turn: bool
        self.passes: int
        self.stall_turns: int  # turns started with both pools empty (R11 end 4)
        self.pending: PendingDiscard | PendingDefence | None
        self.result: Result | None
        self.actions: list[dict[str, Any]]
        self.initial_events: list[Event]
        self._last_scores: dict[Player, int]

    # ----------------------------------------------------------------- creation
    @classmethod
    def new(
        cls,
        game_map: GameMap,
        rules: RuleSet,
        seed: int,
        lexicon: Lexicon,
        first: Player = Player.GOLD,
    ) -> "Game":
        """Start a game: shuffle both pools with ``seed``, deal the racks, begin the first turn."""
        for player in PLAYERS:
            if not any(owner == player for owner in game_map.cities.values()):
                raise ValueError(f"map {game_map.name!r} gives {player.label} no city")
        g = cls()
        g.map, g.rules, g.lexicon, g.seed, g.first = game_map, rules, lexicon, seed, Player(first)
        g.rng = random.Random(seed)
        g.board = Board(game_map)
        g.racks = {p: [] for p in PLAYERS}
        g.pools = {}
        for p in PLAYERS:
            pool = [] if rules.endless_pool else [ch for ch, n in sorted(rules.distribution.items()) for _ in range(n)]
            g.rng.shuffle(pool)
            g.pools[p] = pool
        g.drawn = {p: 0 for p in PLAYERS}
        g.removed = {p: 0 for p in PLAYERS}
        g.discarded = {p: 0 for p in PLAYERS}
        g.captured = {p: 0 for p in PLAYERS}
        g.cities_taken = {p: 0 for p in PLAYERS}
        g.turn = 0
        g.turns_started = {p: 0 for p in PLAYERS}
        g.committed_this_turn = False
        g.redeployed_this_turn = False
        g.passes = 0
        g.stall_turns = 0
        g.pending = None
        g.result = None
        g.actions = []
        g._last_scores = {p: 0 for p in PLAYERS}
        events: list[Event] = [GameStarted(g.first, game_map.name, rules.name)]
        for p in (g.first, g.first.other):
            events.append(LettersDrawn(p, g._draw(p, rules.rack_start)))
        events += g._start_turn(g.first)
        g.initial_events = events
        return g

    def copy(self) -> "Game":
        """An independent copy (for search and what-ifs); shares map, rules and lexicon."""
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.rng = random.Random()
        g.rng.setstate(self.rng.getstate())
        g.board = self.board.copy()
        g.racks = {p: list(r) for p, r in self.racks.items()}
        g.pools = {p: list(r) for p, r in self.pools.items()}
        for name in ("drawn", "removed", "discarded", "captured", "cities_taken", "turns_started",
                     "_last_scores"):
            setattr(g, name, dict(getattr(self, name)))
        g.actions = list(self.actions)
        return g

    # ----------------------------------------------------------------- queries
    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def version(self) -> int:
        """The number of accepted actions."""
        return len(self.actions)

    @property
    def actor(self) -> Player | None:
        """Who must act now: the defender or discarder if a decision is pending, else the mover."""
        if self.result is not None:
            return None
        if self.pending is not None:
            return self.pending.player
        return self.to_move

    def pool_count(self, player: Player) -> int | None:
        """Letters left in ``player``'s pool (None: endless)."""
        return None if self.rules.endless_pool else len(self.pools[player])

    def crossword(self, player: Player) -> Crossword:
        """``player``'s runs, words, invalid runs and supply."""
        return read_crossword(self.board, player, self.lexicon)

    def score(self, player: Player, crossword: Crossword | None = None) -> int:
        """R11: words on the board + opponent letters removed + city bonuses.

        Pass ``player``'s crossword if you already have it, to save reading the board again.
        """
        if crossword is None:
            words = sum(face_value(r.text) for r in runs_of(self.board.letters[player]) if r.text in self.lexicon)
        else:
            words = sum(face_value(r.text) for r in crossword.words)
        return words + self.captured[player] + self.rules.city_capture_bonus * self.cities_taken[player]

    def scores(self) -> dict[Player, int]:
        return {p: self.score(p) for p in PLAYERS}

    def legal_action_types(self, player: Player) -> list[str]:
        """The kinds of action ``player`` may take now (each may still be refused in detail)."""
        if self.result is not None:
            return []
        kinds = ["resign"]
        if self.pending is not None:
            if self.pending.player == player:
                kinds.insert(0, "discard" if isinstance(self.pending, PendingDiscard) else "order_defence")
            return kinds
        if player == self.to_move:
            kinds[:0] = ["commit"] + ([] if self.redeployed_this_turn else ["redeploy"]) + ["end_turn"]
        return kinds

    def best_defence_order(self) -> tuple[int, ...]:
        """The best order for the pending defence (R7)."""
        if not isinstance(self.pending, PendingDefence):
            raise E.NothingPending("no defence order is pending")
        return self.pending.suggested_order

    def letter_total(self, player: Player) -> int:
        """Pool + rack + board + removed + discarded: never changes in a finite-pool game."""
        return (
            len(self.pools[player]) + len(self.racks[player]) + len(self.board.letters[player])
            + self.removed[player] + self.discarded[player]
        )

    def fingerprint(self) -> tuple:
        """Everything that makes up the state, hashable: equal fingerprints, equal games."""
        b = self.board
        return (
            tuple(tuple(row) for row in b.terrain),
            tuple(sorted(b.city_owner.items())),
            tuple(tuple(sorted(b.letters[p].items())) for p in PLAYERS),
            tuple(tuple(self.racks[p]) for p in PLAYERS),
            tuple(tuple(self.pools[p]) for p in PLAYERS),
            tuple(tuple(d[p] for p in PLAYERS) for d in
                  (self.drawn, self.removed, self.discarded, self.captured, self.cities_taken,
                   self.turns_started)),
            self.to_move, self.turn, self.committed_this_turn, self.redeployed_this_turn,
            self.passes, self.stall_turns, self.pending, self.result, len(self.actions),
            self.rng.getstate(),
        )

    # ----------------------------------------------------------------- applying
    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` and return its events, or raise a RuleError and change nothing."""
        if self.result is not None:
            raise E.GameOverError(f"the game is over ({self.result.reason})")
        if isinstance(action, Resign):
            events = self._resign(action)
        else:
            self._check_actor(action)
            if isinstance(action, Commit):
                events = self._commit(action)
            elif isinstance(action, OrderDefence):
                events = self._order_defence(action)
            elif isinstance(action, Discard):
                events = self._discard(action)
            elif isinstance(action, Redeploy):
                events = self._redeploy(action)
            elif isinstance(action, EndTurn):
                events = self._end_turn(action)
            else:
                raise E.ActionFormatError(f"not an action: {action!r}")
        self.actions.append(action_to_dict(action))
        return events

    def check(self, action: Action) -> None:
        """Raise the RuleError ``apply`` would raise, without applying anything."""
        self.copy().apply(action)

    def _check_actor(self, action: Action) -> None:
        player = action.player
        pending = self.pending
        if isinstance(pending, PendingDiscard):
            if player != pending.player:
                raise E.NotYourTurn(f"{pending.player.label} must discard first")
            if not isinstance(action, Discard):
                raise E.DiscardFirst(
                    f"your rack is over the limit of {self.rules.rack_limit}: "
                    f"discard {pending.count} letter(s) first"
                )
            return
        if isinstance(pending, PendingDefence):
            if isinstance(action, OrderDefence) and player == pending.defender:
                return
            if player == pending.defender:
                raise E.DefencePending("you must first order your defending words")
            raise E.DefencePending(f"waiting for {pending.defender.label} to order the defence")
        if isinstance(action, OrderDefence):
            raise E.NothingPending("no attack is waiting for a defence order")
        if isinstance(action, Discard):
            raise E.NothingPending("your rack is not over the limit: nothing to discard")
        if player != self.to_move:
            raise E.NotYourTurn(f"it is {self.to_move.label}'s turn")

    # ------------------------------------------------------------------ commit
    def plan_commit(self, action: Commit) -> CommitPlan:
        """Check a commit against every placement rule (R3, R4, R5) without changing anything."""
        p = action.player
        board = self.board
        own = board.letters[p]
        placements = action.placements
        if action.direction not in (None, ACROSS, DOWN):
            raise E.ActionFormatError(f"direction must be 'across' or 'down', not {action.direction!r}")
        if not placements:
            raise E.EmptyCommit("a commit must place at least one letter")
        cells: list[Cell] = []
        for r, c, letter in placements:
            if not (isinstance(letter, str) and len(letter) == 1 and letter in LETTER_VALUES):
                raise E.BadLetter(f"{letter!r} at {cell_name((r, c))} is not a letter a-z")
            if not board.in_bounds((r, c)):
                raise E.OffBoard(f"{cell_name((r, c))} is off the board")
            if (r, c) in cells:
                raise E.DuplicateCell(f"two letters placed on {cell_name((r, c))}")
            cells.append((r, c))
        need = Counter(letter for _, _, letter in placements)
        have = Counter(self.racks[p])
        for letter, n in sorted(need.items()):
            if have[letter] < n:
                held = "no" if have[letter] == 0 else f"only {have[letter]}"
                raise E.NotInRack(f"you have {held} '{letter.upper()}' on your rack")
        rows = {r for r, _ in cells}
        cols = {c for _, c in cells}
        if len(rows) > 1 and len(cols) > 1:
            raise E.NotInLine("the letters of a commit must lie in one row or one column")
        for cell in cells:
            if cell in own:
                raise E.OwnLetterThere(f"you already have a letter on {cell_name(cell)}")
            if board.terrain_at(cell) is Terrain.LAVA:
                raise E.LavaCell(f"{cell_name(cell)} is lava: no letter may be placed there")
        layer = dict(own)
        for r, c, letter in placements:
            layer[(r, c)] = letter
        new_cells = frozenset(cells)
        if len(cells) > 1:
            direction = ACROSS if len(rows) == 1 else DOWN
            if action.direction is not None and action.direction != direction:
                raise E.NotInLine(f"these letters lie {direction}, not {action.direction}")
        elif action.direction is not None:
            direction = action.direction
        else:
            across = line_run(layer, cells[0], ACROSS)
            down = line_run(layer, cells[0], DOWN)
            if across and down:
                raise E.AmbiguousDirection(
                    f"the letter on {cell_name(cells[0])} extends both {across.text.upper()} and "
                    f"{down.text.upper()}: say which word you are committing (across or down)"
                )
            direction = ACROSS if across or not down else DOWN
        first, last = min(cells), max(cells)
        step = (0, 1) if direction == ACROSS else (1, 0)
        cell = first
        while cell != last:
            cell = (cell[0] + step[0], cell[1] + step[1])
            if cell not in layer:
                raise E.Gap(f"the letters do not form one unbroken word: a gap at {cell_name(cell)}")
        run = line_run(layer, cells[0], direction)
        if run is None:
            raise E.TooShort("a word needs at least 2 letters")
        touched = [r for r in runs_of(layer) if new_cells.intersection(r.cells)]
        for r in touched:
            if r.text not in self.lexicon:
                where = "the word" if r.cells == run.cells else "the cross word"
                raise E.NotAWord(f"{where} {r.text.upper()} at {cell_name(r.start)} is not in the dictionary")
        for r in touched:
            for end in (r.cells[0], r.cells[-1]):
                if board.terrain_at(end) is Terrain.WATER:
                    raise E.WaterEnd(
                        f"{r.text.upper()} ends on water at {cell_name(end)}: both ends of a word "
                        "must be on land"
                    )
        after = read_crossword(board, p, self.lexicon, layer)
        # R3: no run holding a new letter may include a letter of a run left invalid
        # (revision 1 checked the committed word only).
        built = touched if self.rules.revision >= 2 else [run]
        for bad in after.invalid:
            for word in built:
                if set(bad.cells) & set(word.cells):
                    raise E.BuildsOnInvalid(
                        f"{word.text.upper()} builds on the invalid run {bad.text.upper()} at "
                        f"{cell_name(bad.start)} without making it a word"
                    )
        if run not in after.supplied:
            raise E.NotConnected(
                f"{run.text.upper()} does not connect to your supplied crossword or to a city you own"
            )
        forest = tuple(c for c in cells if board.terrain_at(c) is Terrain.FOREST)
        if forest:
            power = face_value(run.text) * (
                self.rules.cut_word_multiplier if Category.CUT in self.lexicon.categories(run.text) else 1
            )
            needed = self.rules.forest_density * len(forest)
            if not power > needed:
                raise E.ForestTooDense(
                    f"{run.text.upper()} is worth {float(power):g} but the {len(forest)} forest cell(s) "
                    f"under its new letters need more than {needed}"
                )
        return CommitPlan(p, run, tuple(placements), new_cells, forest)

    def _commit(self, action: Commit) -> list[Event]:
        plan = self.plan_commit(action)
        p = plan.player
        board = self.board
        rack = self.racks[p]
        for _, _, letter in plan.placements:
            rack.remove(letter)
        for r, c, letter in plan.placements:
            board.letters[p][(r, c)] = letter
        self.committed_this_turn = True
        events: list[Event] = []
        is_attack = attacks(board, p, plan.run)
        events.append(WordCommitted(p, plan.run.text, plan.run.cells, plan.placements, is_attack))
        if plan.forest_cells:
            for r, c in plan.forest_cells:
                board.terrain[r][c] = Terrain.PLAINS
            events.append(TerrainChanged(plan.forest_cells, "forest", "plains", "forest cut"))
        if not is_attack:
            return events + self._finish_commit(p, plan.run, True)
        strength = attack_strength(board, plan.run, self.lexicon, self.rules)
        defenders = find_defenders(board, p, plan.run, self.lexicon, self.rules)
        suggested = best_order(board, p.other, strength.value, defenders, self.lexicon, self.rules)
        if len(defenders) >= 2:
            self.pending = PendingDefence(p, plan.run, strength, defenders, suggested, plan.new_cells)
            events.append(
                DefenceRequested(p.other, self.pending.attack_dict(),
                                 tuple(d.to_dict() for d in defenders), suggested)
            )
            return events
        outcome = resolve(board, p, plan.run, strength.value, defenders, suggested, plan.new_cells,
                          self.rules)
        return events + self._after_combat(p, plan.run, outcome)

    def _order_defence(self, action: OrderDefence) -> list[Event]:
        pending = self.pending
        assert isinstance(pending, PendingDefence)
        n = len(pending.defenders)
        if sorted(action.order) != list(range(n)):
            raise E.BadDefenceOrder(
                f"the order must list each of the {n} defending words once (indices 0 to {n - 1})"
            )
        self.pending = None
        outcome = resolve(self.board, pending.attacker, pending.attack_run, pending.attack_strength.value,
                          pending.defenders, action.order, pending.new_cells, self.rules)
        return self._after_combat(pending.attacker, pending.attack_run, outcome)

    def _after_combat(self, p: Player, run: Run, outcome: CombatOutcome) -> list[Event]:
        for player, points in outcome.points.items():
            self.captured[player] += points
        for ev in outcome.events:
            if getattr(ev, "owner", None) is not None:
                self.removed[ev.owner] += len(ev.letters)
        beaten = outcome.defeated if self.rules.cities_fall_with_words else ()
        return outcome.events + self._finish_commit(p, run, outcome.attacker_survived, beaten)

    def _finish_commit(self, p: Player, run: Run, survived: bool, beaten: tuple[Run, ...] = ()) -> list[Event]:
        """Ice (R8), cities (R9), stranded letters (R5), scores and the end of the game.

        ``beaten``: defending words whose cities fall with them (a rule-set option).
        """
        board = self.board
        events: list[Event] = []
        if survived:
            iced = [c for c in run.cells if board.terrain_at(c) is Terrain.ICE]
            if any(LETTER_VALUES[board.letters[p][c]] > self.rules.ice_thickness for c in iced):
                for r, c in iced:
                    board.terrain[r][c] = Terrain.WATER
                events.append(TerrainChanged(tuple(iced), "ice", "water", "ice cracked"))
                ev = remove_word(board, p, run, "ice cracked", None)
                if ev:
                    self.removed[p] += len(ev.letters)
                    events.append(ev)
                survived = False
        if survived:
            taken = list(run.cells) + [c for w in beaten for c in w.cells if c not in run.cells]
            for cell in dict.fromkeys(taken):
                if cell in board.city_owner and board.city_owner[cell] != p:
                    previous = board.city_owner[cell]
                    board.city_owner[cell] = p
                    bonus = 0
                    if previous == p.other:
                        self.cities_taken[p] += 1
                        bonus = self.rules.city_capture_bonus
                    events.append(CityTaken(cell, p, previous, bonus))
        events += self._remove_stranded()
        return events + self._after_action()

    def _remove_stranded(self) -> list[Event]:
        events: list[Event] = []
        for player in PLAYERS:
            layer = self.board.letters[player]
            in_runs = {c for r in runs_of(layer) for c in r.cells}
            lonely = [c for c in layer if c not in in_runs]
            ev = remove_letters(self.board, player, lonely, "stranded", None)
            if ev:
                self.removed[player] += len(ev.letters)
                events.append(ev)
        return events

    # ---------------------------------------------------------------- redeploy
    def _redeploy(self, action: Redeploy) -> list[Event]:
        p = action.player
        if self.redeployed_this_turn:
            raise E.AlreadyRedeployed("you may redeploy only once a turn")
        if action.direction not in (ACROSS, DOWN):
            raise E.ActionFormatError("direction must be 'across' or 'down'")
        if not self.board.in_bounds(action.cell):
            raise E.OffBoard(f"{cell_name(action.cell)} is off the board")
        run = self.board.run_through(p, action.cell, action.direction)
        if run is None:
            raise E.NoRunThere(f"you have no {action.direction} word through {cell_name(action.cell)}")
        own = self.board.letters[p]
        shared = {c for r in runs_of(own) if r != run for c in r.cells}
        lifted = [c for c in run.cells if c not in shared]
        layer = {c: ch for c, ch in own.items() if c not in lifted}
        before = read_crossword(self.board, p, self.lexicon)
        after = read_crossword(self.board, p, self.lexicon, layer)
        if self.rules.revision < 2:
            for bad in after.invalid:
                if bad not in before.invalid:
                    raise E.LiftBreaksCrossword(
                        f"lifting {run.text.upper()} would leave {bad.text.upper()} invalid"
                    )
        for word in after.words:
            if word in before.supplied and word not in after.supplied:
                raise E.LiftBreaksCrossword(
                    f"lifting {run.text.upper()} would cut {word.text.upper()} off from your cities"
                )
        returned = tuple((c[0], c[1], own[c]) for c in lifted)
        for c in lifted:
            del own[c]
        self.racks[p].extend(letter for _, _, letter in returned)
        self.redeployed_this_turn = True
        events: list[Event] = [WordLifted(p, run.text, run.cells, returned)]
        events += self._require_discard(p)
        return events + self._after_action()

    # ------------------------------------------------------------------ discard
    def _discard(self, action: Discard) -> list[Event]:
        pending = self.pending
        assert isinstance(pending, PendingDiscard)
        p = action.player
        letters = action.letters
        if len(letters) != pending.count:
            raise E.WrongDiscard(f"discard exactly {pending.count} letter(s), not {len(letters)}")
        need, have = Counter(letters), Counter(self.racks[p])
        for letter, n in sorted(need.items()):
            if have[letter] < n:
                raise E.NotInRack(f"you cannot discard '{letter.upper()}': not enough on your rack")
        for letter in letters:
            self.racks[p].remove(letter)
        self.discarded[p] += len(letters)
        self.pending = None
        return [LettersDiscarded(p, letters)] + self._after_action()

    # ----------------------------------------------------------------- turns
    def _end_turn(self, action: EndTurn) -> list[Event]:
        p = action.player
        passed = not self.committed_this_turn
        self.passes = self.passes + 1 if passed else 0
        events: list[Event] = [TurnEnded(p, passed)]
        ending = self._turn_end_reason(p)
        if ending is not None:
            winner = self._leader() if self.rules.win_by_score else None
            return events + self._game_over(winner, ending)
        events += self._start_turn(p.other)
        return events + self._after_action()

    def _turn_end_reason(self, p: Player) -> str | None:
        """R11 ends 2-5, checked when ``p`` ends a turn: the reason, or None to play on."""
        rules = self.rules
        if rules.revision < 2:
            no_letters_left = rules.endless_pool or all(not self.pools[q] for q in PLAYERS)
            return "stalemate" if no_letters_left and self.passes >= rules.stalemate_passes else None
        finite = not rules.endless_pool
        pools_empty = finite and all(not self.pools[q] for q in PLAYERS)
        if finite and rules.end_on_empty_rack and not self.pools[p] and not self.racks[p]:
            return "score"
        if pools_empty and self.passes >= rules.stalemate_passes:
            return "stalemate"
        if pools_empty and rules.stall_turns is not None and self.stall_turns >= rules.stall_turns:
            return "stall-limit"
        if rules.turn_limit is not None and self.turn >= rules.turn_limit:
            return "turn-limit"
        return None

    def _start_turn(self, p: Player) -> list[Event]:
        self.turn += 1
        self.to_move = p
        self.committed_this_turn = False
        self.redeployed_this_turn = False
        events: list[Event] = [TurnStarted(p, self.turn)]
        if not self.rules.endless_pool and all(not self.pools[q] for q in PLAYERS):
            self.stall_turns += 1  # R11 end 4 counts the turns that start with both pools empty
        if self.turns_started[p] > 0:
            drawn = self._draw(p, self.rules.draw_per_turn)
            if drawn:
                events.append(LettersDrawn(p, drawn))
        self.turns_started[p] += 1
        return events + self._require_discard(p)

    def _draw(self, p: Player, n: int) -> str:
        if self.rules.endless_pool:
            letters = sorted(self.rules.distribution)
            weights = [self.rules.distribution[ch] for ch in letters]
            drawn = self.rng.choices(letters, weights, k=n)
        else:
            pool = self.pools[p]
            drawn = [pool.pop() for _ in range(min(n, len(pool)))]
        self.racks[p].extend(drawn)
        self.drawn[p] += len(drawn)
        return "".join(drawn)

    def _require_discard(self, p: Player) -> list[Event]:
        excess = len(self.racks[p]) - self.rules.rack_limit
        if excess > 0:
            self.pending = PendingDiscard(p, excess)
            return [DiscardRequired(p, excess)]
        return []

    # ------------------------------------------------------------------ endings
    def _resign(self, action: Resign) -> list[Event]:
        if action.reason not in RESIGN_REASONS:
            raise E.BadResignation(f"unknown reason {action.reason!r}")
        return self._game_over(action.player.other, action.reason)

    def _leader(self) -> Player | None:
        s = self.scores()
        if s[Player.GOLD] == s[Player.SILVER]:
            return None
        return Player.GOLD if s[Player.GOLD] > s[Player.SILVER] else Player.SILVER

    def _after_action(self) -> list[Event]:
        """Scores, then every end condition that is checked after any action (R11)."""
        events: list[Event] = []
        scores = self.scores()
        if scores != self._last_scores:
            self._last_scores = scores
            events.append(ScoresChanged(scores))
        for p in PLAYERS:
            if not self.board.cities_of(p):
                return events + self._game_over(p.other, "conquest")
        target = self.rules.target_score
        if target is not None and max(scores.values()) >= target:
            return events + self._game_over(self._leader(), "target")
        if self.rules.revision < 2 and self.rules.end_on_empty_rack and not self.rules.endless_pool:
            if self.pending is None and any(not self.pools[p] and not self.racks[p] for p in PLAYERS):
                return events + self._game_over(self._leader(), "score")
        return events

    def _game_over(self, winner: Player | None, reason: str) -> list[Event]:
        self.result = Result(winner, reason)
        self.pending = None
        return [GameOver(winner, reason, self.scores())]

    # --------------------------------------------------------------------- views
    def view(self, viewer: Player | None) -> dict[str, Any]:
        """The whole visible state for ``viewer`` (a player, or None for a spectator): R13."""
        board = self.board
        rows = []
        for r in range(board.height):
            rows.append("".join(TERRAIN_TO_CHAR[t] for t in board.terrain[r]))
        crosswords = {p: self.crossword(p) for p in PLAYERS}
        players = {}
        for p in PLAYERS:
            cw = crosswords[p]
            players[str(int(p))] = {
                "rack_size": len(self.racks[p]),
                "rack": "".join(self.racks[p]) if viewer == p else None,
                "pool": self.pool_count(p),
                "score": self.score(p, cw),
                "captured": self.captured[p],
                "cities_taken": self.cities_taken[p],
                "letters": [[r, c, ch] for (r, c), ch in sorted(board.letters[p].items())],
                "invalid": [[list(c) for c in run.cells] for run in cw.invalid],
                "isolated": [[list(c) for c in run.cells] for run in cw.isolated],
            }
        return {
            "map": self.map.name,
            "rules": self.rules.name,
            "width": board.width,
            "height": board.height,
            "terrain": rows,
            "cities": [[r, c, None if o is None else int(o)] for (r, c), o in sorted(board.city_owner.items())],
            "players": players,
            "to_move": int(self.to_move),
            "turn": self.turn,
            "stall_turns": self.stall_turns,
            "redeployed": self.redeployed_this_turn,
            "pending": None if self.pending is None else self.pending.to_dict(),
            "result": None if self.result is None else self.result.to_dict(),
            "version": self.version,
            "viewer": None if viewer is None else int(viewer),
        }

    def record(self):
        """The game so far as a :class:`~shared.record.GameRecord`."""
        from shared.record import GameRecord

        return GameRecord.from_game(self)


TERRAIN_TO_CHAR: dict[Terrain, str] = {
    Terrain.PLAINS: ".",
    Terrain.FOREST: "f",
    Terrain.WATER: "~",
    Terrain.MOUNTAINS: "^",
    Terrain.ICE: "*",
    Terrain.CITY: "#",
    Terrain.LAVA: "x",
}
