"""Turns, draws, discards and the ends of the game (R2, R11): functions that change a
:class:`~shared.rules.state.GameState`, called by :class:`~shared.rules.game.Game` once it has
checked the action."""

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
from shared.rules.state import PLAYERS, GameState
from shared.rules.terrain import Player

__all__ = [
    "PLAYERS", "discard", "end_turn", "turn_end_reason", "start_turn", "draw", "require_discard",
    "resign", "leader", "after_action", "game_over",
]


def discard(g: GameState, action: Discard) -> list[Event]:
    """The pending discard (R2), or raise WrongDiscard / NotInRack and change nothing."""
    pending = g.pending
    assert isinstance(pending, PendingDiscard)
    p = action.player
    letters = action.letters
    if len(letters) != pending.count:
        raise E.WrongDiscard(f"discard exactly {pending.count} letter(s), not {len(letters)}")
    need, have = Counter(letters), Counter(g.racks[p])
    for letter, n in sorted(need.items()):
        if have[letter] < n:
            raise E.NotInRack(f"you cannot discard '{letter.upper()}': not enough on your rack")
    for letter in letters:
        g.racks[p].remove(letter)
    g.discarded[p] += len(letters)
    g.pending = None
    return [LettersDiscarded(p, letters)] + after_action(g)


def end_turn(g: GameState, action: EndTurn) -> list[Event]:
    """End the mover's turn: the game may end (R11), else the other player's turn starts."""
    p = action.player
    passed = not g.committed_this_turn
    g.passes = g.passes + 1 if passed else 0
    events: list[Event] = [TurnEnded(p, passed)]
    ending = turn_end_reason(g, p)
    if ending is not None:
        winner = leader(g) if g.rules.win_by_score else None
        return events + game_over(g, winner, ending)
    if g.last_turn_follows(p):
        events.append(LastTurn(p.other))
    events += start_turn(g, p.other)
    return events + after_action(g)


def turn_end_reason(g: GameState, p: Player) -> str | None:
    """R11 ends 2-5, checked when ``p`` ends a turn: the reason, or None to play on."""
    rules = g.rules
    if rules.revision < 2:
        no_letters_left = rules.endless_pool or all(not g.pools[q] for q in PLAYERS)
        return "stalemate" if no_letters_left and g.passes >= rules.stalemate_passes else None
    finite = not rules.endless_pool
    pools_empty = finite and all(not g.pools[q] for q in PLAYERS)
    if finite and rules.end_on_empty_rack:
        if not rules.equal_turns and g.gone_out(p):
            return "score"
        if rules.equal_turns and p != g.first and any(g.gone_out(q) for q in PLAYERS):
            return "score"  # the end of a round in which a player went out
    if pools_empty and g.passes >= rules.stalemate_passes:
        return "stalemate"
    if pools_empty and rules.stall_turns is not None and g.stall_turns >= rules.stall_turns:
        return "stall-limit"
    if rules.turn_limit is not None and g.turn >= rules.turn_limit:
        return "turn-limit"
    return None


def start_turn(g: GameState, p: Player) -> list[Event]:
    """Begin ``p``'s turn: count it, draw (after the first), ask for a discard if over the limit."""
    g.turn += 1
    g.to_move = p
    g.committed_this_turn = False
    g.redeployed_this_turn = False
    events: list[Event] = [TurnStarted(p, g.turn)]
    if not g.rules.endless_pool and all(not g.pools[q] for q in PLAYERS):
        g.stall_turns += 1  # R11 end 4 counts the turns that start with both pools empty
    if g.turns_started[p] > 0:
        drawn = draw(g, p, g.rules.draw_per_turn)
        if drawn:
            events.append(LettersDrawn(p, drawn))
    g.turns_started[p] += 1
    return events + require_discard(g, p)


def draw(g: GameState, p: Player, n: int) -> str:
    """Up to ``n`` letters from ``p``'s pool (or the endless bag) onto the rack; the letters drawn."""
    if g.rules.endless_pool:
        letters = sorted(g.rules.distribution)
        weights = [g.rules.distribution[ch] for ch in letters]
        drawn = g.rng.choices(letters, weights, k=n)
    else:
        pool = g.pools[p]
        drawn = [pool.pop() for _ in range(min(n, len(pool)))]
    g.racks[p].extend(drawn)
    g.drawn[p] += len(drawn)
    return "".join(drawn)


def require_discard(g: GameState, p: Player) -> list[Event]:
    """Make ``p`` discard down to the rack limit, if over it."""
    excess = len(g.racks[p]) - g.rules.rack_limit
    if excess > 0:
        g.pending = PendingDiscard(p, excess)
        return [DiscardRequired(p, excess)]
    return []


def resign(g: GameState, action: Resign) -> list[Event]:
    """The game ends: the other player wins."""
    if action.reason not in RESIGN_REASONS:
        raise E.BadResignation(f"unknown reason {action.reason!r}")
    return game_over(g, action.player.other, action.reason)


def leader(g: GameState) -> Player | None:
    """Who leads on score (None: level)."""
    s = g.scores()
    if s[Player.GOLD] == s[Player.SILVER]:
        return None
    return Player.GOLD if s[Player.GOLD] > s[Player.SILVER] else Player.SILVER


def after_action(g: GameState) -> list[Event]:
    """Scores, then every end condition that is checked after any action (R11)."""
    events: list[Event] = []
    scores = g.scores()
    if scores != g._last_scores:
        g._last_scores = scores
        events.append(ScoresChanged(scores))
    for p in PLAYERS:
        if not g.board.cities_of(p):
            return events + game_over(g, p.other, "conquest")
    target = g.rules.target_score
    if target is not None and max(scores.values()) >= target:
        return events + game_over(g, leader(g), "target")
    if g.rules.revision < 2 and g.rules.end_on_empty_rack and not g.rules.endless_pool:
        if g.pending is None and any(not g.pools[p] and not g.racks[p] for p in PLAYERS):
            return events + game_over(g, leader(g), "score")
    return events


def game_over(g: GameState, winner: Player | None, reason: str) -> list[Event]:
    """End the game with ``winner`` (None: a draw) for ``reason``."""
    g.result = Result(winner, reason)
    g.pending = None
    return [GameOver(winner, reason, g.scores())]
