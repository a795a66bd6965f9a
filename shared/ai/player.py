"""Choosing an action: discards, defence orders, commits, redeployments and the end of a turn.

A turn is played one action at a time: each call looks at the position afresh, commits the
best word if it is worth playing, and ends the turn when none is. Choosing a commit:

1. generate every commit the level's vocabulary allows (:mod:`shared.ai.movegen`);
2. estimate each one's value change (:class:`~shared.ai.evaluate.MoveEstimator`);
3. play the best few out exactly on copies of the game, with the defender's best order,
   and value the positions reached (:func:`~shared.ai.evaluate.position_value`);
4. at the levels that look ahead, play the opponent's most damaging replies against the
   best of those, from racks guessed from the letters the opponent has not shown;
5. add the level's noise and take the best, if it beats ending the turn.

Only information a player has is used (RULINGS R13): the opponent's rack size, never its
letters; the pools' sizes, never their order.
"""

from __future__ import annotations

import heapq
import random
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from itertools import combinations

from shared.actions import Action, Commit, Discard, EndTurn, OrderDefence, Redeploy
from shared.ai.evaluate import DEFAULT_WEIGHTS, MoveEstimator, Weights, position_value
from shared.ai.leave import leave_value
from shared.ai.levels import Level, get_level
from shared.ai.movegen import Move, find_moves, move_commit
from shared.ai.vocab import Vocabulary, level_vocabulary
from shared.crossword import read_crossword
from shared.errors import RuleError
from shared.game import Game, PendingDefence, PendingDiscard
from shared.terrain import Player

MARGIN = 0.25
"""A commit must improve the position by more than this (points) to be played."""

REPLY_MOVES = 3
"""Opponent replies played out exactly per guessed rack."""


@dataclass
class Decision:
    """An action with what the search saw (for self-play statistics and debugging)."""

    action: Action
    candidates: int = 0  # commits generated
    simulated: int = 0  # commits played out
    replies: int = 0  # opponent replies played out
    value: float = 0.0  # the chosen commit's value change (0 for other actions)
    timed_out: bool = False  # the time cap cut the search short
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)


def choose_action(
    game: Game,
    player: Player,
    level: int,
    rng: random.Random,
    time_limit: float | None = None,
) -> Action:
    """A legal action for ``player``: a discard or defence order if one is pending for
    them, otherwise a commit, a redeployment or the end of the turn.

    ``level`` is a key of :data:`shared.ai.LEVELS`; ``rng`` is the only source of chance
    (same game, level and seed: same action). ``time_limit`` caps the thinking in seconds
    (default: the level's cap; ``math.inf`` for none). The search has fixed budgets that
    stay well inside the cap, so the cap only matters on a very slow machine, and only
    then can timing change the choice. The game is not changed.
    """
    return decide(game, player, level, rng, time_limit).action


def decide(
    game: Game,
    player: Player,
    level: int,
    rng: random.Random,
    time_limit: float | None = None,
) -> Decision:
    """Like :func:`choose_action`, with statistics about the search."""
    lv = get_level(level)
    if game.result is not None:
        raise ValueError(f"the game is over ({game.result.reason}): there is nothing to choose")
    player = Player(player)
    start = time.perf_counter()
    limit = lv.time_limit if time_limit is None else time_limit
    pending = game.pending
    if isinstance(pending, PendingDiscard) and pending.player == player:
        decision = Decision(choose_discard(game, player, pending.count))
    elif isinstance(pending, PendingDefence) and pending.defender == player:
        decision = Decision(choose_defence(pending, player, lv, rng))
    elif game.actor != player:
        raise ValueError(f"{player.label} has nothing to decide: {game.actor.label} must act")
    else:
        decision = _Turn(game, player, lv, rng, start + limit).choose()
    decision.seconds = time.perf_counter() - start
    return decision


