"""Turns, draws, discards and the ends of the game (R2, R11).

A mixin of :class:`~shared.rules.game.Game`: these methods change the game's state.
"""

from __future__ import annotations

from collections import Counter

from shared.rules import errors as E
from shared.rules.actions import RESIGN_REASONS, Discard, EndTurn, Resign
from shared.rules.events import (
    DiscardRequired,
    Event,
    GameOver,
    LastTurn,
    LettersDiscarded,
    LettersDrawn,
    ScoresChanged,
    TurnEnded,
    TurnStarted,
)
from shared.rules.pending import PendingDiscard, Result
from shared.rules.terrain import Player

__all__ = [
    "PLAYERS", "TurnFlow",
]

PLAYERS = (Player.GOLD, Player.SILVER)


class TurnFlow:
    """Turn and ending handling for :class:`~shared.rules.game.Game`."""

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

    def _end_turn(self, action: EndTurn) -> list[Event]:
        p = action.player
        passed = not self.committed_this_turn
        self.passes = self.passes + 1 if passed else 0
        events: list[Event] = [TurnEnded(p, passed)]
        ending = self._turn_end_reason(p)
        if ending is not None:
            winner = self._leader() if self.rules.win_by_score else None
            return events + self._game_over(winner, ending)
        if self.last_turn_follows(p):
            events.append(LastTurn(p.other))
        events += self._start_turn(p.other)
        return events + self._after_action()

    def _gone_out(self, p: Player) -> bool:
        """R11 end 2's condition: ``p`` has an empty pool and an empty rack."""
        return not self.rules.endless_pool and not self.pools[p] and not self.racks[p]

    def last_turn_follows(self, p: Player) -> bool:
        """True when ``p``, ending a turn that does not end the game, is the first player going
        out under ``equal_turns``: the second player then plays one last turn."""
        rules = self.rules
        return rules.equal_turns and rules.end_on_empty_rack and p == self.first and self._gone_out(p)

    def is_last_turn(self) -> bool:
        """True while the second player plays the last turn of the game (``equal_turns``: the
        first player has gone out, and the game ends with this turn)."""
        return self.result is None and self.to_move != self.first and self.last_turn_follows(self.first)

    def _turn_end_reason(self, p: Player) -> str | None:
        """R11 ends 2-5, checked when ``p`` ends a turn: the reason, or None to play on."""
        rules = self.rules
        if rules.revision < 2:
            no_letters_left = rules.endless_pool or all(not self.pools[q] for q in PLAYERS)
            return "stalemate" if no_letters_left and self.passes >= rules.stalemate_passes else None
        finite = not rules.endless_pool
        pools_empty = finite and all(not self.pools[q] for q in PLAYERS)
        if finite and rules.end_on_empty_rack:
            if not rules.equal_turns and self._gone_out(p):
                return "score"
            if rules.equal_turns and p != self.first and any(self._gone_out(q) for q in PLAYERS):
                return "score"  # the end of a round in which a player went out
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
