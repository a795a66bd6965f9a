"""The puzzles: the Puzzles screen (the daily puzzle, filters, your rating) and the scroll
beside the board while a puzzle is played."""
