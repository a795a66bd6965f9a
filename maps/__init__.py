"""The maps shipped with the game. Python does not run this folder: the file only lets an
installed Scryptic carry it as the package ``shared.assets.maps``."""
