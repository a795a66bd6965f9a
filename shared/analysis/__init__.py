"""Post-game analysis: win chances, the best turn found, every turn's loss, and every fight explained.

Pure like the rules engine (no I/O): :func:`analyse_game` takes a finished game's record;
:func:`iter_analysis` gives the turns one by one as they are searched. The win-chance model
is fitted on self-play (:mod:`shared.analysis.calibrate`, shipped as ``calibration.json``);
see docs/analysis.md.
"""

from __future__ import annotations

from shared.analysis.explain import explain_fight, fights_in
from shared.analysis.game_analysis import (LABELS, GameAnalysis, TurnReport, analyse_game, analyse_turn,
                                           iter_analysis,
                                           label_for, summarise_game, turn_accuracy)
from shared.analysis.report import format_analysis
from shared.analysis.search import DEFAULT_DEPTH, DEPTHS, BestTurn, Depth, best_turn, get_depth
from shared.analysis.turns import AnalysisError, GameNotOver, Turn, split_turns
from shared.analysis.winchance import WinModel, load_model

__all__ = ["DEFAULT_DEPTH", "DEPTHS", "LABELS", "AnalysisError", "BestTurn", "Depth", "GameAnalysis", "GameNotOver",
           "Turn", "TurnReport", "WinModel", "analyse_game", "analyse_turn", "best_turn", "explain_fight", "fights_in",
           "format_analysis", "get_depth", "iter_analysis", "label_for", "load_model", "split_turns",
           "summarise_game", "turn_accuracy"]
