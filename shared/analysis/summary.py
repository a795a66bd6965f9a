"""A finished game in a few numbers for each side: its best word, its biggest fight, the cities it
took (from the enemy and neutral ones apart) and the letters it lost.

:func:`summarise` reads the game's events (as ``Event.to_dict`` gives them, the form every
client sees); :func:`summarise_record` replays a record through the engine to get them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from shared.rules.actions import action_from_dict
from shared.rules.errors import RuleError
from shared.rules.game import Game
from shared.rules.letters import face_value
from shared.rules.lexicon import Lexicon
from shared.rules.record import RecordError, parse_record
from shared.rules.terrain import Player

# After these a commit's fight is over: the next word, a turn's end, a lift or a discard.
_FIGHT_ENDS = frozenset({"word_committed", "turn_ended", "turn_started", "word_lifted", "letters_discarded"})


@dataclass(frozen=True)
class BestWord:
    """A committed word and its value in dots (its face value)."""

    word: str
    value: int


@dataclass(frozen=True)
class Fight:
    """One attack: the attacking word, how many defending words it fought, whether it beat them
    all, and how many letters (of both sides) left the board in it."""

    word: str
    words_fought: int
    won: bool
    letters_fell: int


@dataclass(frozen=True)
class SideSummary:
    """One side's game in numbers."""

    best_word: BestWord | None = None
    biggest_fight: Fight | None = None  # of the attacks this side made
    enemy_cities: int = 0  # cities taken from the other side
    neutral_cities: int = 0  # cities taken while nobody held them
    letters_lost: int = 0  # this side's letters removed from the board (fights, ice, stranding)


class _Attack:
    """A fight being read, event by event."""

    def __init__(self, player: Player, word: str) -> None:
        self.player, self.word = player, word
        self.steps = 0
        self.won = True
        self.fell = 0

    def fight(self) -> Fight:
        return Fight(self.word, self.steps, self.won, self.fell)


def _bigger(a: Fight | None, b: Fight) -> bool:
    """Is ``b`` a bigger fight than ``a`` (more letters fell, then more words fought)? Ties keep
    the earlier one."""
    return a is None or (b.letters_fell, b.words_fought) > (a.letters_fell, a.words_fought)


def summarise(events: Iterable[dict[str, Any]]) -> dict[Player, SideSummary]:
    """Each side's summary from the game's events, in the order they happened."""
    best: dict[Player, BestWord | None] = {p: None for p in Player}
    fights: dict[Player, Fight | None] = {p: None for p in Player}
    enemy = {p: 0 for p in Player}
    neutral = {p: 0 for p in Player}
    lost = {p: 0 for p in Player}
    attack: _Attack | None = None

    def close() -> None:
        nonlocal attack
        if attack is not None:
            fight = attack.fight()
            if _bigger(fights[attack.player], fight):
                fights[attack.player] = fight
            attack = None

    for ev in events:
        kind = ev.get("type")
        if kind in _FIGHT_ENDS:
            close()
        if kind == "word_committed":
            player, word = Player(ev["player"]), ev["word"]
            value = face_value(word)
            held = best[player]
            if held is None or value > held.value:
                best[player] = BestWord(word, value)
            if ev.get("attacks"):
                attack = _Attack(player, word)
        elif kind == "combat_step" and attack is not None:
            attack.steps += 1
            attack.won = attack.won and bool(ev["attacker_wins"])
        elif kind == "letters_removed":
            owner = Player(ev["owner"])
            lost[owner] += len(ev["letters"])
            if attack is not None:
                attack.fell += len(ev["letters"])
                if owner == attack.player and ev.get("reason") == "attack failed":
                    attack.won = False
        elif kind == "city_taken":
            player, previous = Player(ev["player"]), ev.get("previous")
            if previous is None:
                neutral[player] += 1
            elif Player(previous) == player.other:
                enemy[player] += 1
    close()
    return {p: SideSummary(best[p], fights[p], enemy[p], neutral[p], lost[p]) for p in Player}


def record_events(text: str, lexicon: Lexicon) -> list[dict[str, Any]]:
    """Every event of the game the record tells, replayed through the engine (as dicts).

    RecordError names the first line that does not replay."""
    record = parse_record(text)
    try:
        game = Game.new(record.game_map, record.rules, record.seed, lexicon, record.first)
    except ValueError as exc:
        raise RecordError(1, str(exc)) from None
    events = list(game.initial_events)
    for index, data in enumerate(record.actions):
        try:
            events += game.apply(action_from_dict(data))
        except RuleError as exc:
            raise RecordError(index + 2, f"{exc.code}: {exc.reason}") from None
    if record.end is not None:  # a record of another game (or of a position) must not pass for this one
        actual = None if game.result is None else game.result.to_dict()
        if actual is None or any(record.end.get(k) != v for k, v in actual.items()):
            raise RecordError(len(record.actions) + 2,
                              f"the record ends {record.end} but the replay ends {actual}")
    return [d for d in (ev.to_dict(None) for ev in events) if d is not None]


def summarise_record(text: str, lexicon: Lexicon) -> dict[Player, SideSummary]:
    """Each side's summary of the game the record tells."""
    return summarise(record_events(text, lexicon))


def fight_text(fight: Fight | None) -> str:
    """'SWORD vs 2 words: won, 6 letters fell' (or 'none')."""
    if fight is None:
        return "none"
    words = "loose letters" if fight.words_fought == 0 else (
        f"{fight.words_fought} word" + ("s" if fight.words_fought != 1 else ""))
    outcome = "won" if fight.won else "lost"
    fell = f"{fight.letters_fell} letter" + ("s" if fight.letters_fell != 1 else "")
    return f"{fight.word.upper()} vs {words}: {outcome}, {fell} fell"


def summary_lines(side: SideSummary) -> list[tuple[str, str]]:
    """The summary as (caption, text) rows, in the order the end screen shows them."""
    best = "none" if side.best_word is None else f"{side.best_word.word.upper()} ({side.best_word.value})"
    return [
        ("Best word", best),
        ("Biggest fight", fight_text(side.biggest_fight)),
        ("Cities taken", f"{side.enemy_cities} enemy, {side.neutral_cities} neutral"),
        ("Letters lost", str(side.letters_lost)),
    ]
