"""The guided first game on The Anvil: ten lessons, as data.

One story runs through them. Gold (the player) lays ONE on its city; silver comes down from
its capital with STAIR and takes the pewter city with AIR; gold grows OATS. Then the story
branches, one branch a lesson:

1. *Your first word*: the empty board; lay a word on your city (ONE).
2. *Supply*: silver's OX has beaten OATS and cut SEA off; join it up again (NOTE).
3. *Attack*: beat AIR on the pewter city with the mountains' help (ATE).
4. *Cities*: AIR is gone but the city is still silver's; take it (GATE).
5. *Defence*: silver's ASH attacks OATS and GATE; choose the order that loses nothing.
6. *Lift*: a rack of vowels after the opening; lift OATS back to the rack.
7. *Discard*: two turns of waiting fill the rack past 12; throw the Q away.
8. *Forest*: cut through the forest by gold's city with a word strong enough (TIPS).
9. *Ice*: lay EAT onto the ice with letters of 1 dot, so that it holds.
10. *The end*: gold's MOWS has swept silver off the board; STAID on its empty capital wins.

Cells are the engine's (row, column) from 0; the texts print them from 1. Numbers in the
texts are ``{fields}`` filled by :mod:`client.tutorial.readings` from the engine.
"""

from __future__ import annotations

from client.tutorial import readings as R
from client.tutorial.lesson import Lesson
from client.tutorial.script import GOLD as G
from client.tutorial.script import SILVER as S
from client.tutorial.script import BestDefence, EndOfTurn, Lift, Script, Throw, across, down

MAP_NAME = "anvil"

GOLD_CITY = (10, 4)
PEWTER_CITY = (6, 6)

# Gold's ONE on its city, silver's STAIR from its capital and AIR over the pewter city,
# gold's OATS from ONE's O towards the middle.
OPENING = (
    down(G, 8, 4, "one"), EndOfTurn(G),
    down(S, 2, 8, "stair"), EndOfTurn(S),
    across(G, 8, 4, ".ats"), EndOfTurn(G),
    across(S, 6, 6, "ai."), EndOfTurn(S),
)
# Gold hangs SEA off OATS; silver's OX, on two mountains, beats OATS and cuts SEA off.
RAID = OPENING + (
    down(G, 8, 7, ".ea"), EndOfTurn(G),
    across(S, 7, 5, "ox"), EndOfTurn(S),
)
# Gold's ATE beats AIR; silver passes.
VICTORY = OPENING + (down(G, 7, 6, "a.e"), EndOfTurn(G), EndOfTurn(S))
# Gold's GATE takes the city; silver's ASH (making STAIRS) attacks OATS and GATE.
COUNTER = VICTORY + (down(G, 6, 6, "g..."), EndOfTurn(G), across(S, 7, 7, "ash"))

FIRST_WORD = Lesson(
    key="first-word",
    title="Your first word",
    script=Script(racks=((G, "onestar"),)),
    move=down(G, 8, 4, "one"),
    focus=(GOLD_CITY,),
    intro=("Welcome to The Anvil. You play gold: your city is the gold tower at {city}, marked "
           "on the board. Your first word must have a letter on it. A word reads from left to "
           "right (across) or from top to bottom (down), never backwards, and it must be in the "
           "dictionary: the preview beside the board checks it before you commit.\n"
           "Lay {word} {direction} from {start}: its {on_city} lands on your city."),
    hints=(("Click {start}, press Space until the arrow points {direction}, type {letters} and "
            "press Enter."),
           "Any word from your rack will do if one of its letters is on your city at {city}.",
           "A word away from your city is refused, and the game says which rule it breaks."),
    done=("{word} is on the board. It scores {score}: each letter is worth its dots "
          "({dots}). It stands on your city, so it is supplied: every word you lay from now on "
          "must join a supplied word or stand on a city you own."),
    miss="Lay {word} {direction} from {start}: its {on_city} lands on your city.",
    facts=R.first_word_facts,
    goal=R.first_word_goal,
)

