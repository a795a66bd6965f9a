"""The lobby: accounts, the live games, matchmaking and the lists of games.

- :mod:`server.lobby.accounts`: display names and tokens (``hello``, ``set_name``).
- :mod:`server.lobby.registry`: the game hosts in memory by id and join code; loads games from
  the store on demand; the hosts' :class:`~server.host.ports.LobbyLink`.
- :mod:`server.lobby.matchmaking`: ``create_game``, ``join`` (by id or code), ``rematch``.
- :mod:`server.lobby.listings`: ``list_games``, ``my_games``, ``export``.
- :mod:`server.lobby.clients`: a connection as the lobby sees it, and its limits.

May import: the standard library, the rules engine (``shared``), ``server.config``,
``server.mapcodec``, ``server.edge.protocol``, ``server.host`` (it creates and finds game
hosts), ``server.store.interface`` and ``server.store.records``. Never the edge's connections,
a store implementation, or the composition root.
"""
