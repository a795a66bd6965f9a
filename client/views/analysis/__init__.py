"""The analysis board: the game screen over an analysed game (graph, marks, side panel, lessons)."""
