"""Tools that use the engine, for tests, documents and fuzzing: positions built from ASCII
grids (:mod:`~shared.tools.ascii`) and a random player. The engine never imports them.
"""
