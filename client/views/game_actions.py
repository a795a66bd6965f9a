"""What the player does on the game screen: the turn's actions, dialogs and saving (a mixin of
:class:`~client.views.game.GameView`; the keys and buttons call these)."""

from __future__ import annotations

from typing import Any

from client.ui import theme

from shared.rules.actions import EndTurn, Redeploy
from shared.rules.board import ACROSS, DOWN, Run, line_run
from shared.rules.terrain import Cell


class GameActions:
    """Recall, shuffle, direction, redeploy, commit, end the turn; open and close dialogs."""

    session: Any
    planner: Any
    preview: Any
    display: Any
    viewer: Any
    dialog: Any
    drag: Any
    ui: Any
    window: Any
    error: str | None
    redeploy_mode: bool
    armed_rack_index: int | None
    animator: Any
    rng: Any
    tutorial: bool
    log: Any
    save_failures_told: int

    def save_game(self, wait: bool = False) -> bool:
        """Save a kept local game now (it is saved after every action anyway, see client.autosave;
        a game is kept once the navigator started it); ``wait``: until it is on disk. True if kept."""
        from client import autosave, savegame

        if getattr(self.session, "save_slot", None) is None or not savegame.can_save(self.session):
            return False
        autosave.keep(self.session)
        if wait:
            autosave.WRITER.flush()
        return True

    def save_failures(self) -> int:
        """How many saves have failed since the client started."""
        from client import autosave

        return autosave.WRITER.failure_count

    def tell_save_failures(self) -> None:
        """Say in the chronicle, and as the error line, that the game could not be saved."""
        from client import autosave

        count = self.save_failures()
        if count != self.save_failures_told:
            self.save_failures_told = count
            failures = autosave.WRITER.failures
            text = failures[-1] if failures else "A game could not be saved"
            self.log.append((text, theme.RUBY))
            self.show_error(text)

    def recall(self) -> None:
        self.planner.recall()
        self.planner_changed()

    def shuffle(self) -> None:
        self.planner.shuffle(self.rng)
        self.armed_rack_index = None

    def toggle_direction(self) -> None:
        self.planner.toggle_direction()
        if self.planner.placed:
            self.planner_changed()

    def toggle_redeploy(self) -> None:
        if not self.my_turn:
            return
        self.redeploy_mode = not self.redeploy_mode
        if self.redeploy_mode:
            self.planner.recall()
            self.planner_changed()

    def commit(self) -> None:
        """Send the laid-out letters, if the rules (as far as the preview knows) allow it."""
        if not self.my_turn:
            if self.viewer is not None and self.display.result is None and not self.animator.busy:
                self.show_error("it is not your turn")
            return
        action = self.planner.commit()
        if action is None:
            self.show_error("lay some letters on the board first")
            return
        if self.preview.error:
            self.show_error(self.preview.error)
            return
        self.error = None
        self.session.submit(action)

    def end_turn(self) -> None:
        if not self.my_turn:
            return
        self.planner.recall()
        self.planner_changed()
        self.redeploy_mode = False
        self.session.submit(EndTurn(self.viewer))

    def lift_candidate(self, cell: Cell) -> Run | None:
        """The own run a redeploy click on ``cell`` would lift (the typing direction first)."""
        if self.viewer is None:
            return None
        own = self.display.letters.get(self.viewer, {})
        if cell not in own:
            return None
        first = self.planner.direction
        for direction in (first, DOWN if first == ACROSS else ACROSS):
            run = line_run(own, cell, direction)
            if run is not None:
                return run
        return None

    def redeploy_at(self, cell: Cell) -> None:
        run = self.lift_candidate(cell)
        if run is None:
            self.show_error("click one of your own words to lift it")
            return
        self.redeploy_mode = False
        self.session.submit(Redeploy(self.viewer, cell, run.direction))

    # ---------------------------------------------------------------- dialogs
    def open_dialog(self, dialog: Any) -> None:
        self.close_dialog()
        self.dialog = dialog
        self.drag = None
        if not getattr(dialog, "docked", False):
            self.ui.disable()
        if getattr(dialog, "pauses", False):
            self.session.hold(True)
        dialog.open()
        self.request_redraw()

    def close_dialog(self) -> None:
        if self.dialog is not None:
            dialog, self.dialog = self.dialog, None
            dialog.close()
            if getattr(dialog, "pauses", False):
                self.session.hold(False)
            if self.window.current_view is self:
                self.ui.enable()
            self.request_redraw()

    def open_menu(self) -> None:
        from client.views.dialogs import PauseMenu

        if self.dialog is None or getattr(self.dialog, "docked", False):
            self.open_dialog(PauseMenu(self))

    def open_help(self) -> None:
        from client.views.help_overlay import HelpOverlay

        if self.dialog is None or getattr(self.dialog, "docked", False):
            self.open_dialog(HelpOverlay(self, previous=self.dialog))
