"""Offers in an online game without a window: what each change of the server's offers says to
one seat (OfferBook), how the network session follows a takeback (a state with a lower
version), duplicate updates and refused offers, and the correspondence clock's text.
(The screen itself, against a real server: tests/gui/test_game_offers.py.)"""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

import msgspec
from rules_helpers import GOLD, LEXICON, SILVER
from wire_helpers import message

from client.net.errors import ServerError
from client.net.state import GameTracker
from client.play.net_session_offers import BAD, GOOD, INFO, OfferBook, OfferNotice
from client.play.session import Rejected, Update
from client.views.layout import Rect
from client.views.game.side import clock_text, side_rects
from client.play.wire import wire_view
from shared.wire import GameInfo
from shared.rules.actions import EndTurn
from shared.tools.ascii import position

NAMES = {1: "You", 2: "Bo"}
PLAYERS = {"1": {"name": "Ann", "taken": True}, "2": {"name": "Bo", "taken": True}}


def info(draw=(), takeback=(), status="active", **more: Any) -> GameInfo:
    return msgspec.convert({"game": "g1", "status": status, "players": PLAYERS,
                            "offers": {"draw": list(draw), "takeback": list(takeback)}, **more}, GameInfo)


# ---------------------------------------------------------------- what each change says

def test_an_offer_made_and_declined_by_the_opponent_tells_the_offerer():
    book = OfferBook(1, info())
    assert book.info_changed(info(draw=[1]), NAMES) == [OfferNotice("You offered a draw: waiting for Bo", INFO)]
    assert book.mine() == ["draw"] and book.to_me() == []
    assert book.info_changed(info(), NAMES) == [OfferNotice("Bo declined your draw offer", BAD)]
    assert book.mine() == []


def test_withdrawing_declining_and_the_opponent_withdrawing_say_who_did_it():
    book = OfferBook(1, info(takeback=[1]))
    book.answering["takeback"] = False  # this seat withdrew its own request
    assert book.info_changed(info(), NAMES) == [OfferNotice("You withdrew your takeback request", INFO)]
    book = OfferBook(1, info())
    assert book.info_changed(info(draw=[2]), NAMES) == [OfferNotice("Bo offers a draw", INFO)]
    assert book.to_me() == ["draw"]
    book.answering["draw"] = False
    assert book.info_changed(info(), NAMES) == [OfferNotice("You declined Bo's draw offer", INFO)]
    book.info_changed(info(takeback=[2]), NAMES)
    assert book.info_changed(info(), NAMES) == [OfferNotice("Bo withdrew their takeback request", INFO)]


def test_a_move_answers_an_offer_and_the_end_of_the_game_says_nothing_more():
    book = OfferBook(2, info(draw=[1]))
    assert book.info_changed(info(), NAMES, moved=True) == [OfferNotice("A move was played: the draw offer is off", INFO)]
    book = OfferBook(2, info(draw=[1]))
    assert book.info_changed(info(status="over"), NAMES) == []


def test_a_takeback_accepted_names_whose_turn_went():
    asked = OfferBook(1, info(takeback=[1]))
    assert asked.taken_back(info(), NAMES) == [OfferNotice("Bo agreed: your last turn is taken back", GOOD)]
    answered = OfferBook(2, info(takeback=[1]))
    assert answered.taken_back(info(), {1: "Ann", 2: "You"}) == [
        OfferNotice("You agreed: Ann's last turn is taken back", INFO)]
    watcher = OfferBook(None, info(takeback=[2]))
    assert watcher.taken_back(info(), {1: "Ann", 2: "Bo"}) == [OfferNotice("Bo's last turn was taken back", INFO)]


def test_a_bot_declines_at_once():
    book = OfferBook(1, info())
    reply = {"game": "g1", "kind": "draw", "offered": False, "declined": True}
    assert book.replied("draw", reply, {1: "You", 2: "Squire"}) == OfferNotice(
        "Squire declines: a computer player never agrees to a draw", BAD)
    assert book.replied("draw", {"game": "g1", "kind": "draw", "offered": True}, NAMES) is None


# ---------------------------------------------------------------- the network session

def done(result: Any = None, error: Exception | None = None) -> Future:
    future: Future = Future()
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)
    return future


