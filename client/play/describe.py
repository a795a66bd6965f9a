"""Events and results in plain words, for the event log and the end-of-game screen."""

from __future__ import annotations

from shared.wire import (CityTaken, CombatStep, DefenceRequested, DiscardRequired, GameEvent, GameOver, LastTurn,
                         LettersDiscarded, LettersDrawn, LettersRemoved, Outcome, TerrainChanged, TurnEnded,
                         TurnStarted, WordCommitted, WordLifted)

REASONS = {
    "conquest": "by conquest: every city taken",
    "score": "on points, with the letters used up",
    "stalemate": "on points, after both sides passed twice with no letters left",
    "stall-limit": "on points: each side played its last 10 turns with no letters left to draw",
    "turn-limit": "on points, at the turn limit",
    "resigned": "by resignation",
    "time": "on time",
    "abandoned": "because the opponent left",
    "target": "by reaching the target score",
    "adjudicated": "by the server operator's decision",
    "forfeit": "by forfeit: the opponent was banned from the server",
}

SERVER_ENDINGS = {
    "agreed": "A draw by agreement",
    "aborted": "Game aborted: no winner, not rated",
    "declined": "The challenge was declined",
}
"""Endings the server decides without the engine (docs/protocol.md), in plain words."""

DRAW_REASONS = {
    "stalemate": " after both sides passed",
    "stall-limit": " at the stall limit",
    "turn-limit": " at the turn limit",
    "score": " on points",
    "target": " on points",
    "conquest": "",
}


def side(player: int | None, names: dict[int, str] | None = None) -> str:
    """A player's display name (Gold/Silver unless named)."""
    if player is None:
        return "nobody"
    if names and names.get(int(player)):
        return names[int(player)]
    return "Gold" if int(player) == 1 else "Silver"


_PLAIN_FORMS = {"has": "have", "passes": "pass"}


def acts(name: str, verb: str) -> str:
    """'Gold lays', and 'You lay' for the seat named "You" (an online client's own seat)."""
    if name == "You":
        verb = _PLAIN_FORMS.get(verb, verb[:-1] if verb.endswith("s") else verb)
    return f"{name} {verb}"


def _letters(items: list) -> str:
    return ", ".join(str(x[2]).upper() for x in items)


def describe_event(event: GameEvent, names: dict[int, str] | None = None, *,
                   detail: bool = False) -> str | None:
    """One line for the log, or None for events not worth a line.

    ``detail``: also the lines a screen that draws the rack and its prompts leaves out (letters
    drawn, a discard asked for, a turn ended after a word): the terminal client shows them."""
    if detail:
        line = _detail_line(event, names)
        if line is not None:
            return line
    if isinstance(event, WordCommitted):
        who = side(event.player, names)
        if event.attacks:
            return f"{acts(who, 'attacks')} with {event.word.upper()}"
        return f"{acts(who, 'lays')} {event.word.upper()}"
    if isinstance(event, CombatStep):
        a, d = event.attack_word.upper(), event.defend_word.upper()
        if event.attacker_wins:
            return f"  {a} ({event.attack_strength}) beats {d} ({event.defend_strength})"
        return f"  {a} ({event.attack_strength}) falls to {d} ({event.defend_strength})"
    if isinstance(event, LettersRemoved):
        gone = _letters(event.letters)
        tail = f", +{event.points} to {side(event.points_to, names)}" if event.points_to else ""
        return f"  {acts(side(event.owner, names), 'loses')} {gone} ({event.reason}){tail}"
    if isinstance(event, TerrainChanged):
        n = len(event.cells)
        if event.reason == "ice cracked":
            return f"  the ice cracks ({n} cell{'s' if n > 1 else ''} to water)"
        return f"  {n} forest cell{'s' if n > 1 else ''} cut to plains"
    if isinstance(event, CityTaken):
        bonus = f" (+{event.bonus})" if event.bonus else ""
        r, c = event.cell
        return f"  {acts(side(event.player, names), 'takes')} the city at row {r + 1}, column {c + 1}{bonus}"
    if isinstance(event, WordLifted):
        return f"{acts(side(event.player, names), 'lifts')} {event.word.upper()}"
    if isinstance(event, LettersDiscarded):
        n = event.count
        return f"{acts(side(event.player, names), 'discards')} {n} letter{'s' if n != 1 else ''}"
    if isinstance(event, TurnEnded):
        return acts(side(event.player, names), "passes") if event.passed else None
    if isinstance(event, TurnStarted):
        return f"- turn {event.turn}: {side(event.player, names)} -"
    if isinstance(event, LastTurn):
        out = 3 - int(event.player)
        return (f"{acts(side(out, names), 'has')} used every letter: "
                f"{acts(side(event.player, names), 'plays')} the last turn")
    if isinstance(event, DefenceRequested):
        return f"  {acts(side(event.defender, names), 'orders')} the defence"
    if isinstance(event, GameOver):
        return describe_result(Outcome(winner=event.winner, reason=event.reason), names)
    return None


def _detail_line(event: GameEvent, names: dict[int, str] | None) -> str | None:
    if isinstance(event, LettersDrawn) and event.letters:
        return f"{acts(side(event.player, names), 'draws')} {event.letters.upper()}"
    if isinstance(event, DiscardRequired):
        return f"{acts(side(event.player, names), 'must')} discard {event.count}"
    if isinstance(event, TurnEnded) and not event.passed:
        return f"{acts(side(event.player, names), 'ends')} the turn"
    return None


def describe_result(result: Outcome | None, names: dict[int, str] | None = None) -> str:
    """'Gold wins by conquest: every city taken' / 'A draw'."""
    if not result:
        return ""
    reason = result.reason
    winner = result.winner
    if reason in SERVER_ENDINGS:
        return SERVER_ENDINGS[reason]
    if winner is None:
        if reason == "adjudicated":
            return "A draw, by the server operator's decision"
        return "A draw" + DRAW_REASONS.get(reason, "")
    return f"{acts(side(winner, names), 'wins')} {REASONS.get(reason, reason)}"


TERRAIN_RULES: dict[str, tuple[str, str]] = {
    "plains": ("Plains", "no special rule"),
    "forest": ("Forest", "a word laid here must score more than 2 per forest cell under its new "
                         "letters; once laid, the forest is cut to plains"),
    "water": ("Water", "a word may cross it, but both its ends stand on land; it fights at x0.6"),
    "mountains": ("Mountains", "a letter here counts double in a fight"),
    "ice": ("Ice", "holds one-dot letters; a heavier letter cracks it after the fight and the word sinks"),
    "city": ("City", "a word with a letter here defends at x1.5; cover it to take it"),
    "lava": ("Lava", "no letter may ever stand here"),
}
"""Terrain name (``Terrain.value``) -> (display name, its rule in a few words)."""


def terrain_line(terrain: str) -> str:
    """'Mountains: a letter here counts double in a fight'."""
    name, rule = TERRAIN_RULES.get(terrain, (terrain.capitalize(), ""))
    return f"{name}: {rule}" if rule else name


def ai_pass_note(level_name: str, letters_on_board: int, hoards: bool) -> str | None:
    """Why a computer player passed, when its level explains it (None: nothing to explain).

    The stronger levels keep their letters before their first word (``Level.hoard_first`` in
    ``shared.ai``): a letter spent on a weak word cannot score later, so they gather a rack
    worth playing and discard the worst letters meanwhile. To a player that looks like a
    computer that does nothing; the chronicle says why.
    """
    if hoards and letters_on_board == 0:
        return f"  the {level_name} is gathering letters for a strong first word"
    return None