# ---------------------------------------------------------------------- discard, defence
def choose_discard(game: Game, player: Player, count: int) -> Discard:
    """Discard the ``count`` letters whose loss leaves the best rack."""
    rack = sorted(game.racks[player])
    draws = game.rules.draw_per_turn if (game.rules.endless_pool or game.pools[player]) else 0
    keep = game.rules.rack_limit - draws
    if count >= len(rack):
        return Discard(player, "".join(rack))
    best: tuple[float, str] | None = None
    if count <= 4:
        seen: set[str] = set()
        for idx in combinations(range(len(rack)), count):
            thrown = "".join(rack[i] for i in idx)
            if thrown in seen:
                continue
            seen.add(thrown)
            kept = "".join(ch for i, ch in enumerate(rack) if i not in idx)
            key = (leave_value(kept, keep), thrown)
            if best is None or key[0] > best[0]:
                best = key
        assert best is not None
        return Discard(player, best[1])
    thrown_letters: list[str] = []  # greedy, one letter at a time, for big discards
    left = list(rack)
    for _ in range(count):
        options = sorted(set(left))
        choice = max(options, key=lambda ch: (leave_value("".join(_without(left, ch)), keep), ch))
        left.remove(choice)
        thrown_letters.append(choice)
    return Discard(player, "".join(thrown_letters))


def _without(letters: list[str], ch: str) -> list[str]:
    out = list(letters)
    out.remove(ch)
    return out


def choose_defence(pending: PendingDefence, player: Player, lv: Level, rng: random.Random) -> OrderDefence:
    """The engine's best order (R7), or at a gentle level sometimes the order as listed."""
    if lv.naive_defence and rng.random() < lv.naive_defence:
        return OrderDefence(player, tuple(range(len(pending.defenders))))
    return OrderDefence(player, tuple(pending.suggested_order))


# ---------------------------------------------------------------------------- turn
def hypothetical_turn(game: Game, player: Player, rack: list[str] | str) -> Game:
    """A copy of ``game`` where it is ``player``'s turn with ``rack`` (for looking ahead).

    Only the copy is changed. The rack is a guess: the opponent's real rack is never read.
    """
    g = game.copy()
    g.pending = None
    g.to_move = player
    g.committed_this_turn = False
    g.redeployed_this_turn = False
    g.racks[player] = list(rack)
    return g


def play_out(game: Game, commit: Commit) -> Game:
    """A copy of ``game`` after ``commit``, the defence ordered the defender's best way."""
    g = game.copy()
    g.apply(commit)
    if isinstance(g.pending, PendingDefence):
        g.apply(OrderDefence(g.pending.defender, tuple(g.pending.suggested_order)))
    return g


def guess_rack(game: Game, player: Player, rng: random.Random, size: int) -> list[str]:
    """A plausible rack for ``player`` drawn from the letters they have not shown on the board."""
    rules = game.rules
    letters = sorted(rules.distribution)
    if rules.endless_pool:
        weights = [rules.distribution[ch] for ch in letters]
        return rng.choices(letters, weights, k=size)
    unseen = Counter(rules.distribution)
    unseen.subtract(Counter(game.board.letters[player].values()))
    bag = [ch for ch in letters for _ in range(max(0, unseen[ch]))]
    return rng.sample(bag, min(size, len(bag)))


