"""Run the build stages in order, with progress, and record provenance."""

from __future__ import annotations

import importlib.metadata
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tqdm import tqdm

from shared.words.build import requirements
from shared.words.build.layout import Layout
from shared.words.build.textfiles import content_sha256, write_json, write_lines
from shared.rules.lexicon import Category

STAGES = ("sources", "wordnet", "assemble")


class BuildError(RuntimeError):
    """A stage cannot run; the message says what to do."""


def _load_provenance(layout: Layout) -> dict[str, Any]:
    if layout.provenance.exists():
        return json.loads(layout.provenance.read_text(encoding="utf-8"))
    return {}


def _save_provenance(layout: Layout, section: str, data: dict[str, Any]) -> None:
    provenance = _load_provenance(layout)
    provenance[section] = data
    write_json(layout.provenance, provenance)


def run_sources(layout: Layout, enable_sdist: Path | None = None) -> dict[str, int]:
    """Stage ``sources``: ENABLE and SCOWL lists into ``intermediate/``."""
    from shared.words.build.enable import load_enable
    from shared.words.build.scowl import load_scowl

    enable, enable_info = load_enable(enable_sdist)
    write_lines(layout.enable, enable)
    scowl, nonwords, checksums = load_scowl()
    write_lines(layout.scowl, scowl)
    write_lines(layout.scowl_nonwords, (f"{w}\t{r}" for w, r in sorted(nonwords.items())))
    _save_provenance(
        layout,
        "sources",
        {
            "enable": enable_info,
            "scowl": {
                "debian_package": "scowl",
                "debian_version": requirements.debian_version("scowl"),
                "files_sha256": checksums,
            },
            "outputs_content_sha256": {
                p.name: content_sha256(p)
                for p in (layout.enable, layout.scowl, layout.scowl_nonwords)
            },
        },
    )
    return {"enable": len(enable), "scowl": len(scowl), "scowl_nonwords": len(nonwords)}


def seed_checksums(layout: Layout) -> dict[str, str]:
    """Content checksums of the seed files the ``wordnet`` stage reads."""
    return {
        f"{c.value}/{kind}.txt": content_sha256(layout.seeds(c, kind))
        for c in Category
        for kind in ("synsets", "words")
    }


def run_wordnet(layout: Layout) -> dict[str, int]:
    """Stage ``wordnet``: expand the seeds into ``intermediate/candidates.tsv``."""
    from shared.words.build.expand import CANDIDATE_COLUMNS, Expander, irregular_forms
    from shared.words.build.seeds import load_all_seeds
    from shared.words.build.wordnet import open_wordnet

    rows = []
    with open_wordnet() as wn:
        expander = Expander(wn, irregular_forms())
        for seeds in load_all_seeds(layout):
            rows.extend(expander.expand(seeds))
        wordnet_version = wn.get_version()
    write_lines(
        layout.candidates,
        (c.row() for c in rows),
        header=[
            "WordNet expansion of sources/*/synsets.txt and words.txt; `assemble` filters it.",
            "Columns: " + " ".join(CANDIDATE_COLUMNS),
            "rank: 0 = the lemma's most common sense for that part of speech (synset '-':",
            "from words.txt); count/total: SemCor tags of this sense / of all senses.",
        ],
    )
    wn_files = sorted(p for p in requirements.WORDNET_DIR.iterdir() if p.is_file())
    _save_provenance(
        layout,
        "wordnet",
        {
            "wordnet_version": wordnet_version,
            "debian_versions": {
                p.name: requirements.debian_version(p.name)
                for p in (requirements.WORDNET_BASE, requirements.WORDNET_SENSE_INDEX)
            },
            "files_sha256": {p.name: content_sha256(p) for p in wn_files},
            "python_versions": {
                n: importlib.metadata.version(n) for n in ("nltk", "lemminflect", "wordfreq")
            },
            "seeds_sha256": seed_checksums(layout),
            "outputs_content_sha256": {layout.candidates.name: content_sha256(layout.candidates)},
        },
    )
    return {"candidates": len(rows)}


def run_assemble(layout: Layout, out: Layout | None = None) -> dict[str, int]:
    """Stage ``assemble``: the run-time files."""
    from shared.words.build.assemble import assemble

    return assemble(layout, out).counts


def stale_seeds(layout: Layout) -> list[str]:
    """Seed files changed since the ``wordnet`` stage last ran (so candidates are stale)."""
    recorded = _load_provenance(layout).get("wordnet", {}).get("seeds_sha256", {})
    return sorted(k for k, v in seed_checksums(layout).items() if recorded.get(k) != v)


def build(
    root: Path,
    stages: tuple[str, ...] = STAGES,
    enable_sdist: Path | None = None,
    out: Path | None = None,
    echo: Callable[[str], None] = tqdm.write,
) -> dict[str, int]:
    """Run ``stages`` on the dictionary at ``root``; outputs of ``assemble`` go to ``out``.

    Raises :class:`BuildError` naming any missing Debian package or Python module.
    """
    unknown = [s for s in stages if s not in STAGES]
    if unknown:
        raise BuildError(f"unknown stage(s) {', '.join(unknown)}: choose from {', '.join(STAGES)}")
    message = requirements.missing_message(list(stages))
    if message:
        raise BuildError(message)
    layout = Layout(root)
    if "wordnet" not in stages and "assemble" in stages and stale_seeds(layout):
        raise BuildError(
            "seed files changed since the wordnet stage ran: "
            + ", ".join(stale_seeds(layout))
            + "\n  rerun with the wordnet stage (needs Debian wordnet-base, wordnet-sense-index)"
        )
    runners: dict[str, Callable[[], dict[str, int]]] = {
        "sources": lambda: run_sources(layout, enable_sdist),
        "wordnet": lambda: run_wordnet(layout),
        "assemble": lambda: run_assemble(layout, Layout(out) if out else None),
    }
    counts: dict[str, int] = {}
    ordered = [s for s in STAGES if s in stages]
    for stage in tqdm(ordered, desc="dictionary build", unit="stage"):
        result = runners[stage]()
        counts.update(result)
        echo(f"stage {stage}: " + ", ".join(f"{k} {v:,}" for k, v in result.items()))
    return counts
