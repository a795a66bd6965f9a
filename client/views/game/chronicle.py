"""The chronicle: every line of the game's log, wrapped to the panel and scrolled with the wheel.

It keeps the whole game. At the bottom it follows new lines; scrolled up, it stays where the
player put it until they scroll back down.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field

Colour = tuple[int, int, int] | tuple[int, int, int, int]  # RGB or RGBA, 0-255

LINE_H = 19
CHAR_W = 6.6  # average width of a character of the chronicle's font, in pixels


@dataclass
class Chronicle:
    """The log's lines and how far up the player has scrolled (in wrapped rows)."""

    entries: list[tuple[str, Colour]] = field(default_factory=list)
    scroll: int = 0  # rows scrolled up from the end (0: following the newest)
    _wrapped: list[tuple[str, Colour]] = field(default_factory=list)
    _wrap_chars: int = 0
    _wrapped_count: int = 0

    def append(self, line: tuple[str, Colour]) -> None:
        """Add a line; if the player has scrolled up, the view stays on the same rows."""
        before = len(self.rows(self._wrap_chars)) if self._wrap_chars else 0
        self.entries.append(line)
        if self.scroll and self._wrap_chars:
            self.scroll += len(self.rows(self._wrap_chars)) - before

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self):
        return iter(self.entries)

    def __getitem__(self, index):
        return self.entries[index]

    def rows(self, chars: int) -> list[tuple[str, Colour]]:
        """Every entry wrapped to ``chars`` characters (continuation rows indented)."""
        chars = max(12, chars)
        if chars != self._wrap_chars:
            self._wrap_chars, self._wrapped, self._wrapped_count = chars, [], 0
        for text, colour in self.entries[self._wrapped_count:]:
            indent = " " * (len(text) - len(text.lstrip(" ")) + 2)
            parts = textwrap.wrap(text, chars, subsequent_indent=indent, drop_whitespace=False) or [""]
            self._wrapped += [(p.rstrip(), colour) for p in parts]
        self._wrapped_count = len(self.entries)
        return self._wrapped

    def visible(self, chars: int, count: int) -> list[tuple[str, Colour]]:
        """The ``count`` rows on show, oldest first."""
        rows = self.rows(chars)
        self.scroll = max(0, min(self.scroll, max(0, len(rows) - count)))
        end = len(rows) - self.scroll
        return rows[max(0, end - count):end]

    def scroll_by(self, rows: int, chars: int, count: int) -> None:
        """Scroll up (positive) or down (negative) by ``rows`` rows, within the log."""
        total = len(self.rows(chars))
        self.scroll = max(0, min(self.scroll + rows, max(0, total - count)))

    def more_above(self, chars: int, count: int) -> bool:
        return len(self.rows(chars)) - self.scroll > count

    @staticmethod
    def chars_for(width: float) -> int:
        """How many characters fit on a row ``width`` pixels wide."""
        return int(width / CHAR_W)
