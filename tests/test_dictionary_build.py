"""The dictionary build: committed outputs are what the build makes from committed inputs.

The ``assemble`` stage needs no Debian package, so it is rerun here and compared file by
file. The stages that need Debian packages or PyPI are checked through their recorded
checksums, and the ``wordnet`` stage is rerun when the Debian WordNet files are present.
"""

from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path

import pytest

from scryptic.cli import main as scryptic_main
from shared.words.build import requirements
from shared.words.build.assemble import (
    MAX_SENSE_RANK,
    ZIPF_FLOOR,
    AssembleError,
    category_rows,
    keeps,
    read_candidates,
    trie_and_zipf,
)
from shared.words.build.expand import WORD_SEED, Candidate
from shared.words.build.layout import Layout
from shared.words.build.pipeline import BuildError, build, stale_seeds
from shared.words.build.seeds import SeedError, Seeds, load_all_seeds, load_seeds
from shared.words.build.textfiles import content_sha256, read_lines, write_text
from shared.words.build.wordnet import LEXNAMES, lexnames_text
from shared.words.dictionary import DICT_DIR, Dictionary
from shared.rules.lexicon import Category

COMMITTED = Layout(DICT_DIR)


def _content(path: Path) -> bytes:
    data = path.read_bytes()
    return gzip.decompress(data) if path.suffix == ".gz" else data


def test_assemble_reproduces_the_committed_outputs(tmp_path: Path) -> None:
    pytest.importorskip("wordfreq")
    out = Layout(tmp_path)
    counts = build(DICT_DIR, ("assemble",), out=tmp_path, echo=lambda _: None)
    assert counts["words"] > 180_000
    for committed, rebuilt in zip(COMMITTED.outputs(), out.outputs(), strict=True):
        assert rebuilt.exists(), rebuilt.name
        assert _content(rebuilt) == _content(committed), (
            f"dictionaries/{committed.name} is not what `scryptic dictionaries build` makes "
            "from the committed sources: rebuild it"
        )


def test_manifest_checksums_match_the_outputs() -> None:
    manifest = json.loads(COMMITTED.manifest.read_text(encoding="utf-8"))
    for name, digest in manifest["content_sha256"].items():
        assert content_sha256(DICT_DIR / name) == digest, name
    assert "CC BY-SA" in manifest["wordfreq_licence"]


def test_intermediates_match_their_recorded_checksums() -> None:
    provenance = json.loads(COMMITTED.provenance.read_text(encoding="utf-8"))
    recorded = {
        **provenance["sources"]["outputs_content_sha256"],
        **provenance["wordnet"]["outputs_content_sha256"],
    }
    assert set(recorded) == {
        "enable.txt.gz",
        "scowl.txt.gz",
        "scowl-nonwords.tsv.gz",
        "candidates.tsv",
    }
    for name, digest in recorded.items():
        assert content_sha256(COMMITTED.intermediate / name) == digest, name
    assert provenance["sources"]["enable"]["sdist_sha256"] == (
        "f3ef898da1642088bf00a96c74c482e7e28a6c4250023cfbf1d4f3f44a5946ad"
    )


def test_candidates_are_current_with_the_seed_files() -> None:
    assert stale_seeds(COMMITTED) == [], "seed files changed: rerun the wordnet stage"
    candidates = read_candidates(COMMITTED.candidates)
    from_words = {(c.category, c.lemma) for c in candidates if c.synset == WORD_SEED}
    for seeds in load_all_seeds(COMMITTED):
        for word in seeds.words:
            assert (seeds.category.value, word) in from_words


def test_source_lists_are_what_the_build_expects() -> None:
    enable = set(read_lines(COMMITTED.enable))
    scowl = set(read_lines(COMMITTED.scowl))
    assert len(enable) == 172_820
    assert 115_000 < len(scowl) < 122_000
    # ENABLE was thought to lack armour, axe and snuck: it has them. SCOWL adds
    # modern and British words ENABLE lacks.
    assert {"armour", "axe", "snuck"} <= enable
    assert {"qi", "email", "website", "favourite", "neighbourhood"} <= scowl - enable
    assert {"cs", "ks", "ts"} <= scowl  # SCOWL's 2-letter junk, dropped by assemble


