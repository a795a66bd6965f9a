"""The run-time dictionary: playable words, meanings, frequencies, AI exclusions, prefixes."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scryptic.cli import main as scryptic_main
from shared.words.build.textfiles import read_words
from shared.words.dictionary import (
    DICT_DIR,
    Dictionary,
    DictionaryError,
    face_value,
    load_dictionary,
)
from shared.rules.lexicon import Category, Lexicon

A, D, S, C = Category.ATTACK, Category.DEFEND, Category.SNEAK, Category.CUT


@pytest.fixture(scope="module")
def dictionary() -> Dictionary:
    return load_dictionary()


def test_satisfies_the_engine_lexicon_protocol(dictionary: Dictionary) -> None:
    assert isinstance(dictionary, Lexicon)


@pytest.mark.parametrize(
    "word",
    ["sword", "armour", "armor", "axe", "ax", "snuck", "qi", "knives", "Sword", "gaol"],
)
def test_known_words_are_playable(dictionary: Dictionary, word: str) -> None:
    assert word in dictionary
    assert dictionary.why_not(word) is None


@pytest.mark.parametrize("word", ["cs", "ks", "ts", "mb", "london", "nato", "a", "", "don't"])
def test_non_words_are_not_playable(dictionary: Dictionary, word: str) -> None:
    assert word not in dictionary
    assert dictionary.why_not(word)


def test_non_strings_are_not_words(dictionary: Dictionary) -> None:
    assert 42 not in dictionary
    assert None not in dictionary


@pytest.mark.parametrize(
    ("word", "reason"),
    [
        ("london", "proper noun"),
        ("London", "proper noun"),
        ("nato", "abbreviation"),
        ("dont", "contraction"),
        ("cs", "letter plural"),
        ("don't", "not a-z"),
        ("épée", "not a-z"),
        ("a", "too short"),
        ("", "empty"),
        ("qzxvbk", "unknown"),
    ],
)
def test_why_not_gives_the_reason(dictionary: Dictionary, word: str, reason: str) -> None:
    assert reason in dictionary.why_not(word)


@pytest.mark.parametrize(
    ("word", "category", "lemma"),
    [
        ("sword", A, "sword"),
        ("swords", A, "sword"),
        ("attacked", A, "attack"),
        ("slain", A, "slay"),
        ("knives", C, "knife"),
        ("burning", C, "burn"),
        ("snuck", S, "sneak"),
        ("sneaked", S, "sneak"),
        ("shields", D, "shield"),
        ("armoured", D, "armour"),
        ("fortresses", D, "fortress"),
        ("moat", D, "moat"),
        ("stealthy", S, "stealthy"),
        ("fierce", A, "fierce"),
        ("grenade", A, "grenade"),
        ("machete", C, "machete"),
        ("magma", C, "magma"),
        ("knight", A, "knight"),
    ],
)
def test_inflections_inherit_their_lemma_category(
    dictionary: Dictionary, word: str, category: Category, lemma: str
) -> None:
    assert category in dictionary.categories(word)
    assert lemma in dictionary.lemmas(word)


def test_a_word_can_have_several_categories(dictionary: Dictionary) -> None:
    assert dictionary.categories("sword") == frozenset({A, C})
    assert dictionary.categories("SWORDS") == frozenset({A, C})


@pytest.mark.parametrize("word", ["table", "happy", "get", "set", "key", "check", "bag"])
def test_plain_words_have_no_category(dictionary: Dictionary, word: str) -> None:
    assert dictionary.categories(word) == frozenset()
    assert dictionary.lemmas(word) == ()


@pytest.mark.parametrize(
    ("word", "category"),
    [("mine", A), ("bit", A), ("rape", A), ("singing", C), ("clove", C), ("lay", S), ("keep", D)],
)
def test_reviewed_exclusions_hold(dictionary: Dictionary, word: str, category: Category) -> None:
    assert word in dictionary
    assert category not in dictionary.categories(word)


def test_each_category_has_at_least_250_playable_lemmas(dictionary: Dictionary) -> None:
    for category in Category:
        lemmas = dictionary.category_lemmas(category)
        assert len(lemmas) >= 250, category
        assert all(lemma in dictionary for lemma in lemmas)
        words = dictionary.category_words(category)
        assert set(lemmas) <= set(words)
        assert all(category in dictionary.categories(w) for w in words)


def test_zipf_orders_common_above_rare(dictionary: Dictionary) -> None:
    assert dictionary.zipf("the") > 7
    assert dictionary.zipf("the") > dictionary.zipf("sword") > dictionary.zipf("halberd") > 0
    assert dictionary.zipf("london") == 0.0  # not a playable word
    assert dictionary.zipf("Sword") == dictionary.zipf("sword")


def test_some_playable_words_are_unknown_to_wordfreq(dictionary: Dictionary) -> None:
    assert "aalii" in dictionary
    assert dictionary.zipf("aalii") == 0.0


def test_ai_never_plays_the_exclusion_list(dictionary: Dictionary) -> None:
    source = set(read_words(DICT_DIR / "sources" / "ai_exclude.txt"))
    excluded = dictionary.ai_excluded
    assert len(excluded) > 100
    assert excluded == {w for w in source if w in dictionary}
    for word in excluded:
        assert word in dictionary, "players may still play it"
        assert not dictionary.is_ai_playable(word)
    for word in ("fuck", "Cunt", "wankers"):
        assert word in dictionary
        assert not dictionary.is_ai_playable(word)


def test_hate_words_and_slurs_are_excluded_with_their_forms(dictionary: Dictionary) -> None:
    """The word "nazi" was once missing. Players may still play these; the AI never does."""
    for word in ("nazi", "nazis", "nazify", "swastika", "swastikas", "heil", "fuhrer",
                 "negroid", "niggaz", "welsher", "gypsies", "mongoloid", "spazzes", "fuckheads"):
        assert word in dictionary, word
        assert not dictionary.is_ai_playable(word), word


def test_plurals_of_excluded_words_are_excluded_too(dictionary: Dictionary) -> None:
    """Every form is written out: an excluded word's -s / -es / -ies plural is excluded as
    well, except words that only look like such a plural."""
    look_alikes = {"assess", "crapes", "crappies", "spices", "spikes"}
    missing = set()
    for word in dictionary.ai_excluded:
        forms = {word + "s", word + "es"}
        if word.endswith("y"):
            forms.add(word[:-1] + "ies")
        missing |= {f for f in forms if f in dictionary and dictionary.is_ai_playable(f)}
    assert missing == look_alikes


def test_ai_plays_ordinary_words_but_never_non_words(dictionary: Dictionary) -> None:
    assert dictionary.is_ai_playable("sword")
    assert dictionary.is_ai_playable("Castle")
    assert not dictionary.is_ai_playable("london")


def test_prefix_queries(dictionary: Dictionary) -> None:
    assert dictionary.has_prefix("swor")
    assert dictionary.has_prefix("sword")
    assert not dictionary.has_prefix("swrq")
    assert "d" in dictionary.children("swor")
    assert dictionary.children("qz") == ""
    assert set(dictionary.children("")) == set("abcdefghijklmnopqrstuvwxyz")
    assert {"sword", "swords", "swordfish"} <= set(dictionary.words_with_prefix("sword"))
    assert "sword" in dictionary.trie


def test_face_value_uses_the_r1_letter_values() -> None:
    # RULINGS R1's worked example: sword 7, sing 4, gram 5.
    assert face_value("sword") == 7
    assert face_value("sing") == 4
    assert face_value("GRAM") == 5
    with pytest.raises(ValueError, match="outside a-z"):
        face_value("don't")


def test_loader_is_shared_and_fresh_loads_agree(dictionary: Dictionary) -> None:
    assert load_dictionary() is dictionary
    fresh = Dictionary.load(DICT_DIR)
    assert fresh is not dictionary
    assert len(fresh) == len(dictionary) > 180_000
    assert fresh.categories("swords") == dictionary.categories("swords")


def test_missing_files_raise_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(DictionaryError, match="scryptic dictionaries build"):
        Dictionary.load(tmp_path)


def test_inconsistent_files_are_refused(tmp_path: Path) -> None:
    for name in ("words.marisa", "categories.tsv", "ai_exclude.txt"):
        shutil.copy(DICT_DIR / name, tmp_path / name)
    (tmp_path / "words.zipf").write_bytes(b"\x00\x00" * 10)
    with pytest.raises(DictionaryError, match="rebuild"):
        Dictionary.load(tmp_path)


def test_loading_needs_no_build_dependencies() -> None:
    code = (
        "import sys; from shared.words.dictionary import load_dictionary; import scryptic.commands.dictionary;"
        "d = load_dictionary(); d.why_not('london');"
        "print(sorted(m for m in ('nltk', 'wordfreq', 'lemminflect', 'shared.words.build')"
        " if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_word_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = scryptic_main(["word", "Swords", "london", "--json"])
    assert code == 1  # london is not playable
    infos = json.loads(capsys.readouterr().out)
    assert [i["word"] for i in infos] == ["swords", "london"]
    for info in infos:
        assert {"word", "valid", "value", "categories", "zipf"} <= info.keys()
    swords, london = infos
    assert swords["valid"] is True
    assert swords["value"] == 8
    assert swords["categories"] == ["attack", "cut"]
    assert swords["zipf"] > 2
    assert london["valid"] is False
    assert "proper noun" in london["reason"]
    assert london["categories"] == []


def test_word_command_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert scryptic_main(["word", "slain", "fuck"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("slain: playable, value 5")
    assert "attack (as slay)" in out[0]
    assert "the AI never plays it" in out[1]


def test_show_command_lists_lemmas(capsys: pytest.CaptureFixture[str]) -> None:
    assert scryptic_main(["dictionaries", "show", "sneak"]) == 0
    lemmas = capsys.readouterr().out.split()
    assert "sneak" in lemmas
    assert "snuck" not in lemmas
    assert scryptic_main(["dictionaries", "show", "sneak", "--forms"]) == 0
    assert "snuck" in capsys.readouterr().out.split()
