"""The cluster mode: several server nodes on one PostgreSQL database (and a NATS bus).

- :mod:`server.cluster.lease`: the owner lease of each game in PostgreSQL (epoch + expiry).
- :mod:`server.cluster.node`: a node's loop: renew its leases, claim orphaned games.
- :mod:`server.cluster.mesh`: bytes between nodes over the bus: each held game's requests,
  frames for viewers on other nodes, beats. (What those bytes mean to games is
  :mod:`server.remote`.)
- :mod:`server.cluster.parts`: what the composition root builds for a node (store, leases, bus).
- :mod:`server.cluster.local`: a PostgreSQL and a NATS server of one's own (``scryptic cluster
  up``, tests); the ``scryptic cluster up`` command is :mod:`scryptic.commands.cluster`.

May import: the standard library, its dependencies, ``server.store``, ``server.bus`` and itself;
never the lobby, the game host, the edge, the routes or the app (a node is handed callables).
``docs/cluster.md`` tells the design and why.
"""
