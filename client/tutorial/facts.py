"""The numbers a lesson quotes, worked out by the engine: never typed into a lesson's text.

A :class:`Played` is one action with the game before and after it and the events it caused,
as the player saw them. The helpers here read what a lesson talks about out of it: the word
laid, the strengths that met (with the reasons, from the engine's own strength functions),
the letters removed, the cities taken, and a word's defence strength on a given board.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from shared.rules.actions import Action, Commit
from shared.rules.board import Run
from shared.rules.combat import Defender, find_defenders
from shared.rules.errors import cell_name
from shared.rules.game import Game
from shared.rules.letters import LETTER_VALUES, face_value
from shared.rules.strength import Strength, attack_strength, defence_strength
from shared.rules.terrain import Cell, Player
from shared.wire import GameEvent, WordCommitted

from client.play.wire import wire_events

GOLD, SILVER = Player.GOLD, Player.SILVER

# How a strength multiplier reads in a sentence.
MULTIPLIER_WORDS = {
    "water": "on water",
    "city": "on a city",
    "broken supply": "cut off",
    "attacking word": "as a word of attack",
    "defending word": "as a word of defence",
    "sneaking word": "as a word of stealth",
}


@dataclass
class Played:
    """One action: the game ``before`` and ``after`` it, and its ``events`` as dicts."""

    before: Game
    after: Game
    action: Action
    events: list[GameEvent] = field(default_factory=list)

    def of_type(self, kind: str) -> list[Any]:
        """The events of one type (``word_committed``, ...), in order."""
        return [e for e in self.events if e.type == kind]

    def committed(self) -> WordCommitted | None:
        """The ``word_committed`` event, if the action laid a word."""
        found = self.of_type("word_committed")
        return found[0] if found else None

    def removed(self, owner: Player) -> list[tuple[int, int, str]]:
        """Letters of ``owner`` that left the board, in the order the events list them."""
        out: list[tuple[int, int, str]] = []
        for e in self.of_type("letters_removed"):
            if e.owner == int(owner):
                out += [(r, c, ch) for r, c, ch in e.letters]
        return out

    def points_to(self, player: Player) -> int:
        """Points ``player`` scored for letters removed by this action."""
        return sum(e.points for e in self.of_type("letters_removed") if e.points_to == int(player))


def play(game: Game, action: Action, viewer: Player = GOLD) -> Played:
    """Apply ``action`` to a copy of ``game`` (RuleError if the engine refuses it)."""
    after = game.copy()
    events = after.apply(action)
    return Played(game.copy(), after, action, wire_events(events, viewer))


def upper(word: str) -> str:
    """A word as the lessons print it."""
    return word.upper()


def letters_text(items: list[tuple[int, int, str]] | list[str]) -> str:
    """Letters as a list a player reads: "A, I" (or "nothing")."""
    letters = [x[2] if isinstance(x, tuple) else x for x in items]
    return ", ".join(ch.upper() for ch in letters) if letters else "nothing"


def spaced(letters: str) -> str:
    """Letters to type, upper case and spaced: "O N E"."""
    return " ".join(letters.upper())


def dots_text(word: str) -> str:
    """A word's dots letter by letter: "O 1 + N 1 + E 1"."""
    return " + ".join(f"{ch.upper()} {LETTER_VALUES[ch]}" for ch in word)


def where(cell: Cell) -> str:
    """A cell as players read it (from 1)."""
    return cell_name(cell)


def strength_why(word: str, strength: Strength) -> str:
    """A strength and how the engine reached it: "4 (3 dots, x1.5 on a city, rounded down)"."""
    dots = face_value(word)
    why = f"{dots} dots"
    if strength.base != dots:
        why += f", {strength.base} with its mountain letters doubled"
    product = Fraction(strength.base)
    for name, m in strength.multipliers:
        why += f", x{float(m):g} {MULTIPLIER_WORDS.get(name, name)}"
        product *= m
    if product != strength.value:
        why += ", rounded down"
    if why == f"{strength.value} dots":
        return str(strength.value)
    return f"{strength.value} ({why})"


@dataclass(frozen=True)
class Fight:
    """A commit's fight as the engine sets it up: the word, its attack, the words it meets."""

    run: Run
    attack: Strength
    defenders: tuple[Defender, ...]


def fight_of(game: Game, commit: Commit) -> Fight:
    """The fight ``commit`` would start in ``game``, from the engine's own functions.

    Strengths are taken as the commit's letters are laid and before anything is removed,
    as the engine takes them (R7).
    """
    plan = game.plan_commit(commit)
    board = game.board.copy()
    for r, c, letter in plan.placements:
        board.letters[commit.player][(r, c)] = letter
    attack = attack_strength(board, plan.run, game.lexicon, game.rules)
    defenders = find_defenders(board, commit.player, plan.run, game.lexicon, game.rules)
    return Fight(plan.run, attack, defenders)


def defence_now(game: Game, player: Player, run: Run) -> Strength:
    """``run``'s defence strength on the board now, supplied or not as the board says."""
    supplied = run in game.crossword(player).supplied
    return defence_strength(game.board, run, game.lexicon, game.rules, supplied)


def defence_if_supplied(game: Game, run: Run) -> Strength:
    """``run``'s defence strength on the board now if it were supplied."""
    return defence_strength(game.board, run, game.lexicon, game.rules, True)


def isolated_words(game: Game, player: Player) -> tuple[Run, ...]:
    """``player``'s words cut off from every city they own."""
    return game.crossword(player).isolated


def city_of(game: Game, player: Player | None) -> Cell:
    """The first city (in reading order) owned by ``player`` (None: a pewter city)."""
    return min(cell for cell, owner in game.board.city_owner.items() if owner == player)
