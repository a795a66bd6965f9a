"""The store: where users, games, seats and every accepted action are kept durably.

- :mod:`server.store.records`: the records a store reads and writes, and :class:`StoreError`.
- :mod:`server.store.interface`: :class:`GameStore`, the Protocol the rest of the server uses.
- :mod:`server.store.sqlite` (with ``sqlite_schema``, ``sqlite_statements``, ``sqlite_reads``
  and the fsync helper ``syncer``): the SQLite implementation, the single process's store.
- :mod:`server.store.postgres` (with ``postgres_statements``, ``postgres_reads`` and the
  schema steps in ``migrations``): the PostgreSQL implementation of a cluster node (asyncpg).

May import: the standard library, asyncpg and ``server.store`` itself; nothing else of the server, and
no rules. Nothing outside this package writes SQL, and only the composition root
(:mod:`server.app`) names an implementation.
"""
