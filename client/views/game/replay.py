"""A replay's controls on the game screen: pause, a move back or forward, speed (a part of
:class:`~client.views.game.view.GameView`). They show beside the rack band in place of a turn's
buttons; Space, Left, Right, [ and ] do the same from the keyboard. Once the replay is over, its
gold button (Pause, Play) becomes Analyse: the game's analysis board.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import arcade

from client.ui import theme
from client.ui.widgets import BrassButton
from client.views.game.state import ScreenState

if TYPE_CHECKING:
    from client.play.replay import ReplaySession
    from client.views.fast_draw import PartialUIManager


class SkippableAnimator(Protocol):
    """What the replay's controls ask of the screen's :class:`~client.play.animation.Animator`."""

    @property
    def busy(self) -> bool:
        """True while an update is being shown."""

    def skip(self) -> None:
        """Show what is being shown at once."""


class ReplayControls:
    """Controls of a :class:`~client.play.replay.ReplaySession` (nothing for any other session).

    Handed the screen's state (its session and chronicle), its animator, its error line and
    ``analyse``, which opens the analysis board on a game record (raising ValueError if it cannot).
    """

    def __init__(self, state: ScreenState, animator: SkippableAnimator, show_error: Callable[[str], None],
                 analyse: Callable[[str], None]) -> None:
        self.state = state
        self.animator = animator
        self.show_error = show_error
        self.analyse = analyse

    @property
    def is_replay(self) -> bool:
        """True while a recorded game is played back."""
        return self.replay_controls() is not None

    def replay_controls(self) -> ReplaySession | None:
        """The session if it is a replay, else None."""
        from client.play.replay import ReplaySession

        session = self.state.session
        return session if isinstance(session, ReplaySession) else None

    def replay_text(self) -> str | None:
        """'Move 12 of 40 - playing at 2x' (None when this is not a replay)."""
        replay = self.replay_controls()
        if replay is None:
            return None
        state = "finished" if replay.finished else "paused" if replay.paused else f"playing at {replay.speed:g}x"
        return f"Move {replay.index} of {replay.total}  -  {state}"

    def replay_toggle(self) -> None:
        """Pause or play."""
        replay = self.replay_controls()
        if replay is not None:
            replay.set_paused(not replay.paused)

    def replay_main(self) -> None:
        """The gold button: pause or play, and once the replay is over, analyse the game."""
        replay = self.replay_controls()
        if replay is not None and replay.finished:
            self.replay_analyse()
        else:
            self.replay_toggle()

    def replay_analyse(self) -> None:
        """The analysis board of the game replayed (Escape there comes back to the replay)."""
        replay = self.replay_controls()
        if replay is None:
            return
        replay.set_paused(True)
        try:
            self.analyse(replay.record_text())
        except ValueError as exc:
            self.show_error(f"this game cannot be analysed: {exc}")

    def replay_step(self) -> None:
        """One move forward (once the move shown is over)."""
        replay = self.replay_controls()
        if replay is not None and not self.animator.busy:
            replay.step()

    def replay_back(self) -> None:
        """One move back."""
        replay = self.replay_controls()
        if replay is not None and replay.index > 0:
            self.animator.skip()
            replay.back()
            self.state.log.append((f"- back to move {replay.index} -", theme.SAPPHIRE))

    def replay_restart(self) -> None:
        """Back to the start."""
        replay = self.replay_controls()
        if replay is not None and replay.index > 0:
            self.animator.skip()
            replay.restart()
            self.state.log.append(("- back to the start -", theme.SAPPHIRE))

    def replay_speed(self, delta: int) -> None:
        """Faster (``delta`` 1) or slower (-1)."""
        replay = self.replay_controls()
        if replay is not None:
            replay.change_speed(delta)

    def replay_key(self, symbol: int, modifiers: int) -> bool:
        """Replay keys; False if this is not a replay or the key is not one of them."""
        if self.replay_controls() is None:
            return False
        k = arcade.key
        actions = {k.SPACE: self.replay_toggle, k.RIGHT: self.replay_step, k.LEFT: self.replay_back,
                   k.BRACKETLEFT: lambda: self.replay_speed(-1), k.BRACKETRIGHT: lambda: self.replay_speed(1)}
        action = actions.get(symbol)
        if action is None:
            return False
        action()
        return True

    def update_buttons(self, buttons: dict[str, BrassButton], ui: PartialUIManager) -> bool:
        """The Pause button says Play while paused; True if it changed."""
        replay = self.replay_controls()
        button = buttons.get("replay-pause") if buttons else None
        if replay is None or button is None:
            return False
        text = "Analyse" if replay.finished else "Play" if replay.paused else "Pause"
        changed = False
        if button.text != text:
            button.text = text
            ui.request_layout()
            changed = True
        for name, disabled in (("replay-back", replay.index == 0), ("replay-start", replay.index == 0),
                               ("replay-step", replay.finished)):
            b = buttons.get(name)
            if b is not None and b.disabled != disabled:
                b.disabled = disabled
                changed = True
        return changed
