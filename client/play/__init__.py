"""The client's model of a game, with no window: the sessions the screens drive (a game here,
on a server, a replay, an analysis), the turn being laid out and its preview, what the board
shows, the words for events, the saves and the settings. Nothing here imports Arcade
(tests/test_architecture.py checks it), so all of it is tested without a display.
"""
