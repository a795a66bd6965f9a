"""Code both the server and the client use, by concern; it imports neither of them.

- :mod:`shared.rules.presets`: the pure rules engine (standard library only, no I/O).
- :mod:`shared.words`: the dictionary at run time, and its build from sources.
- :mod:`shared.maps.format`: the map file format, checks, reach and the generator; Tiled import/export.
- :mod:`shared.ai`: the AI opponent and self-play.
- :mod:`shared.tools`: tools built on the engine (positions from ASCII, a random player).
- :mod:`shared.files`: atomic writes and the user's folders.
- :mod:`shared.faults`: errors explained to people in one line, with exit codes.
"""