class _Turn:
    """One decision on the mover's own turn."""

    def __init__(self, game: Game, player: Player, lv: Level, rng: random.Random, deadline: float) -> None:
        self.game = game
        self.me = player
        self.lv = lv
        self.rng = rng
        self.deadline = deadline
        self.w: Weights = replace(DEFAULT_WEIGHTS.scaled(lv.positional), letter_worth=lv.letter_worth,
                                  worth_on_empty_board=lv.hoard_first)
        self.vocab: Vocabulary = level_vocabulary(game.lexicon, lv.min_zipf)
        self.decision = Decision(EndTurn(player))

    def out_of_time(self) -> bool:
        if time.perf_counter() > self.deadline:
            self.decision.timed_out = True
            return True
        return False

    def choose(self) -> Decision:
        game, me, lv = self.game, self.me, self.lv
        if lv.redeploy >= 1 and not game.redeployed_this_turn:
            lift = self.lift_invalid()
            if lift is not None:
                self.decision.action = lift
                self.decision.notes.append("lift an invalid run")
                return self.decision
        base = position_value(game, me, self.w)
        best = self.best_commit(game, base)
        if best is not None and best[0] > MARGIN:
            self.decision.action = best[1]
            self.decision.value = best[0]
            return self.decision
        if lv.redeploy >= 2 and not game.redeployed_this_turn and not self.out_of_time():
            lift = self.lift_to_unstick(base, best[0] if best else 0.0)
            if lift is not None:
                self.decision.action = lift
                self.decision.notes.append("lift a word to play better")
                return self.decision
        self.decision.action = EndTurn(me)
        return self.decision

    # ------------------------------------------------------------------- commits
    def ranked(self, game: Game) -> tuple[list[Move], list[tuple[float, int]]]:
        """Our moves, and (estimated value, minus generation index) for each."""
        _, moves = find_moves(game, self.me, self.vocab)
        estimator = MoveEstimator(game, self.me, self.w)
        return moves, [(estimator.estimate(move).value, -i) for i, move in enumerate(moves)]

    def best_commit(self, game: Game, base: float, look: bool = True) -> tuple[float, Commit] | None:
        """The best commit and its value change (relative to ending the turn), or None if
        there is no legal commit. ``look`` False skips the look-ahead."""
        me, lv = self.me, self.lv
        moves, scored = self.ranked(game)
        self.decision.candidates = len(moves)
        if not moves:
            return None
        results: list[tuple[float, int, Commit, Game]] = []
        for _, neg_index in heapq.nlargest(max(1, lv.simulate), scored):
            if results and self.out_of_time():
                break
            move = moves[-neg_index]
            commit = move_commit(move, me)
            try:
                after = play_out(game, commit)
            except RuleError as exc:  # pragma: no cover - the generator only yields legal commits
                raise AssertionError(f"generated an illegal commit {commit}: {exc}") from exc
            value = position_value(after, me, self.w) - base
            results.append((value, neg_index, commit, after))
        self.decision.simulated = len(results)
        results.sort(key=lambda t: (t[0], t[1]), reverse=True)
        if lv.replies and look:
            # Only the candidates whose replies were examined compete: the others' values
            # would be optimistic by comparison.
            results = results[: lv.replies]
            values = self.look_ahead(game, results)
        else:
            values = [r[0] for r in results]
        best: tuple[float, float, Commit] | None = None
        for r, value in zip(results, values):
            noisy = value + (self.rng.gauss(0.0, lv.noise) if lv.noise else 0.0)
            if best is None or noisy > best[0]:
                best = (noisy, value, r[2])
        assert best is not None
        return best[1], best[2]

    def reply_vocab(self) -> Vocabulary:
        """The opponent is assumed to know every word the AI may play."""
        return level_vocabulary(self.game.lexicon, 0.0)

    def look_ahead(self, game: Game, candidates: list[tuple[float, int, Commit, Game]]) -> list[float]:
        """Each candidate's value less the damage of the opponent's best reply, relative to
        the damage the opponent could do if we ended the turn now."""
        me = self.me
        them = me.other
        size = min(game.rules.rack_limit, len(game.racks[them]) + game.rules.draw_per_turn)
        racks = [guess_rack(game, them, self.rng, size) for _ in range(self.lv.reply_racks)]
        if self.out_of_time():
            return [c[0] for c in candidates]
        # what each guessed rack's best quiet move would cost us: there whatever we play
        floors = [self.quiet_floor(game, rack) for rack in racks]

        def damage(position: Game) -> float:
            if position.result is not None or not self._in_contact(position, size):
                return 0.0
            total = 0.0
            for rack, floor in zip(racks, floors):
                total += max(0.0, self.worst_fight(position, rack) - floor)
            return total / max(1, len(racks))

        weight = self.lv.reply_weight
        now = damage(game)
        values = []
        for value, _, _, after in candidates:
            if self.out_of_time():
                values.append(value)  # unexamined: as exposed as ending the turn now
            else:
                values.append(value - weight * (damage(after) - now))
        return values

    def _in_contact(self, game: Game, reach: int) -> bool:
        """Could the opponent's next word touch our letters or cities at all?"""
        mine = list(game.board.letters[self.me]) + game.board.cities_of(self.me)
        cw = read_crossword(game.board, self.me.other, game.lexicon)
        sources = {c for w in cw.supplied for c in w.cells} | set(game.board.cities_of(self.me.other))
        limit = reach + 1
        for a in sources:
            for b in mine:
                if abs(a[0] - b[0]) + abs(a[1] - b[1]) <= limit:
                    return True
        return False

    def _loss(self, g: Game, base: float, commit: Commit) -> float:
        reply = play_out(g, commit)
        self.decision.replies += 1
        return base - position_value(reply, self.me, self.w)

    def quiet_floor(self, game: Game, rack: list[str]) -> float:
        """What the opponent's best quiet move with ``rack`` costs us (0 if it has none)."""
        them = self.me.other
        g = hypothetical_turn(game, them, rack)
        _, moves = find_moves(g, them, self.reply_vocab(), rack)
        estimator = MoveEstimator(g, them, self.w, rack)
        quiet = [(estimator.word_gain(m)[0], -i) for i, m in enumerate(moves) if not estimator.interacts(m)]
        if not quiet:
            return 0.0
        best = max(heapq.nlargest(REPLY_MOVES, quiet),
                   key=lambda t: (estimator.estimate(moves[-t[1]]).value, t[1]))
        base = position_value(game, self.me, self.w)
        return max(0.0, self._loss(g, base, move_commit(moves[-best[1]], them)))

    def worst_fight(self, after: Game, rack: list[str]) -> float:
        """What the opponent's most damaging fight (or city capture) with ``rack`` costs us."""
        me, them = self.me, self.me.other
        g = hypothetical_turn(after, them, rack)
        board = g.board
        near = set(board.cities_of(me))
        for r, c in board.letters[me]:
            near.update(((r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))
        _, moves = find_moves(g, them, self.reply_vocab(), rack, near=near)
        if not moves:
            return 0.0
        estimator = MoveEstimator(g, them, self.w, rack)
        fights = [(estimator.estimate(m).value, -i) for i, m in enumerate(moves)]
        base = position_value(after, me, self.w)
        return max(self._loss(g, base, move_commit(moves[-neg], them))
                   for _, neg in heapq.nlargest(REPLY_MOVES, fights))

    # ----------------------------------------------------------------- redeploys
    def lift_invalid(self) -> Redeploy | None:
        """Lift an invalid run back to the rack if the rules allow and no discard follows."""
        game, me = self.game, self.me
        cw = read_crossword(game.board, me, game.lexicon)
        for run in sorted(cw.invalid, key=lambda r: (-len(r.cells), r.cells)):
            action = Redeploy(me, run.start, run.direction)
            g = game.copy()
            try:
                g.apply(action)
            except RuleError:
                continue
            if g.pending is None and len(g.racks[me]) > len(game.racks[me]):
                return action
        return None

    def lift_to_unstick(self, base: float, best_now: float) -> Redeploy | None:
        """Lift one of our own small or isolated words if its letters play much better."""
        game, me = self.game, self.me
        cw = read_crossword(game.board, me, game.lexicon)
        options = sorted(cw.words, key=lambda r: (r in cw.supplied, len(r.cells), r.cells))[:3]
        for run in options:
            if self.out_of_time():
                break
            action = Redeploy(me, run.start, run.direction)
            g = game.copy()
            try:
                g.apply(action)
            except RuleError:
                continue
            if g.pending is not None:
                continue
            found = self.best_commit(g, base, look=False)
            if found is not None and found[0] > max(best_now, 0.0) + 3.0:
                return action
        return None
