"""The terminal client's tournaments and chat: list, follow, join and leave events (your next
game starts by itself when you are paired), say a line in the game's room (or the spectators',
when you watch) or a tournament's lobby, mute, block and report.

:class:`EventCommands` is a part of :class:`client.terminal.session.TerminalClient`, handed
the client library, the way to print, to wait for a reply, the game shown and how to take a seat.
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable
from typing import Any

import msgspec

from client.net import ThreadedClient
from client.terminal.parsing import UsageError, player_option
from shared.wire import (ArenaRow, ChatLine, ChatMutedPush, ChatPush, SwissRow, TournamentDetail, TournamentGamePush,
                         TournamentOverPush, TournamentPush, detail_of, summary_of)

EVENTS_HELP = """tournaments and chat:
  tournaments                    upcoming, running and finished events
  tournament ID                  its standings and its lobby's recent lines, followed live
  tjoin ID | tleave ID           enter, leave
  say TEXT                       a line to your opponent (or to the spectators, when you watch)
  tsay ID TEXT                   a line in a tournament's lobby
  mute NAME|#ID | block NAME|#ID | unmute NAME|#ID   hide a player's lines (block: their challenges too)
  report REASON | report line=N REASON               report the game shown, or a chat line"""


def standings_lines(t: TournamentDetail) -> list[str]:
    """A tournament's standings as lines (``*``: on fire, the next game counts double)."""
    lines = [f"{t.name} ({t.id}): {t.kind}, {t.status}, {t.players} players, {t.map}"]
    for row in t.standings:
        away = "" if row.present else "  (left)"
        if isinstance(row, ArenaRow):
            sheet = " ".join(str(p) for p in row.sheet) or "-"
            fire = "*" if row.fire else " "
            lines.append(f"  {row.rank:>3}. {row.user.name:<24} {row.points:>4}{fire}  {sheet}{away}")
        else:  # a swiss or a league division: score and tie-breaks
            tie = f"  Buchholz {row.buchholz:g}" if isinstance(row, SwissRow) else ""
            lines.append(f"  {row.rank:>3}. {row.user.name:<24} {row.points:>4g}{tie}  "
                         f"S-B {row.sonneborn_berger:g}{away}")
    if t.winner is not None:
        lines.append(f"  winner: {t.winner.name}")
    return lines


class EventCommands:
    """Commands for tournaments and chat, and how their pushes are shown."""

    def __init__(self, client: ThreadedClient, say: Callable[[str], None], wait: Callable[[concurrent.futures.Future], Any],
                 current: Callable[[], str | None], take_seat: Callable[[str], None]) -> None:
        self.client = client
        self.say = say
        self.wait = wait
        self.current = current
        self.take_seat = take_seat
        self.lines: dict[int, ChatLine] = {}  # chat lines shown, by id (to report)

    def show(self, message: Any) -> bool:
        """Print a tournament or chat push; True if ``message`` was one."""
        if isinstance(message, ChatPush):
            where = {"game": "", "spectators": "spectators ", "tournament": f"{message.tournament} "}.get(message.room, "")
            self._line(where, message.line)
            return True
        if isinstance(message, ChatMutedPush):
            self.say(f"[the operator muted you in chat: {message.reason}]" if message.reason
                     else "[you may chat again]")
            return True
        if isinstance(message, TournamentGamePush):
            opponent = message.opponent.name if message.opponent is not None else "?"
            self.say(f"[tournament {message.tournament}: paired against {opponent}; game {message.game} starts]")
            self.take_seat(message.game)
            return True
        if isinstance(message, TournamentOverPush):
            for text in standings_lines(message.tournament):
                self.say(text)
            return True
        return isinstance(message, TournamentPush)  # followed quietly: `tournament ID` shows the standings

    def _line(self, where: str, line: ChatLine) -> None:
        self.lines[line.id] = line
        self.say(f"[{where}{line.user.name}] {line.text}   (#{line.id})")

    def _lobby(self, reply: dict[str, Any]) -> TournamentDetail:
        """The event of a ``tournament`` or ``join_tournament`` reply; its lobby's recent lines printed."""
        t = detail_of(reply["tournament"])
        history = msgspec.convert(reply.get("chat") or [], list[ChatLine])
        if history:
            self.say(f"lobby of {t.name}, the last {len(history)} line{'s' if len(history) != 1 else ''}:")
        for line in history:
            self._line(f"{t.id} ", line)
        return t

    def cmd_tournaments(self, args: list[str]) -> None:
        listed = self.wait(self.client.call("tournaments"))
        for status in ("running", "upcoming", "finished"):
            for t in map(summary_of, listed[status]):
                self.say(f"{t.id}  {t.name:<24} {t.kind} {t.status:<9} {t.players:>4} players  {t.map}")
        if not any(listed.values()):
            self.say("no tournaments")

    def cmd_tournament(self, args: list[str]) -> None:
        if len(args) != 1:
            raise UsageError("tournament ID")
        reply = self.wait(self.client.call("tournament_room", args[0]))
        for text in standings_lines(detail_of(reply["tournament"])):
            self.say(text)
        self._lobby(reply)

    def cmd_tjoin(self, args: list[str]) -> None:
        if len(args) != 1:
            raise UsageError("tjoin ID")
        reply = self.wait(self.client.request("join_tournament", tournament=args[0]))
        self.say(f"you are in {detail_of(reply['tournament']).name}: your games start by themselves when you are paired")
        self._lobby(reply)

    def cmd_tleave(self, args: list[str]) -> None:
        if len(args) != 1:
            raise UsageError("tleave ID")
        t = detail_of(self.wait(self.client.call("leave_tournament", args[0])))
        self.say(f"you left {t.name} (your points stay)")

    def cmd_say(self, args: list[str]) -> None:
        game = self.current()
        if game is None or not args:
            raise UsageError("say TEXT, in a game you play or watch")
        room = "spectators" if game in self.client.client.watching else "game"
        self.wait(self.client.call("chat", room, " ".join(args), game=game))

    def cmd_tsay(self, args: list[str]) -> None:
        if len(args) < 2:
            raise UsageError("tsay ID TEXT")
        self.wait(self.client.call("chat", "tournament", " ".join(args[1:]), tournament=args[0]))

    def _mute(self, args: list[str], kind: str) -> None:
        if len(args) != 1:
            raise UsageError(f"{'unmute' if kind == 'none' else kind} NAME|#ID")
        done = self.wait(self.client.call("mute", kind=kind, **player_option(args[0])))
        said = {"mute": "muted", "block": "blocked", "none": "no longer muted or blocked"}[kind]
        self.say(f"{done['user']['name']} {said}")

    def cmd_mute(self, args: list[str]) -> None:
        self._mute(args, "mute")

    def cmd_block(self, args: list[str]) -> None:
        self._mute(args, "block")

    def cmd_unmute(self, args: list[str]) -> None:
        self._mute(args, "none")

    def cmd_report(self, args: list[str]) -> None:
        if args and args[0].startswith("line="):
            try:
                line = int(args[0][5:].lstrip("#"))
            except ValueError:
                raise UsageError("report line=N REASON (N: the #number shown after the line)") from None
            reason = " ".join(args[1:])
            if not reason:
                raise UsageError("report line=N REASON")
            done = self.wait(self.client.call("report", reason, line=line))
        else:
            game = self.current()
            if game is None or not args:
                raise UsageError("report REASON (about the game shown) or report line=N REASON")
            done = self.wait(self.client.call("report", " ".join(args), game=game))
        self.say(f"reported ({done}); the operator will look at it")
