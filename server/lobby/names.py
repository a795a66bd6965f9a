"""What a display name may be: :class:`NamePolicy`, applied to ``hello`` and ``set_name`` (and to
an operator's rename).

A name is 2 to 24 characters: letters and digits of any script, with single spaces, hyphens,
apostrophes, dots and underscores between them (so no name is blank, starts or ends with a
separator, or hides behind runs of them). A name containing a word of the AI's exclusion list
(the slurs and profanity the AI never plays, ``dictionaries/ai_exclude.txt``) is refused, as a
word of its own, spelled through separators ("f.o.o"), or with digits standing for letters.
Words are matched whole, never inside other words (a town called Scunthorpe is welcome).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from server.edge.protocol import ProtocolError

MIN_LENGTH, MAX_LENGTH = 2, 24
_SEPARATORS = " -'._"
_SHAPE = re.compile(r"^[^\W_](?:[^\W_]|[ \-'._](?=[^\W_]))*$")
_LOOKALIKES = str.maketrans("013457@$", "oieastas")


class NamePolicy:
    """Checks display names against the length and character rules and the blocked words."""

    def __init__(self, blocked: Iterable[str] = ()) -> None:
        """``blocked``: words no name may contain (compared case-insensitively)."""
        self.blocked = frozenset(word.casefold() for word in blocked if len(word) >= 3)

    def check(self, name: str) -> str:
        """``name`` as kept (Unicode NFC), or ProtocolError ``bad_name`` saying what is wrong."""
        name = unicodedata.normalize("NFC", name)
        if not MIN_LENGTH <= len(name) <= MAX_LENGTH:
            raise ProtocolError("bad_name", f"a name is {MIN_LENGTH} to {MAX_LENGTH} characters; {name!r} has {len(name)}")
        if not _SHAPE.match(name):
            raise ProtocolError(
                "bad_name",
                f"{name!r}: a name is letters and digits, with single spaces, hyphens, apostrophes, dots or "
                "underscores between them",
            )
        word = self._blocked_word(name)
        if word is not None:
            raise ProtocolError("bad_name", f"{name!r} is not allowed here: choose a name without offensive words")
        return name

    def _blocked_word(self, name: str) -> str | None:
        words = [w for w in re.split(r"[ \-'._]+", name.casefold()) if w]
        for form in (*words, "".join(words)):  # each word, and the whole name without separators
            for spelling in (form, form.translate(_LOOKALIKES)):
                if spelling in self.blocked:
                    return spelling
        return None
