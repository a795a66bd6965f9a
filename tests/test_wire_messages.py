"""The server's messages declared once (shared/wire): every event and view the engine makes fits
its Struct, byte for byte; the declarations match docs/protocol.md; the JSON Schema is current."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import msgspec
import pytest
from random_play import ARENA, LEXICON, sensible_action

import shared.rules.events as engine_events
from shared import wire
from shared.rules.actions import OrderDefence
from shared.rules.game import Game
from shared.rules.presets import PRESETS
from shared.rules.terrain import Player
from shared.wire.schema import SCHEMA_PATH, schema_text

ROOT = Path(__file__).resolve().parents[1]
VIEWERS = (Player.GOLD, Player.SILVER, None)


def _engine_event_classes() -> list[type]:
    return [cls for cls in vars(engine_events).values()
            if isinstance(cls, type) and issubclass(cls, engine_events.Event) and cls is not engine_events.Event]


def test_every_engine_event_kind_has_its_struct():
    kinds = {cls.type for cls in _engine_event_classes()}
    assert len(kinds) == 16
    assert kinds == set(wire.EVENT_TYPES)


def _same_bytes(data: dict, kind) -> object:
    """Convert ``data`` to ``kind``; encoding the Struct gives exactly the dict's bytes."""
    typed = msgspec.convert(data, kind)
    assert msgspec.msgpack.encode(typed) == msgspec.msgpack.encode(data), data
    return typed


@pytest.mark.parametrize("preset", ["war", "standard"])
@pytest.mark.parametrize("seed", range(4))
def test_random_games_events_and_views_fit_their_structs(seed, preset):
    rng = random.Random(seed)
    game = Game.new(ARENA, PRESETS[preset], seed, LEXICON)
    seen: set[str] = set()
    batches = [game.initial_events]
    for _ in range(160):
        for viewer in VIEWERS:
            for event in batches[-1]:
                data = event.to_dict(viewer)
                if data is not None:
                    typed = _same_bytes(data, wire.GameEvent)
                    assert wire.event_type(typed) == event.type
                    seen.add(event.type)
            view = _same_bytes(game.view(viewer), wire.View)
            assert view.viewer == (None if viewer is None else int(viewer))
            assert view.actor == (None if game.over else int(game.actor))
        if game.over:
            break
        batches.append(game.apply(sensible_action(game, rng)))
    assert {"game_started", "letters_drawn", "turn_started", "word_committed", "scores", "turn_ended"} <= seen


def test_a_defence_and_its_fights_fit_their_structs():
    """The design document's worked example: a pending defence of five words, then the fights."""
    from test_worked_example import GOLD, SILVER, across, example

    game = example()
    events = game.apply(across(GOLD, 1, 3, "swor"))
    for viewer in VIEWERS:
        view = _same_bytes(game.view(viewer), wire.View)
        assert isinstance(view.pending, wire.DefencePending)
        assert [(d.word, d.strength) for d in view.pending.defenders] == [
            ("sing", 4), ("nor", 3), ("tau", 3), ("not", 3), ("gram", 7)]
    names = [d.run.text for d in game.pending.defenders]
    events += game.apply(OrderDefence(SILVER, tuple(names.index(w) for w in ["nor", "tau", "not", "gram", "sing"])))
    kinds = []
    for viewer in VIEWERS:
        for event in events:
            data = event.to_dict(viewer)
            if data is not None:
                kinds.append(_same_bytes(data, wire.GameEvent))
    steps = [e for e in kinds if isinstance(e, wire.CombatStep)]
    assert [(s.attack_strength, s.defend_word, s.attacker_wins) for s in steps[:4]] == [
        (10, "nor", True), (7, "tau", True), (4, "not", True), (1, "gram", False)]
    assert steps[3].defend_detail is not None and steps[3].defend_detail.word == "gram"
    assert any(isinstance(e, wire.DefenceRequested) for e in kinds)


