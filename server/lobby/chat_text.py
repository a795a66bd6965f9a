"""What a chat line may be, and how it is shown: :class:`ChatText`.

A line is trimmed, its runs of whitespace made single spaces (no line breaks), and is 1 to
:data:`MAX_CHARS` characters. Each word of the exclusion list (the slurs and profanity the AI
never plays and no display name may hold, ``dictionaries/ai_exclude.txt``) is masked: kept as
its first letter and asterisks, also when written with digits for letters ("sh1t") or spelled
through dots, hyphens or underscores ("s.h.i.t"). Words are matched whole, never inside other
words, as the name policy does.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from server.edge.protocol import ProtocolError

MAX_CHARS = 200
_LOOKALIKES = str.maketrans("013457@$", "oieastas")
_TOKEN = re.compile(r"[^\s]+")
_JOINERS = re.compile(r"[\-._']+")


class ChatText:
    """Checks and masks chat lines against the blocked words."""

    def __init__(self, blocked: Iterable[str] = ()) -> None:
        self.blocked = frozenset(word.casefold() for word in blocked if len(word) >= 3)

    def clean(self, text: str) -> str:
        """``text`` as shown (trimmed, single-spaced, masked), or ProtocolError ``chat_too_long``
        or ``chat_empty``."""
        line = " ".join(unicodedata.normalize("NFC", text).split())
        if not line:
            raise ProtocolError("chat_empty", "the line is empty")
        if len(line) > MAX_CHARS:
            raise ProtocolError("chat_too_long", f"a chat line is at most {MAX_CHARS} characters; this one has {len(line)}")
        return _TOKEN.sub(lambda m: self._mask(m.group(0)), line)

    def _mask(self, token: str) -> str:
        # The token's letters without the punctuation around it, then the pieces between joiners.
        core = token.strip(".,;:!?()[]{}\"'")
        if not core:
            return token
        start = token.index(core)
        pieces = [p for p in _JOINERS.split(core.casefold()) if p]
        for form in (core.casefold(), *pieces, "".join(pieces)):
            if form in self.blocked or form.translate(_LOOKALIKES) in self.blocked:
                hidden = core[0] + "*" * (len(core) - 1)
                return token[:start] + hidden + token[start + len(core):]
        return token
