"""The terminal client's online commands: the live lobby, your games, challenges, offers,
profiles, ratings and records; and how the server's notices are shown.

:class:`OnlineCommands` is a part of :class:`client.terminal.session.TerminalClient` (it uses
its ``client``, ``say``, ``_wait``, ``_follow`` and ``_need_game``).
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import msgspec

from client.net import ThreadedClient
from client.net.codec import lobby_snapshot
from client.net.state import GameTracker
from client.terminal.board import SEAT_NAMES, fmt_seconds
from client.terminal.parsing import (
    UsageError,
    parse_clock,
    parse_options,
    player_option,
)
from shared.files.atomic import write_text
from shared.faults import os_reason
from shared.wire import ChallengePush, GameInfo, LobbyEntry, LobbyPush, Rating, TimeControlSpec, YourTurnPush

ONLINE_HELP = """online:
  lobby | lobby off              follow the open games live (new seeks appear as they come)
  mygames                        your games in progress (whose move, clocks) and challenges to you
  resume GAME                    take your seat again (any game of your account, from any client)
  challenge NAME|#ID [map=NAME] [rules=PRESET] [clock=...] [rated] [seat=gold|silver|random]
  accept GAME | decline GAME     answer a challenge
  draw | takeback | abort        offer a draw, ask to take back your last turn (casual), abort
  accept draw|takeback|rematch   accept what your opponent offered (decline ... refuses it)
  rematch | decline              offer or accept a rematch; decline what is offered
  profile [NAME|#ID]             ratings per family    history [NAME|#ID]   finished games
  leaderboard [blitz|rapid|slow|correspondence]
  export FILE | export GAME FILE save a finished game's record (for `scryptic replay`)
clocks for create and challenge: clock=turn:SECS, clock=fischer:SECS+INC, clock=days:DAYS"""

OFFER_KINDS = ("draw", "takeback", "rematch")


def rating_text(r: Rating | dict[str, Any] | None) -> str:
    """``1512?`` (``?``: provisional) or ``-`` (a reply's rating may come as its plain map)."""
    if not r:
        return "-"
    rating = r if isinstance(r, Rating) else msgspec.convert(r, Rating)
    return f"{rating.rating:.0f}{'?' if rating.provisional else ''}"


def clock_text(time_control: TimeControlSpec | dict[str, Any] | None) -> str:
    """A time control in a few characters: ``3+2``, ``60s/turn``, ``3d/move``, ``no clock``."""
    if time_control is None:
        return "no clock"
    tc = time_control if isinstance(time_control, TimeControlSpec) else msgspec.convert(time_control, TimeControlSpec)
    if tc.kind == "fischer":
        return f"{(tc.initial or 0) / 60:g}+{tc.increment or 0:g}"
    if tc.kind == "per_turn":
        return f"{tc.seconds:g}s/turn"
    if tc.kind == "correspondence":
        return f"{tc.days:g}d/move"
    return "no clock"


def entry_text(e: LobbyEntry) -> str:
    """One lobby line."""
    names = " vs ".join(
        f"{e.players[s] or '(open)'} {rating_text(e.ratings.get(s))}" if e.players.get(s) else "(open)"
        for s in ("1", "2")
    )
    kind = "rated" if e.rated else "casual"
    return f"{e.game}  {e.map}  {e.rules}  {clock_text(e.time_control)} {kind}  {names}"


class OnlineCommands:
    """Commands of the online part of the game (mixed into the terminal client)."""

    client: ThreadedClient
    game: str | None
    say: Callable[[str], None]
    _wait: Callable[[concurrent.futures.Future], Any]
    _follow: Callable[[str], None]
    _need_game: Callable[[], str]

    if TYPE_CHECKING:
        @property
        def tracker(self) -> GameTracker | None: ...

    # ------------------------------------------------------------------------------ notices

    def show_online(self, message: Any) -> bool:
        """Print a lobby change or a notice; True if ``message`` was one of those."""
        if isinstance(message, LobbyPush):
            if message.op == "remove" or message.entry is None:
                self.say(f"[lobby] {message.game} left the {message.list_name} games")
            else:
                what = "new seek" if message.list_name == "open" else "now playing"
                self.say(f"[lobby] {what}: {entry_text(message.entry)}")
            return True
        if isinstance(message, YourTurnPush):
            left = message.clock.left.get(str(message.seat)) if message.clock is not None else None
            clock = f", {fmt_seconds(left)} left" if left is not None else ""
            self.say(f"[your move in game {message.game} against {message.opponent or '?'}{clock}: "
                     f"`resume {message.game}`]")
            return True
        if isinstance(message, ChallengePush):
            self.say(f"[{message.by.name} challenges you: {entry_text(message.entry)}: "
                     f"`accept {message.game}` or `decline {message.game}`]")
            return True
        return False

    def show_info_changes(self, before: GameInfo | None, after: GameInfo) -> None:
        """Say which offers appeared or went, and what the end did to the ratings."""
        mine = self.tracker.seat if self.tracker is not None else None
        old, new = (before.offers if before is not None else {}), after.offers
        for kind in ("draw", "takeback"):
            for seat in set(new.get(kind, [])) - set(old.get(kind, [])):
                answer = "" if seat == mine else f" (`accept {kind}` or `decline {kind}`)"
                self.say(f"  {SEAT_NAMES[seat]} offers a {kind}{answer}")
            if old.get(kind) and not new.get(kind) and after.status != "over":
                self.say(f"  the {kind} offer is off")
        changes = after.rating_changes
        if changes and not (before is not None and before.rating_changes):
            for side, c in sorted(changes.items()):
                self.say(f"  rating {SEAT_NAMES[int(side)]}: {c.before:.0f} -> {c.after:.0f}{'?' if c.provisional else ''}"
                         f" ({c.change:+.1f}, {c.family})")

    # ------------------------------------------------------------------------------ the lobby

    def cmd_games(self, args: list[str]) -> None:
        lobby = self._wait(self.client.list_games())
        self._print_lobby(lobby)

    def cmd_lobby(self, args: list[str]) -> None:
        if args[:1] == ["off"]:
            self._wait(self.client.unsubscribe_lobby())
            self.say("no longer following the lobby")
            return
        self._print_lobby(self._wait(self.client.subscribe_lobby()))
        self.say("following the lobby live (`lobby off` to stop)")

    def _print_lobby(self, data: dict[str, Any]) -> None:
        lobby = lobby_snapshot(data)
        for title, games in (("open games", lobby.open), ("live games", lobby.live)):
            self.say(f"{title}:" if games else f"{title}: none")
            for g in games:
                self.say(f"  {entry_text(g)}  move {g.version}")
        if lobby.bots:
            bots = ", ".join(f"{b.level} {b.name} ({rating_text(b.ratings.get('blitz'))} blitz)" for b in lobby.bots)
            self.say(f"bots (create bot=LEVEL): {bots}")

    def cmd_mygames(self, args: list[str]) -> None:
        mine = self._wait(self.client.my_games())
        if not mine["games"]:
            self.say("no games in progress")
        for g in mine["games"]:
            opponent = g["opponent"]["name"] or "(nobody yet)"
            left = (g["clock"] or {}).get("left", {})
            clocks = "  clocks " + " / ".join(fmt_seconds(left[s]) for s in ("1", "2") if s in left) if left else ""
            turn = "YOUR MOVE" if g["my_move"] else "waiting" if g["status"] == "open" else "their move"
            self.say(f"  {g['game']}  {turn:<10} vs {opponent}  {g['map']}  {clock_text(g['time_control'])}"
                     f"{' rated' if g['rated'] else ''}{clocks}")
        for c in mine["challenges"]:
            entry = msgspec.convert(c["entry"], LobbyEntry)
            self.say(f"  challenge from {c['by']['name']}: {entry_text(entry)}  (`accept {c['game']}`)")

    def cmd_challenge(self, args: list[str]) -> None:
        if not args or "=" in args[0]:
            raise UsageError("challenge NAME|#ID [map=NAME] [rules=PRESET] [clock=...] [rated] [seat=...]")
        options = parse_options(args[1:], flags={"rated"})
        settings: dict[str, Any] = player_option(args[0])
        for key in ("map", "rules", "seat"):
            if key in options:
                settings[key] = options[key]
        if "clock" in options:
            settings["time_control"] = parse_clock(options["clock"])
        settings["rated"] = "rated" in options
        made = self._wait(self.client.challenge(**settings))
        self.say(f"challenge sent to {made['challenged']['name']}: game {made['game']}, you play {SEAT_NAMES[made['seat']]}")
        self._follow(made["game"])

    # ------------------------------------------------------------------------------ offers

    def cmd_accept(self, args: list[str]) -> None:
        if len(args) != 1:
            raise UsageError("accept GAME (a challenge) or accept draw|takeback|rematch")
        if args[0].lower() in OFFER_KINDS:
            self._answer(args[0].lower(), True)
            return
        joined = self._wait(self.client.answer_challenge(args[0], True))
        self.say(f"challenge accepted: game {joined['game']}, you play {SEAT_NAMES[joined['seat']]}")
        self._follow(joined["game"])

    def cmd_decline(self, args: list[str]) -> None:
        if len(args) > 1:
            raise UsageError("decline [GAME | draw | takeback | rematch]")
        if args and args[0].lower() not in OFFER_KINDS:
            self._wait(self.client.answer_challenge(args[0], False))
            self.say(f"challenge {args[0]} declined")
            return
        if args:
            kind = args[0].lower()
        else:
            tracker = self.tracker
            offered = tracker.offered_to_me() if tracker is not None else []
            kind = offered[0] if offered else "rematch"
        self._answer(kind, False)

    def _answer(self, kind: str, accept: bool) -> None:
        game = self._need_game()
        if kind == "rematch":
            self.cmd_rematch([]) if accept else self._wait(self.client.rematch(game, accept=False))
            if not accept:
                self.say("rematch declined")
            return
        reply = self._wait(self.client.answer_offer(game, kind, accept))
        self.say(f"{kind} {'accepted' if accept else 'declined'}" if reply.get("accepted") or reply.get("declined") else str(reply))

    def cmd_draw(self, args: list[str]) -> None:
        reply = self._wait(self.client.offer_draw(self._need_game()))
        self.say("draw agreed" if reply.get("accepted") else "the bot declines" if reply.get("declined")
                 else "draw offered; waiting for the other player")

    def cmd_takeback(self, args: list[str]) -> None:
        reply = self._wait(self.client.request_takeback(self._need_game()))
        self.say("turn taken back" if reply.get("accepted") else "the bot declines" if reply.get("declined")
                 else "takeback asked; waiting for the other player")

    def cmd_abort(self, args: list[str]) -> None:
        self._wait(self.client.abort(self._need_game()))
        self.say("game aborted")

    def cmd_rematch(self, args: list[str]) -> None:
        reply = self._wait(self.client.rematch(self._need_game()))
        if reply.get("started"):
            self.say(f"rematch: game {reply['game']}, you play {SEAT_NAMES[reply['seat']]}")
            self._follow(reply["game"])
        else:
            self.say("rematch offered; waiting for the other player")

    # ------------------------------------------------------------------------------ players

    def cmd_profile(self, args: list[str]) -> None:
        who = player_option(args[0]) if args else {}
        page = self._wait(self.client.profile(**who))
        user = page["user"]
        self.say(f"{user['name']} (#{user['id']}){' - online' if page['online'] else ''}")
        for family, r in page["ratings"].items():
            self.say(f"  {family:<15} {rating_text(r):>6}  rd {r['rd']:.0f}  {r['games']} games")

    def cmd_history(self, args: list[str]) -> None:
        who = player_option(args[0]) if args else {}
        page = self._wait(self.client.history(**who))
        if not page["games"]:
            self.say(f"{page['user']['name']} has no finished games")
        for g in page["games"]:
            opponent = g["opponent"]["name"] or (f"bot level {g['opponent']['bot']}" if g["opponent"]["bot"] else "nobody")
            rating = g["rating"]
            change = f"  {rating['after']:.0f} ({rating['change']:+.1f})" if rating else ""
            self.say(f"  {g['game']}  {g['outcome']:<7} vs {opponent}  {g['map']}  {(g['result'] or {}).get('reason')}{change}")

    def cmd_leaderboard(self, args: list[str]) -> None:
        family = args[0].lower() if args else "blitz"
        board = self._wait(self.client.leaderboard(family, 20, True))
        if not board["players"]:
            self.say(f"nobody is rated in {family} yet")
        for row in board["players"]:
            self.say(f"  {row['rank']:>3}. {row['user']['name']:<24} {rating_text(row):>6}  {row['games']} games")

    def cmd_export(self, args: list[str]) -> None:
        if len(args) not in (1, 2):
            raise UsageError("export FILE (this game) or export GAME FILE")
        game, path = (self._need_game(), args[0]) if len(args) == 1 else (args[0], args[1])
        data = self._wait(self.client.request("export", game=game))
        try:
            write_text(path, data["record"])
        except OSError as exc:
            raise UsageError(f"cannot write {path}: {os_reason(exc)}; nothing saved "
                             "(choose a folder you can write to)") from None
        result = data.get("result") or {}
        self.say(f"record of game {game} saved to {path}" + (f" (ended: {result.get('reason')})" if result else ""))
