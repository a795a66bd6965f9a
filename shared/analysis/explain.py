"""Every fight explained: why a fight went the way it did, in sentences a new player follows.

One function, :func:`explain_fight`, used everywhere a fight is shown: the preview before
Commit (on the events of a trial play-out), the chronicle after the fight, and the analysis
of a game. It reads only the public events of one commit (``Event.to_dict`` form): the
``combat_step`` events carry each side's strength and the reasons behind it (letters,
mountains, water, meaning, city, supply), so the same sentences come out wherever the events
are, on a local game or over the network.

A sentence names, for the attacking word, its letters and every multiplier; for each word it
fights, the same, with its supply and whether its city guards it; the order the defender
chose; what each fight did (beaten, a tie that goes to the defender, the strength left); and
what was lost and gained.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from shared.rules.letters import face_value

_MULTIPLIERS = {
    "water": "x{m} on water",
    "attacking word": "x{m} for a word of attack",
    "sneaking word": "x{m} for a sneaking word",
    "defending word": "x{m} for a word of defence",
    "city": "x{m} on its city",
    "broken supply": "x{m} cut off from its cities (broken supply)",
}


def _name(player: int | None, names: dict[int, str] | None) -> str:
    if player is None:
        return "nobody"
    if names and names.get(int(player)):
        return names[int(player)]
    return "Gold" if int(player) == 1 else "Silver"


def _whose(name: str) -> str:
    return "Your" if name == "You" else f"{name}'s"


def _does(name: str, verb: str) -> str:
    """'Silver puts', and 'You put' for the seat a client names "You"."""
    return f"{name} {verb[:-1] if name == 'You' and verb.endswith('s') else verb}"


def _number(text: str) -> str:
    value = Fraction(text)
    return f"{float(value):g}"


def strength_reasons(word: str, detail: dict[str, Any]) -> str:
    """'7 in its letters, x1.5 for a word of attack': how a strength was made."""
    face = face_value(word)
    base = int(detail.get("base", face))
    parts = [f"{face} in its letters" + (f", {base} with the mountains doubling them" if base != face else "")]
    for name, value in detail.get("multipliers", []):
        pattern = _MULTIPLIERS.get(name, "x{m} " + name)
        parts.append(pattern.format(m=_number(value)))
    return ", ".join(parts)


def _defender_sentence(word: str, detail: dict[str, Any]) -> str:
    text = f"{word.upper()} defends at {detail['value']}: {strength_reasons(word, detail)}"
    names = [name for name, _ in detail.get("multipliers", [])]
    if detail.get("on_city") and "city" not in names:
        text += "; its city does not guard it, as the attack stays outside the city's gate"
    if detail.get("kept"):
        kept = int(detail["kept"])
        text += (f"; {kept} of its letters stand{'s' if kept == 1 else ''} in a gate the attack misses "
                 "and stay whatever happens")
    return text + "."


def _letters(items: Iterable[Any]) -> str:
    return " ".join(str(x[2]).upper() for x in items)


def fights_in(events: Iterable[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The events split into fights: each from a ``word_committed`` that attacks to the next commit."""
    fights: list[list[dict[str, Any]]] = []
    current: list[dict[str, Any]] | None = None
    for event in events:
        kind = event.get("type")
        if kind == "word_committed":
            current = [event] if event.get("attacks") else None
            if current is not None:
                fights.append(current)
        elif kind in ("turn_ended", "word_lifted", "turn_started"):
            current = None
        elif current is not None:
            current.append(event)
    return fights