@pytest.mark.skipif(
    requirements.missing_debian(["wordnet"]) != [] or requirements.missing_python(["wordnet"]),
    reason="needs Debian wordnet-base + wordnet-sense-index and the build extra",
)
def test_wordnet_stage_reproduces_the_committed_candidates(tmp_path: Path) -> None:
    root = tmp_path / "dictionaries"
    (root / "intermediate").mkdir(parents=True)
    for category in Category:
        for kind in ("synsets", "words", "exclusions"):
            target = Layout(root).seeds(category, kind)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(COMMITTED.seeds(category, kind).read_bytes())
    build(root, ("wordnet",), echo=lambda _: None)
    assert Layout(root).candidates.read_bytes() == COMMITTED.candidates.read_bytes()


# -- the pieces -------------------------------------------------------------------------


def _candidate(
    lemma: str,
    synset: str = "x.n.01",
    rank: int = 0,
    zipf: float = 3.0,
    forms: tuple[str, ...] = (),
) -> Candidate:
    return Candidate("attack", lemma, synset, "x.n.01", rank, 3, 0, 0, zipf, forms)


def test_candidate_rows_round_trip() -> None:
    for c in (_candidate("sword", forms=("swords",)), _candidate("gore", forms=())):
        assert Candidate.parse(c.row()) == c


def test_filters_keep_common_senses_of_frequent_words() -> None:
    assert keeps(_candidate("sword", rank=0))
    assert keeps(_candidate("sword", rank=MAX_SENSE_RANK - 1))
    assert not keeps(_candidate("key", rank=MAX_SENSE_RANK))
    assert not keeps(_candidate("glaive", zipf=ZIPF_FLOOR - 0.01))
    assert keeps(_candidate("glaive", synset=WORD_SEED, rank=0, zipf=0.0))  # chosen by hand


def _seeds(words: tuple[str, ...] = (), exclusions: frozenset[str] = frozenset()) -> Seeds:
    return Seeds(Category.ATTACK, (), words, exclusions)


def test_category_rows_apply_exclusions_to_lemmas_and_forms() -> None:
    playable = {"sword", "swords", "bite", "bit", "bites", "key", "keys"}
    candidates = [
        _candidate("sword", forms=("swords", "swordz")),
        _candidate("bite", forms=("bit", "bites")),
        _candidate("key", forms=("keys",)),
    ]
    rows = category_rows([_seeds(exclusions=frozenset({"bit", "key"}))], candidates, playable)
    assert rows == [
        ("bite", "attack", "bite"),
        ("bites", "attack", "bite"),
        ("sword", "attack", "sword"),
        ("swords", "attack", "sword"),
    ]


def test_unplayable_seed_words_are_an_error() -> None:
    with pytest.raises(AssembleError, match="attack/words.txt: katana"):
        category_rows([_seeds(words=("katana",))], [], {"sword"})


def test_seed_files_are_checked(tmp_path: Path) -> None:
    layout = Layout(tmp_path)
    for kind, text in (
        ("synsets", "weapon.n.01\n=attack.v.01  # alone\n"),
        ("words", "sword axe\n# comment\nsword\n"),
        ("exclusions", ""),
    ):
        write_text(layout.seeds(Category.CUT, kind), text)
    seeds = load_seeds(layout, Category.CUT)
    assert [(s.name, s.tree) for s in seeds.synsets] == [
        ("weapon.n.01", True),
        ("attack.v.01", False),
    ]
    assert seeds.words == ("sword", "axe")
    write_text(layout.seeds(Category.CUT, "synsets"), "weapon\n")
    with pytest.raises(SeedError, match="not a synset name"):
        load_seeds(layout, Category.CUT)
    write_text(layout.seeds(Category.CUT, "synsets"), "")
    write_text(layout.seeds(Category.CUT, "words"), "Sword\n")
    with pytest.raises(SeedError, match="'Sword' is not a lower-case"):
        load_seeds(layout, Category.CUT)


