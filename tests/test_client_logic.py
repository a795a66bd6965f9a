"""The client's screen logic without a window: layout on the rack and board, the preview,
the displayed board stepping through events, the event log, animation order, sessions."""

from __future__ import annotations

import threading

import msgspec
import pytest

from shared.rules.actions import Commit, EndTurn, OrderDefence
from shared.tools.ascii import position

from client.play.animation import Animator
from client.play.describe import describe_event, describe_result
from client.play.display import DisplayState
from client.play.preview import compute_preview, shadow_game, word_marks
from client.play.replay import ReplaySession
from client.play.session import LocalSession, Rejected, Seat, Update
from client.play.settings import Settings, load_settings, save_settings
from client.net.codec import ConnectionNote
from client.play.turn import TurnPlanner
from client.play.wire import wire_event, wire_view
from client.views.layout import game_layout
from rules_helpers import GOLD, LEXICON, SILVER
from shared.wire import Outcome
from wire_helpers import fight, message, removed, word

TERRAIN = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . S . . . G .
"""
LETTERS = """
S I N G . . . . .
. N O R . . . d .
. . T A U . . o .
. . . M . . . g .
"""


def worked_example():
    return position(TERRAIN, LETTERS, LEXICON, racks={GOLD: "swor", SILVER: "tea"})


def planner_for(game, player=GOLD) -> TurnPlanner:
    view = wire_view(game.view(player))
    d = DisplayState.from_view(view)
    t = TurnPlanner(player)
    t.sync(view.player(player).rack, d.letters[player], d.width, d.height, d.terrain)
    return t


# ---------------------------------------------------------------- the planner
def test_typing_runs_across_and_skips_own_letters():
    game = worked_example()
    t = planner_for(game)
    t.set_cursor((1, 3))
    for ch in "swor":
        assert t.type_letter(ch)
    # d at (1, 7) is gold's own letter: the cursor passes over it.
    assert t.placed == {(1, 3): "s", (1, 4): "w", (1, 5): "o", (1, 6): "r"}
    assert t.cursor == (1, 8)
    assert t.rack == []
    assert t.commit() == Commit(GOLD, ((1, 3, "s"), (1, 4, "w"), (1, 5, "o"), (1, 6, "r")), None)


# Gold's ONE stands down from its city; SEA (cut off) stands down further right.
THROUGH_TERRAIN = """
. . . . . .
. G . . . .
. . . . . .
. . . . . .
. . . . . S
"""
THROUGH_LETTERS = """
. o . . s .
. n . . e .
. e . . a .
. . . . . .
. . . . . .
"""


def through(rack: str):
    return planner_for(position(THROUGH_TERRAIN, THROUGH_LETTERS, LEXICON, racks={GOLD: rack}))


@pytest.mark.parametrize("typed", ["note", "ot"])
def test_typing_note_across_own_n_and_e_lays_only_o_and_t(typed):
    # the N at (1, 1) and the E at (1, 4) are gold's: whether or not they are typed, they stay
    t = through("otdeirlu")
    t.set_cursor((1, 1))
    for ch in typed:
        assert t.type_letter(ch), ch
    assert t.placed == {(1, 2): "o", (1, 3): "t"}
    assert sorted(t.rack) == sorted("deirlu")  # the E on the rack is still there
    assert t.cursor == (1, 5)


@pytest.mark.parametrize("typed", ["note", "ote"])
def test_typing_note_from_own_n_lays_o_t_and_e(typed):
    # only the N is on the board: O, T and E come from the rack
    t = planner_for(position(THROUGH_TERRAIN, ". o . . . .\n. n . . . .\n. e . . . .", LEXICON,
                             racks={GOLD: "ote"}))
    t.set_cursor((1, 1))
    for ch in typed:
        assert t.type_letter(ch), ch
    assert t.placed == {(1, 2): "o", (1, 3): "t", (1, 4): "e"}
    assert t.rack == []


def test_a_letter_typed_after_a_skip_that_is_not_the_skipped_one_is_laid():
    # TO then E: the cursor steps over SEA's E; typing D instead lays D after it
    t = through("otd")
    t.set_cursor((1, 2))
    for ch in "otd":
        assert t.type_letter(ch)
    assert t.placed == {(1, 2): "o", (1, 3): "t", (1, 5): "d"}
    # and a refused letter changes nothing
    t2 = through("ot")
    t2.set_cursor((1, 1))
    assert not t2.type_letter("z")
    assert t2.cursor == (1, 1) and t2.placed == {}


def test_typing_a_letter_not_on_the_rack_is_refused_and_backspace_undoes():
    t = planner_for(worked_example())
    t.set_cursor((0, 5))
    assert not t.type_letter("z")
    assert t.type_letter("s")
    assert t.backspace()
    assert t.placed == {} and sorted(t.rack) == sorted("swor") and t.cursor == (0, 5)


def test_clicking_the_cursor_cell_again_turns_the_direction():
    t = planner_for(worked_example())
    t.set_cursor((0, 5))
    assert t.direction == "across"
    t.set_cursor((0, 5))
    assert t.direction == "down"
    t.type_letter("s")
    assert t.cursor == (1, 5)


def test_place_lift_move_and_recall_keep_every_letter():
    t = planner_for(worked_example())
    assert t.place((0, 6), 0)
    assert not t.place((1, 7), 0), "gold's own letter is there"
    assert t.move_placed((0, 6), (0, 5))
    assert list(t.placed) == [(0, 5)]
    t.recall()
    assert t.placed == {} and sorted(t.rack) == sorted("swor")
    t.move_in_rack(0, 3)
    assert sorted(t.all_letters()) == sorted("swor")


def test_sync_keeps_the_layout_and_rack_order_while_the_letters_are_still_held():
    game = worked_example()
    t = planner_for(game)
    t.move_in_rack(3, 0)
    order = list(t.rack)
    t.place((0, 6), 1)
    view = wire_view(game.view(GOLD))
    d = DisplayState.from_view(view)
    t.sync("swor", d.letters[GOLD], d.width, d.height, d.terrain)
    assert t.placed == {(0, 6): order[1]}
    assert t.rack == [ch for i, ch in enumerate(order) if i != 1]
    t.sync("sw", d.letters[GOLD], d.width, d.height, d.terrain)  # the rack shrank (a commit elsewhere)
    assert sorted(t.all_letters()) == ["s", "w"]


def test_a_single_letter_extending_two_words_sends_the_chosen_direction():
    game = position(". . . .\n. . . .\nS . . G", "c a t .\n. . . .\n. . . .", LEXICON, racks={GOLD: "s"})
    t = planner_for(game)
    t.place((0, 3), 0)
    assert t.commit_direction() is None  # only 'cats' across: no need to say
    game2 = position(". . . .\n. . . .\nS . . G", "c a t .\n. . . o\n. . . e", LEXICON, racks={GOLD: "s"})
    t2 = planner_for(game2)
    t2.place((0, 3), 0)
    t2.direction = "down"
    assert t2.commit_direction() == "down"


# ---------------------------------------------------------------- the preview
def test_preview_of_sword_shows_strength_attack_defenders_and_the_outcome():
    game = worked_example()
    view = wire_view(game.view(GOLD))
    placed = {(1, 3): "s", (1, 4): "w", (1, 5): "o", (1, 6): "r"}
    pv = compute_preview(view, LEXICON, GOLD, placed)
    assert pv.ok and pv.word == "sword"
    assert pv.word_value == 7 and pv.strength == 10
    assert pv.score == 0  # GRAM beats it: S W O R are lost and gold's score stays where it was
    assert "x1.5 attacking word" in pv.strength_notes
    assert pv.attack
    assert sorted((d.text, d.strength) for d in pv.defenders) == sorted(
        [("sing", 4), ("nor", 3), ("tau", 3), ("not", 3), ("gram", 7)])
    best = [pv.defenders[i].text for i in pv.suggested]
    assert best[:2] == ["nor", "gram"]
    assert not pv.survives
    assert any("falls to GRAM" in line for line in pv.outcome)
    assert word_marks(pv)[(1, 3)] is True


def test_preview_names_a_non_word_and_the_rule_error():
    game = worked_example()
    pv = compute_preview(wire_view(game.view(GOLD)), LEXICON, GOLD, {(0, 5): "w", (0, 6): "s"})
    assert not pv.ok
    assert pv.error_code == "not_a_word"
    assert "WS" in pv.error
    assert [w.is_word for w in pv.words] == [False]
    assert word_marks(pv) == {(0, 5): False, (0, 6): False}


def test_preview_of_a_quiet_word_has_no_attack():
    game = position(". . . . S\n. . . . .\n. . G . .", "", LEXICON, racks={GOLD: "dog"})
    pv = compute_preview(wire_view(game.view(GOLD)), LEXICON, GOLD, {(2, 1): "d", (2, 2): "o", (2, 3): "g"})
    assert pv.ok and not pv.attack and pv.defenders == []
    assert pv.strength == 3 and pv.score == pv.word_value == 3


def test_the_shadow_game_agrees_with_the_real_one():
    game = worked_example()
    shadow = shadow_game(wire_view(game.view(GOLD)), LEXICON, viewer=GOLD)
    commit = Commit(GOLD, ((1, 3, "s"), (1, 4, "w"), (1, 5, "o"), (1, 6, "r")))
    assert shadow.plan_commit(commit).run == game.plan_commit(commit).run
    assert shadow.scores() == game.scores()
    assert shadow.racks[SILVER] == ["e"] * 3  # the opponent's letters are unknown, their number is not


# ---------------------------------------------------------------- display and log
def test_display_steps_through_the_combat_events_to_the_final_view():
    game = worked_example()
    d = DisplayState.from_view(wire_view(game.view(GOLD)))
    events = game.apply(Commit(GOLD, ((1, 3, "s"), (1, 4, "w"), (1, 5, "o"), (1, 6, "r"))))
    events += game.apply(OrderDefence(SILVER, game.pending.suggested_order))
    for ev in events:
        d.apply_event(wire_event(ev.to_dict(GOLD)))
    final = DisplayState.from_view(wire_view(game.view(GOLD)))
    assert d.letters == final.letters
    assert d.players[GOLD].score == final.players[GOLD].score
    lines = [describe_event(wire_event(ev.to_dict(GOLD))) for ev in events]
    assert "Gold attacks with SWORD" in lines
    assert "  SWORD (10) beats NOR (3)" in lines
    assert any(line and "falls to GRAM" in line for line in lines)


def test_results_read_as_sentences():
    assert describe_result(Outcome(winner=1, reason="conquest")) == "Gold wins by conquest: every city taken"
    assert describe_result(Outcome(winner=None, reason="stalemate")).startswith("A draw")
    assert describe_result(Outcome(winner=2, reason="score"), {2: "Ada"}).startswith("Ada wins")


# ---------------------------------------------------------------- animation
WORD, FIGHT, REMOVED = word(1, "cat"), fight(), removed(2, [(0, 0, "d")])
VIEW = wire_view(position(TERRAIN, "", LEXICON).view(None))

class Host:
    def __init__(self):
        self.log = []

    def step_started(self, step):
        self.log.append(("start", step.kind))

    def step_finished(self, step):
        self.log.append(("end", step.kind))

    def update_finished(self, update):
        self.log.append(("done", len(update.events)))


def test_animator_plays_steps_in_order_and_in_time():
    host = Host()
    anim = Animator(host, rate=1.0)
    events = [WORD, wire_event({"type": "scores", "scores": {}}), FIGHT]
    anim.enqueue(Update(events, VIEW))
    anim.tick(0.1)
    assert host.log == [("start", "word_committed")]
    anim.tick(0.4)  # 0.45 s for a word: scores (0 s) follows at once, then the fight starts
    assert host.log[1:] == [("end", "word_committed"), ("start", "scores"), ("end", "scores"),
                            ("start", "combat_step")]
    assert anim.busy
    anim.tick(2.0)
    assert host.log[-1] == ("done", 3) and not anim.busy


def test_instant_speed_and_skip_finish_at_once():
    host = Host()
    anim = Animator(host, rate=0.0)
    anim.enqueue(Update([FIGHT], VIEW))
    anim.tick(0.0)
    assert host.log[-1] == ("done", 1)
    host2 = Host()
    anim2 = Animator(host2, rate=1.0)
    anim2.enqueue(Update([FIGHT, REMOVED], VIEW))
    anim2.tick(0.01)
    anim2.skip()
    assert host2.log[-1] == ("done", 2) and not anim2.busy


# ---------------------------------------------------------------- sessions
def test_local_session_rejects_in_plain_words_and_lets_the_computer_answer():
    game = position(TERRAIN, "", LEXICON, racks={GOLD: "dog", SILVER: "tan"})
    calls = []

    def chooser(g, player, level, rng):
        calls.append((player, threading.current_thread().name))
        return EndTurn(player)

    session = LocalSession(game, {GOLD: Seat(GOLD, "You", True), SILVER: Seat(SILVER, "CPU", False, 1)},
                           chooser=chooser, ai_delay=0.0)
    session.submit(Commit(GOLD, ((0, 0, "d"), (0, 1, "g"))))
    out = session.poll()
    assert isinstance(out[0], Rejected) and out[0].code == "not_a_word"
    session.submit(Commit(SILVER, ((3, 3, "t"), (3, 4, "a"))))
    assert isinstance(session.poll()[0], Rejected)  # silver is not played at this screen
    session.submit(EndTurn(GOLD))
    updates = [m for m in session.poll() if isinstance(m, Update)]
    assert updates and updates[0].actor == GOLD
    for _ in range(100):
        session.wait_for_computer()
        msgs = session.poll()
        if any(isinstance(m, Update) and m.actor == SILVER for m in msgs):
            break
    else:
        pytest.fail("the computer never moved")
    assert calls and calls[0][0] == SILVER and calls[0][1] == "scryptic-ai"
    assert session.actor() == GOLD


def test_pass_and_play_shows_the_screen_to_whoever_acts():
    game = position(TERRAIN, "", LEXICON, racks={GOLD: "dog", SILVER: "tan"})
    session = LocalSession(game, {GOLD: Seat(GOLD, "Ann", True), SILVER: Seat(SILVER, "Bob", True)})
    assert session.hot_seat and session.viewer() == GOLD
    session.submit(EndTurn(GOLD))
    update = session.poll()[0]
    assert update.view.viewer == 1, "the update is shown to the player who acted"
    assert session.viewer() == SILVER


def test_replay_session_replays_a_record():
    game = position(TERRAIN, "", LEXICON, racks={GOLD: "dog", SILVER: "tan"})
    game.apply(EndTurn(GOLD))
    game.apply(EndTurn(SILVER))
    record = game.record()
    replay = ReplaySession(record, LEXICON, pace=0.0)
    seen = []
    while not replay.finished:
        seen += replay.poll()
    assert [u.actor for u in seen] == [GOLD, SILVER]
    assert replay.viewer() is None


class FakeFuture:
    def __init__(self, exc=None):
        self._exc = exc

    def done(self):
        return True

    def exception(self):
        return self._exc


class FakeClient:
    def __init__(self, view):
        from client.net.state import GameTracker

        tracker = GameTracker("g1")
        tracker.apply(message({"type": "state", "game": "g1", "seat": 1, "version": 0, "view": view,
                               "info": {"game": "g1", "status": "active", "map": "test",
                                        "players": {"1": {"name": "Ann", "taken": True},
                                                    "2": {"name": "Bob", "taken": True}}}}))
        self.games = {"g1": tracker}
        self.inbox = []
        self.sent = []

    def drain(self):
        out, self.inbox = [message(m) for m in self.inbox], []
        for m in out:
            if getattr(m, "game", None) in self.games:
                self.games[m.game].apply(m)
        return out

    def end_turn(self, game):
        from client.net.errors import ServerError

        self.sent.append(("end_turn", game))
        return FakeFuture(ServerError("not_your_turn", "it is silver's turn"))


def test_network_session_turns_messages_into_updates_errors_and_status():
    from client.play.net_session import NetworkSession

    game = position(TERRAIN, "", LEXICON, racks={GOLD: "dog", SILVER: "tan"})
    client = FakeClient(game.view(GOLD))
    session = NetworkSession(client, "g1", LEXICON)
    assert session.viewer() == GOLD and session.seats[SILVER].name == "Bob"
    session.submit(EndTurn(GOLD))
    assert client.sent == [("end_turn", "g1")]
    out = session.poll()
    assert isinstance(out[0], Rejected) and out[0].reason == "it is silver's turn"
    events = game.apply(EndTurn(GOLD))
    client.inbox = [
        ConnectionNote(status="reconnecting", delay=0.2),
        {"type": "update", "game": "g1", "version": 1, "events": [e.to_dict(GOLD) for e in events],
         "view": game.view(GOLD)},
    ]
    out = session.poll()
    assert session.connection_text.startswith("Connection lost")
    assert isinstance(out[-1], Update) and out[-1].events[0].type == "turn_ended"
    client.inbox = [ConnectionNote(status="connected", reconnects=1)]
    session.poll()
    assert session.connection_text is None


# ---------------------------------------------------------------- settings and layout
def test_settings_round_trip_and_bad_values_fall_back(tmp_path):
    s = Settings(name="Ada", server="ws://example.org:9000", width=1600, height=1000, animation="fast")
    save_settings(s, tmp_path)
    assert load_settings(tmp_path) == s
    (tmp_path / "settings.json").write_text('{"name": "", "width": 3, "animation": "warp", "junk": 1}')
    loaded = load_settings(tmp_path)
    assert loaded.name == "Player" and loaded.width == 1280 and loaded.animation == "normal"
    (tmp_path / "settings.json").write_text("not json")
    assert load_settings(tmp_path) == Settings()


@pytest.mark.parametrize("size", [(1200, 720), (1280, 800), (1920, 1080), (2560, 1440)])
def test_the_game_layout_tiles_the_window_without_overlaps(size):
    w, h = size
    lay = game_layout(w, h)
    assert lay.board.width > 500 and lay.board.height > 400
    assert lay.board.right <= lay.side.left and lay.rack.right <= lay.side.left
    assert lay.buttons.right <= lay.side.left
    assert lay.header.left == lay.side.left and lay.header.bottom == lay.side.top
    assert lay.board.top == h and lay.rack.top <= lay.board.bottom
    assert lay.slot_at(*lay.slot_centre(0), 12) == 0
    assert lay.slot_at(*lay.slot_centre(11), 12) == 11
    # The four panels cover the window exactly, so the game screen needs no full-window clear.
    assert lay.tiles(w, h)
    assert not game_layout(w, h).tiles(w + 1, h)


@pytest.mark.parametrize("size", [(1200, 720), (1280, 800), (1920, 1080)])
def test_every_coin_held_has_a_slot_inside_the_tray(size):
    for coins in (12, 13, 15):
        lay = game_layout(*size, slots=coins)
        assert lay.slots == coins
        last_x, _ = lay.slot_centre(coins - 1)
        assert lay.tray.left < lay.slot_centre(0)[0] - lay.slot / 2 + 1
        assert last_x + lay.slot / 2 <= lay.tray.right, f"coin {coins} spills out of the tray at {size}"
        assert lay.tray.right <= lay.buttons.left and lay.buttons.right <= lay.side.left


@pytest.mark.parametrize("size,scale,side,square_side", [((1200, 720), 1.0, 300, 300), ((1280, 800), 1.0, 320, 320),
                                                         ((1920, 1080), 1.25, 475, 703)])
def test_a_large_window_steps_up_and_a_square_board_leaves_no_wide_band(size, scale, side, square_side):
    from client.views.layout import SIDE_SHARE

    w, h = size
    lay, square = game_layout(w, h), game_layout(w, h, board_aspect=1.0)
    assert (lay.scale, lay.side.width, square.side.width) == (scale, side, square_side)
    assert square.tiles(w, h) and round(square.slot, 1) == (64.0 if scale > 1 else round(lay.slot, 1)), "full coins"
    assert lay.header.height == round(92 * scale) and lay.rack.height == round(108 * scale)
    # A square board fills the board's height; what is left of its width beside it is a
    # margin, not a band: 136 px each side at 1920x1080 (it was 284 with the side column at 380).
    board_h = square.board.height
    if scale > 1:
        assert (square.board.width - board_h) / 2 == 136 and square.buttons.height == 115
        assert square.buttons.width == 3 * 125 + 2 * 6, "the buttons grow with the step"
    assert square.side.width <= w * SIDE_SHARE


@pytest.mark.parametrize("size,scale,bar,palette,side,status", [((1200, 720), 1.0, 58, 232, 320, 30),
                                                                  ((1280, 800), 1.0, 58, 232, 320, 30),
                                                                  ((1920, 1080), 1.25, 72, 290, 460, 38)])
def test_the_editor_takes_the_games_size_step_on_a_large_window(size, scale, bar, palette, side, status):
    from client.editor.layout import editor_layout

    w, h = size
    lay = editor_layout(w, h)
    assert lay.scale == scale
    assert (lay.top.height, lay.palette.width, lay.side.width, lay.status.height) == (bar, palette, side, status)
    # The five panels tile the window: the bar on top, the palette and side panel down its
    # sides, the board over the status line between them.
    assert lay.top.bottom == lay.palette.top == lay.side.top == lay.board.top == h - bar and lay.top.width == w
    assert lay.board.left == lay.status.left == palette and lay.board.right == lay.status.right == lay.side.left
    assert lay.board.bottom == lay.status.top == status and lay.side.right == w
    if scale > 1:
        # 1920x1080: a board of 1170x970, tool buttons of 118x48 in a 19-point font, paint
        # swatches of 70 pixels.
        assert (lay.board.width, lay.board.height) == (1170, 970)
        assert (lay.px(94), lay.px(38), lay.px(56), lay.px(15)) == (118, 48, 70, 19)
    else:
        assert lay.board.width == w - 552 and lay.px(56) == 56


def test_network_session_follows_a_rematch_the_opponent_offered():
    from concurrent.futures import Future

    from client.play.net_session import NetworkSession

    game = position(TERRAIN, "", LEXICON, racks={GOLD: "dog", SILVER: "tan"})
    client = FakeClient(game.view(GOLD))
    asked = []

    def rematch(game_id, accept=True):
        asked.append((game_id, accept))
        return Future()  # the server answers later

    client.rematch = rematch
    session = NetworkSession(client, "g1", LEXICON, own_client=True)
    info = msgspec.to_builtins(client.games["g1"].info)
    client.inbox = [{"type": "info", "game": "g1", "info": {**info, "rematch": {"offered_by": [2], "game": None}}}]
    session.poll()
    assert session.rematch_offered(), "silver asked: gold sees the offer"
    assert session.rematch() is None and asked == [("g1", True)]
    assert session.rematch_ready() is None, "nothing to follow before the server starts it"
    # The server starts the new game: gold now plays silver there.
    client.inbox = [
        {"type": "info", "game": "g1", "info": {**info, "rematch": {"offered_by": [], "game": "g2"}}},
        {"type": "state", "game": "g2", "seat": 2, "version": 0, "view": game.view(SILVER), "info": info},
    ]
    client.games["g2"] = type(client.games["g1"])("g2")
    session.poll()
    follow = session.rematch_ready()
    assert follow is not None and follow.game_id == "g2" and follow.viewer() == SILVER
    assert follow.own_client and not session.own_client, "the connection passes to the new game"
    assert not session.rematch_offered()


def test_bench_timing_reports_presented_rate_median_and_p90():
    from client.capture import Timing

    frames = [0.010] * 8 + [0.020, 0.040]
    t = Timing(frames, [f / 2 for f in frames])
    assert t.fps == pytest.approx(10 / 0.14)
    assert t.median_ms == pytest.approx(10.0) and t.p90_ms == pytest.approx(22.0)
    assert t.draw_median_ms == pytest.approx(5.0) and t.draw_p90_ms == pytest.approx(11.0)
    assert Timing([], []).fps == 0.0
