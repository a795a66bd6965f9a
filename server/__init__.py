"""The Scryptic game server: authoritative games over websockets, kept in a durable store.

Its parts, from the network inwards (``docs/architecture.md`` draws them):

- ``server.edge``: websockets, framing, message schemas, rate limits. Knows no games.
- ``server.routes``: which part answers each request type.
- ``server.lobby``: accounts, the live games by id and join code, matchmaking, listings.
- ``server.host``: one game host per live game (engine game, seats, clock, timers, bot moves,
  per-viewer event streams), handed a narrow context instead of the server.
- ``server.store``: the store interface and its SQLite and PostgreSQL implementations.
- ``server.bus``, ``server.cluster``: the message bus and the cluster node (leases, claiming
  orphaned games), used when a node runs on PostgreSQL (``docs/cluster.md``).
- ``server.bots``: the bot player (a process pool), ``server.mapcodec``, ``server.config``,
  ``server.metrics``, ``server.logs``: small parts the others share.
- ``server.app``: the composition root that builds and wires all of the above.
- ``scryptic.commands.server``, ``scryptic.bench.server``, ``server.scripted``: the ``scryptic server`` and
  ``scryptic bench server`` commands and their scripted players.

May import: the standard library, its dependencies, ``shared`` and itself; never ``client``.
``tests/test_architecture.py`` checks this, the absence of import circles, module sizes and
each layer's rules.
"""
