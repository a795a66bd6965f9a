"""An online game's offers seen from one seat: what is open, and each change in plain words.

The server keeps the open draw offers and takeback requests of a game in its ``info``
(``offers``: ``{"draw": [seats], "takeback": [seats]}``, docs/protocol.md). :class:`OfferBook`
follows them for one seat and turns every change into an :class:`OfferNotice` for the player:
an offer made, declined, withdrawn, lapsed because a move was played, or a turn taken back.
Plain data, no network and no window: the network session feeds it and the game screen shows
what it says.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shared.wire import GameInfo

KINDS = ("draw", "takeback")
WHAT = {"draw": "draw offer", "takeback": "takeback request"}

GOOD, BAD, INFO = "good", "bad", "info"


@dataclass(frozen=True)
class OfferNotice:
    """One sentence for the player about an offer; ``tone`` is ``good``, ``bad`` or ``info``."""

    text: str
    tone: str = INFO


def open_offers(info: GameInfo | None) -> dict[str, frozenset[int]]:
    """The open offers of a game's ``info`` by kind: the seats that made them."""
    raw = info.offers if info is not None else {}
    return {kind: frozenset(int(s) for s in raw.get(kind) or ()) for kind in KINDS}


class OfferBook:
    """The open offers of one game as one seat knows them, and what each change means to it."""

    def __init__(self, seat: int | None, info: GameInfo | None = None) -> None:
        self.seat = seat
        self.offers = open_offers(info)
        self.answering: dict[str, bool] = {}  # kind -> this seat's answer on its way (True: accept)

    # ---------------------------------------------------------------- queries
    def mine(self) -> list[str]:
        """The kinds this seat has offered and that are still open."""
        return [kind for kind in KINDS if self.seat is not None and self.seat in self.offers[kind]]

    def to_me(self) -> list[str]:
        """The kinds the opponent has offered that this seat may answer (draws first)."""
        if self.seat is None:
            return []
        return [kind for kind in KINDS if (3 - self.seat) in self.offers[kind]]

    # ---------------------------------------------------------------- changes
    def info_changed(self, info: GameInfo, names: dict[int, str], moved: bool = False) -> list[OfferNotice]:
        """Take the game's new ``info``; what changed, in words.

        ``moved``: an action was accepted since the last info (a move answers every open offer).
        """
        new = open_offers(info)
        over = info.status == "over"
        notices: list[OfferNotice] = []
        for kind in KINDS:
            before, after = self.offers[kind], new[kind]
            for seat in sorted(after - before):
                notices.append(self._made(kind, seat, names))
            for seat in sorted(before - after):
                answer = self.answering.pop(kind, None)
                if not over:
                    notices.append(self._gone(kind, seat, names, moved, answer))
        self.offers = new
        return notices

    def taken_back(self, info: GameInfo, names: dict[int, str]) -> list[OfferNotice]:
        """A takeback was accepted (the server sent a state with a lower version)."""
        askers = self.offers["takeback"]
        self.offers = open_offers(info)
        self.answering.clear()
        if self.seat is None:
            who = next(iter(askers), None)
            text = f"{_name(who, names)}'s last turn was taken back" if who else "A turn was taken back"
            return [OfferNotice(text, INFO)]
        opponent = _name(3 - self.seat, names)
        if self.seat in askers:
            return [OfferNotice(f"{opponent} agreed: your last turn is taken back", GOOD)]
        if askers:
            return [OfferNotice(f"You agreed: {opponent}'s last turn is taken back", INFO)]
        return [OfferNotice("A turn was taken back", INFO)]

    def replied(self, kind: str, data: dict[str, Any], names: dict[int, str]) -> OfferNotice | None:
        """The server's reply to this seat's ``offer``: a bot declines at once."""
        if data.get("declined") and not data.get("offered"):
            opponent = _name(None if self.seat is None else 3 - self.seat, names)
            never = "agrees to a draw" if kind == "draw" else "takes back a move"
            return OfferNotice(f"{opponent} declines: a computer player never {never}", BAD)
        return None

    # ---------------------------------------------------------------- sentences
    def _made(self, kind: str, seat: int, names: dict[int, str]) -> OfferNotice:
        if seat == self.seat:
            opponent = _name(3 - seat, names)
            text = ("You offered a draw" if kind == "draw" else "You asked to take back your last turn")
            return OfferNotice(f"{text}: waiting for {opponent}", INFO)
        who = _name(seat, names)
        text = f"{who} offers a draw" if kind == "draw" else f"{who} asks to take back their last turn"
        return OfferNotice(text, INFO)

    def _gone(self, kind: str, seat: int, names: dict[int, str], moved: bool, answer: bool | None) -> OfferNotice:
        what = WHAT[kind]
        if moved and answer is None:
            return OfferNotice(f"A move was played: the {what} is off", INFO)
        if seat == self.seat:
            if answer is False:
                return OfferNotice(f"You withdrew your {what}", INFO)
            return OfferNotice(f"{_name(3 - seat, names)} declined your {what}", BAD)
        who = _name(seat, names)
        if answer is False:
            return OfferNotice(f"You declined {who}'s {what}", INFO)
        return OfferNotice(f"{who} withdrew their {what}", INFO)


def _name(seat: int | None, names: dict[int, str]) -> str:
    if seat is None:
        return "Your opponent"
    return names.get(int(seat)) or ("Gold" if int(seat) == 1 else "Silver")
