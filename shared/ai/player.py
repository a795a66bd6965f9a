"""Choosing an action: discards, defence orders, commits, redeployments and the end of a turn.

A turn is played one action at a time: each call looks at the position afresh, commits the
best word if it is worth playing, and ends the turn when none is. Choosing a commit:

1. generate every commit the level's vocabulary allows (:mod:`shared.ai.movegen`);
2. estimate each one's value change (:class:`~shared.ai.estimate.MoveEstimator`);
3. play the best few out exactly on copies of the game, with the defender's best order, and
   value the positions reached (:func:`~shared.ai.evaluate.position_value`); with them, the
   strongest words through each of our cities the enemy could take next turn and, while
   the wait to meet costs, the best attacks;
4. drop the attacks that would fail and lose points (a hopeless attack gifts the defender
   its letters: ending the turn, or a discard, costs less), except in an opening that drags
   on, where a fight is worth a price (:mod:`shared.ai.contact`);
5. for the best few, find the best fight the letters kept would offer next turn (a threat,
   :func:`~shared.ai.fights.best_fight`) and count part of what it adds;
6. at the levels that look ahead, play the opponent's most damaging replies against the
   best of those, from racks guessed from the letters the opponent has not shown
   (:mod:`shared.ai.lookahead`), examining more if the best few are all refuted;
7. add the level's noise and take the best, if it beats ending the turn;
8. otherwise still commit rather than end the turn to cover a bare city of ours within the
   enemy's reach, or, behind once both pools are empty, to gain points.

Once our pool is empty, a commit after which ending the turn ends the game is valued as
that end (:mod:`shared.ai.endgame`), and at the levels that lift to play better
every word of ours is tried for a lift: a side ahead lays its last letters and wins rather
than pass the game out.

The top levels resign a game lost beyond recovery (:func:`~shared.ai.fights.lost_beyond_recovery`).

Only information a player has is used (RULINGS R13): the opponent's rack size, never its
letters; the pools' sizes, never their order.
"""

from __future__ import annotations

import heapq
import random
import time
from dataclasses import replace

from shared.rules.actions import Action, Commit, EndTurn, Redeploy, Resign
from shared.ai.answers import choose_defence, choose_discard
from shared.ai.contact import PROBES, urge
from shared.ai.decision import Decision
from shared.ai.estimate import MoveEstimator
from shared.ai.evaluate import DEFAULT_WEIGHTS, Weights, distance_to, position_value, side_info
from shared.ai.fights import best_fight, lost_beyond_recovery
from shared.ai.gc_pause import collector_paused
from shared.ai.endgame import catch_up, lift_candidates, score_diff, turn_end, used_up_and_won
from shared.ai.lookahead import (ESTIMATE_STRIDE, ReplySearch, guess_rack, hypothetical_turn, play_out,
                                 play_out_events)
from shared.ai.levels import Level, get_level
from shared.ai.movegen import Move, find_moves, move_cells, move_commit
from shared.ai.vocab import Vocabulary, level_vocabulary
from shared.ai.war import attack_lost, city_distance, read_defences, turn_reach, vulnerability
from shared.rules.crossword import read_crossword
from shared.rules.errors import RuleError
from shared.rules.game import Game, PendingDefence, PendingDiscard
from shared.rules.letters import face_value
from shared.rules.terrain import Player

__all__ = ["Decision", "choose_action", "choose_defence", "choose_discard", "decide", "guess_rack",
           "hypothetical_turn", "level_words", "play_out", "play_out_events"]

MARGIN = 0.25
"""A commit must improve the position by more than this (points) to be played."""
CAP_RESERVE = 0.2
"""The share of the think-time cap kept in reserve: the search stops at 80% of the cap,
so that the step under way when it stops (a play-out, a reply) still ends within it."""
LOOK_WIDER = 4
"""At most this many times the level's look-ahead candidates are examined when the first
ones all come out no better than ending the turn."""
GUARDS = 3
"""Commits through each of our cities in the enemy's reach that are played out besides the
best-estimated ones: the strongest words on the city (the estimate does not see the
defence a word on a city adds, the exact value does)."""