def test_gzip_output_is_deterministic(tmp_path: Path) -> None:
    write_text(tmp_path / "a.txt.gz", "sword\n")
    first = (tmp_path / "a.txt.gz").read_bytes()
    write_text(tmp_path / "a.txt.gz", "sword\n")
    assert (tmp_path / "a.txt.gz").read_bytes() == first
    assert first[4:8] == b"\x00\x00\x00\x00"  # no timestamp in the gzip header


def test_trie_and_zipf_agree_for_every_word(tmp_path: Path) -> None:
    words = sorted(["sword", "swords", "axe", "aa", "zzz"])
    zipf = {w: i * 37 for i, w in enumerate(words)}
    trie_bytes, zipf_bytes = trie_and_zipf(words, zipf)
    (tmp_path / "words.marisa").write_bytes(trie_bytes)
    (tmp_path / "words.zipf").write_bytes(zipf_bytes)
    write_text(tmp_path / "categories.tsv", "swords\tattack\tsword\nswords\tcut\tsword\n")
    write_text(tmp_path / "ai_exclude.txt", "# none\nzzz\n")
    write_text(tmp_path / "nonwords.tsv.gz", "qq\tabbreviation (QQ)\n")
    d = Dictionary.load(tmp_path)
    assert sorted(d) == words
    assert {w: round(d.zipf(w) * 100) for w in words} == zipf
    assert d.categories("swords") == {Category.ATTACK, Category.CUT}
    assert d.lemmas("swords") == ("sword",)
    assert not d.is_ai_playable("zzz")
    assert d.why_not("qq") == "abbreviation (QQ)"
    assert d.why_not("qqq") == "unknown: not in the dictionary"


def test_lexnames_is_the_fixed_45_line_file() -> None:
    lines = lexnames_text().splitlines()
    assert len(lines) == len(LEXNAMES) == 45
    assert lines[0] == "00\tadj.all\t3"
    assert lines[6] == "06\tnoun.artifact\t1"
    assert lines[44] == "44\tadj.ppl\t3"


def test_missing_debian_packages_are_named_with_the_install_command(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gone = requirements.DebianPackage("scowl", tmp_path / "nothing-here")
    monkeypatch.setitem(requirements.STAGE_DEBIAN, "sources", (gone,))
    message = requirements.missing_message(["sources", "assemble"])
    assert message is not None
    assert "missing Debian packages: scowl" in message
    assert "apt-get install -y scowl" in message
    monkeypatch.setitem(requirements.STAGE_PYTHON, "assemble", ("no_such_module_xyz",))
    message = requirements.missing_message(["assemble"])
    assert message is not None
    assert "missing Python modules: no_such_module_xyz" in message
    assert "pip install -e '.[build]'" in message
    code = scryptic_main(["dictionaries", "build", "--stage", "sources", "--dir", str(tmp_path)])
    assert code == 2
    assert "apt-get install -y scowl" in capsys.readouterr().err


def test_assemble_refuses_stale_candidates(tmp_path: Path) -> None:
    root = tmp_path / "dictionaries"
    shutil.copytree(COMMITTED.sources, Layout(root).sources)
    shutil.copytree(COMMITTED.intermediate, Layout(root).intermediate)
    words = Layout(root).seeds(Category.ATTACK, "words")
    words.write_text(words.read_text(encoding="utf-8") + "\nclaymore\n", encoding="utf-8")
    with pytest.raises(BuildError, match="attack/words.txt"):
        build(root, ("assemble",), echo=lambda _: None)


def test_unknown_stage_is_refused(tmp_path: Path) -> None:
    with pytest.raises(BuildError, match="unknown stage"):
        build(tmp_path, ("bake",))
