"""The network edge: websockets, framing, message schemas and abuse limits.

- :mod:`server.edge.protocol`: the declared schema of every inbound message, the error codes,
  and the encoding of outbound ones (the vocabulary every part of the server speaks).
- :mod:`server.edge.limits`: token buckets and the per-address connection cap.
- :mod:`server.edge.connection`: one client connection (rate limits, strikes, hello first).
- :mod:`server.edge.listener`: the websocket server that admits and runs connections.

The edge knows no games and no rules: a valid request is handed to the ``dispatch`` function
the composition root gave it. May import: the standard library, websockets, msgpack, msgspec,
``server.config``, ``server.metrics``, ``server.edge`` itself, and ``shared.rules.errors`` /
``shared.rules.terrain`` (to reply to a refusal and to name a seat). Never the lobby, the game host or
the store.
"""