def choose_action(
    game: Game,
    player: Player,
    level: int,
    rng: random.Random,
    time_limit: float | None = None,
) -> Action:
    """A legal action for ``player``: a discard or defence order if one is pending for
    them, otherwise a commit, a redeployment or the end of the turn (or, at a level that
    resigns, a :class:`~shared.rules.actions.Resign` when the game is lost beyond recovery).

    ``level`` is a key of :data:`shared.ai.LEVELS`; ``rng`` is the only source of chance
    (same game, level and seed: same action). ``time_limit`` caps the thinking in seconds
    (default: the level's cap; ``math.inf`` for none): the search stops at
    ``1 - CAP_RESERVE`` of it, with the best found so far, so that the step under way ends
    within the cap. The search has fixed budgets that mostly stay well inside the cap;
    only when it stops early can timing change the choice. The game is not changed.

    The level's word graphs are built on its first decision in a process, before the clock
    starts (see :func:`level_words`): the build is a one-off, like loading the dictionary,
    and must not eat the first move's thinking time.
    """
    return decide(game, player, level, rng, time_limit).action


def level_words(lexicon: object, lv: Level) -> Vocabulary:
    """The words ``lv`` plays, with the word graph its look-ahead guesses the opponent's
    replies from: built on first use (a second or more for the whole dictionary), then cached."""
    vocab = level_vocabulary(lexicon, lv.min_zipf)
    if lv.replies:
        level_vocabulary(lexicon, 0.0)
    return vocab


def decide(game: Game, player: Player, level: int | Level, rng: random.Random, time_limit: float | None = None) -> Decision:
    """Like :func:`choose_action`, with statistics about the search."""
    lv = get_level(level)
    if game.result is not None:
        raise ValueError(f"the game is over ({game.result.reason}): there is nothing to choose")
    player = Player(player)
    limit = lv.time_limit if time_limit is None else time_limit
    pending = game.pending
    own_turn = game.actor == player and not isinstance(pending, (PendingDiscard, PendingDefence))
    if own_turn:
        level_words(game.lexicon, lv)  # before the clock starts: a one-off build, not thinking
    start = time.perf_counter()
    if isinstance(pending, PendingDiscard) and pending.player == player:
        decision = Decision(choose_discard(game, player, pending.count))
    elif isinstance(pending, PendingDefence) and pending.defender == player:
        decision = Decision(choose_defence(pending, player, lv, rng))
    elif game.actor != player:
        raise ValueError(f"{player.label} has nothing to decide: {game.actor.label if game.actor else 'nobody'} must act")
    else:
        with collector_paused():  # a full collection mid-search is a stall no clock check ends
            decision = _Turn(game, player, lv, rng, start + limit * (1 - CAP_RESERVE)).choose()
    decision.seconds = time.perf_counter() - start
    return decision


