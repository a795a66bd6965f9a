"""The board as drawn: its section, camera, paint, marks, numbers, small map and tooltips."""
