"""Stage ``wordnet``: expand the curated seeds through WordNet into candidate lemmas.

Every lemma reachable from a seed is written to ``intermediate/candidates.tsv`` with what
``assemble`` needs to judge it without WordNet: how common the sense is for the word
(its rank among the word's senses of that part of speech, WordNet ordering them by tagged
frequency, and the SemCor tag counts), the word's Zipf frequency and its inflections
(lemminflect, plus WordNet's irregular forms such as snuck and slain).
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tqdm import tqdm

from shared.words.build.requirements import WORDNET_DIR
from shared.words.build.seeds import Seeds

WORD_SEED = "-"  # the synset column of a lemma taken from words.txt
NO_FORMS = "-"  # the forms column of a lemma without inflections
_WORD = re.compile(r"[a-z]{2,}")
_UPOS = {"n": "NOUN", "v": "VERB", "a": "ADJ", "s": "ADJ", "r": "ADV"}
_EXC_FILES = {"n": "noun.exc", "v": "verb.exc", "a": "adj.exc", "r": "adv.exc"}

CANDIDATE_COLUMNS = (
    "category", "lemma", "synset", "seed", "rank", "senses", "count", "total", "zipf", "forms",
)  # fmt: skip


@dataclass(frozen=True)
class Candidate:
    """One way a lemma got into a category."""

    category: str
    lemma: str
    synset: str  # WORD_SEED for words.txt
    seed: str  # the seed synset (or "words") it came through
    rank: int  # 0 = the lemma's most common sense for its part of speech
    senses: int  # how many senses the lemma has for that part of speech
    count: int  # SemCor tags of the lemma in this sense
    total: int  # SemCor tags of the lemma over all its senses
    zipf: float
    forms: tuple[str, ...]  # inflections, the lemma excluded, not yet checked as playable

    def row(self) -> str:
        """The tab-separated line for ``candidates.tsv``."""
        return "\t".join(
            [
                self.category, self.lemma, self.synset, self.seed, str(self.rank),
                str(self.senses), str(self.count), str(self.total), f"{self.zipf:.2f}",
                ",".join(self.forms) or NO_FORMS,
            ]
        )  # fmt: skip

    @classmethod
    def parse(cls, line: str) -> Candidate:
        """Read a line written by :meth:`row`."""
        fields = line.split("\t")
        if len(fields) != len(CANDIDATE_COLUMNS):
            raise ValueError(f"candidates.tsv: expected {len(CANDIDATE_COLUMNS)} fields: {line!r}")
        cat, lemma, synset, seed, rank, senses, count, total, zipf, forms = fields
        return cls(
            cat, lemma, synset, seed, int(rank), int(senses), int(count), int(total),
            float(zipf), () if forms == NO_FORMS else tuple(forms.split(",")),
        )  # fmt: skip


def irregular_forms(source: Path = WORDNET_DIR) -> dict[str, set[str]]:
    """Base form -> irregular inflections, from WordNet's ``*.exc`` files."""
    forms: dict[str, set[str]] = defaultdict(set)
    for name in _EXC_FILES.values():
        for line in (source / name).read_text(encoding="utf-8").splitlines():
            form, *bases = line.split()
            for base in bases:
                if _WORD.fullmatch(form) and _WORD.fullmatch(base):
                    forms[base].add(form)
    return forms


class Expander:
    """Turns seeds into candidates with one WordNet reader."""

    def __init__(self, wn: Any, irregular: dict[str, set[str]]) -> None:
        import lemminflect
        import wordfreq

        self._wn = wn
        self._irregular = irregular
        self._lemminflect = lemminflect
        self._wordfreq = wordfreq

    def zipf(self, word: str) -> float:
        """wordfreq's Zipf frequency of ``word`` in English."""
        return float(self._wordfreq.zipf_frequency(word, "en"))

    def forms(self, lemma: str) -> tuple[str, ...]:
        """Inflections of ``lemma`` for every part of speech it has, without the lemma.

        lemminflect's dictionary forms, plus its rule-based forms for each part of speech
        WordNet gives the word (lemminflect knows armour only as a mass noun, WordNet also
        as a verb: armoured), plus WordNet's irregular forms. ``assemble`` keeps only the
        forms that are playable words.
        """
        found: set[str] = set()
        for values in self._lemminflect.getAllInflections(lemma).values():
            found.update(values)
        poses = {_UPOS[s.pos()] for s in self._wn.synsets(lemma) if s.pos() != "r"}
        if not poses and not found:
            poses = {"NOUN"}
        for upos in sorted(poses):
            for values in self._lemminflect.getAllInflectionsOOV(lemma, upos).values():
                found.update(values)
        found |= self._irregular.get(lemma, set())
        return tuple(sorted(f for f in found if _WORD.fullmatch(f) and f != lemma))

    def _sense_stats(self, lemma: str, synset: Any) -> tuple[int, int, int, int]:
        pos = "a" if synset.pos() == "s" else synset.pos()
        senses = self._wn.synsets(lemma, pos=pos)
        rank = senses.index(synset)
        counts = {
            s.name(): sum(lem.count() for lem in s.lemmas() if lem.name().lower() == lemma)
            for s in self._wn.synsets(lemma)
        }
        return rank, len(senses), counts.get(synset.name(), 0), sum(counts.values())

    def expand(self, seeds: Seeds) -> list[Candidate]:
        """Every candidate of one category, in a fixed order."""
        out: dict[tuple[str, str], Candidate] = {}
        cat = seeds.category.value
        for seed in tqdm(seeds.synsets, desc=f"WordNet {cat}", unit="seed", leave=False):
            try:
                root = self._wn.synset(seed.name)
            except Exception as exc:  # nltk raises WordNetError or ValueError
                raise ValueError(f"{cat}/synsets.txt: no synset {seed.name!r}: {exc}") from None
            tree = [root, *root.closure(lambda s: s.hyponyms())] if seed.tree else [root]
            for synset in sorted(set(tree), key=lambda s: s.name()):
                for lemma_obj in synset.lemmas():
                    lemma = lemma_obj.name()
                    key = (lemma, synset.name())
                    if not _WORD.fullmatch(lemma) or key in out:
                        continue  # multi-word, capitalised (proper noun) or seen
                    rank, senses, count, total = self._sense_stats(lemma, synset)
                    out[key] = Candidate(
                        cat, lemma, synset.name(), seed.name, rank, senses, count, total,
                        self.zipf(lemma), self.forms(lemma),
                    )  # fmt: skip
        for lemma in seeds.words:
            out[(lemma, WORD_SEED)] = Candidate(
                cat, lemma, WORD_SEED, "words", 0, 0, 0, 0, self.zipf(lemma), self.forms(lemma)
            )
        return [out[k] for k in sorted(out)]
