"""The menus: the main menu, setting up a local game, settings, how to play, saved games."""
