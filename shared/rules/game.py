"""The game as a state machine.

A :class:`Game` knows whose turn it is, what decision is pending (a discard, a defence
order), and which actions are legal. ``apply`` checks an action completely before it
changes anything, so a refused action (a :class:`~shared.rules.errors.RuleError`) leaves the
game exactly as it was; an accepted one returns the events it caused.

Map + rule set + seed + actions = the game: all randomness comes from the seeded
``random.Random`` the game owns.
"""

from __future__ import annotations

import random
from typing import Any

from shared.rules import errors as E
from shared.rules.actions import (
    Action,
    Commit,
    Discard,
    EndTurn,
    OrderDefence,
    Redeploy,
    Resign,
    action_to_dict,
    check_shape,
)
from shared.rules.board import ACROSS, DOWN, Board, runs_of
from shared.rules import commit_flow, turn_flow
from shared.rules.crossword import read_crossword
from shared.rules.errors import cell_name
from shared.rules.events import (
    Event,
    GameStarted,
    LettersDrawn,
    WordLifted,
)
from shared.rules.game_view import view_of
from shared.rules.lexicon import Lexicon
from shared.rules.pending import PendingDefence, PendingDiscard
from shared.rules.placement import CommitPlan, plan_commit
from shared.rules.presets import RuleSet
from shared.rules.terrain import GameMap, Player
from shared.rules.state import PLAYERS, GameState

__all__ = [
    "Game", "PLAYERS", "PendingDefence", "PendingDiscard",
]


class Game(GameState):
    """One game of Scryptic: its state (:class:`GameState`) and the actions that change it.
    Build it with :meth:`new`."""

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
            events.append(LettersDrawn(p, turn_flow.draw(g, p, rules.rack_start)))
        events += turn_flow.start_turn(g, g.first)
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
        for memo in ("_crosswords", "_drawn_crosswords"):  # reads of the board (see GameState.crossword)
            g.__dict__[memo] = dict(self.__dict__.get(memo, {}))
        return g

    # ----------------------------------------------------------------- queries
    def best_defence_order(self) -> tuple[int, ...]:
        """The best order for the pending defence (R7)."""
        if not isinstance(self.pending, PendingDefence):
            raise E.NothingPending("no defence order is pending")
        return self.pending.suggested_order

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
        check_shape(action)
        if isinstance(action, Resign):
            events = turn_flow.resign(self, action)
        else:
            self._check_actor(action)
            if isinstance(action, Commit):
                events = commit_flow.commit(self, self.plan_commit(action))
            elif isinstance(action, OrderDefence):
                events = commit_flow.order_defence(self, action)
            elif isinstance(action, Discard):
                events = turn_flow.discard(self, action)
            elif isinstance(action, Redeploy):
                events = self._redeploy(action)
            elif isinstance(action, EndTurn):
                events = turn_flow.end_turn(self, action)
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
        return plan_commit(self.board, self.rules, self.lexicon, self.racks[action.player], action,
                           self.crossword(action.player))

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
        events += turn_flow.require_discard(self, p)
        return events + turn_flow.after_action(self)

    # --------------------------------------------------------------------- views
    def view(self, viewer: Player | None) -> dict[str, Any]:
        """The whole visible state for ``viewer`` (a player, or None for a spectator): R13."""
        return view_of(self, viewer)

    def record(self):
        """The game so far as a :class:`~shared.rules.record.GameRecord`."""
        from shared.rules.record import GameRecord

        return GameRecord.from_game(self)

