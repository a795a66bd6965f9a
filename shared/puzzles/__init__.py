"""Puzzles from real games: positions where one turn is clearly best, a goal the engine checks,
a shipped pack, Glicko-2 ratings between solver and puzzle, and a daily puzzle (docs/puzzles.md).

The public API: :mod:`model` (``Puzzle``, ``Goal``, ``Position``), :mod:`position`
(``position_of``), :mod:`judge` (``judge``, ``Verdict``), :mod:`pack` (``load_pack``,
``write_pack``, ``default_pack_path``), :mod:`daily` (``daily_puzzle``, ``share_line``),
:mod:`rating` (``Rating``, ``rate_attempt``, ``choose_puzzle``), :mod:`progress`
(``LocalPuzzleProgress`` and its file), :mod:`themes` and :mod:`miner`.
"""
