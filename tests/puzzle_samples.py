"""Puzzles made for tests from ASCII positions (shared.tools.ascii), with the engine's own
snapshot (shared.puzzles.position.capture_position): solvable with the test word list and the
game's dictionary alike."""

from __future__ import annotations

from shared.puzzles.model import Goal, Puzzle
from shared.puzzles.position import capture_position
from shared.rules.lexicon import Lexicon
from shared.tools.ascii import position
from shared.rules.terrain import Player

# Gold's CAT runs from its city; the pewter city is under its T: TO (one O) takes it; AT down
# from the A takes nothing.
TERRAIN = """
. . . . . . . .
. G . . . . . .
. . . P . . . .
. . . . . . . .
. . . . . . . S
"""
LETTERS = """
. . . . . . . .
. c a t . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
"""
SOLUTION = ({"type": "commit", "player": 1, "placements": [[2, 3, "o"]], "direction": "down"},
            {"type": "end_turn", "player": 1})
WRONG = ({"type": "commit", "player": 1, "placements": [[2, 2, "t"]], "direction": "down"},
         {"type": "end_turn", "player": 1})


def city_puzzle(lexicon: Lexicon, puzzle_id: str = "t-cats", rating: float = 1500.0, theme: str = "city_taken",
                map_name: str = "test-ford") -> Puzzle:
    """Take the pewter city: TO. ``hint_where`` is the city's cell."""
    game = position(TERRAIN, LETTERS, lexicon, racks={Player.GOLD: "stoe", Player.SILVER: "abc"})
    return Puzzle(id=puzzle_id, map_name=map_name, ruleset="standard", position=capture_position(game),
                  mover=1, goal=Goal("take_city", 1), themes=(theme,), solutions=(SOLUTION,), rating=rating,
                  rd=80.0, volatility=0.06, hint_where=((2, 3),), found_by=(1,), source="test")


def sample_pack(lexicon: Lexicon) -> list[Puzzle]:
    """Three puzzles: two of the city theme on two maps, one of another theme."""
    return [city_puzzle(lexicon), city_puzzle(lexicon, "t-cats2", 1650.0, map_name="the-anvil"),
            city_puzzle(lexicon, "t-fight", 1400.0, theme="fight_won")]


FIGHT_TERRAIN = "\n".join([". " * 14] * 2 + [". . f f . . . . . ~ ~ . . .", ". . f . . . . . . . ~ . . .",
                                              ". . . . . . . . . . . . . .", ". . . . . . . . . . . ^ . .",
                                              ". . . G . . . . . . . ^ ^ .", ". . . . . . . . . . . . . .",
                                              ". . P . . . . . . . S . . ."] + [". " * 14])
FIGHT_LETTERS = "\n".join([". " * 14] * 5 + [". . . . . . . T O . . . . .", ". . . c a t . O N . . . . ."]
                          + [". " * 14] * 3)
FIGHT_SOLUTION = ({"type": "commit", "player": 1, "placements": [[6, 6, "s"]], "direction": "across"},
                  {"type": "end_turn", "player": 1})
FIGHT_WRONG = ({"type": "commit", "player": 1, "placements": [[7, 4, "t"]], "direction": "down"},
               {"type": "end_turn", "player": 1})


def fight_puzzle(lexicon: Lexicon, puzzle_id: str = "g-cats", rating: float = 1480.0) -> Puzzle:
    """Win the fight (the game's dictionary): CATS attacks silver's ON and TO, beats both and takes an O;
    AT down from the A fights nothing. ``hint_where`` is the S's cell."""
    game = position(FIGHT_TERRAIN, FIGHT_LETTERS, lexicon, racks={Player.GOLD: "sote", Player.SILVER: "eat"})
    return Puzzle(id=puzzle_id, map_name="cinder-ford", ruleset="standard", position=capture_position(game),
                  mover=1, goal=Goal("take_letters", 1), themes=("fight_won",), solutions=(FIGHT_SOLUTION,),
                  rating=rating, rd=90.0, volatility=0.06, hint_where=((6, 6),), found_by=(2,), source="test")


def screen_pack(lexicon: Lexicon) -> list[Puzzle]:
    """The game screen's puzzles (the game's dictionary): the fight, and the city on two maps."""
    return [fight_puzzle(lexicon), city_puzzle(lexicon, "g-city", 1560.0), fight_puzzle(lexicon, "g-cats2", 1710.0),
            city_puzzle(lexicon, "g-anvil", 1390.0, map_name="the-anvil")]


def defence_puzzle(lexicon: Lexicon, puzzle_id: str = "d-order") -> Puzzle:
    """Silver to defend against gold's CATS (the fight puzzle's solution, played): its best order
    loses one O, which the goal allows."""
    game = position(FIGHT_TERRAIN, FIGHT_LETTERS, lexicon, racks={Player.GOLD: "sote", Player.SILVER: "eat"})
    return Puzzle(id=puzzle_id, map_name="cinder-ford", ruleset="standard",
                  position=capture_position(game, (dict(FIGHT_SOLUTION[0]),)), mover=2, goal=Goal("keep_letters", 1),
                  themes=("defence_order",), solutions=(), rating=1500.0, rd=100.0)
