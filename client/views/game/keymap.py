"""Every key of the game screen, as the help overlay (F1 or ?) lists them.

The game view's input handlers implement these; a test presses each listed key and checks that
the screen did what the line says, so the list and the keys cannot drift apart.
"""

from __future__ import annotations

KEYS: list[tuple[str, list[tuple[str, str]]]] = [
    ("Laying words", [
        ("click a cell, arrows", "put the typing cursor on a cell"),
        ("A-Z", "type a rack letter at the cursor"),
        ("Space or Tab", "type across or down"),
        ("Backspace", "take back the last letter"),
        ("Delete", "take back the letter at the cursor"),
        ("Esc", "take back all letters, then the menu"),
        ("Enter", "commit the word"),
        ("Shift+Enter, Ctrl+E", "end your turn"),
        ("Ctrl+S", "shuffle your rack"),
        ("Ctrl+R", "redeploy; Enter lifts the word at the cursor"),
    ]),
    ("The board", [
        ("wheel, + and -", "zoom"),
        ("drag, Shift+arrows", "pan"),
        ("Home", "back to the opening view"),
        ("End", "the whole board"),
        ("click the small map", "look there (large boards)"),
        ("Ctrl+M", "hide or show the small map"),
        ("hover", "a cell's rule, a word's strength"),
    ]),
    ("Decisions", [
        ("Up, Down", "defence: pick a word"),
        ("Shift+Up, Shift+Down", "defence: move the word"),
        ("B", "defence: the best order"),
        ("letters", "discard: pick the letters"),
        ("Enter", "confirm"),
    ]),
    ("Replays", [
        ("Space", "pause or play"),
        ("Left, Right", "a move back or forward"),
        ("[ and ]", "slower, faster"),
    ]),
    ("Online games", [
        ("Ctrl+D", "offer a draw (or accept one offered)"),
        ("Ctrl+Z", "ask to take back your last turn (casual)"),
        ("Ctrl+A", "abort, before the first word"),
        ("Ctrl+Y, Ctrl+N", "accept or decline an offer"),
        ("Ctrl+T", "open or fold the chat (Enter sends a line, Esc folds it)"),
    ]),
    ("The guided first game", [
        ("Ctrl+H, Ctrl+L", "a hint; the lesson again from its start"),
        ("Ctrl+K, Enter", "skip the lesson; the next, once it is done"),
    ]),
    ("Everywhere", [
        ("PgUp, PgDn", "scroll the chronicle"),
        ("F1 or ?", "this list"),
        ("F11", "full screen"),
        ("Esc", "the menu"),
    ]),
]
