"""Procedural art: seeded noise, lighting and the polished stones of the board."""