SUPPLY = Lesson(
    key="supply",
    title="Supply: keep your words joined",
    script=Script(RAID, racks=((G, "otdeirlu"),)),
    move=across(G, 9, 4, ".ot."),
    focus=((8, 7), (9, 7), (10, 7)),
    intro=("A few turns later. Silver's {story_word} attacked at {story_attack} and beat your "
           "{story_beaten} ({story_defence}): its {story_removed} left the board. That cut your "
           "{cut} off from your city: it lies on amber, with a broken chain. A word is supplied "
           "while it shares a letter with a supplied word or stands on a city you own. A word "
           "cut off still scores, but it cannot attack, and it defends at {broken}: {cut} holds "
           "at {cut_now} instead of {cut_supplied}.\n"
           "Join it up again: lay {word} across from {start}, from your {anchor} to {cut}."),
    hints=(("Click your {first} at {start}, press Space until the arrow points {direction}, and "
            "type {letters}: the cursor steps over your own letters."),
           ("A word that touches only {cut} is refused: it must be joined to your city another "
            "way too."),
           ("Laying {story_beaten} again beside silver's {story_word} would be an attack, and "
            "{story_word} is strong on its mountains ({story_attack}).")),
    done=("{word} joins {cut} to {anchor}: {cut} is supplied again and defends at {cut_after}. "
          "Keep your words joined to a city you own: a word that joins only a cut-off word is "
          "refused, since it would be cut off too."),
    miss="{cut} is still cut off. Lay {word} across from {start} to join it to {anchor}.",
    facts=R.supply_facts,
    goal=R.supply_goal,
)

ATTACK = Lesson(
    key="attack",
    title="Attack",
    script=Script(OPENING, racks=((G, "aeiount"),)),
    move=down(G, 7, 6, "a.e"),
    focus=((6, 6), (6, 7), (6, 8)),
    intro=("Back a few turns, to just after silver's {defender} took the pewter city at {city}, "
           "to play them another way. A word laid on or right beside an enemy letter attacks "
           "every enemy word it touches. Strength is a word's dots, with "
           "each letter on a mountain counted double, times its bonuses.\n"
           "Lay {word} down from {start}, through your {through}: it attacks at {attack_why}. "
           "{defender} defends at {defence_why}. The stronger word wins; a tie goes to the "
           "defender."),
    hints=(("Click {start}, press Space until the arrow points down, and type {letters}: the "
            "cursor steps over your {through}."),
           "Letters on the mountains at {mountains} count double.",
           "An equal strength is not enough: the attacker must be stronger."),
    done=("{word} ({attack}) beat {defender} ({defence}). Silver loses {removed} and you score "
          "them: +{points}. {kept_note}"),
    miss=("No fight won yet: {defender} defends at {defence}. Lay {word} down from {start}: it "
          "attacks at {attack}."),
    facts=R.attack_facts,
    goal=R.attack_goal,
)

CITY = Lesson(
    key="city",
    title="Take a city",
    script=Script(VICTORY, racks=((G, "gdleions"),)),
    move=down(G, 6, 6, "g..."),
    focus=(PEWTER_CITY,),
    intro=("Your {story_word} beat {story_beaten}, but the pewter city at {city} is still "
           "silver's: losing its letters never changes a city's owner. A word you commit that "
           "survives with a letter on an enemy city takes it, and is worth {bonus} points.\n"
           "Put {letters} on the city to make {word} down."),
    hints=(("Click the city at {city}, press Space until the arrow points down, and type "
            "{letters}."),
           "Any word with a letter on the city will take it if it survives: {word} is one."),
    done=("{word} took the city at {city}: +{bonus}, and your score is {score}. A word on a city "
          "defends at {city_x}. Silver's last city is its capital at {capital}: take every city "
          "your enemy holds and you win at once; lose all of yours and you lose."),
    miss="The city at {city} is still silver's. Put {letters} on it to make {word}.",
    facts=R.city_facts,
    goal=R.city_goal,
)

