"""docs/rules.md is true to the game: every example in it is played through the engine.

The examples are ``example`` blocks (read by tests/doc_examples.py, played by tests/doc_play.py;
the document's own "Reading the examples" gives the format). Each one is built with
shared.tools.ascii.position, its moves are applied, and every outcome it states (refusals,
strengths, fights, removed letters, cities, scores, racks, results, the boards after) must be
exactly what the engine does.
"""

import pytest

import doc_examples as D
import doc_play as P

BLOCKS = D.examples()


def test_the_rules_have_examples():
    assert len(BLOCKS) >= 10


def _name(line: int, text: str) -> str:
    first = text.strip().splitlines()[0] if text.strip() else ""
    title = first.split(":", 1)[1].strip() if first.startswith("example:") else "unreadable"
    return f"line {line}: {title}"


@pytest.mark.parametrize("line, text", BLOCKS, ids=[_name(line, text) for line, text in BLOCKS])
def test_every_example_plays_as_written(line, text):
    P.play(D.parse_example(text, line))


def test_the_examples_cover_the_rules_a_player_must_get_right():
    titles = " | ".join(D.parse_example(text, line).title for line, text in BLOCKS)
    for topic in ("first word", "water", "forest", "mountain", "sweeps", "tie", "worked example",
                  "failed attack", "ice", "isolated", "lifting", "end of a turn", "stall limit",
                  "any letter of the surviving word"):
        assert topic in titles, topic


# The reader itself: a block it cannot read is an error that names the line, never a skip.
GOOD = """\
example: a longer word counts once
words: test list
gold rack: s

terrain   | letters   | letters after
G . . . . | c a t . . | c a t s .
. . . . S | . . . . . | . . . . .

move: gold commits across at row 1, col 4: s
scores: gold 5, silver 0
"""


def test_a_test_list_example_plays():
    P.play(D.parse_example(GOOD))


@pytest.mark.parametrize("broken, message", [
    (GOOD.replace("example: ", "title: "), "line 1: an example starts with 'example: <title>'"),
    (GOOD.replace("words: test list\n", ""), "say which words"),
    (GOOD.replace("scores:", "score:"), "line 10: unknown check 'score'"),
    (GOOD.replace("gold rack:", "gold hand:"), "line 3: unknown setting 'gold hand'"),
    (GOOD.replace("| c a t s .", "| c a t s . | x"), "line 6: 4 grid columns, the header names 3"),
    (GOOD.replace("letters after", "letters later"), "unknown grid column 'letters later'"),
    (GOOD.split("move:")[0], "the example has no move"),
    (GOOD.replace("scores: gold 5, silver 0\n", "").replace(" | letters after", "")
     .replace(" | c a t s .", "").replace(" | . . . . .\n\n", "\n\n"),
     "line 9: the last move checks nothing"),
    (GOOD.replace("G . . . . | c a t", "G . . . . | c . t"), "gold's letter at row 1, col 1 is in no word"),
])
def test_a_broken_block_is_an_error_that_names_the_line(broken, message):
    with pytest.raises(D.ExampleError, match=message):
        P.play(D.parse_example(broken))


def test_a_move_that_is_not_a_move_is_an_error():
    with pytest.raises(D.ExampleError, match="not a move: 'gold plays cats'"):
        P.play(D.parse_example(GOOD.replace("gold commits across at row 1, col 4: s", "gold plays cats")))


def test_an_unclosed_block_is_an_error():
    with pytest.raises(D.ExampleError, match="line 2: the example block is never closed"):
        D.example_blocks("text\n```example\nexample: x\n")


@pytest.mark.parametrize("wrong", [
    GOOD.replace("gold 5", "gold 4"),
    GOOD.replace("c a t s .", "c a t . ."),
    GOOD.replace("scores: gold 5, silver 0", "refused: CATS is not a word"),
    GOOD.replace("scores: gold 5, silver 0", "result: gold wins (score)"),
    GOOD.replace("scores: gold 5, silver 0", "attack: cats 6"),
    GOOD.replace("scores: gold 5, silver 0", "removed: gold loses s (stranded), no points"),
])
def test_a_wrong_statement_fails(wrong):
    with pytest.raises(P.Mismatch):
        P.play(D.parse_example(wrong))


def _block(title: str) -> tuple[int, str]:
    [found] = [(line, text) for line, text in BLOCKS if f"example: {title}\n" in text]
    return found


@pytest.mark.parametrize("old, new", [
    ("GRAM 5 x 1.5 city = 7", "GRAM 5 x 1.5 city = 8"),
    ("sword 7 x 1.5 attacking word = 10", "sword 7 = 7"),
    ("best order: NOR, GRAM, SING, TAU, NOT", "best order: NOR, TAU, NOT, GRAM, SING"),
    ("sword 1 falls to GRAM 7", "sword 1 beats GRAM 7, 0 left"),
    ("silver loses O T (defeated), +2 to gold", "silver loses O T (defeated), +2 to silver"),
    ("scores: gold 6, silver 17", "scores: gold 3, silver 20"),
    (". N . R . . . d .", ". N O R . . . d ."),
])
def test_a_changed_word_in_the_worked_example_fails(old, new):
    line, text = _block("the worked example, in the design document's order")
    assert old in text
    with pytest.raises(P.Mismatch):
        P.play(D.parse_example(text.replace(old, new), line))