class FightNarrator:
    """Tells fights as their events come, one event at a time (for a chronicle that streams).

    :meth:`feed` returns the sentences an event adds, or None when the event is not part of a
    fight (a quiet word, the end of a turn: describe it some other way). A sentence that
    depends on what follows (a beaten word that loses no letter) comes with the next event;
    :meth:`finish` gives what is still held. Feeding every event of a commit and then
    finishing gives :func:`explain_fight`'s sentences.
    """

    def __init__(self, names: dict[int, str] | None = None) -> None:
        self.names = names
        self.commit: dict[str, Any] | None = None
        self.said_attack = False
        self.held: list[str] = []
        self.fought: set[str] = set()
        self.defenders: list[str] = []

    def _word(self) -> str:
        return str(self.commit["word"]).upper() if self.commit else ""

    def feed(self, event: dict[str, Any]) -> list[str] | None:
        """The sentences ``event`` adds to the fight under way (None: not part of a fight)."""
        kind = event.get("type")
        if kind == "word_committed":
            done = self.finish()
            if not event.get("attacks"):
                return done or None
            self.commit, self.said_attack = event, False
            self.fought, self.defenders = set(), []
            return done
        if self.commit is None:
            return None
        if kind == "defence_requested":
            self.defenders = [d["word"] for d in event.get("defenders", [])]
            return []
        if kind == "combat_step":
            return self._step(event)
        if kind == "letters_removed" and event.get("reason") not in ("defeated", "swept", "attack failed"):
            return None  # stranded letters, a sunk word: not the fight's doing
        if kind in ("letters_removed", "terrain_changed", "city_taken"):
            lines = self._release(event)
            return lines + _aftermath([event], self.names)
        if kind in ("scores", "letters_drawn"):
            return []
        return self.finish() or None

    def _release(self, event: dict[str, Any]) -> list[str]:
        """The held sentence, unless ``event`` shows that the beaten word did lose letters."""
        held, self.held = self.held, []
        if event.get("type") == "letters_removed" and event.get("reason") == "defeated":
            return []
        return held

    def _step(self, step: dict[str, Any]) -> list[str]:
        lines = self._release(step)
        word = self._word()
        if not self.said_attack:
            self.said_attack = True
            who = _name(self.commit.get("player") if self.commit else step.get("attacker"), self.names)
            detail = step.get("attack_detail")
            if detail:
                lines.append(f"{_whose(who)} {word} attacks at {detail['value']}: {strength_reasons(word, detail)}.")
            else:
                lines.append(f"{_whose(who)} {word} attacks at {step['attack_strength']}.")
        first = not self.fought
        self.fought.add(step["defend_word"])
        d_word = step["defend_word"].upper()
        if step.get("defend_detail"):
            sentence = _defender_sentence(step["defend_word"], step["defend_detail"])
            if len(self.defenders) > 1:  # the defender chose an order: say where each word stood
                them = _name(3 - int(step["attacker"]), self.names)
                sentence = (f"{_does(them, 'puts')} {d_word} first: it " if first else f"Next, {d_word}: it ") + sentence[len(d_word) + 1:]
            lines.append(sentence)
        a, d = step["attack_strength"], step["defend_strength"]
        if step["attacker_wins"]:
            after = step["attack_strength_after"]
            rest = (f"keeps all {after} for the next word (each word is fought at full strength)"
                    if after == a else f"has {after} left for the next word")
            lines.append(f"{word} ({a}) beats {d_word} ({d}) and {rest}.")
            self.held = [f"{d_word} loses no letter: each of its letters is also in a word not beaten."]
        else:
            if a == d:
                lines.append(f"{word} ({a}) ties with {d_word} ({d}); a tie goes to the defender, and {word} falls.")
            else:
                lines.append(f"{word} ({a}) is weaker than {d_word} ({d}) and falls.")
            spared = [w.upper() for w in self.defenders if w not in self.fought]
            if spared:
                lines.append(f"{', '.join(spared)} never fight{'s' if len(spared) == 1 else ''}: the attack fell first.")
        return lines

    def finish(self) -> list[str]:
        """What is still to say about the fight under way; the narrator is then ready for the next."""
        lines, self.held = self.held, []
        if self.commit is not None and not self.said_attack:
            who = _name(self.commit.get("player"), self.names)
            them = _name(3 - int(self.commit["player"]), self.names)
            lines.insert(0, f"{_whose(who)} {self._word()} touches {_whose(them).replace('Your', 'your')} letters, "
                               "and no word of theirs defends them.")
        self.commit = None
        return lines


def explain_fight(events: Iterable[dict[str, Any]], names: dict[int, str] | None = None) -> list[str]:
    """Sentences that say why one fight went as it did.

    ``events``: the public events of one attacking commit, from its ``word_committed`` on
    (the events that follow in the same action). With no ``combat_step`` (an attack no word
    defends) the explanation says what the attack swept.
    """
    narrator = FightNarrator(names)
    lines: list[str] = []
    for event in events:
        lines += narrator.feed(event) or []
    return lines + narrator.finish()


def _aftermath(events: list[dict[str, Any]], names: dict[int, str] | None) -> list[str]:
    lines = []
    for event in events:
        kind = event.get("type")
        if kind == "letters_removed" and event.get("reason") in ("defeated", "swept", "attack failed"):
            owner = _name(event["owner"], names)
            points = int(event.get("points") or 0)
            gain = (f", {points} point{'s' if points != 1 else ''} to {_name(event['points_to'], names)}"
                    if event.get("points_to") is not None and event.get("points") else "")
            why = {"defeated": "beaten", "swept": "swept off by the winning attack",
                   "attack failed": "the failed attack"}[event["reason"]]
            lines.append(f"{_does(owner, 'loses')} {_letters(event['letters'])} ({why}{gain}).")
        elif kind == "terrain_changed" and event.get("reason") == "ice cracked":
            lines.append("The ice cracks under the heavy letters, and the word sinks.")
        elif kind == "city_taken":
            bonus = f" (+{event['bonus']} points)" if event.get("bonus") else ""
            lines.append(f"{_does(_name(event['player'], names), 'takes')} the city at row {event['cell'][0] + 1}, "
                         f"column {event['cell'][1] + 1}{bonus}.")
    return lines


__all__ = ["FightNarrator", "explain_fight", "fights_in", "strength_reasons"]
