"""What the AI decided, with what its search saw."""

from __future__ import annotations

from dataclasses import dataclass, field

from shared.rules.actions import Action

__all__ = ["Decision"]


@dataclass
class Decision:
    """An action with what the search saw (for self-play statistics and debugging)."""

    action: Action
    candidates: int = 0  # commits generated
    simulated: int = 0  # commits played out
    replies: int = 0  # opponent replies played out
    value: float = 0.0  # the chosen commit's value change (0 for other actions)
    timed_out: bool = False  # the time cap cut the search short
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)
