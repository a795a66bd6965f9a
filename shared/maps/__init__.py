"""Maps: the text format (:mod:`~shared.maps.format`), files and the shipped maps
(:mod:`~shared.maps.files`), checks (:mod:`~shared.maps.check`, :mod:`~shared.maps.reach`),
the generator (:mod:`~shared.maps.generate`, :mod:`~shared.maps.terrain`), and Tiled
import/export.

May import the rules engine; never the AI, the server, the client or the commands.
"""
