"""The terminal client (``scryptic cli``): the board drawn in text (:mod:`.board`), commands
read from typed lines (:mod:`.parsing`), the session that plays a game on a server
(:mod:`.session`) and its online commands (:mod:`.online`)."""
