"""The messages a Scryptic server sends, declared once as msgspec Structs (docs/protocol.md).

The server, the client library and every client read the same declarations: :mod:`.events`
(every event kind, a tagged union on ``type``), :mod:`.views` (what a viewer sees of a game,
its metadata and clocks), :mod:`.pushes` (the pushes and the reply envelopes), :mod:`.replies` (each request's reply data; :mod:`.admin` the operator's), :mod:`.tournaments` (an event's summary
and standings, per kind). Decoding a
frame, or converting the engine's plain dict of an event or a view, gives the right Struct::

    msgspec.convert(event.to_dict(viewer), GameEvent)
    msgspec.msgpack.decode(frame, type=ServerMessage)

Unknown keys are ignored (a newer server may add fields); fields the server sends only
sometimes have defaults. This package imports only the standard library and msgspec.
"""

from shared.wire.admin import *  # noqa: F401,F403
from shared.wire.admin import __all__ as _admin_all
from shared.wire.events import *  # noqa: F401,F403 - the vocabulary, re-exported
from shared.wire.events import __all__ as _events_all
from shared.wire.pushes import *  # noqa: F401,F403
from shared.wire.replies import *  # noqa: F401,F403
from shared.wire.replies import __all__ as _replies_all
from shared.wire.pushes import __all__ as _pushes_all
from shared.wire.tournaments import *  # noqa: F401,F403
from shared.wire.tournaments import __all__ as _tournaments_all
from shared.wire.views import *  # noqa: F401,F403
from shared.wire.views import __all__ as _views_all

__all__ = [*_events_all, *_views_all, *_pushes_all, *_tournaments_all, *_replies_all, *_admin_all]
