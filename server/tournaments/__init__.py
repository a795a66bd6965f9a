"""Tournament rules without I/O: arenas, swiss events and correspondence leagues.

- :mod:`server.tournaments.outcomes`: a finished game as the tournament sees it, and points.
- :mod:`server.tournaments.arena`: arena scoring (wins, draws, streaks) and pairing whoever is free.
- :mod:`server.tournaments.swiss`: swiss pairing (by score, no rematch, byes) and the tie-breaks
  (Buchholz, Sonneborn-Berger).
- :mod:`server.tournaments.league`: a division's round robin, its table, and the next season's
  divisions after promotion and relegation.

Pure functions of plain data: no clock, no store, no randomness, no asyncio. The server's
tournament desk keeps the state and calls these. May import: the standard library and itself.
``docs/tournaments.md`` states every rule these implement.
"""
