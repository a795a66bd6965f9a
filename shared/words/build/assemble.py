"""Stage ``assemble``: the run-time files from the curated sources and the intermediates.

Needs no Debian package: wordfreq (for the Zipf numbers) and marisa-trie only, so a test
can rebuild every output from the committed inputs and compare.
"""

from __future__ import annotations

import array
import importlib.metadata
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import marisa_trie
from tqdm import tqdm

from shared.words.build.expand import WORD_SEED, Candidate
from shared.words.build.layout import Layout
from shared.words.build.seeds import Seeds, load_all_seeds
from shared.words.build.textfiles import (
    content_sha256,
    read_lines,
    read_words,
    write_json,
    write_lines,
)

# A WordNet-expanded lemma is kept only if the seed's sense is among its MAX_SENSE_RANK
# most common senses for that part of speech, and the word is not rarer than ZIPF_FLOOR.
# Lemmas from words.txt skip both tests: a person chose them.
MAX_SENSE_RANK = 2
ZIPF_FLOOR = 2.3

WORDFREQ_NOTICE = (
    "Zipf frequencies derived from the data of the wordfreq package by Robyn Speer, "
    "licensed CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/); "
    "this derived data is shared under the same licence (see LICENSES)."
)


class AssembleError(ValueError):
    """The curated sources contradict the word lists."""


@dataclass
class Assembly:
    """Everything the stage computes before writing it."""

    words: list[str]
    zipf_centi: dict[str, int]
    category_rows: list[tuple[str, str, str]]  # word, category, lemma
    ai_excluded: list[str]
    nonwords: dict[str, str]
    counts: dict[str, int] = field(default_factory=dict)


def read_reasons(path: Path) -> dict[str, str]:
    """A ``word<TAB>reason`` file as a dict."""
    reasons = {}
    for line in read_lines(path):
        word, _, reason = line.partition("\t")
        reasons[word.strip()] = reason.strip()
    return reasons


def read_candidates(path: Path) -> list[Candidate]:
    """The rows of ``candidates.tsv``."""
    return [Candidate.parse(line) for line in read_lines(path)]


def keeps(candidate: Candidate) -> bool:
    """True if a candidate passes the automatic filters (common sense, frequency)."""
    if candidate.synset == WORD_SEED:
        return True
    return candidate.rank < MAX_SENSE_RANK and candidate.zipf >= ZIPF_FLOOR


def category_rows(
    seeds: list[Seeds], candidates: Iterable[Candidate], playable: set[str]
) -> list[tuple[str, str, str]]:
    """(word, category, lemma) for every kept lemma and its playable inflections."""
    exclusions = {s.category.value: s.exclusions for s in seeds}
    missing = sorted(
        f"{s.category.value}/words.txt: {w}" for s in seeds for w in s.words if w not in playable
    )
    if missing:
        raise AssembleError("seed words that are not playable:\n  " + "\n  ".join(missing))
    rows: set[tuple[str, str, str]] = set()
    for c in candidates:
        excluded = exclusions[c.category]
        if c.lemma not in playable or c.lemma in excluded or not keeps(c):
            continue
        for word in (c.lemma, *c.forms):
            if word in playable and word not in excluded:
                rows.add((word, c.category, c.lemma))
    return sorted(rows)


def zipf_table(words: list[str]) -> dict[str, int]:
    """wordfreq's Zipf frequency x 100 of every word."""
    import wordfreq

    return {
        w: round(wordfreq.zipf_frequency(w, "en") * 100)
        for w in tqdm(words, desc="wordfreq", unit="word", unit_scale=True, leave=False)
    }


