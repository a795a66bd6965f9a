"""SCOWL (Debian package ``scowl``): words of sizes <= 70 in every spelling, and non-words.

Sizes 80 and up pull in UKACD, whose licence wants its notice shown prominently, so the
build stops at 70. ``variant_3`` ("seldom used and may not even be considered correct",
says SCOWL's README) is left out.
"""

from __future__ import annotations

import re
from pathlib import Path

from tqdm import tqdm

from shared.words.build.requirements import SCOWL_DIR
from shared.words.build.textfiles import sha256_bytes

SIZES = (10, 20, 35, 40, 50, 55, 60, 70)
SPELLINGS = (
    "english", "american", "british", "british_z", "canadian", "australian",
    "variant_1", "variant_2",
    "british_variant_1", "british_variant_2", "canadian_variant_1", "canadian_variant_2",
    "australian_variant_1", "australian_variant_2",
)  # fmt: skip
# Sub-lists that are not playable words, and the reason a player is given.
NONWORD_KINDS = {
    "upper": "proper noun",
    "proper-names": "proper noun",
    "abbreviations": "abbreviation",
    "contractions": "contraction",
}
_WORD = re.compile(r"[a-z]{2,}")
_LETTERS = re.compile(r"[A-Za-z]{2,}")


def scowl_files(kind: str, directory: Path = SCOWL_DIR) -> list[Path]:
    """The existing ``<spelling>-<kind>.<size>`` files, sizes <= 70, in a fixed order."""
    return [
        path
        for spelling in SPELLINGS
        for size in SIZES
        if (path := directory / f"{spelling}-{kind}.{size}").exists()
    ]


def _read(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").split()


def load_scowl(directory: Path = SCOWL_DIR) -> tuple[list[str], dict[str, str], dict[str, str]]:
    """SCOWL's a-z words, its non-words (lower-cased -> reason) and file checksums."""
    checksums: dict[str, str] = {}
    words: set[str] = set()
    files = scowl_files("words", directory)
    for path in tqdm(files, desc="SCOWL words", unit="file", leave=False):
        checksums[path.name] = sha256_bytes(path.read_bytes())
        words.update(w for w in _read(path) if _WORD.fullmatch(w))
    nonwords: dict[str, str] = {}
    for kind, reason in NONWORD_KINDS.items():
        for path in scowl_files(kind, directory):
            checksums[path.name] = sha256_bytes(path.read_bytes())
            for entry in sorted(_read(path)):
                plain = entry.replace("'", "") if kind == "contractions" else entry
                if not _LETTERS.fullmatch(plain):
                    continue  # possessives and the like: not a-z anyway
                key = plain.lower()
                if key not in words and key not in nonwords:
                    nonwords[key] = f"{reason} ({entry})"
    return sorted(words), nonwords, checksums