class FakeClient:
    """The parts of ThreadedClient a NetworkSession uses; its replies are set by the test."""

    def __init__(self, view: dict[str, Any], version: int = 0) -> None:
        tracker = GameTracker("g1")
        tracker.apply(message({"type": "state", "game": "g1", "seat": 1, "version": version, "view": view,
                               "info": info(rated=False)}))
        self.games = {"g1": tracker}
        self.inbox: list[dict[str, Any]] = []
        self.replies: dict[str, Future] = {}
        self.sent: list[tuple] = []

    def drain(self) -> list[dict[str, Any]]:
        out, self.inbox = [message(m) for m in self.inbox], []
        for m in out:
            if getattr(m, "game", None) in self.games:
                self.games[m.game].apply(m)
        return out

    def _reply(self, name: str, *args: Any) -> Future:
        self.sent.append((name, *args))
        return self.replies.pop(name, done({}))

    def offer_draw(self, game: str) -> Future:
        return self._reply("offer_draw", game)

    def request_takeback(self, game: str) -> Future:
        return self._reply("request_takeback", game)

    def answer_offer(self, game: str, kind: str, accept: bool) -> Future:
        return self._reply("answer_offer", game, kind, accept)

    def abort(self, game: str) -> Future:
        return self._reply("abort", game)


def game_and_client():
    from client.play.net_session import NetworkSession

    game = position("\n. . . . S\n. . . . .\nG . . . .\n", "", LEXICON, racks={GOLD: "dog", SILVER: "tan"})
    client = FakeClient(game.view(GOLD))
    return game, client, NetworkSession(client, "g1", LEXICON)


def test_a_state_with_a_lower_version_is_a_takeback_shown_whole():
    game, client, session = game_and_client()
    start = game.view(GOLD)
    first = game.apply(EndTurn(GOLD))
    client.inbox = [{"type": "info", "game": "g1", "info": info(takeback=[1])},
                    {"type": "update", "game": "g1", "version": 1, "events": [e.to_dict(GOLD) for e in first],
                     "view": game.view(GOLD)},
                    {"type": "update", "game": "g1", "version": 1, "events": [], "view": game.view(GOLD)}]
    out = session.poll()
    assert [type(m) for m in out] == [Update], "the repeated version 1 is not shown twice"
    assert session.version == 1 and session.my_offers() == ["takeback"]
    client.inbox = [{"type": "state", "game": "g1", "seat": 1, "version": 0, "view": start, "info": info()}]
    out = session.poll()
    assert len(out) == 1 and out[0].resync and out[0].view == wire_view(start)
    assert session.rewinds == 1 and session.version == 0 and session.tracker.version == 0
    assert session.take_notices() == [OfferNotice("You asked to take back your last turn: waiting for Bo", INFO),
                                      OfferNotice("Bo agreed: your last turn is taken back", GOOD)]
    assert session.take_notices() == [], "each notice is handed out once"
    assert all(e.version == 0 for e in session.tracker.log), "the taken-back events are gone from the log"


def test_offers_go_to_the_server_and_a_refused_abort_says_why():
    _game, client, session = game_and_client()
    assert session.online and not session.rated and session.can_abort()
    client.replies["offer_draw"] = done({"game": "g1", "kind": "draw", "offered": False, "declined": True})
    session.offer("draw")
    session.offer("takeback")
    session.answer_offer("draw", False)
    client.replies["abort"] = done(error=ServerError("too_late_to_abort", "a word was committed"))
    session.abort()
    assert client.sent == [("offer_draw", "g1"), ("request_takeback", "g1"), ("answer_offer", "g1", "draw", False),
                           ("abort", "g1")]
    out = session.poll()
    assert out == [Rejected("too_late_to_abort", "a word was committed")]
    assert not session.can_abort(), "the server said it is too late: Abort becomes Resign"
    assert session.take_notices() == [OfferNotice("Bo declines: a computer player never agrees to a draw", BAD)]


# ---------------------------------------------------------------- the clock and the strip's place

def test_a_correspondence_clock_counts_days_and_hours():
    assert clock_text(3 * 86400, "correspondence") == "3d 0h"
    assert clock_text(86400 + 3600 * 5 + 1, "correspondence") == "1d 5h"
    assert clock_text(3600 * 5 + 60 * 7 + 1, "correspondence") == "5h 07m"
    assert clock_text(3599.2, "correspondence") == "1h 00m", "rounded up to the second"
    assert clock_text(3598.5, "correspondence") == "59:59", "the last hour in minutes and seconds"
    assert clock_text(3 * 86400) == "4320:00", "a minutes clock stays a minutes clock"


def test_the_offers_strip_lies_under_the_chronicle_in_the_side_column():
    side = Rect(960, 0, 320, 708)
    plain, online = side_rects(side, True), side_rects(side, True, 96)
    assert plain.strip is None and online.strip == Rect(970, 10, 300, 96)
    assert online.chronicle.bottom >= online.strip.top + 8
    assert online.chronicle.top <= online.preview.bottom and online.preview.height >= 150
    assert online.cards == plain.cards
