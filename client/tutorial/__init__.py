"""The guided first game: ten short lessons on The Anvil that teach placement, supply,
combat, cities, defence, lifting a word, discarding, forest, ice and how a game ends.

Lessons are data (:mod:`client.tutorial.course`), each position played out by the real
engine from a seed (:mod:`client.tutorial.script`), and every number a lesson quotes is worked
out by the engine (:mod:`client.tutorial.facts`, :mod:`client.tutorial.readings`). The game
screen drives a :class:`~client.tutorial.driver.TutorialDriver`, which hands it a
:class:`~client.tutorial.session.TutorialSession` per lesson. Nothing here imports Arcade, so
all of it runs in the tests without a window; :mod:`client.tutorial.transcript` plays the
whole guided game as text.
"""
