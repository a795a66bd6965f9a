"""Every request of the protocol as a method (``docs/protocol.md``), for :class:`AsyncClient`.

:class:`Calls` is a part of :class:`~client.net.aio.AsyncClient`: each method sends one
request through ``self.request`` and returns its reply's data (a refusal raises
:class:`~client.net.errors.ServerError` with the protocol's code), keeping the client's own
state (seat tokens, the games it follows, the lobby) in step.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from client.net.codec import read
from client.net.errors import ServerError
from client.net.lobby import LobbyState
from client.net.state import GameTracker
from shared.rules.presets import DEFAULT_RULES
from shared.wire import AnalysisFailedPush, AnalysisPush
from shared.wire import replies as R
from shared.files.atomic import write_text


class Calls:
    """The typed requests (mixed into :class:`~client.net.aio.AsyncClient`)."""

    request: Callable[..., Awaitable[dict[str, Any]]]
    seat_tokens: dict[str, str]
    account_seats: set[str]
    watching: set[str]
    games: dict[str, GameTracker]
    lobby: LobbyState
    lobby_subscribed: bool
    user: dict[str, Any] | None
    name: str | None
    analyses_awaited: dict[str, list[asyncio.Future[Any]]]

    # Identity -------------------------------------------------------------------------------

    async def set_name(self, name: str) -> dict[str, Any]:
        data = await self.request("set_name", name=name)
        read(data, R.RenameReply)
        self.user = data["user"]
        self.name = name
        return data

    # The lobby ------------------------------------------------------------------------------

    async def list_games(self) -> dict[str, Any]:
        """The lobby once: ``open`` (seeks), ``live`` (games to watch), ``bots`` (levels with
        their ratings)."""
        return await self.request("list_games")

    async def subscribe_lobby(self) -> dict[str, Any]:
        """The lobby now, and live ``lobby`` pushes from now on (kept in :attr:`lobby`; the
        subscription is renewed after a reconnect)."""
        data = await self.request("subscribe_lobby")
        self.lobby_subscribed = True
        return data

    async def unsubscribe_lobby(self) -> dict[str, Any]:
        self.lobby_subscribed = False
        return await self.request("unsubscribe_lobby")

    async def my_games(self) -> dict[str, Any]:
        """Your account's games in progress (``games``: whose move, clock, opponent; yours to
        move first) and the ``challenges`` waiting for your answer. Any of the games can be
        resumed with :meth:`attach` (no seat token needed: seats belong to the account)."""
        return await self.request("my_games")

    # Seats ----------------------------------------------------------------------------------

    async def create_game(
        self,
        *,
        map: str | None = None,
        map_text: str | None = None,
        rules: str = DEFAULT_RULES,
        time_control: dict[str, Any] | None = None,
        rated: bool = False,
        public: bool = True,
        seat: str = "gold",
        first: str = "gold",
        opponent: str = "human",
        bot_level: int = 1,
        seed: int | None = None,
    ) -> dict[str, Any]:
        """Create a game and take a seat; returns game, seat, seat_token, join_code."""
        data = await self.request(
            "create_game", map=map, map_text=map_text, rules=rules, time_control=time_control, rated=rated,
            public=public, seat=seat, first=first, opponent=opponent, bot_level=bot_level, seed=seed,
        )
        created = read(data, R.CreatedReply)
        self.seat_tokens[created.game] = created.seat_token
        return data

    async def challenge(
        self,
        *,
        user: int | None = None,
        name: str | None = None,
        map: str | None = None,
        rules: str = DEFAULT_RULES,
        time_control: dict[str, Any] | None = None,
        rated: bool = False,
        seat: str = "gold",
        first: str = "gold",
        seed: int | None = None,
    ) -> dict[str, Any]:
        """Offer a game to one player (by ``user`` id or ``name``); you hold your seat at once,
        the game starts when they accept."""
        data = await self.request(
            "challenge", user=user, name=name, map=map, rules=rules, time_control=time_control, rated=rated,
            seat=seat, first=first, seed=seed,
        )
        made = read(data, R.ChallengedReply)
        self.seat_tokens[made.game] = made.seat_token
        return data

    async def answer_challenge(self, game: str, accept: bool = True) -> dict[str, Any]:
        """Accept (take the seat; the game starts) or decline a challenge to you."""
        data = await self.request("answer_challenge", game=game, accept=accept)
        answered = read(data, R.AnswerChallengeReply)
        if answered.seat_token is not None:
            self.seat_tokens[answered.game] = answered.seat_token
        return data

    async def join(self, game: str | None = None, code: str | None = None) -> dict[str, Any]:
        """Take the open seat of a public game (by id) or a private one (by code)."""
        data = await self.request("join", game=game, code=code)
        joined = read(data, R.SeatReply)
        self.seat_tokens[joined.game] = joined.seat_token
        return data

    async def attach(self, game: str, seat_token: str | None = None, since: int | None = None) -> dict[str, Any]:
        """Take your seat (again): with its token if one is known or given, else the seat your
        account holds (from any client signed in as it)."""
        token = seat_token or self.seat_tokens.get(game)
        if since is None and game in self.games and self.games[game].version >= 0:
            since = self.games[game].version
        data = await self.request("attach", game=game, seat_token=token, since=since)
        if token is not None:
            self.seat_tokens[game] = token
        else:
            self.account_seats.add(game)
        return data

    async def watch(self, game: str | None = None, code: str | None = None) -> dict[str, Any]:
        data = await self.request("watch", game=game, code=code)
        self.watching.add(read(data, R.WatchReply).game)
        return data

    async def leave(self, game: str) -> dict[str, Any]:
        self.seat_tokens.pop(game, None)
        self.account_seats.discard(game)
        self.watching.discard(game)
        return await self.request("leave", game=game)

    # Play -----------------------------------------------------------------------------------

    async def act(self, game: str, action: dict[str, Any], expect_version: int | None = None) -> dict[str, Any]:
        """Send one action (``{"type": "commit", ...}``); returns the new version."""
        return await self.request("act", game=game, action=action, expect_version=expect_version)

    async def commit(self, game: str, placements: list[tuple[int, int, str]], direction: str | None = None) -> dict[str, Any]:
        action: dict[str, Any] = {"type": "commit", "placements": [list(p) for p in placements]}
        if direction is not None:
            action["direction"] = direction
        return await self.act(game, action)

    async def redeploy(self, game: str, cell: tuple[int, int], direction: str) -> dict[str, Any]:
        return await self.act(game, {"type": "redeploy", "cell": list(cell), "direction": direction})

    async def discard(self, game: str, letters: str) -> dict[str, Any]:
        return await self.act(game, {"type": "discard", "letters": letters})

    async def order_defence(self, game: str, order: list[int]) -> dict[str, Any]:
        return await self.act(game, {"type": "order_defence", "order": list(order)})

    async def end_turn(self, game: str) -> dict[str, Any]:
        return await self.act(game, {"type": "end_turn"})

    async def resign(self, game: str) -> dict[str, Any]:
        return await self.act(game, {"type": "resign"})

    async def claim_win(self, game: str) -> dict[str, Any]:
        return await self.request("claim_win", game=game)

    # Offers ---------------------------------------------------------------------------------

    async def offer_draw(self, game: str) -> dict[str, Any]:
        """Offer a draw (accepts the opponent's if they offered first)."""
        return await self.request("offer", game=game, kind="draw")

    async def request_takeback(self, game: str) -> dict[str, Any]:
        """Ask to take back your last turn (casual games; accepts theirs if they asked first)."""
        return await self.request("offer", game=game, kind="takeback")

    async def answer_offer(self, game: str, kind: str, accept: bool) -> dict[str, Any]:
        """Accept or decline the opponent's ``draw`` or ``takeback`` offer (declining your own
        withdraws it)."""
        return await self.request("answer_offer", game=game, kind=kind, accept=accept)

    async def abort(self, game: str) -> dict[str, Any]:
        """End the game unrated, before any word was committed (or cancel your waiting game)."""
        return await self.request("abort", game=game)

    async def rematch(self, game: str, accept: bool = True) -> dict[str, Any]:
        """Offer (or accept) a rematch; ``accept=False`` declines. A started one is followed."""
        data = await self.request("rematch", game=game, accept=accept)
        rematch = read(data, R.RematchReply)
        if rematch.started and rematch.game is not None and game in self.seat_tokens:
            self.seat_tokens.setdefault(rematch.game, self.seat_tokens[game])
        return data

    # Records, players, the server ------------------------------------------------------------

    async def export(self, game: str) -> str:
        """The finished game's record text (``scryptic replay`` reads it)."""
        return read(await self.request("export", game=game), R.ExportReply).record

    async def save_record(self, game: str, path: str | Path) -> dict[str, Any]:
        """Fetch a finished game's record and write it to ``path`` atomically (a file that
        cannot be written raises OSError and leaves nothing half-written); the reply's data."""
        data = await self.request("export", game=game)
        write_text(path, read(data, R.ExportReply).record)
        return data

    async def analyse(self, game: str, timeout: float = 600.0) -> dict[str, Any]:
        """A finished game's post-game analysis (docs/analysis.md): the server's stored one, or,
        once its analysis worker has computed it, the one it pushes (``analysis``). A refusal,
        or an analysis that failed (``analysis_failed``), raises ServerError."""
        arrived: asyncio.Future[AnalysisPush | AnalysisFailedPush] = asyncio.get_running_loop().create_future()
        self.analyses_awaited.setdefault(game, []).append(arrived)  # before asking: the push may come at once
        try:
            answer = read(await self.request("analyse", game=game), R.AnalyseReply)
            if answer.status == "ready":
                return answer.analysis or {}
            message = await asyncio.wait_for(arrived, timeout)
        finally:
            waiting = self.analyses_awaited.get(game, [])
            if arrived in waiting:
                waiting.remove(arrived)
            if not waiting:
                self.analyses_awaited.pop(game, None)
        if isinstance(message, AnalysisFailedPush):
            raise ServerError("analysis_failed", message.reason)
        return message.analysis

    def analysis_arrived(self, message: AnalysisPush | AnalysisFailedPush) -> None:
        """An ``analysis`` or ``analysis_failed`` push: hand it to the calls waiting for it."""
        for future in self.analyses_awaited.pop(message.game, []):
            if not future.done():
                future.set_result(message)

    async def profile(self, user: int | None = None, name: str | None = None) -> dict[str, Any]:
        """A player's ratings per family (yours without arguments)."""
        return await self.request("profile", user=user, name=name)

    async def history(
        self, user: int | None = None, name: str | None = None, limit: int = 20, before: float | None = None
    ) -> dict[str, Any]:
        """A player's finished games, newest first (yours without a user or name)."""
        return await self.request("history", user=user, name=name, limit=limit, before=before)

    async def leaderboard(self, family: str, limit: int = 20, provisional: bool = False) -> dict[str, Any]:
        """The best-rated players of a family (``blitz``, ``rapid``, ``slow``, ``correspondence``)."""
        return await self.request("leaderboard", family=family, limit=limit, provisional=provisional)

    # Puzzles (docs/protocol.md, "Puzzles") -------------------------------------------------

    async def puzzles(self, theme: str | None = None, map: str | None = None, limit: int = 20,
                      after: str | None = None) -> dict[str, Any]:
        """A page of the server's puzzles (of a theme and map), and your puzzle rating."""
        return await self.request("puzzles", theme=theme, map=map, limit=limit, after=after)

    async def puzzle(self, puzzle: str | None = None, theme: str | None = None, map: str | None = None) -> dict[str, Any]:
        """One puzzle by id, or the next one for your rating: ``{"puzzle", "attempt", "rating"}``."""
        return await self.request("puzzle", puzzle=puzzle, theme=theme, map=map)

    async def daily_puzzle(self, date: str | None = None) -> dict[str, Any]:
        """The puzzle of a day (``YYYY-MM-DD``, UTC; today if None)."""
        return await self.request("daily_puzzle", date=date)

    async def puzzle_attempt(self, puzzle: str, actions: list[dict[str, Any]]) -> dict[str, Any]:
        """Your one rated attempt at a puzzle: the turn's actions (wire form, without the player)."""
        return await self.request("puzzle_attempt", puzzle=puzzle, actions=actions)

    async def ping(self) -> float:
        return read(await self.request("ping"), R.PingReply).time

    async def stats(self) -> dict[str, Any]:
        return await self.request("stats")

    # Tournaments ----------------------------------------------------------------------------

    async def tournaments(self) -> dict[str, Any]:
        """The events: ``upcoming``, ``running``, ``finished``, each a list of summaries."""
        return await self.request("tournaments")

    async def tournament(self, tournament: str) -> dict[str, Any]:
        """One event with its standings; its changes are pushed from now on (``tournament``)."""
        return (await self.request("tournament", tournament=tournament))["tournament"]

    async def tournament_room(self, tournament: str) -> dict[str, Any]:
        """Follow an event as :meth:`tournament` does: the reply's ``tournament`` (with standings)
        and ``chat``, its lobby's recent lines (oldest first) that you may see."""
        return await self.request("tournament", tournament=tournament)

    async def join_tournament(self, tournament: str) -> dict[str, Any]:
        """Enter an event: you are paired whenever you are free (``tournament_game`` pushes)."""
        return (await self.request("join_tournament", tournament=tournament))["tournament"]

    async def leave_tournament(self, tournament: str) -> dict[str, Any]:
        """Stop being paired in an event (your points stay)."""
        return (await self.request("leave_tournament", tournament=tournament))["tournament"]

    async def create_tournament(self, key: str, name: str, seconds: int, **settings: Any) -> dict[str, Any]:
        """An operator's new arena (``settings``: start_in, map, rules, time_control, rated, max_players)."""
        return (await self.request("create_tournament", key=key, name=name, seconds=seconds, **settings))["tournament"]

    async def start_tournament(self, key: str, tournament: str) -> dict[str, Any]:
        """An operator's start of an upcoming event now."""
        return (await self.request("start_tournament", key=key, tournament=tournament))["tournament"]

    # Chat and reports -----------------------------------------------------------------------

    async def chat(self, room: str, text: str, game: str | None = None, tournament: str | None = None) -> dict[str, Any]:
        """Say a line in a room: ``game`` (its players), ``spectators`` or ``tournament`` (its lobby)."""
        data = await self.request("chat", room=room, text=text, game=game, tournament=tournament)
        read(data, R.ChatReply)
        return data["line"]

    async def mute(self, user: int | None = None, name: str | None = None, kind: str = "mute") -> dict[str, Any]:
        """Hide a player's lines (``mute``), also refuse their challenges (``block``), or ``none``."""
        return await self.request("mute", user=user, name=name, kind=kind)

    async def report(self, reason: str, game: str | None = None, line: int | None = None) -> str:
        """Report a game you play or watch, or a chat line you were shown; the report's id."""
        return read(await self.request("report", reason=reason, game=game, line=line), R.ReportReply).report