DEFENCE = Lesson(
    key="defence",
    title="Defend",
    script=Script(COUNTER, racks=((G, "dilenos"),)),
    move=BestDefence(G),
    focus=((7, 7), (7, 8), (7, 9)),
    intro=("Silver attacks! Its {attack_word} attacks at {attack_why} and touches your "
           "{defenders_text}: you choose the order they fight in. The attack meets your words one at a time: each "
           "word it beats loses its letters and costs the attack that word's strength; the first "
           "word it cannot beat stops it.\n"
           "Put {best} first: it defends at {best_why}, and {attack_word} falls at once. Put "
           "{weak} first and {weak} falls ({attack} against {weak_strength}) before {best} stops "
           "the attack."),
    hints=(("The panel beside the board lists your words in the order they will fight. It "
            "starts with the best order, {best} first: press Defend (Enter)."),
           ("The \u25b2 and \u25bc buttons (or Shift+Up and Shift+Down) move a word; Best order (B) puts {best} "
            "first again.")),
    done=("{first} ({first_strength}) stopped {attack_word} ({attack}) at once. Every letter "
          "silver laid goes ({silver_lost}) and you score them: +{points}. You lost nothing. "
          "When the computer defends, or you do not answer in time online, the game plays the "
          "best order."),
    miss="{best} should have fought first: it stops {attack_word} at once and you lose nothing.",
    facts=R.defence_facts,
    goal=R.defence_goal,
)

# Gold waits two turns after the opening: the draws take its rack past the limit.
WAITING = OPENING + (EndOfTurn(G), EndOfTurn(S), EndOfTurn(G), EndOfTurn(S))
# Gold hangs SEA off OATS towards the ice; silver passes.
TOWARDS_ICE = OPENING + (down(G, 8, 7, ".ea"), EndOfTurn(G), EndOfTurn(S))

LIFT = Lesson(
    key="lift",
    title="Lift a word",
    script=Script(OPENING, racks=((G, "aeiouae"),)),
    move=Lift(G, 8, 5, "across"),
    focus=((8, 5), (8, 6), (8, 7)),
    intro=("Back to the opening, with a rack of vowels ({rack}) that makes no word anywhere. There "
           "is no exchange of letters, but once a turn you may lift one line of yours back to your "
           "rack: its letters that are in no other line of yours come back, and letters it shares "
           "stay on the board. A lift is refused only when it would cut off a word of yours that "
           "was supplied.\n"
           "Lift {word}: press Redeploy (Ctrl+R) and click its {click_letter} at {click}."),
    hints=(("Press the Redeploy button under the rack, or Ctrl+R, then click the {click_letter} "
            "at {click}."),
           "Lifting {guard} is refused: {guard_why}.",
           "A lift alone is a pass; you may lay the letters again in the same turn."),
    done=("{word} came off the board: {returned} are back in your rack ({rack_after} letters), and "
          "its {kept} stays, since it is also in {kept_in}. You may lay them again this turn, but "
          "lift only once a turn, and a turn with only a lift is a pass. A lift never changes a "
          "city's owner."),
    miss="Lift {word}: press Redeploy (Ctrl+R) and click its {click_letter} at {click}.",
    facts=R.lift_facts,
    goal=R.lift_goal,
)

DISCARD = Lesson(
    key="discard",
    title="Too many letters: discard",
    script=Script(WAITING, racks=((G, "qeaiontsrlduv"),)),
    move=Throw(G, "q"),
    intro=("You waited two turns without laying a word: each of your turns begins with a draw of "
           "{draw}, and your rack now holds {held}. It may hold at most {limit}: before anything "
           "else you must discard {count}, choosing which. Discarded letters leave the game: "
           "nobody scores them and they never come back.\n"
           "Throw away the {letter}: it makes few words without a U beside it. Click it in the "
           "panel (or type it) and press Discard."),
    hints=(("Click the {letter} coin in the panel, or type {letter}, then press Discard "
            "(Enter)."),
           "Keep the letters that make words together: vowels and common consonants."),
    done=("The {letters} left the game ({discarded} discarded so far), and your rack holds "
          "{rack_after} again. A lift can take your rack over the limit too: then you discard "
          "before you play on."),
    miss="Discard the {letter}: click it in the panel and press Discard.",
    facts=R.discard_facts,
    goal=R.discard_goal,
)

