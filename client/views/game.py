"""The game screen: board, rack, side panel and top bar sections, buttons, dialogs, input.

It drives a :class:`~client.session.GameSession` and never knows whether it is local or
networked. Updates are animated one event at a time (:mod:`client.animation`); the screen
logic (the layout on the rack and board, the preview) lives in plain classes
(:class:`~client.turn.TurnPlanner`, :func:`~client.preview.compute_preview`).
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from typing import Any

import arcade
from arcade.gui import UIAnchorLayout, UIBoxLayout

from client.views.fast_draw import PartialUIManager

from client.animation import Animator, Step
from client.describe import describe_event, side
from client.display import DisplayState
from client.preview import Preview, compute_preview, shadow_game, word_marks
from client.session import GameSession, Rejected, Status, Update
from client.turn import TurnPlanner
from client.ui import theme
from client.ui.widgets import BrassButton
from client.views.effects import Effects
from client.views.layout import GameLayout, Rect, game_layout
from client.views.sections import BackdropSection, BoardSection, RackSection, SidePanel, TopBar
from shared.actions import EndTurn, Redeploy
from shared.board import ACROSS, DOWN, Run, line_run
from shared.terrain import Cell, Player

DRAG_THRESHOLD = 5


@dataclass
class Drag:
    """A coin held by the mouse: from the rack (index) or the board (cell)."""

    source: tuple[str, Any]
    letter: str
    x: float
    y: float
    start: tuple[float, float]
    moved: bool = False


class GameView(arcade.View):
    """The alchemist's board in play."""

    def __init__(self, session: GameSession, *, tutorial: bool = False) -> None:
        super().__init__()
        self.session = session
        self.tutorial = tutorial
        self.viewer: Player | None = session.viewer()
        self.view_dict = session.view(self.viewer)
        self.display = DisplayState.from_view(self.view_dict)
        self.planner = TurnPlanner(self.viewer or Player.GOLD)
        self._sync_planner()
        self.preview = Preview()
        self.word_marks: dict[Cell, bool] = {}
        self._shadow = None
        self._shadow_version = -1
        self.log: deque[tuple[str, tuple[int, ...]]] = deque(maxlen=200)
        self.error: str | None = None
        self.error_time = 0.0
        self.status_text = ""
        self.redeploy_mode = False
        self.drag: Drag | None = None
        self.armed_rack_index: int | None = None
        self.pan_from: tuple[float, float] | None = None
        self._panning = False
        self._press_cell: Cell | None = None
        self.clock = 0.0
        self.rng = random.Random()
        self.dialog: Any = None
        self.end_timer: float | None = None
        self.coach: Any = None
        self.fx = Effects(self)
        rate = getattr(getattr(self.window, "settings", None), "animation_rate", 1.0)
        self.animator = Animator(self, rate)
        self.layout: GameLayout = game_layout(self.window.width, self.window.height)
        self.backdrop = BackdropSection(self, Rect(0, 0, self.window.width, self.window.height))
        self.board = BoardSection(self, self.layout.board)
        self.rack = RackSection(self, self.layout.rack)
        self.side = SidePanel(self, self.layout.side)
        self.top = TopBar(self, self.layout.top)
        self.section_manager = arcade.SectionManager(self)
        for section in (self.backdrop, self.board, self.rack, self.side, self.top):
            self.section_manager.add_section(section)
        self.section_manager.view_draw_first = False
        self.ui = PartialUIManager()
        self.buttons: dict[str, BrassButton] = {}
        self._build_buttons()
        self._log_initial()
        if tutorial:
            from client.views.coach import Coach

            self.coach = Coach(self)

    # ---------------------------------------------------------------- setup
    def _build_buttons(self) -> None:
        self.ui.clear()
        root = UIAnchorLayout()
        self.ui.add(root)
        grid = UIBoxLayout(vertical=True, space_between=8)
        rows = [
            [("Recall", "recall", self.recall, "steel"), ("Shuffle", "shuffle", self.shuffle, "steel"),
             ("Across", "direction", self.toggle_direction, "steel")],
            [("Redeploy", "redeploy", self.toggle_redeploy, "brass"), ("Commit", "commit", self.commit, "gold"),
             ("End turn", "end_turn", self.end_turn, "ruby")],
        ]
        for row in rows:
            box = UIBoxLayout(vertical=False, space_between=8)
            for text, name, action, kind in row:
                button = BrassButton(text, width=112, height=46, kind=kind, font_size=15, on_click=action, name=name)
                self.buttons[name] = button
                box.add(button)
            grid.add(box)
        lay = self.layout
        root.add(grid, anchor_x="left", anchor_y="bottom", align_x=lay.buttons.left,
                 align_y=lay.buttons.bottom + 6)
        menu = BrassButton("Menu", width=110, height=40, kind="steel", font_size=15, on_click=self.open_menu,
                           name="menu")
        self.buttons["menu"] = menu
        root.add(menu, anchor_x="left", anchor_y="top", align_x=14, align_y=-9)
        self._button_root = root
        self._update_buttons()

    def _log_initial(self) -> None:
        names = self.names()
        self.log.append((f"{self.session.title or self.display.map_name}: "
                         f"{side(int(self.display.to_move), names)} to move", theme.PARCHMENT_DIM))

    def names(self) -> dict[int, str]:
        return {int(p): s.name for p, s in self.session.seats.items()}

    def seat_name(self, p: Player) -> str:
        seat = self.session.seats.get(p)
        return seat.name if seat else side(int(p))

    # ---------------------------------------------------------------- lifecycle
    def on_show_view(self) -> None:
        self.section_manager.enable()
        if self.dialog is None:
            self.ui.enable()
        else:
            self.dialog.ui.enable()
        self.on_resize(self.window.width, self.window.height)

    def on_hide_view(self) -> None:
        self.section_manager.disable()
        self.ui.disable()
        if self.dialog is not None:
            self.dialog.ui.disable()

    def on_resize(self, width: int, height: int) -> None:
        self.layout = game_layout(width, height)
        lay = self.layout
        self.backdrop.set_rect(Rect(0, 0, width, height))
        self.board.set_rect(lay.board)
        self.rack.set_rect(lay.rack)
        self.side.set_rect(lay.side)
        self.top.set_rect(lay.top)
        self._build_buttons()
        if self.dialog is not None:
            self.dialog.relayout()

    def leave(self) -> None:
        """Back to the main menu (the session is closed)."""
        self.session.close()
        self.window.go_menu()

    # ---------------------------------------------------------------- state
    @property
    def my_turn(self) -> bool:
        """True if the player at the screen may lay letters now."""
        return (self.viewer is not None and self.display.result is None and not self.animator.busy
                and self.current_actor() == self.viewer and self.display.pending is None)

    def current_actor(self) -> Player | None:
        d = self.display
        if d.result is not None:
            return None
        if d.pending:
            return Player(d.pending["player"])
        return d.to_move

    def actor_status(self, p: Player) -> str:
        d = self.display
        if d.pending and Player(d.pending["player"]) == p:
            return "must discard" if d.pending["kind"] == "discard" else "orders the defence"
        thinking = getattr(self.session, "thinking", False)
        if thinking and not self.session.seats[p].human_here:
            return "thinking" + "." * (1 + int(self.clock * 2) % 3)
        return "to move"

    def headline(self) -> str:
        d = self.display
        if d.result is not None:
            from client.describe import describe_result

            return describe_result(d.result, self.names())
        actor = self.current_actor()
        who = self.seat_name(actor) if actor else ""
        mine = self.viewer is not None and actor == self.viewer
        if mine and self.session.hot_seat:
            who = f"{who} (you)"
        elif mine:
            who = "Your move" if not d.pending else "Your decision"
            return f"Turn {d.turn}:  {who}"
        return f"Turn {d.turn}:  {who} to move"

    def score_anchor(self, p: Player) -> tuple[float, float]:
        """Screen position of a player's score (points fly there)."""
        s = self.side
        card_h = 112
        i = 0 if p == Player.GOLD else 1
        bottom = s.top - 10 - (i + 1) * card_h - i * 8
        return s.left + s.width - 50, bottom + card_h - 42

    def _sync_planner(self) -> None:
        if self.viewer is None:
            self.planner.rack = []
            self.planner.placed = {}
            return
        if self.planner.player != self.viewer:
            self.planner = TurnPlanner(self.viewer)
        me = self.view_dict["players"][str(int(self.viewer))]
        self.planner.sync(me.get("rack") or "", self.display.letters.get(self.viewer, {}), self.display.width,
                          self.display.height, self.display.terrain)

    def planner_changed(self) -> None:
        """Recompute the preview after the layout changed."""
        self.armed_rack_index = None if self.armed_rack_index is not None and \
            self.armed_rack_index >= len(self.planner.rack) else self.armed_rack_index
        if self.viewer is None or not self.planner.placed:
            self.preview = Preview()
            self.word_marks = {}
            return
        if self._shadow_version != self.view_dict.get("version") or self._shadow is None:
            self._shadow = shadow_game(self.view_dict, self.session.lexicon, self.session.rules, self.viewer)
            self._shadow_version = self.view_dict.get("version")
        self.preview = compute_preview(self.view_dict, self.session.lexicon, self.viewer, self.planner.placed,
                                       self.planner.commit_direction(), self.session.rules, self._shadow)
        self.word_marks = word_marks(self.preview)

    def preview_lines(self) -> list[tuple[str, tuple[int, ...]]]:
        """The preview panel's text, line by line with colours."""
        pv = self.preview
        out: list[tuple[str, tuple[int, ...]]] = []
        if self.viewer is None:
            return [("You are watching this game.", theme.PARCHMENT_DIM)]
        if not self.planner.placed:
            if self.redeploy_mode:
                return [("Redeploy: click one of your words to lift it back to your rack.", theme.SAPPHIRE),
                        ("At a crossing, Space picks across or down. Esc cancels.", theme.PARCHMENT_DIM)]
            if self.my_turn:
                return [("Drag coins from your rack to the board, or click a cell and type.", theme.PARCHMENT_DIM),
                        ("Space turns the typing direction; Enter commits.", theme.PARCHMENT_DIM)]
            return [("Waiting for your turn.", theme.INK_MUTED)]
        for w in pv.words:
            tag = "" if w.is_word else "  not a word"
            out.append((f"{w.text.upper()}{tag}", theme.EMERALD if w.is_word else theme.RUBY))
        if pv.error:
            out.append((pv.error[0].upper() + pv.error[1:], theme.RUBY))
            return out
        if pv.word:
            out.append((f"Score {pv.score}   strength {pv.strength}", theme.PARCHMENT))
            for note in pv.strength_notes:
                out.append(("  " + note, theme.PARCHMENT_DIM))
        if pv.attack:
            names = ", ".join(f"{d.text.upper()} {d.strength}" for d in pv.defenders)
            out.append((f"Attacks: {names}" if names else "Attacks loose letters", theme.AMBER))
            for line in pv.outcome:
                out.append(("  " + line, theme.PARCHMENT_DIM))
        else:
            for line in pv.outcome:
                out.append((line, theme.PARCHMENT_DIM))
        for warn in pv.warnings:
            out.append((warn, theme.AMBER))
        return out

    def banner(self) -> tuple[str | None, tuple[int, ...]]:
        """The message at the foot of the board: a rule error, else a hint."""
        if self.error:
            return self.error, theme.RUBY
        if self.redeploy_mode:
            return "Click a word of yours to lift it back to your rack", theme.SAPPHIRE
        if self.coach is not None:
            hint = self.coach.hint()
            if hint:
                return hint, theme.EMERALD
        return None, theme.RUBY

    def show_error(self, text: str, seconds: float = 6.0) -> None:
        self.error = text[0].upper() + text[1:] if text else text
        self.error_time = seconds

    # ---------------------------------------------------------------- updates
    def on_update(self, delta_time: float) -> None:
        self.clock += delta_time
        if self.error_time > 0:
            self.error_time -= delta_time
            if self.error_time <= 0:
                self.error = None
        for message in self.session.poll():
            if isinstance(message, Update):
                self.animator.enqueue(message)
            elif isinstance(message, Rejected):
                self.show_error(message.reason)
            elif isinstance(message, Status):
                if message.kind == "thinking":
                    self.status_text = ""
                else:
                    self.status_text = message.text
        self.animator.tick(delta_time)
        if not self.animator.busy:
            self._check_decisions()
        if self.end_timer is not None:
            self.end_timer -= delta_time
            if self.end_timer <= 0:
                self.end_timer = None
                self._show_end()
        if self.coach is not None:
            self.coach.update(delta_time)
        self._update_buttons()

    # Animator host ----------------------------------------------------------------
    def step_started(self, step: Step) -> None:
        self.fx.started(step)
        line = describe_event(step.event, self.names())
        if line:
            colour = theme.PARCHMENT if not line.startswith(" ") else theme.PARCHMENT_DIM
            if step.kind == "turn_started":
                colour = theme.BRASS
            self.log.append((line, colour))

    def step_finished(self, step: Step) -> None:
        self.fx.finished(step)

    def update_finished(self, update: Update) -> None:
        self.fx.update_done()
        self.view_dict = update.view
        self.display = DisplayState.from_view(update.view)
        self.board.painter.revision = -1
        self._sync_planner()
        self.planner_changed()
        if update.view.get("result") is not None and self.end_timer is None:
            self.end_timer = 1.2
        if self.coach is not None:
            self.coach.on_update_done(update)

    def _check_decisions(self) -> None:
        """Hand-over in pass-and-play, and the defence and discard dialogs."""
        if self.display.result is not None:
            return
        if self.session.hot_seat:
            actor = self.session.actor()
            if actor is not None and actor != self.viewer and self.dialog is None:
                self.planner.recall()
                from client.views.handover import HandOverView

                self.window.show_view(HandOverView(self, actor))
                return
        pending = self.display.pending
        if pending is None or self.viewer is None or Player(pending["player"]) != self.viewer:
            return
        if self.dialog is not None:
            return
        from client.views.dialogs import DefenceDialog, DiscardDialog

        if pending["kind"] == "discard":
            self.open_dialog(DiscardDialog(self, pending["count"]))
        else:
            self.open_dialog(DefenceDialog(self, pending))

    def set_viewer(self, player: Player) -> None:
        """Pass-and-play: the screen now belongs to ``player``."""
        self.viewer = player
        self.view_dict = self.session.view(player)
        self.display = DisplayState.from_view(self.view_dict)
        self.board.painter.revision = -1
        self.planner = TurnPlanner(player)
        self._sync_planner()
        self.planner_changed()
        self.redeploy_mode = False

    def _show_end(self) -> None:
        from client.views.end import EndOfGameView

        self.window.show_view(EndOfGameView(self))

    def _update_buttons(self) -> None:
        mine = self.my_turn and self.dialog is None
        b = self.buttons
        if not b:
            return
        wanted = {
            "commit": not (mine and bool(self.planner.placed)),
            "end_turn": not mine,
            "redeploy": not mine or self.display.redeployed,
            "recall": not self.planner.placed,
            "shuffle": self.viewer is None or not self.planner.rack,
            "direction": self.viewer is None,
        }
        for name, disabled in wanted.items():
            if b[name].disabled != disabled:  # setting it, even unchanged, re-renders the UI
                b[name].disabled = disabled
        label = "Across" if self.planner.direction == ACROSS else "Down"
        if b["direction"].text != label:
            b["direction"].text = label
            self.ui.request_layout()
        redeploy_label = "Cancel" if self.redeploy_mode else "Redeploy"
        if b["redeploy"].text != redeploy_label:
            b["redeploy"].text = redeploy_label
            self.ui.request_layout()

    # ---------------------------------------------------------------- actions
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

    def open_dialog(self, dialog: Any) -> None:
        self.close_dialog()
        self.dialog = dialog
        self.drag = None
        self.ui.disable()
        dialog.open()

    def close_dialog(self) -> None:
        if self.dialog is not None:
            dialog, self.dialog = self.dialog, None
            dialog.close()
            if self.window.current_view is self:
                self.ui.enable()

    def open_menu(self) -> None:
        from client.views.dialogs import PauseMenu

        if self.dialog is None:
            self.open_dialog(PauseMenu(self))

    # ---------------------------------------------------------------- input
    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        if self.dialog is not None:
            return self.dialog.on_key_press(symbol, modifiers)
        ctrl = modifiers & (arcade.key.MOD_CTRL | arcade.key.MOD_COMMAND)
        k = arcade.key
        if symbol == k.ESCAPE:
            if self.redeploy_mode:
                self.redeploy_mode = False
            elif self.planner.placed:
                self.recall()
            else:
                self.open_menu()
            return True
        if symbol in (k.ENTER, k.RETURN, k.NUM_ENTER):
            if modifiers & k.MOD_SHIFT:
                self.end_turn()
            else:
                self.commit()
            return True
        if symbol in (k.EQUAL, k.PLUS, k.NUM_ADD):
            self.board.zoom_at(self.board.left + self.board.width / 2, self.board.bottom + self.board.height / 2, 1.2)
            return True
        if symbol in (k.MINUS, k.NUM_SUBTRACT):
            self.board.zoom_at(self.board.left + self.board.width / 2, self.board.bottom + self.board.height / 2,
                               1 / 1.2)
            return True
        if symbol == k.HOME:
            self.board.fit()
            return True
        if ctrl and symbol == k.S:
            self.shuffle()
            return True
        if ctrl and symbol == k.R:
            self.toggle_redeploy()
            return True
        if ctrl and symbol == k.E:
            self.end_turn()
            return True
        if self.viewer is None:
            return None
        if symbol in (k.SPACE, k.TAB):
            self.toggle_direction()
            return True
        arrows = {k.LEFT: (0, -1), k.RIGHT: (0, 1), k.UP: (-1, 0), k.DOWN: (1, 0)}
        if symbol in arrows:
            self.planner.move_cursor(*arrows[symbol])
            return True
        if symbol == k.BACKSPACE:
            if self.planner.backspace():
                self.planner_changed()
            return True
        if symbol == k.DELETE:
            cursor = self.planner.cursor
            if cursor is not None and self.planner.lift(cursor):
                self.planner_changed()
            return True
        if k.A <= symbol <= k.Z and not ctrl and self.my_turn:
            letter = chr(symbol)
            if self.planner.cursor is None:
                self.show_error("click a cell first, then type")
            elif not self.planner.type_letter(letter):
                if letter not in self.planner.rack:
                    self.show_error(f"you have no '{letter.upper()}' left on your rack")
                else:
                    self.show_error("no letter can go there")
            else:
                self.error = None
                self.planner_changed()
            return True
        return None

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool | None:
        if self.dialog is not None:
            return True
        if button in (arcade.MOUSE_BUTTON_RIGHT, arcade.MOUSE_BUTTON_MIDDLE):
            if self.board.rect.contains(x, y):
                self.pan_from = (x, y)
            return True
        if button != arcade.MOUSE_BUTTON_LEFT:
            return None
        if self.animator.busy and self.board.rect.contains(x, y):
            self.animator.skip()
            return True
        lay = self.layout
        if self.viewer is not None and lay.tray.contains(x, y):
            i = lay.slot_at(x, y, len(self.planner.rack))
            if i is not None and i < len(self.planner.rack):
                self.drag = Drag(("rack", i), self.planner.rack[i], x, y, (x, y))
            return True
        cell = self.board.cell_at(x, y)
        if cell is not None:
            if self.redeploy_mode:
                self.redeploy_at(cell)
                return True
            if cell in self.planner.placed and self.my_turn:
                self.drag = Drag(("board", cell), self.planner.placed[cell], x, y, (x, y))
                return True
            self.pan_from = (x, y)
            self._press_cell = cell
            return True
        return None

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> bool | None:
        if self.drag is not None:
            self.drag.x, self.drag.y = x, y
            sx, sy = self.drag.start
            if abs(x - sx) + abs(y - sy) > DRAG_THRESHOLD:
                self.drag.moved = True
            return True
        if self.pan_from is not None:
            px, py = self.pan_from
            if abs(x - px) + abs(y - py) > DRAG_THRESHOLD or getattr(self, "_panning", False):
                self._panning = True
                self.board.pan(dx, dy)
            return True
        return None

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> bool | None:
        self.board.hover = self.board.cell_at(x, y)
        return None

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> bool | None:
        if self.dialog is not None:
            return True
        drag, self.drag = self.drag, None
        if self.pan_from is not None:
            panned = getattr(self, "_panning", False)
            self.pan_from = None
            self._panning = False
            press_cell = getattr(self, "_press_cell", None)
            self._press_cell = None
            if not panned and button == arcade.MOUSE_BUTTON_LEFT and press_cell is not None:
                self.click_cell(press_cell)
            return True
        if drag is None:
            return None
        kind, where = drag.source
        if not drag.moved:
            if kind == "rack":
                self.armed_rack_index = None if self.armed_rack_index == where else where
            elif kind == "board":
                self.planner.lift(where)
                self.planner.cursor = where
                self.planner_changed()
            return True
        if not self.my_turn and kind == "rack":
            # Outside the turn the rack can still be arranged.
            slot = self.layout.slot_at(x, y, len(self.planner.rack))
            if slot is not None:
                self.planner.move_in_rack(where, slot)
            return True
        cell = self.board.cell_at(x, y)
        slot = self.layout.slot_at(x, y, len(self.planner.rack))
        if cell is not None:
            if kind == "rack":
                if not self.planner.place(cell, where):
                    self.show_error("no letter can go on that cell")
            else:
                self.planner.move_placed(where, cell)
            self.planner.cursor = cell
        elif slot is not None:
            if kind == "rack":
                self.planner.move_in_rack(where, slot)
            else:
                self.planner.lift(where, slot=slot)
        elif kind == "board":
            self.planner.lift(where)
        self.armed_rack_index = None
        self.planner_changed()
        return True

    def click_cell(self, cell: Cell) -> None:
        """A plain click on the board: place the armed rack letter, or set the cursor."""
        if self.viewer is None:
            return
        if self.armed_rack_index is not None and self.my_turn:
            index, self.armed_rack_index = self.armed_rack_index, None
            if self.planner.place(cell, index):
                self.planner.cursor = cell
                self.planner_changed()
                return
        self.planner.set_cursor(cell)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> bool | None:
        if self.board.rect.contains(x, y) and self.dialog is None:
            self.board.zoom_at(x, y, 1.15 ** scroll_y)
            return True
        return None

    # ---------------------------------------------------------------- drawing
    def on_draw(self) -> None:
        """Drawn after the sections: the buttons, the coin being dragged, dialogs."""
        lay = self.layout
        b = lay.buttons
        self.ui.draw_areas([(b.left - 4, 0, b.width + 12, lay.rack.height), (0, lay.top.bottom, 140, lay.top.height)])
        if self.drag is not None and self.drag.moved and self.viewer is not None:
            from client.ui import pieces

            size = max(48, self.board.cell_pixels)
            arcade.draw_texture_rect(pieces.coin_shadow_texture(),
                                     arcade.XYWH(self.drag.x + 6, self.drag.y - 8, size, size))
            arcade.draw_texture_rect(pieces.coin_texture(int(self.viewer), self.drag.letter),
                                     arcade.XYWH(self.drag.x, self.drag.y, size * 1.08, size * 1.08))
        if self.coach is not None:
            self.coach.draw()
        if self.dialog is not None:
            self.dialog.draw()
