"""The random player with the small word list the fuzz tests use."""

from __future__ import annotations

import random

from shared.rules.game import Game
from shared.rules.lexicon import WordList
from shared.tools.ascii import map_from_ascii
from shared.tools.random_player import junk_action, random_commit
from shared.tools.random_player import sensible_action as _sensible

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


def sensible_action(game: Game, rng: random.Random):
    """A legal action for whoever must act, from the small word list."""
    return _sensible(game, rng, WORDS)


__all__ = ["LEXICON", "WORDS", "junk_action", "random_commit", "sensible_action"]


# A small map with every terrain, a city each and a pewter city between: the random games' board.
ARENA = map_from_ascii("""
    . . . . . . . . . . . .
    . G . . f f . . ^ . . .
    . . . . f . . ~ ~ . . .
    . . * * . . . ~ . . . .
    . . . . . P . . . . x .
    . ^ . . . . . . . * * .
    . . . ~ ~ . . . . . . .
    . . . . . . f . . . S .
    . . . . . . . . . . . .
""", name="arena")