FOREST = Lesson(
    key="forest",
    title="Cut through the forest",
    script=Script(OPENING, racks=((G, "tipsoea"),)),
    move=across(G, 11, 1, "tips"),
    focus=((11, 1), (11, 2)),
    intro=("Forest (green malachite) is dense: a word may be laid over it only if its score is "
           "more than {density} for each forest cell under its new letters, or the game refuses "
           "it. A word of cutting, carving or fire (CUT, SAW, AXE, BURN...) counts x{cut_x}. Once "
           "a word is laid there, the forest under it is cleared to plains for good.\n"
           "Lay {word} across from {start}: its {on_forest} cover {forest} forest cells, so it "
           "must be worth more than {needed}; it is worth {power}. Its {last} makes ONES with your "
           "ONE."),
    hints=(("Click {start}, check the arrow points across, and type {letters}."),
           "{weak} would be refused: {weak_why}.",
           "A word's worth is its dots: {word} is {dots}."),
    done=("{word} ({power}) is more than {needed}: the forest at {forest_cells} is plains now. "
          "Forest never changes how a word fights; it only asks a strong word to go through it."),
    miss="Lay {word} across from {start}: it is worth {power}, more than {needed}.",
    facts=R.forest_facts,
    goal=R.forest_goal,
)

ICE = Lesson(
    key="ice",
    title="Thin ice",
    script=Script(TOWARDS_ICE, racks=((G, "atschoie"),)),
    move=across(G, 9, 7, ".at"),
    focus=((9, 9),),
    intro=("Ice (white marble) takes any letter, but it is thin: it holds letters worth "
           "{thickness} dot. If a word you lay still stands after its fight and any of its letters "
           "on ice is worth more, the ice cracks: it turns to water and the word sinks. Its "
           "letters that are in no other word of yours go, nobody scores them, and no city "
           "changes hands.\n"
           "Lay {word} across from {start}, from your {first}: its {on_ice} on the ice at {ice} "
           "is worth {ice_dots} dot, so the ice holds."),
    hints=(("Click your {first} at {start}, check the arrow points across, and type {letters}: "
            "the cursor steps over your {first}."),
           ("ECHO would put its H on the ice, a letter worth more than {thickness}: the ice "
            "cracks and ECHO sinks."),
           "The letters worth 1 dot: {light}."),
    done=("{word} stands on the ice: its {on_ice} is worth {ice_dots} dot, and the ice at {ice} "
          "holds. Heavy letters crack it: the word sinks, and the water left behind is there for "
          "good."),
    miss=("Lay {word} across from {start} with a 1-dot letter on the ice at {ice}: if the ice "
          "cracked, restart the lesson."),
    facts=R.ice_facts,
    goal=R.ice_goal,
)

# After taking the pewter city, gold's MOWS (two letters on mountains) beats STAIR: silver has
# no letter left, and only its empty capital.
SWEPT = VICTORY + (down(G, 6, 6, "g..."), EndOfTurn(G), EndOfTurn(S),
                   down(G, 5, 7, "mow."), EndOfTurn(G), EndOfTurn(S))

END = Lesson(
    key="end",
    title="How a game ends",
    script=Script(SWEPT, racks=((G, "staidvkeon"),)),
    move=down(G, 2, 8, "staid"),
    focus=((2, 8),),
    intro=("Your {story_word} beat {story_beaten} ({story_attack} against {story_defence}) and "
           "silver has no letter left, but an empty city still belongs to its owner: the capital "
           "at {capital} is silver's last city. A player who owns no city loses at once "
           "(conquest), whatever the scores. Otherwise the game ends on points: when a player "
           "ends a turn with rack and pool both empty, when both pools are empty and both players "
           "have passed twice in a row, once both pools have been empty for {stall} turns, "
           "or after {turn_limit} turns. The higher score wins; equal scores are a draw.\n"
           "Lay {word} down from {start}, on the capital: it joins your crossword through "
           "{crosses}."),
    hints=(("Click the capital at {start}, press Space until the arrow points down, and type "
            "{letters}."),
           "Any word of yours that stays on the capital takes it, and with it the game."),
    done=("{word} took silver's capital at {capital}: silver owns no city, so the game is over at "
          "once. You win by conquest, {gold_score} to {silver_score}."),
    miss="Silver still holds its capital at {capital}. Lay {word} down from {start} to take it.",
    facts=R.end_facts,
    goal=R.end_goal,
)

LESSONS: tuple[Lesson, ...] = (FIRST_WORD, SUPPLY, ATTACK, CITY, DEFENCE, LIFT, DISCARD, FOREST, ICE, END)

FINALE = ("That is the whole game: words from your city, kept supplied, fighting, cities taken "
          "and held; lifts and discards for a rack that will not play, forest and ice on the "
          "way, and the last city that ends it. Play a skirmish on The Anvil next, against the "
          "gentlest computer.")