# ---------------------------------------------------------------------------- turn
class _Turn:
    """One decision on the mover's own turn."""

    def __init__(self, game: Game, player: Player, lv: Level, rng: random.Random, deadline: float) -> None:
        self.game = game
        self.me = player
        self.lv = lv
        self.rng = rng
        self.deadline = deadline
        w = replace(DEFAULT_WEIGHTS.scaled(lv.positional), letter_worth=lv.letter_worth, contact=lv.contact)
        if lv.hoard_first:
            w = replace(w, bare_city=0.0)
        self.w: Weights = w.for_rules(game.rules)
        # while the urge to meet is on, a lost attack is weighed like any move: it ends the wait
        self.refuse_gifts = lv.refuse_gifts and not urge(game, self.w.contact)
        self.vocab: Vocabulary = level_vocabulary(game.lexicon, lv.min_zipf)
        self.decision = Decision(EndTurn(player))
        self.search = ReplySearch(game, player, lv, self.w, rng, deadline, self.out_of_time, self.decision)
        # (value, commit, position after it) for each commit the last best_commit compared
        self.examined: list[tuple[float, Commit, Game]] = []
        self.probes: list[int] = []  # while the wait to meet costs, the best attacks to play out (PROBES)

    def out_of_time(self) -> bool:
        late = time.perf_counter() > self.deadline
        self.decision.timed_out |= late
        return late

    def choose(self) -> Decision:
        game, me, lv = self.game, self.me, self.lv
        # the game's last turn is played out: resigning it would change nothing but the record
        if lv.resigns and not game.is_last_turn() and lost_beyond_recovery(game, me, self.vocab, self.deadline, self.w):
            self.decision.action = Resign(me, "resigned")
            self.decision.notes.append("resign: lost beyond recovery")
            return self.decision
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
        if used_up_and_won(game, me):  # a lift now could only put the win at risk
            self.decision.action = EndTurn(me)
            self.decision.notes.append("our letters are used up: ending the turn wins")
            return self.decision
        cover = self.cover_bare_city(game)
        if cover is not None:
            self.decision.value, self.decision.action = cover
            self.decision.notes.append("cover a bare city in the enemy's reach")
            return self.decision
        gain = catch_up(game, me, self.examined)
        if gain is not None:
            self.decision.value, self.decision.action = gain
            self.decision.notes.append("behind with the letters gone: take points rather than pass")
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
        """Our moves, and (estimated value, minus generation index) for each worth playing out
        (a level that refuses gifts leaves out the attacks any one defender stops); sets ``probes``."""
        _, moves = find_moves(game, self.me, self.vocab, deadline=self.deadline)
        if not moves and self.lv.fallback_zipf is not None:  # stuck with the words it knows
            _, moves = find_moves(game, self.me, level_vocabulary(game.lexicon, self.lv.fallback_zipf),
                                  deadline=self.deadline)
        estimator = MoveEstimator(game, self.me, self.w)
        scored, attacks = [], []
        for i, move in enumerate(moves):
            if i % ESTIMATE_STRIDE == ESTIMATE_STRIDE - 1 and self.out_of_time():
                break  # past the deadline the moves estimated so far must do
            estimate = estimator.estimate(move)
            if not (estimate.gift and self.refuse_gifts):  # never worth playing out
                scored.append((estimate.value, -i))
                if estimate.attack and estimator.wait:
                    attacks.append((estimate.value, -i))
        self.probes = [neg for _, neg in heapq.nlargest(PROBES, attacks)]
        return moves, scored

    def best_commit(self, game: Game, base: float, look: bool = True) -> tuple[float, Commit] | None:
        """The best commit and its value change (relative to ending the turn), or None if
        there is no commit worth playing out (none legal, or only hopeless attacks).
        ``look`` False skips the threats and the look-ahead."""
        me, lv = self.me, self.lv
        moves, scored = self.ranked(game)
        self.decision.candidates = len(moves)
        if not scored:
            return None
        results: list[tuple[float, int, Commit, Game]] = []
        diff_now = score_diff(game, me)
        gifts = 0
        chosen = [neg for _, neg in heapq.nlargest(max(1, lv.simulate), scored)]
        if lv.threat_checks:
            chosen += self.guards(game, moves, scored, set(chosen))
        chosen += [neg for neg in self.probes if neg not in chosen]
        for neg_index in chosen:
            if (results or gifts) and self.out_of_time():
                break
            move = moves[-neg_index]
            commit = move_commit(move, me)
            try:
                after, events = play_out_events(game, commit)
            except RuleError as exc:  # pragma: no cover - the generator only yields legal commits
                raise AssertionError(f"generated an illegal commit {commit}: {exc}") from exc
            if self.refuse_gifts and attack_lost(events, me) and score_diff(after, me) <= diff_now:
                gifts += 1  # a hopeless attack: the defender gains more than we do
                continue
            after = turn_end(after, me) or after  # e.g. our last letters laid: the game ends
            value = position_value(after, me, self.w) - base
            results.append((value, neg_index, commit, after))
        self.decision.simulated = len(results) + gifts
        if gifts and look:
            self.decision.notes.append(f"refused {gifts} hopeless attack(s)")
        if not results:
            return None
        results.sort(key=lambda t: (t[0], t[1]), reverse=True)
        if lv.threat_checks and look:
            results = self.add_threats(game, results)
        if lv.replies and look:
            # Only the candidates whose replies were examined compete: the others' values
            # would be optimistic by comparison. If the best few are all refuted, more are
            # examined (up to LOOK_WIDER), rather than end the turn by default.
            values = self.search.look_ahead(game, results[: lv.replies * LOOK_WIDER], first=lv.replies,
                                     enough=MARGIN)
            results = results[: len(values)]
        else:
            values = [r[0] for r in results]
        self.examined = [(value, r[2], r[3]) for r, value in zip(results, values)]
        best: tuple[float, float, Commit] | None = None
        for r, value in zip(results, values):
            noisy = value + (self.rng.gauss(0.0, lv.noise) if lv.noise else 0.0)
            if best is None or noisy > best[0]:
                best = (noisy, value, r[2])
        assert best is not None
        return best[1], best[2]

    def guards(self, game: Game, moves: list[Move], scored: list[tuple[float, int]], chosen: set[int]) -> list[int]:
        """Up to :data:`GUARDS` more moves (by minus index) for each of our cities that an
        attack could take next turn (an enemy word could reach it in a turn, with its rack,
        its draw and a lift, and our words there are weak): the words through the city with
        the most dots, which the estimate may rank low."""
        me = self.me
        board = game.board
        enemy = side_info(game, me.other)
        reach = turn_reach(game, me.other, enemy.crossword) + 1
        defences = read_defences(game, me)
        exposed = {city for city in board.cities_of(me)
                   if vulnerability(defences.city_need(city)) > 0
                   and city_distance(list(enemy.sources), city, defences, reach + 1) <= reach}
        if not exposed:
            return []
        extra: list[int] = []
        for city in exposed:
            through = [(face_value(moves[-neg][3]), neg) for _, neg in scored
                       if neg not in chosen and city in move_cells(moves[-neg])]
            for _, neg in heapq.nlargest(GUARDS, through):
                chosen.add(neg)
                extra.append(neg)
        return extra

    def cover_bare_city(self, game: Game) -> tuple[float, Commit] | None:
        """The best examined commit that covers one of our bare cities within the enemy's
        reach (a rack's length from its supply), if any.

        Ending the turn instead would leave the city to the first enemy word through it (a
        capital: the game). The look-ahead can miss that threat, since it guesses only a
        few racks and never the letters a lift would free, and then judge every plan worse
        than ending the turn; a bare city is not left that way."""
        me = self.me
        board = game.board
        enemy = side_info(game, me.other).sources
        reach = game.rules.rack_limit
        bare = {city for city in board.cities_of(me) if city not in board.letters[me]
                and distance_to(enemy, city) <= reach}
        if not bare:
            return None
        covering = [(value, commit) for value, commit, _ in self.examined
                    if any((r, c) in bare for r, c, _ in commit.placements)]
        return max(covering, key=lambda t: t[0]) if covering else None

    def add_threats(self, game: Game, results: list[tuple[float, int, Commit, Game]]
                    ) -> list[tuple[float, int, Commit, Game]]:
        """Count part of the fight each of the best candidates sets up for next turn.

        The threat is the best fight the letters kept would win in the position reached
        (:func:`~shared.ai.fights.best_fight`), compared with the best fight on offer now,
        which the move may spend or keep. Candidates beyond the level's budget are taken to
        spend it. The result is sorted best first."""
        me, lv, w = self.me, self.lv, self.w
        rack = list(game.racks[me])
        now = best_fight(game, me, self.vocab, rack, w, self.deadline)
        out = []
        for k, (value, neg_index, commit, after) in enumerate(results):
            then = 0.0
            if k < lv.threat_checks and after.result is None and not self.out_of_time():
                then = best_fight(after, me, self.vocab, list(after.racks[me]), w, self.deadline)
            out.append((value + lv.threat_weight * (then - now), neg_index, commit, after))
        out.sort(key=lambda t: (t[0], t[1]), reverse=True)
        return out

    # ----------------------------------------------------------------- redeploys
    def lift_invalid(self) -> Redeploy | None:
        """Lift an invalid run back to the rack if the rules allow. An invalid run scores
        nothing, cannot fight and may not be built on, so its letters are better on the rack
        even when the rack is full: the discard that follows keeps the best of the rack and
        the lifted letters (:func:`choose_discard`). Left on the board, a run like that can
        shut a side out of its own city for the rest of the game."""
        game, me = self.game, self.me
        board = game.board
        cw = read_crossword(board, me, game.lexicon)
        for run in sorted(cw.invalid, key=lambda r: (-len(r.cells), r.cells)):
            action = Redeploy(me, run.start, run.direction)
            g = game.copy()
            try:
                g.apply(action)
            except RuleError:
                continue
            if len(g.board.letters[me]) < len(board.letters[me]):  # letters came back
                return action
        return None

    def lift_to_unstick(self, base: float, best_now: float) -> Redeploy | None:
        """Lift one of our words (:func:`~shared.ai.endgame.lift_candidates`) if its letters
        play much better."""
        game, me = self.game, self.me
        options = lift_candidates(game, me, read_crossword(game.board, me, game.lexicon))
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