def _doc_event_fields() -> dict[str, set[str]]:
    """The events table of docs/protocol.md: type -> every backticked field of its row."""
    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    table = text.split("## Events", 1)[1].split("\n## ", 1)[0]
    out = {}
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 2 and re.fullmatch(r"`[a-z_]+`", cells[0]):
            # the top-level fields: the backticked names before any parenthesis of details
            names = re.findall(r"`([a-z_]+)`", re.sub(r"\([^()]*(\([^()]*\)[^()]*)*\)", "", cells[1]))
            out[cells[0].strip("`")] = set(names)
    return out


def test_event_structs_match_the_protocol_document():
    documented = _doc_event_fields()
    assert set(documented) == set(wire.EVENT_TYPES)
    for kind, cls in wire.EVENT_TYPES.items():
        fields = set(cls.__struct_encode_fields__)
        assert fields <= documented[kind] | {"type"}, (kind, fields - documented[kind])


def _keys_by_depth(example: str) -> dict[int, set[str]]:
    """The ``"key":`` names of a JSON-like example (comments after ``#`` left out), by brace depth."""
    text = "\n".join(line.split("#", 1)[0] for line in example.splitlines())
    out: dict[int, set[str]] = {}
    depth = 0
    for match in re.finditer(r'[{}]|"([a-z_0-9]+)":', text):
        if match.group(0) == "{":
            depth += 1
        elif match.group(0) == "}":
            depth -= 1
        else:
            out.setdefault(depth, set()).add(match.group(1))
    return out


def test_view_struct_matches_the_protocol_document():
    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    keys = _keys_by_depth(text.split("## The view", 1)[1].split("```", 2)[1])
    assert set(wire.View.__struct_encode_fields__) == keys[1]
    assert set(wire.PlayerEntry.__struct_encode_fields__) == keys[3]


def test_push_structs_match_the_protocol_document():
    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    pushes = text.split("## Pushes (server to client)", 1)[1].split("\n## The view", 1)[0]
    for cls in wire.Push.__args__:
        kind = cls.__struct_config__.tag
        shape = re.search(r'`\{"type": "%s"(.*?)\}`' % kind, pushes, flags=re.S)
        assert shape, kind
        keys = set(re.findall(r'"([a-z_]+)"', re.sub(r"\([^()]*\)", "", shape.group(1))))
        assert set(cls.__struct_encode_fields__) - {"type", "v"} <= keys, kind


def test_decoding_a_frame_gives_the_struct_of_its_type():
    frame = msgspec.msgpack.encode({"v": 2, "type": "presence", "game": "abcd1234", "seat": 2,
                                    "connected": False, "claim_after": 60.0, "later": "ignored"})
    message = wire.decode_message(frame)
    assert message == wire.PresencePush(game="abcd1234", seat=2, connected=False, claim_after=60.0)
    with pytest.raises(msgspec.ValidationError, match=r"\$\.seat"):
        wire.decode_message(msgspec.msgpack.encode({"type": "presence", "game": "g", "seat": "x", "connected": True}))


def test_the_committed_json_schema_is_current():
    assert SCHEMA_PATH.read_text(encoding="utf-8") == schema_text(), \
        "docs/wire-schema.json is out of date: run `scryptic wire-schema`"
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert {"ServerMessage", "GameEvent", "View"} <= set(schema["$defs"])


def test_the_declarations_speak_the_servers_and_the_clients_protocol_version():
    from client.net.codec import PROTOCOL_VERSION as CLIENT_VERSION
    from server.edge.protocol import PROTOCOL_VERSION as SERVER_VERSION

    assert wire.WIRE_VERSION == SERVER_VERSION == CLIENT_VERSION == 2


