"""Scripted play for benchmarks and tests: a naive but legal move finder and whole-game scripts.

This is *not* the AI (that is ``shared.ai``). It finds some legal commit by trying short words
from a word list through the player's own letters and cities, and otherwise passes, so that a
benchmark or a test can play complete, legal games quickly and deterministically.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from shared.rules.actions import Action, Commit, Discard, EndTurn, OrderDefence
from shared.rules.errors import RuleError
from shared.rules.game import Game, PendingDefence, PendingDiscard
from shared.rules.terrain import Player

# Short common words: enough for a scripted game to commit now and then on any map.
BENCH_WORDS: tuple[str, ...] = tuple(
    """
    at an as am be by do go he if in is it me my no of on or so to up us we ace act add ade age
    ago aid ail aim air ale all and ant any ape arc are ark arm art ash ate bad bag ban bar bat
    bed bee beg bet bid big bin bit bog bud bug bun bus but cab can cap car cat cod cog cot cow
    cry cub cue cup cut dab dad den dew did die dig dim din dip doe dog don dot dry due dug ear
    eat eel egg ego elm end era eve ewe eye fan far fat fed fee few fig fin fir fit fix flu fly
    foe fog for fox fun fur gag gal gap gas gel gem get gin god got gum gun gut guy had ham has
    hat hen her hid him hip his hit hog hot how hub hue hug hut ice ill ink inn ion ire irk its
    jab jam jar jaw jet jig job jog jot joy jug keg ken key kid kin kit lab lad lag lap law lay
    led leg let lid lie lip lit log lot low mad man map mat men met mid mix mob mod mop mud mug
    nab nag nap net new nil nit nod nor not now nun nut oak oar oat odd ode off oil old one opt
    orb ore our out owe owl own pad pal pan par pat paw pay pea peg pen pet pie pig pin pit ply
    pod pop pot pro pry pub pun pup put rag ram ran rap rat raw ray red rib rid rig rim rip rob
    rod roe rot row rub rug rum run rut sad sag sap sat saw say sea see set sew she shy sin sip
    sir sit six ski sky sly sob sod son sow soy spa spy sty sub sum sun tab tag tan tap tar tea
    ted tee ten the tie tin tip toe ton too top tot tow toy try tub tug two urn use van vat vet
    vow wag war was wax way web wed wet who why wig win wit woe wok won wry yak yam yap yes yet
    you zap zip zoo able acid aged also area army away baby back bald band bank bare barn base
    bath bead beak bear beat been beer bell belt bend best bird bite blow blue boat body bold bone
    book boot born both bowl burn bush busy cake calm came camp card care cart case cash cast cave
    cell chin city clan clay clip club coal coat code coin cold come cone cook cool cope cord core
    cost crew crop dare dark data date dawn dead deal dean dear debt deep deer desk dial dice diet
    dirt dish dive dock does done door dose down drag draw drew drop drum dual duck dust duty each
    earn ease east easy edge else even ever evil exit face fact fade fail fair fall fame farm fast
    fate fear feed feel feet fell felt file fill film find fine fire firm fish five flag flat fled
    flow foam fold folk food foot ford form fort foul four free frog from fuel full fund gain game
    gate gave gear gift girl give glad goal goat gold golf gone good grab gray grew grid grim grip
    grow gulf hair half hall hand hang hard harm hate have head hear heat held hell help here hero
    hide high hill hint hire hold hole holy home hope horn host hour huge hung hunt hurt idea inch
    into iron item jail join joke jump jury just keen keep kept kick kill kind king kiss knee knew
    know lack lady laid lake lamp land lane last late lead leaf lean left lend less life lift like
    line link lion list live load loan lock long look lord lose loss lost loud love luck made mail
    main make male mall many mark mass meal mean meat meet melt mild mile milk mill mind mine miss
    mode mood moon more most move much must name navy near neat neck need nest news next nice nine
    node none noon norm nose note odds once only open oral over pace pack page paid pain pair pale
    palm park part pass past path peak pick pile pine pink pipe plan play plot plus poem poet pole
    poll pond pool poor port pose post pour pray pull pure push race rage rail rain rank rare rate
    read real rear rely rent rest rice rich ride ring rise risk road rock rode role roll roof room
    root rope rose rule rush safe said sail salt same sand save seal seat seed seek seem seen self
    sell send sent ship shoe shop shot show shut sick side sign silk sing sink site size skin slip
    slow snow soft soil sold sole some song soon sort soul spot star stay step stop such suit sure
    swim tail take tale talk tall tank tape task team tear tell tend tent term test text than that
    them then they thin this thus tide tile till time tiny tone took tool tour town tree trim trip
    true tube tune turn twin type unit upon used user vary vast very view vote wage wait wake walk
    wall want ward warm warn wash wave weak wear week well went were west what when whom wide wife
    wild will wind wine wing wire wise wish with wolf wood word wore work yard year your zero zone
    """.split()  # noqa: SIM905 - a word list reads best as text
)


def _rack(game: Game, player: Player) -> str:
    rack = game.view(player)["players"][str(int(player))]["rack"]
    return rack or ""


def _own_letters(view: dict[str, Any], player: Player) -> dict[tuple[int, int], str]:
    return {(r, c): ch for r, c, ch in view["players"][str(int(player))]["letters"]}


def find_commit(
    game: Game,
    player: Player,
    words: Sequence[str],
    rng: random.Random,
    max_tries: int = 400,
) -> tuple[Commit, list] | None:
    """Try to apply a legal commit for ``player`` on ``game``; return it and its events, or None.

    Words are tried through the player's own letters and cities; each attempt is a real
    ``game.apply`` (a refused one changes nothing), so the result is legal by construction.
    """
    view = game.view(player)
    rack = Counter(view["players"][str(int(player))]["rack"] or "")
    if not rack:
        return None
    own = _own_letters(view, player)
    anchors = list(own) + [(r, c) for r, c, owner in view["cities"] if owner == int(player)]
    if not anchors:
        return None
    height, width = view["height"], view["width"]
    candidates = [w for w in words if _makeable(w, rack, own)]
    rng.shuffle(candidates)
    anchors_sorted = sorted(set(anchors))
    tries = 0
    for word in candidates:
        for anchor in rng.sample(anchors_sorted, min(len(anchors_sorted), 6)):
            for direction in ("across", "down"):
                dr, dc = (0, 1) if direction == "across" else (1, 0)
                for i in range(len(word)):
                    r0, c0 = anchor[0] - dr * i, anchor[1] - dc * i
                    cells = [(r0 + dr * k, c0 + dc * k) for k in range(len(word))]
                    if not all(0 <= r < height and 0 <= c < width for r, c in cells):
                        continue
                    placements = []
                    ok = True
                    for (r, c), letter in zip(cells, word):
                        existing = own.get((r, c))
                        if existing is None:
                            placements.append((r, c, letter))
                        elif existing != letter:
                            ok = False
                            break
                    if not ok or not placements:
                        continue
                    need = Counter(letter for _, _, letter in placements)
                    if any(rack[ch] < n for ch, n in need.items()):
                        continue
                    tries += 1
                    commit = Commit(player, tuple(placements), direction if len(placements) == 1 else None)
                    try:
                        events = game.apply(commit)
                    except RuleError:
                        if tries >= max_tries:
                            return None
                        continue
                    return commit, events
    return None


def _makeable(word: str, rack: Counter, own: dict) -> bool:
    # A cheap filter: every letter of the word is on the rack or somewhere among own letters.
    board_letters = set(own.values())
    need = Counter(word)
    return all(rack[ch] >= n or ch in board_letters for ch, n in need.items())


def scripted_step(
    game: Game, words: Sequence[str], rng: random.Random, commit_chance: float = 1.0
) -> tuple[Action, bool]:
    """Decide (and for commits, already apply) the actor's next action.

    Returns ``(action, applied)``: ``applied`` is True for a commit that ``find_commit`` has
    already applied to ``game``; otherwise the caller applies ``action`` itself.
    """
    player = game.actor
    assert player is not None, "the game is over"
    pending = game.pending
    if isinstance(pending, PendingDiscard):
        rack = _rack(game, player)
        return Discard(player, "".join(sorted(rack, reverse=True)[: pending.count])), False
    if isinstance(pending, PendingDefence):
        return OrderDefence(player, game.best_defence_order()), False
    committed_already = _committed_this_turn(game, player)
    if not committed_already and rng.random() < commit_chance:
        found = find_commit(game, player, words, rng)
        if found is not None:
            return found[0], True
    return EndTurn(player), False


def _committed_this_turn(game: Game, player: Player) -> bool:
    # Walk back over this turn's actions: any commit by the mover since their last end_turn.
    for data in reversed(game.actions):
        if data["type"] == "end_turn":
            return False
        if data["type"] == "commit" and data["player"] == int(player):
            return True
    return False


def play_scripted(
    game: Game,
    words: Iterable[str] = BENCH_WORDS,
    seed: int = 0,
    max_actions: int = 2000,
    commit_chance: float = 1.0,
) -> list[dict[str, Any]]:
    """Play ``game`` to its end with scripted moves; return the action dicts in order."""
    rng = random.Random(seed)
    word_list = [w for w in words]
    while not game.over and game.version < max_actions:
        action, applied = scripted_step(game, word_list, rng, commit_chance)
        if not applied:
            game.apply(action)
    return [dict(a) for a in game.actions]


__all__ = ["BENCH_WORDS", "find_commit", "play_scripted", "scripted_step"]
