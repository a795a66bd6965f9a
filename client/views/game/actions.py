"""What the player does on the game screen: the turn's actions (:class:`TurnActions`) and the
saving of a local game (:class:`GameSaver`); parts of :class:`~client.views.game.view.GameView`,
which its keys and buttons call."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import cast

from client.ui import theme
from client.views.game.state import ScreenState
from shared.rules.actions import EndTurn, Redeploy
from shared.rules.board import ACROSS, DOWN, Run, line_run
from shared.rules.terrain import Cell


class TurnActions:
    """Recall, shuffle, direction, redeploy, commit, end the turn.

    Handed the screen's state and what it asks of the screen: whether the player may play now
    (``my_turn``), whether an update is still being shown (``busy``), the error line
    (``show_error``) and the preview's recomputation (``planner_changed``).
    """

    def __init__(self, state: ScreenState, *, my_turn: Callable[[], bool], busy: Callable[[], bool],
                 show_error: Callable[[str], None], planner_changed: Callable[[], None]) -> None:
        self.state = state
        self.my_turn = my_turn
        self.busy = busy
        self.show_error = show_error
        self.planner_changed = planner_changed
        self.rng = random.Random()  # the rack's shuffles

    def recall(self) -> None:
        """Take the coins laid back to the rack."""
        self.state.planner.recall()
        self.planner_changed()

    def shuffle(self) -> None:
        """Shuffle the rack."""
        self.state.planner.shuffle(self.rng)
        self.state.armed_rack_index = None

    def toggle_direction(self) -> None:
        """Across or down."""
        self.state.planner.toggle_direction()
        if self.state.planner.placed:
            self.planner_changed()

    def toggle_redeploy(self) -> None:
        """Start or cancel a redeployment (on the player's turn only)."""
        if not self.my_turn():
            return
        self.state.redeploy_mode = not self.state.redeploy_mode
        if self.state.redeploy_mode:
            self.state.planner.recall()
            self.planner_changed()

    def commit(self) -> None:
        """Send the laid-out letters, if the rules (as far as the preview knows) allow it."""
        state = self.state
        if not self.my_turn():
            if state.viewer is not None and state.display.result is None and not self.busy():
                self.show_error("it is not your turn")
            return
        action = state.planner.commit()
        if action is None:
            self.show_error("lay some letters on the board first")
            return
        if state.preview.error:
            self.show_error(state.preview.error)
            return
        state.error = None
        state.session.submit(action)

    def end_turn(self) -> None:
        """End the turn (the coins laid go back to the rack)."""
        if not self.my_turn():
            return
        state = self.state
        state.planner.recall()
        self.planner_changed()
        state.redeploy_mode = False
        if state.viewer is not None:  # (my_turn: it is)
            state.session.submit(EndTurn(state.viewer))

    def lift_candidate(self, cell: Cell) -> Run | None:
        """The own run a redeploy click on ``cell`` would lift (the typing direction first)."""
        viewer = self.state.viewer
        if viewer is None:
            return None
        own = self.state.display.letters.get(viewer, {})
        if cell not in own:
            return None
        first = self.state.planner.direction
        for direction in (first, DOWN if first == ACROSS else ACROSS):
            run = line_run(own, cell, direction)
            if run is not None:
                return run
        return None

    def redeploy_at(self, cell: Cell) -> None:
        """Lift the own word at ``cell`` back to the rack (a redeployment)."""
        run, viewer = self.lift_candidate(cell), self.state.viewer
        if run is None or viewer is None:  # (no run without a viewer)
            self.show_error("click one of your own words to lift it")
            return
        self.state.redeploy_mode = False
        self.state.session.submit(Redeploy(viewer, cell, run.direction))


class GameSaver:
    """Saves a kept local game, and tells in the chronicle when a save failed."""

    def __init__(self, state: ScreenState, show_error: Callable[[str], None]) -> None:
        self.state = state
        self.show_error = show_error

    def save_game(self, wait: bool = False) -> bool:
        """Save a kept local game now (it is saved after every action anyway, see client.play.autosave;
        a game is kept once the navigator started it); ``wait``: until it is on disk. True if kept."""
        from client.play import autosave, savegame
        from client.play.session import LocalSession

        session = self.state.session
        if session.save_slot is None or not savegame.can_save(session):
            return False
        autosave.keep(cast(LocalSession, session))  # (can_save: it is one)
        if wait:
            autosave.WRITER.flush()
        return True

    @staticmethod
    def save_failures() -> int:
        """How many saves have failed since the client started."""
        from client.play import autosave

        return autosave.WRITER.failure_count

    def tell_save_failures(self) -> None:
        """Say in the chronicle, and as the error line, that the game could not be saved."""
        from client.play import autosave

        count = self.save_failures()
        if count != self.state.save_failures_told:
            self.state.save_failures_told = count
            failures = autosave.WRITER.failures
            text = failures[-1] if failures else "A game could not be saved"
            self.state.log.append((text, theme.RUBY))
            self.show_error(text)