def test_the_chat_and_tournament_pushes_decode_to_their_structs():
    line = {"id": 7, "user": {"id": 3, "name": "Ann"}, "text": "hi", "t": 1.5}
    chat = wire.decode_message(msgspec.msgpack.encode({"v": 2, "type": "chat", "room": "tournament",
                                                        "tournament": "t1", "line": line}))
    assert chat == wire.ChatPush(room="tournament", tournament="t1",
                                 line=wire.ChatLine(id=7, user=wire.UserRef(id=3, name="Ann"), text="hi", t=1.5))
    assert wire.decode_message(msgspec.msgpack.encode({"type": "chat_muted", "reason": None})) == wire.ChatMutedPush()
    paired = wire.decode_message(msgspec.msgpack.encode({"type": "tournament_game", "tournament": "t1", "game": "g9",
                                                          "seat": 2, "opponent": {"id": 4, "name": "Bob"}}))
    assert paired == wire.TournamentGamePush(tournament="t1", game="g9", seat=2, opponent=wire.UserRef(id=4, name="Bob"))
    arena = {"id": "t1", "name": "Friday", "kind": "arena", "status": "finished", "starts": 10.0, "ends": 610.0,
             "seconds": 600, "map": "classic", "rules": "standard", "time_control": {"kind": "none"}, "rated": True,
             "max_players": 16, "players": 2, "winner": {"id": 3, "name": "Ann"},
             "standings": [{"rank": 1, "user": {"id": 3, "name": "Ann"}, "points": 4, "games": 2, "wins": 2,
                            "fire": True, "sheet": [2, 2], "present": True}],
             "playing": [], "finished": [{"game": "g1", "gold": 3, "silver": 4, "winner": 3}]}
    over = wire.decode_message(msgspec.msgpack.encode({"type": "tournament_over", "tournament": arena,
                                                        "winner": {"id": 3, "name": "Ann"}}))
    assert isinstance(over, wire.TournamentOverPush) and isinstance(over.tournament, wire.ArenaDetail)
    assert over.tournament.kind == "arena" and over.tournament.ends == 610.0
    assert over.tournament.standings == [wire.ArenaRow(rank=1, user=wire.UserRef(id=3, name="Ann"), points=4, games=2,
                                                       wins=2, fire=True, sheet=[2, 2], present=True)]
    assert over.tournament.finished == [wire.FinishedGame(game="g1", gold=3, silver=4, winner=3)]
    assert msgspec.msgpack.decode(msgspec.msgpack.encode(over.tournament)) == arena
    swiss = {**{k: v for k, v in arena.items() if k not in ("standings", "finished")}, "kind": "swiss", "rounds": 3,
             "round": 1, "byes": [None], "playing": [{"game": "g2", "gold": 3, "silver": 4, "round": 1}],
             "standings": [{"rank": 1, "user": {"id": 4, "name": "Bob"}, "points": 1.5, "games": 2, "wins": 1,
                            "buchholz": 2.0, "sonneborn_berger": 1.25, "byes": 0, "present": False}]}
    pushed = wire.decode_message(msgspec.msgpack.encode({"type": "tournament", "tournament": swiss}))
    assert isinstance(pushed, wire.TournamentPush) and isinstance(pushed.tournament, wire.SwissDetail)
    assert (pushed.tournament.round, pushed.tournament.standings[0].buchholz) == (1, 2.0)
    assert pushed.tournament.playing == [wire.RoundGame(game="g2", gold=3, silver=4, round=1)]
    assert wire.summary_of({k: v for k, v in swiss.items() if k not in ("standings", "playing", "byes")}).kind == "swiss"
    with pytest.raises(msgspec.ValidationError, match=r"\$\.tournament"):
        wire.decode_message(msgspec.msgpack.encode({"type": "tournament", "tournament": {"id": "t1"}}))
    with pytest.raises(msgspec.ValidationError, match=r"\$\.seat"):
        wire.decode_message(msgspec.msgpack.encode({"type": "tournament_game", "tournament": "t1", "game": "g", "seat": "x"}))
