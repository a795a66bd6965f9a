"""Games played across the nodes of a cluster: any node answers for any game.

A request for a game that another node owns is carried to the owner over the bus and answered
there by the same request table (:class:`server.routes.Router`) as a local one; the owner's
game host sends its frames to a proxy of the remote connection, which the mesh carries back to
the connection's node. The game host never knows: a proxy is just one more subscriber.

- :mod:`server.remote.owner`: the owner's side: :class:`RemoteClient` (a connection on another
  node, as this node's games see it) and :class:`RemoteFollowers` (answers forwarded requests,
  forgets followers whose connection or node went, moves followers of games it stops running).
- :mod:`server.remote.viewer`: the side of a node whose client asks: :class:`RemoteGames`
  (forwards requests, relays the owner's frames to its connections, follows a game to its next
  owner, claims a game nobody runs).
- :mod:`server.remote.lobby`: :class:`ClusterLobby`, the lobby across the nodes (every node's
  lobby changes and notices on one subject, a merged view, ``my_games`` asked of every node).
- :mod:`server.remote.wire`: the messages between the two.

May import: the standard library, msgspec, the rules engine's errors and players,
``server.edge.protocol``, ``server.lobby.clients``, ``server.lobby.pushes``, ``server.bus.interface`` and
``server.cluster.mesh``; never the routes, the app, the game host or a store (it is handed
callables by the composition root).
"""
