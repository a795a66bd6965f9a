"""Accounts: display names and their secret tokens, and the two requests about them.

A client says ``hello`` with a name (a new account: the server answers with a token, and keeps
only its hash) or with a token (the account it had). ``set_name`` renames. Every name passes the
:class:`~server.lobby.names.NamePolicy`; an account the operator banned is refused at ``hello``.
The store keeps the accounts; this module keeps them in memory too, by id and by token hash.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

import msgspec

from server.edge import protocol as P
from server.edge.protocol import ProtocolError
from server.lobby.clients import Client
from server.lobby.names import NamePolicy
from server.store.records import StoredUser, StoreError
from shared.wire import replies as R
from shared.wire.views import UserRef

log = logging.getLogger("scryptic.server")


def hash_token(token: str) -> str:
    """What the store keeps of a secret token."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    """A fresh secret token (for an account or a seat)."""
    return secrets.token_urlsafe(24)


@dataclass
class User:
    """An account: its id, display name and the hash of its token."""

    id: int
    name: str
    token_hash: str
    banned: str | None = None  # the operator's reason, while banned


class AccountStore(Protocol):
    """The store as the accounts see it (each call one durable unit; raises StoreError)."""

    async def add_user(self, user_id: int, name: str, token_hash: str) -> None: ...

    async def rename_user(self, user_id: int, name: str) -> None: ...

    async def ban_user(self, user_id: int, reason: str | None) -> None: ...


class UserDirectory(Protocol):
    """The accounts every node of a cluster shares (the PostgreSQL store): new ids that no two
    nodes hand out twice, and accounts made on other nodes."""

    async def next_user_id(self) -> int: ...

    async def user_by_token(self, token_hash: str) -> StoredUser | None: ...

    async def user_by_id(self, user_id: int) -> StoredUser | None: ...

    async def users_named(self, name: str) -> list[StoredUser]: ...


class Accounts:
    """Every account of the server, and the ``hello`` and ``set_name`` requests."""

    def __init__(
        self,
        store: AccountStore,
        offer: Callable[[], dict[str, Any]],
        renamed: Callable[[int], None],
        signed_in: Callable[[Client], None] = lambda client: None,
        directory: UserDirectory | None = None,
        names: NamePolicy | None = None,
        told: Callable[[int, dict[str, Any]], None] = lambda user_id, user: None,
    ) -> None:
        """``offer()`` is what hello tells a client about the server (maps, AI levels, limits);
        ``renamed(user_id)`` is called after a rename, so the user's games can show it;
        ``signed_in(client)`` after a hello with a name or token; ``directory`` (a cluster
        node's) numbers new accounts and finds the accounts other nodes made; ``names`` is the
        policy every display name passes (length and characters only, if not given);
        ``told(user_id, user)`` pushes ``renamed`` to the account's connections."""
        self._told = told
        self.store = store
        self.names = names or NamePolicy()
        self._offer = offer
        self._renamed = renamed
        self._signed_in = signed_in
        self.users: dict[int, User] = {}
        self.user_by_token: dict[str, int] = {}
        self.directory = directory

    def learn(self, user: StoredUser) -> User:
        """Keep an account read from the store (made here or on another node of a cluster)."""
        known = self.users.get(user.id)
        if known is not None:
            return known
        self.users[user.id] = found = User(user.id, user.name, user.token_hash, user.banned)
        self.user_by_token[user.token_hash] = user.id
        return found

    async def ensure(self, user_id: int) -> User | None:
        """The account ``user_id``, read from the shared store if another node made it."""
        user = self.users.get(user_id)
        if user is None and self.directory is not None:
            try:
                stored = await self.directory.user_by_id(user_id)
            except StoreError:
                raise ProtocolError("store_failed", "could not read that account; try again") from None
            user = None if stored is None else self.learn(stored)
        return user

    async def find(self, user_id: int | None, name: str | None) -> User:
        """:meth:`lookup`, after reading from the shared store (a cluster node) the accounts
        with that id or name that other nodes made."""
        if self.directory is not None:
            if user_id is not None:
                await self.ensure(user_id)
            elif name is not None:
                try:
                    for stored in await self.directory.users_named(name):
                        self.learn(stored)
                except StoreError:
                    raise ProtocolError("store_failed", "could not read the accounts; try again") from None
        return self.lookup(user_id, name)

    def load(self, stored: Iterable[StoredUser]) -> None:
        """Take the accounts kept in the store (at start-up)."""
        for user in stored:
            self.users[user.id] = User(user.id, user.name, user.token_hash, user.banned)
            self.user_by_token[user.token_hash] = user.id

    def renamed_elsewhere(self, user_id: int, name: str) -> bool:
        """Another node renamed ``user_id``: take the name if the account is known here;
        whether it is (an account not read yet will be read with its new name)."""
        user = self.users.get(user_id)
        if user is None:
            return False
        user.name = name
        return True

    def name_of(self, user_id: int) -> str | None:
        """The display name of ``user_id``, if known."""
        user = self.users.get(user_id)
        return None if user is None else user.name

    def lookup(self, user_id: int | None, name: str | None) -> User:
        """The account named by exactly one of an id or a display name (names are not unique:
        ``ambiguous_name`` lists the ids when several accounts share one)."""
        if (user_id is None) == (name is None):
            raise ProtocolError("bad_message", "name exactly one of user (an id) or name")
        if user_id is not None:
            user = self.users.get(user_id)
            if user is None:
                raise ProtocolError("no_such_user", f"there is no player with id {user_id}")
            return user
        assert name is not None
        found = [u for u in self.users.values() if u.name.casefold() == name.casefold()]
        if not found:
            raise ProtocolError("no_such_user", f"nobody here is called {name!r}")
        if len(found) > 1:
            ids = ", ".join(str(u.id) for u in sorted(found, key=lambda u: u.id))
            raise ProtocolError("ambiguous_name", f"{len(found)} players are called {name!r}; name one by id: {ids}")
        return found[0]

    def require(self, client: Client) -> User:
        """The account ``client`` said hello as; ``name_required`` if it gave none."""
        if client.user_id is None:
            raise ProtocolError("name_required", "say hello with a name or a token first")
        return self.users[client.user_id]

    async def hello(self, client: Client, req: P.Hello) -> R.HelloReply:
        """Greet ``client``: check the version, find or make its account, say what is offered."""
        if client.greeted:
            raise ProtocolError("already_hello", "hello was already accepted on this connection")
        if req.v != P.PROTOCOL_VERSION:
            raise ProtocolError(
                "bad_version",
                f"protocol version {req.v} is not supported: this server speaks version {P.PROTOCOL_VERSION}; "
                "update your client",
            )
        token_out: str | None = None
        user: User | None = None
        if req.token is not None:
            user = await self._by_token(hash_token(req.token))
            if user is None:
                raise ProtocolError("bad_token", "that token is not known here; register a name again")
            if user.banned is not None:
                raise ProtocolError("banned", f"this account is banned from this server: {user.banned}")
            if req.name is not None and req.name != user.name:
                try:
                    name = self.names.check(req.name)
                except ProtocolError:  # e.g. the name the operator took away: keep the one stored
                    log.info("hello name kept", extra={"data": {"user": user.id, "refused": req.name}})
                else:
                    await self._rename(user, name)
        elif req.name is not None:
            name = self.names.check(req.name)
            token_out = new_token()
            user = User(await self._new_id(), name, hash_token(token_out))
            self.users[user.id] = user
            self.user_by_token[user.token_hash] = user.id
            try:
                await self.store.add_user(user.id, user.name, user.token_hash)
            except StoreError:
                del self.users[user.id]
                del self.user_by_token[user.token_hash]
                raise ProtocolError("store_failed", "could not store the new name") from None
        client.greeted = True
        client.user_id = None if user is None else user.id
        if user is not None:
            self._signed_in(client)
        log.debug("hello", extra={"data": {"conn": client.id, "user": client.user_id, "client": req.client}})
        return msgspec.convert({
            "protocol": P.PROTOCOL_VERSION,
            "server": P.SERVER_NAME,
            "user": None if user is None else {"id": user.id, "name": user.name},
            "token": token_out,
            **self._offer(),
        }, R.HelloReply)

    async def _by_token(self, token_hash: str) -> User | None:
        user_id = self.user_by_token.get(token_hash)
        if user_id is not None:
            return self.users[user_id]
        if self.directory is None:
            return None
        try:
            stored = await self.directory.user_by_token(token_hash)
        except StoreError:
            raise ProtocolError("store_failed", "could not read the accounts; try again") from None
        return None if stored is None else self.learn(stored)

    async def _new_id(self) -> int:
        """The id of a new account: the next in memory (one process), or the shared sequence's."""
        if self.directory is None:
            return max(self.users, default=0) + 1
        try:
            return await self.directory.next_user_id()
        except StoreError:
            raise ProtocolError("store_failed", "could not store the new name") from None

    async def set_name(self, client: Client, req: P.SetName) -> R.RenameReply:
        """Rename the client's account; its games show the new name."""
        user = self.require(client)
        await self._rename(user, self.names.check(req.name))
        self._renamed(user.id)
        return R.RenameReply(user=UserRef(id=user.id, name=user.name))

    async def rename(self, user: User, name: str) -> None:
        """Rename ``user`` (the operator's rename: the same policy as the player's own); the
        account's connections are told (push ``renamed``), so their clients take the name."""
        await self._rename(user, self.names.check(name))
        self._renamed(user.id)
        self._told(user.id, {"id": user.id, "name": user.name})

    async def set_banned(self, user: User, reason: str | None) -> None:
        """Ban ``user`` (``reason``: said to them at each hello) or lift the ban (None)."""
        try:
            await self.store.ban_user(user.id, reason)
        except StoreError:
            raise ProtocolError("store_failed", "could not store the ban; nothing changed") from None
        user.banned = reason

    async def _rename(self, user: User, name: str) -> None:
        try:
            await self.store.rename_user(user.id, name)
        except StoreError:
            raise ProtocolError("store_failed", "could not store the new name; nothing changed") from None
        user.name = name
