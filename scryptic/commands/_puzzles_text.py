"""A puzzle in text: the board, the rack, what is pending, the goal."""

from __future__ import annotations

from typing import TextIO


def print_puzzle(puzzle, lexicon, out: TextIO, solutions: bool = False) -> None:
    """Print ``puzzle`` as text to ``out`` (its solutions too, if asked)."""
    from shared.puzzles.position import position_of
    from shared.rules.game import PendingDefence
    from shared.rules.terrain import Player
    from shared.tools.ascii import letters_text, terrain_text

    game = position_of(puzzle, lexicon)
    mover = Player(puzzle.mover)
    print(f"Puzzle {puzzle.id}: {puzzle.map_name}, {puzzle.ruleset} rules, rated {puzzle.rating:.0f}", file=out)
    print(f"{mover.label.capitalize()} to play (gold lower case, silver UPPER CASE).", file=out)
    header = "    " + " ".join(f"{c + 1:<2}"[:1] if c < 9 else str((c + 1) % 10) for c in range(game.board.width))
    print(header, file=out)
    for r, (land, letters) in enumerate(zip(terrain_text(game).splitlines(), letters_text(game).splitlines())):
        cells = [ch if ch != "." else _LAND.get(t, t) for ch, t in zip(letters.split(" "), land.split(" "))]
        print(f"{r + 1:>3} " + " ".join(cells), file=out)
    print("Land: . plains, % forest, ~ water, ^ mountains, = ice, # lava; cities: 1 gold, 2 silver, 0 pewter",
          file=out)
    cities = ", ".join(f"{(owner.label if owner else 'pewter')} at {cr + 1},{cc + 1}"
                       for (cr, cc), owner in sorted(game.board.city_owner.items()))
    print(f"Cities: {cities}", file=out)
    print(f"Your rack: {' '.join(sorted(game.racks[mover])).upper()}", file=out)
    scores = game.scores()
    print(f"Score: gold {scores[Player.GOLD]}, silver {scores[Player.SILVER]}", file=out)
    if isinstance(game.pending, PendingDefence):
        pending = game.pending
        words = ", ".join(f"{i + 1} {d.run.text.upper()}" for i, d in enumerate(pending.defenders))
        (r, c) = pending.attack_run.cells[0]
        print(f"{pending.attacker.label.capitalize()} attacks with {pending.attack_run.text.upper()} from {r + 1},{c + 1} "
              f"(strength {pending.attack_strength.value}); your defending words: {words}", file=out)
    print(f"Goal: {puzzle.goal.describe()}", file=out)
    if solutions:
        for k, solution in enumerate(puzzle.solutions):
            print(f"Solution {k + 1}: {solution}", file=out)


_LAND = {"f": "%", "*": "=", "x": "#", "G": "1", "S": "2", "P": "0"}
