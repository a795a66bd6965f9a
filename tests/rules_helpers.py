"""Helpers for rules tests: a small lexicon and shorthand for actions."""

from __future__ import annotations

from shared.rules.actions import Commit
from shared.rules.lexicon import Category, WordList
from shared.rules.terrain import Player

GOLD, SILVER = Player.GOLD, Player.SILVER

WORDS = """
sing nor tau in not gram sword dog do go at to on no so an as it is ta ti or
cat cats dot dots tag tags rat rats art arts star tars cut cuts axe axes burn
shield shields spy spies hide hides sneak ant ants tan tans sat sit its tin tins
ton tons one ones net nets ten tens toe toes tea teas eat eats sea seas set sets
vex zax jinx quiz fizz buzz hex wax six fox box lax tax wit wits
""".split()

CATEGORIES = {
    "sword": [Category.ATTACK], "swords": [Category.ATTACK],
    "shield": [Category.DEFEND], "shields": [Category.DEFEND],
    "spy": [Category.SNEAK], "spies": [Category.SNEAK], "hide": [Category.SNEAK],
    "sneak": [Category.SNEAK],
    "cut": [Category.CUT], "cuts": [Category.CUT], "axe": [Category.CUT], "axes": [Category.CUT],
    "burn": [Category.CUT],
}

LEXICON = WordList(WORDS, CATEGORIES)


def across(player: Player, row: int, col: int, letters: str, skip: str = "") -> Commit:
    """A commit laying ``letters`` across from (row, col); '.' in letters skips a cell."""
    return Commit(player, tuple((row, col + i, ch) for i, ch in enumerate(letters) if ch != "."))


def down(player: Player, row: int, col: int, letters: str) -> Commit:
    """A commit laying ``letters`` down from (row, col); '.' skips a cell."""
    return Commit(player, tuple((row + i, col, ch) for i, ch in enumerate(letters) if ch != "."))


def board(text: str) -> str:
    """Normalise an expected ASCII grid for comparison."""
    return "\n".join(" ".join(line.split()) for line in text.strip("\n").splitlines() if line.strip())
