"""Random play for fuzz and property tests: legal moves found by trial, junk actions on purpose."""

from __future__ import annotations

import random

from shared.actions import Commit, Discard, EndTurn, OrderDefence, Redeploy, Resign
from shared.errors import RuleError
from shared.game import Game, PendingDefence, PendingDiscard
from shared.lexicon import WordList
from shared.terrain import Player

WORDS = """
a at an as am ad ah ai al ar aw ax ay be by do go he hi if in is it me my no of on or ox so to up us
we ye an and ant ants ape apt arc are art ash ask ate bad bag ban bar bat bed bee bet big bit bog
box boy bud bug bun bus but cab can cap car cat cow cry cub cup cut dab dad day den dew did dig dim
din dip doe dog dot dry due dug ear eat egg elf elk elm end era eve eye fan far fat fed fee few fig
fin fir fit fix fly foe fog for fox fry fun fur gap gas gel gem get gin god got gum gun gut guy gym
had ham has hat hay hen her hid him hip his hit hog hop hot how hub hue hug hum hut ice icy ill imp
ink inn ion ire irk its ivy jab jam jar jaw jet jig job jog jot joy jug keg key kid kin kit lab lad
lag lap law lay led leg let lid lie lip lit log lot low mad man map mat may men met mix mob mop mud
mug nab nag nap net new nib nil nip nod nor not now nun nut oak oar oat odd ode off oft oil old one
opt orb ore our out owe owl own pad pal pan par pat paw pay pea peg pen pet pie pig pin pit ply pod
pop pot pro pry pub pun pup put rag ram ran rap rat raw ray red rib rid rig rim rip rob rod rot row
rub rug rum run rut sad sag sap sat saw say sea see set sew she shy sin sip sir sit six ski sky sly
sob sod son sow soy spa spy sub sue sum sun tab tad tag tan tap tar tax tea ten the tie tin tip toe
ton too top tow toy try tub tug two urn use van vat vet vex via vie vow wad wag war was wax way web
wed wet who why wig win wit woe won wry yak yam yap yes yet yew zap zig zip zoo
area arts bear beat care cart cast coat date dear door east ease eats edit else ends fare fast gate
hare hate heat idea lane last late lead mare mate meat name near neat note oars rain rate read real
rest road roar rose sail sale salt sand sane seat side silt sire site slat sled sold sore star stir
stone store tale tame tear tend tide tile tire toad tone tore torn trade train tree word sword
""".split()
LEXICON = WordList(WORDS, {"sword": ["attack"], "cut": ["cut"], "saw": ["cut"], "spy": ["sneak"]})


def random_commit(game: Game, player: Player, rng: random.Random, tries: int = 150) -> Commit | None:
    """A legal commit found by trial: words the rack can make, through one of the player's letters
    or over one of their cities."""
    from collections import Counter

    board = game.board
    own = board.letters[player]
    rack = Counter(game.racks[player])
    if not rack:
        return None
    anchors = [(cell, own[cell]) for cell in own]
    anchors += [(c, None) for c, o in board.city_owner.items() if o == player and c not in own]
    rng.shuffle(anchors)
    words = WORDS[:]
    rng.shuffle(words)
    attempts = 0
    for cell, letter in anchors[:12]:
        for word in words:
            for i, ch in enumerate(word):
                if letter is not None and ch != letter:
                    continue
                need = Counter(word)
                if letter is not None:
                    need[ch] -= 1
                if any(rack[x] < n for x, n in need.items()):
                    continue
                direction = rng.choice(("across", "down"))
                r0, c0 = (cell[0], cell[1] - i) if direction == "across" else (cell[0] - i, cell[1])
                placements = []
                for j, x in enumerate(word):
                    at = (r0, c0 + j) if direction == "across" else (r0 + j, c0)
                    if own.get(at) == x:
                        continue
                    placements.append((at[0], at[1], x))
                attempts += 1
                if attempts > tries:
                    return None
                action = Commit(player, tuple(placements), direction if len(placements) == 1 else None)
                try:
                    game.plan_commit(action)
                except RuleError:
                    continue
                return action
    return None


def junk_action(game: Game, rng: random.Random):
    """An action that is probably illegal: wrong player, random cells, bad letters, bad orders."""
    p = rng.choice((Player.GOLD, Player.SILVER))
    h, w = game.board.height, game.board.width
    kind = rng.randrange(6)
    if kind == 0:
        n = rng.randint(0, 4)
        return Commit(p, tuple((rng.randrange(-1, h + 1), rng.randrange(-1, w + 1),
                                rng.choice("abcxyz?E")) for _ in range(n)))
    if kind == 1:
        return Redeploy(p, (rng.randrange(h), rng.randrange(w)), rng.choice(("across", "down")))
    if kind == 2:
        return Discard(p, "".join(rng.choice("aeiouzq") for _ in range(rng.randint(0, 4))))
    if kind == 3:
        return OrderDefence(p, tuple(rng.randrange(4) for _ in range(rng.randint(0, 4))))
    if kind == 4:
        return EndTurn(p)
    return Redeploy(p, (rng.randrange(h), rng.randrange(w)), "across")


def sensible_action(game: Game, rng: random.Random):
    """A legal action for whoever must act (the random player's policy)."""
    actor = game.actor
    pending = game.pending
    if isinstance(pending, PendingDiscard):
        return Discard(actor, "".join(rng.sample(game.racks[actor], pending.count)))
    if isinstance(pending, PendingDefence):
        order = list(range(len(pending.defenders)))
        if rng.random() < 0.5:
            rng.shuffle(order)
            return OrderDefence(actor, tuple(order))
        return OrderDefence(actor, game.best_defence_order())
    if not game.committed_this_turn or rng.random() < 0.5:
        commit = random_commit(game, actor, rng)
        if commit is not None:
            return commit
    if not game.redeployed_this_turn and rng.random() < 0.05:
        runs = game.board.runs(actor)
        if runs:
            run = rng.choice(runs)
            lift = Redeploy(actor, run.start, run.direction)
            try:
                game.check(lift)
                return lift
            except RuleError:
                pass
    if rng.random() < 0.002:
        return Resign(actor)
    return EndTurn(actor)
