"""The analysis board's buttons (arcade.gui), laid out for the current layout.

On the analysis: a turn back or on and a labelled turn back or on beside the graph, the better
turn's ghost coins shown or hidden, "Learn from your mistakes" (with, when the screen belongs to
nobody in particular, whose mistakes) at the foot of the side column, and Back and the keys in
the header. In a lesson: the game's own buttons beside the rack, and on the lesson's scroll Show
the answer, Try again and Next.
"""

from __future__ import annotations

from typing import Any

from arcade.gui import UIAnchorLayout, UIBoxLayout

from client.ui.widgets import BrassButton
from client.views.analysis.lesson import PAD, REVEALED, TRYING
from client.views.analysis.side import FOOT
from client.views.coach.art import ROD
from client.views.game.buttons import build_buttons, header_buttons
from client.views.layout import BUTTON_GAP, BUTTON_H, BUTTON_W


def build_analysis_buttons(gv: Any) -> dict[str, BrassButton]:
    """Fill ``gv.ui`` with the buttons of the mode shown; return them by name."""
    if gv.lesson is not None:
        return _lesson_buttons(gv)
    buttons: dict[str, BrassButton] = {}
    gv.ui.clear()
    root = UIAnchorLayout()
    gv.ui.add(root)

    def button(text: str, name: str, action: Any, kind: str = "steel", width: float = BUTTON_W,
               height: float = BUTTON_H, size: int = 15) -> BrassButton:
        made = BrassButton(text, width=width, height=height, kind=kind, font_size=size, on_click=action, name=name)
        buttons[name] = made
        return made

    lay = gv.layout
    grid = UIBoxLayout(space_between=BUTTON_GAP)
    for row in ((("< Turn", "turn-prev", lambda: gv.jump(gv.session.index - 1)),
                 ("Turn >", "turn-next", lambda: gv.jump(gv.session.index + 1))),
                (("< Mistake", "label-prev", lambda: gv.jump_label(-1)),
                 ("Mistake >", "label-next", lambda: gv.jump_label(1)))):
        box = UIBoxLayout(vertical=False, space_between=BUTTON_GAP)
        for text, name, action in row:
            box.add(button(text, name, action, size=14))
        grid.add(box)
    grid.add(button(best_caption(gv), "best", gv.toggle_best, kind="brass", width=2 * BUTTON_W + BUTTON_GAP,
                    size=14))
    root.add(grid, anchor_x="left", anchor_y="bottom", align_x=lay.buttons.left, align_y=lay.buttons.bottom)
    _header(gv, root, buttons)
    side = lay.side
    foot = UIBoxLayout(vertical=False, space_between=8)
    choice_w = 124 if gv.owner is None else 0
    foot.add(button("Learn from your mistakes" if gv.owner is not None else "Learn from the mistakes", "learn",
                    gv.start_lesson, kind="gold", width=side.width - 20 - (choice_w + 8 if choice_w else 0),
                    height=44, size=15))
    if choice_w:
        foot.add(button(side_caption(gv), "learn-side", gv.cycle_learn_side, width=choice_w, height=44, size=14))
    root.add(foot, anchor_x="left", anchor_y="bottom", align_x=side.left + 10, align_y=side.bottom + (FOOT - 44) / 2)
    return buttons


def _header(gv: Any, root: UIAnchorLayout, buttons: dict[str, BrassButton]) -> None:
    header_buttons(gv, root, buttons, "Back", "back", gv.go_back)


def _lesson_buttons(gv: Any) -> dict[str, BrassButton]:
    buttons = build_buttons(gv)  # the turn's buttons beside the rack, and the header's
    menu = buttons.pop("menu")  # the header's Menu is Back here (to the analysis)
    menu.text, menu.name = "Back", "back"
    menu.set_callback(gv.go_back)
    buttons["back"] = menu
    scroll = gv.scroll_rect
    inner = int(scroll.width - 2 * PAD)
    half = (inner - 8) // 2
    lesson = gv.lesson
    answer = BrassButton("Show the answer", width=inner, height=40, kind="gold", font_size=16,
                         on_click=gv.lesson_reveal, name="lesson-answer")
    retry = BrassButton("Try again", width=half, height=40, kind="steel", font_size=15, on_click=gv.lesson_retry,
                        name="lesson-retry")
    onward = BrassButton("Finish" if lesson.last else "Next", width=half, height=40, kind="brass", font_size=15,
                         on_click=gv.lesson_next, name="lesson-next")
    box = UIBoxLayout(space_between=8)
    box.add(answer)
    row = UIBoxLayout(vertical=False, space_between=8)
    row.add(retry)
    row.add(onward)
    box.add(row)
    root = UIAnchorLayout()
    gv.ui.add(root)
    root.add(box, anchor_x="left", anchor_y="bottom", align_x=scroll.left + PAD, align_y=scroll.bottom + ROD + 30)
    buttons.update({"lesson-answer": answer, "lesson-retry": retry, "lesson-next": onward})
    return buttons


def best_caption(gv: Any) -> str:
    return "Hide the better turn" if gv.show_best else "Show the better turn"


def side_caption(gv: Any) -> str:
    side = gv.learn_side
    return "Both sides" if side is None else gv.seat_name(side)


def update_analysis_buttons(gv: Any) -> bool:
    """Enable what can be done now and keep the captions true; True if a button changed."""
    b = gv.buttons
    session = gv.session
    wanted: dict[str, bool] = {}
    if gv.lesson is None:
        labelled = [i for i, r in enumerate(gv.runner.reports) if r.label]
        wanted = {"turn-prev": session.index <= 0, "turn-next": session.index >= session.total,
                  "label-prev": not any(i < session.index for i in labelled),
                  "label-next": not any(i > session.index for i in labelled),
                  "learn": not gv.lesson_available()}
        captions = {"best": best_caption(gv), "learn-side": side_caption(gv)}
    else:
        lesson = gv.lesson
        wanted = {"lesson-answer": lesson.phase == REVEALED,
                  "lesson-retry": lesson.phase == TRYING and not session.trial_actions}
        captions = {"lesson-next": "Finish" if lesson.last else "Next"}
    changed = False
    for name, disabled in wanted.items():
        if name in b and b[name].disabled != disabled:
            b[name].disabled = disabled
            changed = True
    for name, text in captions.items():
        if name in b and b[name].text != text:
            b[name].text = text
            gv.ui.request_layout()
            changed = True
    return changed
