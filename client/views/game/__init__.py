"""The game screen: the view, its state and parts, its panels and dialogs, the end of a game."""
