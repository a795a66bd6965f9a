"""The rules engine's public surface, pinned as websockets pins its own.

Each module of ``shared.rules`` names what it offers in ``__all__``; the list below is that
surface. A change to it is a change to what every other package may build on, so it is made
here on purpose, never by accident; and no other package reaches past it.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

SURFACE: dict[str, list[str]] = {
    "actions": [
        "Action", "Commit", "Discard", "EndTurn", "OrderDefence", "RESIGN_REASONS", "Redeploy", "Resign",
        "action_from_dict", "action_to_dict", "check_shape",
    ],
    "board": ["ACROSS", "Board", "DIRECTIONS", "DOWN", "NEIGHBOURS", "Run", "line_run", "runs_of"],
    "combat": [
        "CombatOutcome", "Defender", "EXHAUSTIVE_LIMIT", "attacks", "beating_cost", "best_order",
        "find_defenders", "remove_letters", "remove_word", "resolve", "strength_after", "touched_cells",
    ],
    "commit_flow": ["commit", "order_defence"],
    "crossword": ["Crossword", "extend_crossword", "read_crossword", "supplied_words"],
    "errors": [
        "ActionFormatError", "AlreadyRedeployed", "AmbiguousDirection", "BadDefenceOrder", "BadLetter",
        "BadResignation", "BuildsOnInvalid", "DefencePending", "DiscardFirst", "DuplicateCell",
        "EmptyCommit", "ForestTooDense", "GameOverError", "Gap", "LavaCell", "LiftBreaksCrossword",
        "NoRunThere", "NotAWord", "NotConnected", "NotInLine", "NotInRack", "NotYourTurn",
        "NothingPending", "OffBoard", "OwnLetterThere", "RuleError", "TooShort", "WaterEnd",
        "WrongDiscard", "cell_name",
    ],
    "events": [
        "CityTaken", "CombatStep", "DefenceRequested", "DiscardRequired", "Event", "GameOver",
        "GameStarted", "LastTurn", "LettersDiscarded", "LettersDrawn", "LettersRemoved", "ScoresChanged",
        "TerrainChanged", "TurnEnded", "TurnStarted", "WordCommitted", "WordLifted",
    ],
    "game": ["Game", "PLAYERS", "PendingDefence", "PendingDiscard"],
    "game_view": ["PLAYERS", "TERRAIN_TO_CHAR", "view_of"],
    "grid": ["CITY_CHARS", "TERRAIN_CHARS", "cell_char", "grid_rows", "map_from_rows"],
    "letters": [
        "ALPHABET", "LETTER_VALUES", "SCRABBLE_DISTRIBUTION", "face_value", "letter_value",
        "letters_counter",
    ],
    "lexicon": ["Category", "Lexicon", "WordList"],
    "pending": ["PendingDefence", "PendingDiscard", "Result"],
    "placement": ["CommitPlan", "plan_commit"],
    "presets": [
        "DEFAULT_RULES", "OPTIONAL_NUMBERS", "PRESETS", "PRESET_DESCRIPTIONS", "RuleSet", "STANDARD",
        "UNSETTABLE", "get_rules", "with_settings",
    ],
    "record": ["FORMAT", "GameRecord", "READABLE_VERSIONS", "RecordError", "VERSION", "parse_record"],
    "replay": ["replay"],
    "snapshot": [
        "DERIVED_FIELDS", "FORMAT", "FROM_NEW_FIELDS", "SNAPSHOT_FIELDS", "SnapshotError",
        "can_snapshot", "prefix_hash", "restore", "snapshot_of",
    ],
    "state": ["GameState", "PLAYERS"],
    "strength": [
        "Strength", "attack_strength", "base_strength", "city_multiplier", "defence_strength",
        "gate_cells", "guards", "has_gate", "kept_letters",
    ],
    "terrain": ["Cell", "GameMap", "Player", "Terrain"],
    "turn_flow": [
        "PLAYERS", "after_action", "discard", "draw", "end_turn", "game_over", "leader", "require_discard",
        "resign", "start_turn", "turn_end_reason",
    ],
}


def test_every_module_of_the_engine_declares_the_surface_pinned_here() -> None:
    modules = sorted(p.stem for p in (ROOT / "shared" / "rules").glob("*.py") if p.stem != "__init__")
    assert modules == sorted(SURFACE)
    for name, expected in SURFACE.items():
        module = importlib.import_module(f"shared.rules.{name}")
        assert sorted(module.__all__) == expected, name
        assert len(set(module.__all__)) == len(module.__all__), f"{name} lists a name twice"
        for public in module.__all__:
            assert hasattr(module, public), f"shared.rules.{name} lists {public} but has none"


def _imports_from_the_engine(path: Path) -> list[tuple[str, str, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("shared.rules."):
            found.extend((node.module.removeprefix("shared.rules."), alias.name, node.lineno) for alias in node.names)
    return found


@pytest.mark.parametrize("package", ["shared", "server", "client", "scryptic", "tests"])
def test_no_package_reaches_past_the_surface(package: str) -> None:
    outside = []
    for path in sorted((ROOT / package).rglob("*.py")):
        if path.is_relative_to(ROOT / "shared" / "rules"):
            continue  # the engine's own modules may use each other's insides
        for module, name, line in _imports_from_the_engine(path):
            if module in SURFACE and name not in SURFACE[module]:
                outside.append(f"{path.relative_to(ROOT)}:{line} imports {name} from shared.rules.{module}")
    assert not outside, "\n".join(outside)
