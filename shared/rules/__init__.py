"""The rules engine: board, terrain, crossword, strength, combat, actions, events, the game
state machine, rule-set presets, errors and the game record.

Pure: it imports only the standard library and its own modules (tests/test_architecture.py
checks it). No I/O, no asyncio, no Arcade; all chance comes from the seeded generator a game
owns. Everything else in Scryptic is built on it; nothing here knows what is built on it.

What each module offers the rest of Scryptic is its ``__all__``; tests/test_rules_surface.py
pins that surface and refuses an import from outside that reaches past it.
"""