def compute(layout: Layout) -> Assembly:
    """Read the inputs under ``layout`` and compute every output."""
    enable = set(read_lines(layout.enable))
    scowl = set(read_lines(layout.scowl))
    drop = read_reasons(layout.scowl_drop)
    playable = (enable | scowl) - drop.keys()
    words = sorted(playable)
    seeds = load_all_seeds(layout)
    rows = category_rows(seeds, read_candidates(layout.candidates), playable)
    ai_excluded = sorted(set(read_words(layout.ai_exclude_source)) & playable)
    nonwords = {w: r for w, r in read_reasons(layout.scowl_nonwords).items() if w not in playable}
    for word, reason in drop.items():
        nonwords.setdefault(word, reason)
    counts = {
        "words": len(words),
        "enable": len(enable),
        "scowl": len(scowl),
        "scowl_only": len(scowl - enable),
        "dropped": len((enable | scowl) & drop.keys()),
        "ai_excluded": len(ai_excluded),
        "nonwords": len(nonwords),
    }
    by_cat: dict[str, tuple[set[str], set[str]]] = defaultdict(lambda: (set(), set()))
    for word, cat, lemma in rows:
        by_cat[cat][0].add(lemma)
        by_cat[cat][1].add(word)
    for cat, (lemmas, forms) in sorted(by_cat.items()):
        counts[f"{cat}_lemmas"] = len(lemmas)
        counts[f"{cat}_words"] = len(forms)
    return Assembly(words, zipf_table(words), rows, ai_excluded, nonwords, counts)


def trie_and_zipf(words: list[str], zipf_centi: dict[str, int]) -> tuple[bytes, bytes]:
    """The marisa-trie bytes and the uint16 little-endian Zipf array in key-id order."""
    trie = marisa_trie.Trie(words)
    by_id = array.array("H", bytes(2 * len(trie)))
    for word, key_id in trie.iteritems():
        by_id[key_id] = zipf_centi[word]
    if by_id.itemsize != 2:
        raise AssembleError("array 'H' is not 16 bits on this platform")
    if array.array("H", [1]).tobytes() != b"\x01\x00":
        by_id.byteswap()
    return trie.tobytes(), by_id.tobytes()


def write(result: Assembly, out: Layout) -> None:
    """Write the run-time files and the manifest under ``out``."""
    trie_bytes, zipf_bytes = trie_and_zipf(result.words, result.zipf_centi)
    out.root.mkdir(parents=True, exist_ok=True)
    out.words_trie.write_bytes(trie_bytes)
    out.words_zipf.write_bytes(zipf_bytes)
    write_lines(
        out.words_tsv,
        (f"{w}\t{result.zipf_centi[w] / 100:.2f}" for w in result.words),
        header=[
            "Scryptic's playable words and their Zipf frequency (0.00: unknown to wordfreq).",
            "Words: ENABLE (public domain) + SCOWL sizes <= 70 (see LICENSES).",
            WORDFREQ_NOTICE,
            "Generated by `scryptic dictionaries build`: do not edit.",
        ],
    )
    write_lines(
        out.categories,
        ("\t".join(row) for row in result.category_rows),
        header=[
            "word<TAB>category<TAB>lemma: the word means 'category' as a form of 'lemma'.",
            "Curated seeds in sources/, expanded with WordNet 3.0 (Princeton licence).",
            "Generated by `scryptic dictionaries build`: edit sources/, not this file.",
        ],
    )
    write_lines(
        out.ai_exclude,
        result.ai_excluded,
        header=[
            "Slurs and profanity the AI never plays (players still may).",
            "Generated from sources/ai_exclude.txt by `scryptic dictionaries build`.",
        ],
    )
    write_lines(
        out.nonwords,
        (f"{w}\t{r}" for w, r in sorted(result.nonwords.items())),
        header=[
            "word<TAB>why it is not playable: SCOWL's proper nouns, abbreviations and",
            "contractions (sizes <= 70) and sources/scowl_drop.tsv. Generated: do not edit.",
        ],
    )
    manifest = {
        "counts": result.counts,
        "filters": {"max_sense_rank": MAX_SENSE_RANK, "zipf_floor": ZIPF_FLOOR},
        "versions": {
            name: importlib.metadata.version(name) for name in ("marisa-trie", "wordfreq")
        },
        "wordfreq_licence": WORDFREQ_NOTICE,
        "content_sha256": {p.name: content_sha256(p) for p in out.outputs() if p != out.manifest},
    }
    write_json(out.manifest, manifest)


def assemble(layout: Layout, out: Layout | None = None) -> Assembly:
    """Compute from ``layout`` and write to ``out`` (default: the same directory)."""
    result = compute(layout)
    write(result, out or layout)
    return result
