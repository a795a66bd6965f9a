"""The ``data`` of an ``admin`` reply: a tagged union on ``op``, one Struct per operation
(docs/protocol.md, ``admin``; ``scryptic admin`` prints them)."""

from __future__ import annotations

from typing import Any, Union

import msgspec

from shared.wire.views import UserRef

__all__ = [
    "AdminUserLine", "AdminUserGame", "EndedGame", "AdminUsers", "AdminUser", "AdminRename", "AdminBan",
    "AdminUnban", "AdminAbort", "AdminAdjudicate", "AdminReports", "AdminSilence", "AdminUnsilence",
    "AdminReply",
]


class AdminUserLine(msgspec.Struct, kw_only=True):
    """An account as the operator sees it: ``banned`` (the reason, None if not), its games in progress."""

    id: int
    name: str
    banned: str | None
    online: bool
    games: int


class AdminUserGame(msgspec.Struct, kw_only=True):
    game: str
    status: str
    map: str | None
    version: int
    seat: int


class EndedGame(msgspec.Struct, kw_only=True):
    game: str
    result: dict[str, Any] | None  # as in ``info``


class _Admin(msgspec.Struct, tag_field="op", kw_only=True):
    """Base of the operations' answers; ``op`` is the operation's name."""


class AdminUsers(_Admin, tag="users"):
    users: list[AdminUserLine]  # at most 200, by id
    total: int


class AdminUser(_Admin, tag="user"):
    user: AdminUserLine
    games: list[AdminUserGame]


class AdminRename(_Admin, tag="rename"):
    user: AdminUserLine
    was: str  # the old name


class AdminBan(_Admin, tag="ban"):
    user: AdminUserLine
    connections_closed: int
    games_ended: list[EndedGame]  # by forfeit


class AdminUnban(_Admin, tag="unban"):
    user: AdminUserLine


class AdminAbort(_Admin, tag="abort"):
    game: str
    result: dict[str, Any] | None


class AdminAdjudicate(_Admin, tag="adjudicate"):
    game: str
    result: dict[str, Any] | None


class AdminReports(_Admin, tag="reports"):
    reports: list[dict[str, Any]]  # the newest 100, each with ``by`` (who reported it)


class AdminSilence(_Admin, tag="silence"):
    user: UserRef
    reason: str | None


class AdminUnsilence(_Admin, tag="unsilence"):
    user: UserRef
    reason: str | None  # None: lifted


AdminReply = Union[AdminUsers, AdminUser, AdminRename, AdminBan, AdminUnban, AdminAbort, AdminAdjudicate,
                   AdminReports, AdminSilence, AdminUnsilence]
"""An ``admin`` reply's data, told apart by ``op``."""
