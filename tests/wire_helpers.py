"""Server messages and events as the client takes them (the Structs of shared/wire), for tests
that write them by hand."""

from __future__ import annotations

from typing import Any

import msgspec

from shared.wire import CombatStep, LettersRemoved, ServerMessage, WordCommitted


def message(data: Any) -> Any:
    """A message written as a plain map, as the client library decodes it (a Struct passes)."""
    if isinstance(data, msgspec.Struct):
        return data
    return msgspec.convert({"v": 2, **data}, ServerMessage)


def word(player: int, text: str, cells: list[tuple[int, int]] = (), *, attacks: bool = False) -> WordCommitted:
    """A ``word_committed`` event laying ``text`` on ``cells`` (none: off the board's concern)."""
    cells = list(cells)
    return WordCommitted(player=player, word=text, cells=cells,
                         placed=[(r, c, ch) for (r, c), ch in zip(cells, text)], attacks=attacks)


def fight(attacker: int = 1, attack: str = "cat", defend: str = "dog", *, wins: bool = True,
          strengths: tuple[int, int] = (5, 3)) -> CombatStep:
    """A ``combat_step``: ``attack`` (of ``attacker``) against ``defend``."""
    a, d = strengths
    return CombatStep(attacker=attacker, attack_word=attack, attack_strength=a, defend_word=defend,
                      defend_cells=[(0, 0)], defend_strength=d, attacker_wins=wins,
                      attack_strength_after=a - d if wins else 0)


def removed(owner: int, letters: list[tuple[int, int, str]], reason: str = "defeated",
            points_to: int | None = None, points: int = 0) -> LettersRemoved:
    """A ``letters_removed`` event."""
    return LettersRemoved(owner=owner, letters=letters, reason=reason, points_to=points_to, points=points)


def plain(value: Any) -> Any:
    """A Struct (or None) as the plain map the server sent (fields left at their default are left out)."""
    return None if value is None else msgspec.msgpack.decode(msgspec.msgpack.encode(value))


def logged(tracker: Any) -> list[dict[str, Any]]:
    """A tracker's event log as plain maps, each with its ``version``."""
    return [{"version": entry.version, **plain(entry.event)} for entry in tracker.log]
