"""The game host: one live game per :class:`~server.host.game_host.GameHost`.

- :mod:`server.host.table`: the game's state without I/O (engine game, seats, clock, status,
  result; what an action changes; what each viewer is shown).
- :mod:`server.host.game_host`: the table served live: its lock, the game log, timers and bot
  moves, and the frames sent to its followers.
- :mod:`server.host.audience`: the per-viewer event streams (update, missed, info, presence).
- :mod:`server.host.ports`: the seams a host is handed (:class:`HostContext`: the game log, the
  bot player, the lobby link, the settings).
- :mod:`server.host.seats`, :mod:`server.host.clocks`, :mod:`server.host.timers`,
  :mod:`server.host.views`, :mod:`server.host.bot_turns`: its parts.

May import: the standard library, the rules engine (``shared``), ``server.host`` itself,
``server.edge.protocol`` (the frames it sends), ``server.store.records`` (what it stores),
``server.bots`` (the job a bot is sent) and ``server.mapcodec``. Never the lobby, the
composition root, the edge's connections or a store implementation: those reach a host only
through the :class:`~server.host.ports.HostContext` it is given.
"""
