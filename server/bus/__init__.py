"""Message routing between the nodes of a cluster: requests to a game's owner, and each game's
updates to every node whose viewers follow it.

- :mod:`server.bus.interface`: :class:`MessageBus`, the Protocol the rest uses, its
  :class:`BusError` (temporary: the message could not be carried now) and the subjects.
- :mod:`server.bus.local`: the in-process bus of a single process (no network).
- :mod:`server.bus.nats_bus`: the NATS bus of a cluster node (nats-py).

May import: the standard library, its dependencies (nats-py) and ``server.bus`` itself;
nothing else of the server, and no rules. Only the composition root names an implementation.
"""
