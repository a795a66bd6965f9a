"""Looking ahead: playing moves out on copies of the game, and the opponent's replies.

:func:`play_out` plays a commit on a copy (the defence ordered the defender's best way).
:class:`ReplySearch` is the top level's look-ahead: from racks guessed from the letters the
opponent has not shown (:func:`guess_rack`, never the real rack: RULINGS R13), it finds the
opponent's most damaging fight against each of the best plans and compares its cost with the
opponent's best quiet move, which it would have anyway.
"""

from __future__ import annotations

import heapq
import random
from collections import Counter
from collections.abc import Callable

from shared.rules.actions import Commit, OrderDefence
from shared.ai.decision import Decision
from shared.ai.estimate import MoveEstimator
from shared.ai.evaluate import Weights, position_value
from shared.ai.levels import Level
from shared.ai.movegen import find_moves, move_commit
from shared.ai.vocab import Vocabulary, level_vocabulary
from shared.rules.crossword import read_crossword
from shared.rules.events import Event
from shared.rules.game import Game, PendingDefence
from shared.rules.terrain import Player

REPLY_MOVES = 3
"""Opponent replies played out exactly per guessed rack."""
ESTIMATE_STRIDE = 256
"""Moves estimated between two looks at the clock (a crowded board can give thousands)."""


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
    return play_out_events(game, commit)[0]


def play_out_events(game: Game, commit: Commit) -> tuple[Game, list[Event]]:
    """:func:`play_out`, with the events of the commit and of its defence order."""
    g = game.copy()
    events = g.apply(commit)
    if isinstance(g.pending, PendingDefence):
        events += g.apply(OrderDefence(g.pending.defender, tuple(g.pending.suggested_order)))
    return g, events


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


class ReplySearch:
    """The opponent-reply look-ahead of one decision: what each candidate commit is worth once
    the opponent's most damaging reply is played against it.

    Handed what it reads by the turn's search: the mover, the level, the weights, the chance,
    the deadline, ``out_of_time`` (the search's own clock check, which also notes on the
    decision that it was cut short) and the decision, on which it counts the replies played."""

    def __init__(self, game: Game, me: Player, lv: Level, w: Weights, rng: random.Random, deadline: float,
                 out_of_time: Callable[[], bool], decision: Decision) -> None:
        self.game = game
        self.me = me
        self.lv = lv
        self.w = w
        self.rng = rng
        self.deadline = deadline
        self.out_of_time = out_of_time
        self.decision = decision

    def reply_vocab(self) -> Vocabulary:
        """The opponent is assumed to know every word the AI may play."""
        return level_vocabulary(self.game.lexicon, 0.0)

    def look_ahead(self, game: Game, candidates: list[tuple[float, int, Commit, Game]],
                   first: int | None = None, enough: float | None = None) -> list[float]:
        """Each candidate's value less the damage of the opponent's best reply, relative to
        the damage the opponent could do if we ended the turn now.

        With ``first``, only the first ``first`` candidates are examined, then more, one at
        a time, while none examined so far is worth more than ``enough`` (ending the turn is
        worth 0 here): a few best plans that all turn out refuted must not make the turn end
        while a sounder one is left. The result covers the candidates examined, in order."""
        me = self.me
        them = me.other
        rules = game.rules
        # the opponent's next rack: what it holds now and what it will draw (the size of a
        # rack and of a pool are public; the letters are guessed)
        draw = rules.draw_per_turn if rules.endless_pool else min(rules.draw_per_turn, len(game.pools[them]))
        size = min(rules.rack_limit, len(game.racks[them]) + draw)
        racks = [guess_rack(game, them, self.rng, size) for _ in range(self.lv.reply_racks)]
        unexamined = [c[0] for c in candidates[: first or len(candidates)]]
        # what each guessed rack's best quiet move would cost us: there whatever we play
        floors = []
        for rack in racks:
            if self.out_of_time():
                return unexamined
            floors.append(self.quiet_floor(game, rack))

        # The clock is read between racks, not only between candidates: on a slow machine one
        # candidate's replies can take longer than the cap's reserve.
        def damage(position: Game) -> float | None:
            """None if time ran out before every guessed rack was tried."""
            if position.result is not None or not self._in_contact(position, size):
                return 0.0
            total = 0.0
            for rack, floor in zip(racks, floors):
                if self.out_of_time():
                    return None
                worst = self.worst_fight(position, rack)
                if worst is None:
                    return None
                total += max(0.0, worst - floor)
            return total / max(1, len(racks))

        weight = self.lv.reply_weight
        now = damage(game)
        if now is None:
            return unexamined
        values: list[float] = []
        for k, (value, _, _, after) in enumerate(candidates):
            if first is not None and k >= first and (
                    enough is None or max(values) > enough or self.out_of_time()):
                break
            harm = damage(after)
            # unexamined: as exposed as ending the turn now
            values.append(value if harm is None else value - weight * (harm - now))
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
        _, moves = find_moves(g, them, self.reply_vocab(), rack, deadline=self.deadline)
        estimator = MoveEstimator(g, them, self.w, rack)
        quiet = [(estimator.word_gain(m)[0], -i) for i, m in enumerate(moves) if not estimator.interacts(m)]
        if not quiet:
            return 0.0
        best = max(heapq.nlargest(REPLY_MOVES, quiet),
                   key=lambda t: (estimator.estimate(moves[-t[1]]).value, t[1]))
        base = position_value(game, self.me, self.w)
        return max(0.0, self._loss(g, base, move_commit(moves[-best[1]], them)))

    def worst_fight(self, after: Game, rack: list[str]) -> float | None:
        """What the opponent's most damaging fight (or city capture) with ``rack`` costs us,
        or None if time ran out while its fights were weighed."""
        me, them = self.me, self.me.other
        g = hypothetical_turn(after, them, rack)
        board = g.board
        near = set(board.cities_of(me))
        for r, c in board.letters[me]:
            near.update(((r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))
        _, moves = find_moves(g, them, self.reply_vocab(), rack, near=near, deadline=self.deadline)
        if not moves:
            return 0.0
        estimator = MoveEstimator(g, them, self.w, rack)
        fights: list[tuple[float, int]] = []
        for i, m in enumerate(moves):
            # thousands of fights near a large crossword take a good part of a second
            if i % ESTIMATE_STRIDE == ESTIMATE_STRIDE - 1 and self.out_of_time():
                return None
            fights.append((estimator.estimate(m).value, -i))
        base = position_value(after, me, self.w)
        return max(self._loss(g, base, move_commit(moves[-neg], them))
                   for _, neg in heapq.nlargest(REPLY_MOVES, fights))
