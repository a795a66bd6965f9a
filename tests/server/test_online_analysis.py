"""The analyse request: a finished game's analysis computed by the analysis workers, stored
with the game and pushed; a second request gets the stored one; bad requests change nothing."""

from __future__ import annotations

import pytest
import srv_helpers as H

from client.net.errors import ServerError
from shared.analysis import split_turns
from shared import wire
from shared.rules.record import parse_record

pytestmark = pytest.mark.asyncio


async def test_a_finished_game_is_analysed_pushed_stored_and_given_again(start_server, connect):
    server = await start_server(analysis_depth="quick")
    duel = await H.make_duel(server, connect, seed=3)
    game = duel["game"]
    with pytest.raises(ServerError) as refused:  # the game is not over yet
        await duel["silver"].analyse(game)
    assert refused.value.code == "not_finished"
    await H.play_script(duel["clients"], game, 3, 0)
    analysis = await duel["silver"].analyse(game)
    record = parse_record(await duel["gold"].export(game))
    turns = analysis["turns"]
    assert [t["number"] for t in turns] == [t.number for t in split_turns(record, H.lexicon())[0]]
    assert len(analysis["graph"]) == len(turns) + 1 and set(analysis["accuracy"]) == {"1", "2"}
    assert all(0.0 <= t["chance_before"] <= 1.0 and t["loss"] >= 0.0 for t in turns)
    assert server.analyses.done == 1 and not server.analyses.jobs
    # asked again (by a spectator too): the stored one, at once, not computed again
    watcher = await connect(server, "Watcher")
    again = await watcher.request("analyse", game=game)
    assert again["status"] == "ready" and again["analysis"] == analysis
    assert server.analyses.done == 1
    # kept with the game: a restarted server has it still
    db = server.config.resolved_db_path()
    await server.stop()
    restarted = await start_server(db=db, analysis_depth="quick")
    later = await connect(restarted, "Later")
    assert (await later.request("analyse", game=game)) == {"game": game, "status": "ready", "analysis": analysis}


async def test_bad_analysis_requests_are_refused_and_change_nothing(start_server, connect):
    server = await start_server(analysis_depth="quick", analyses_per_user=1, analysis_queue=1)
    client = await connect(server, "Asker")
    with pytest.raises(ServerError) as unknown:
        await client.analyse("0123456789")
    assert unknown.value.code == "no_such_game"
    first = await H.make_duel(server, connect, seed=3)
    second = await H.make_duel(server, connect, seed=4)
    for duel in (first, second):
        await H.play_script(duel["clients"], duel["game"], duel["seed"], 0)
    queued = await first["gold"].request("analyse", game=first["game"])
    assert queued["status"] == "queued" and queued["ahead"] == 0
    with pytest.raises(ServerError) as limited:  # one at a time per account
        await first["gold"].request("analyse", game=second["game"])
    assert limited.value.code == "rate_limited"
    with pytest.raises(ServerError) as busy:  # the queue holds one game
        await second["silver"].request("analyse", game=second["game"])
    assert busy.value.code == "server_busy"
    joined = await first["silver"].request("analyse", game=first["game"])  # the same game: waits with it
    assert joined["status"] == "queued"
    await H.wait_for(lambda: not server.analyses.jobs, timeout=120)
    assert server.analyses.done == 1
    assert (await second["silver"].request("analyse", game=second["game"]))["status"] == "queued"


async def test_a_server_without_analysis_workers_says_so(start_server, connect):
    server = await start_server(analysis_workers=0)
    duel = await H.make_duel(server, connect, seed=3)
    await H.play_script(duel["clients"], duel["game"], 3, 0)
    with pytest.raises(ServerError) as off:
        await duel["gold"].analyse(duel["game"])
    assert off.value.code == "analysis_off"


async def test_a_worker_that_dies_is_told_to_the_askers_and_replaced():
    from concurrent.futures.process import BrokenProcessPool

    import msgpack

    from server.analyses import AnalysisDesk
    from server.edge import protocol as P

    class DeadPool:
        def submit(self, *args, **kwargs):
            raise BrokenProcessPool("a worker died")

        def shutdown(self, **kwargs):
            pass

    class Archive:
        saved: list = []

        async def load(self, game_id):
            return None

        async def save(self, game_id, depth, analysis):
            self.saved.append(game_id)

    class Asker:
        id, user_id = 7, 3
        frames: list = []

        def push(self, data):
            self.frames.append(msgpack.unpackb(data))

    async def export(client, req):
        return wire.ExportReply(game=req.game, record="unused", result=None)

    desk = AnalysisDesk(Archive(), export, H.lexicon_factory)
    desk._pool = DeadPool()
    asker = Asker()
    queued = await desk.analyse(asker, P.Analyse(id=1, game="abcd1234"))
    assert queued == wire.AnalyseReply(game="abcd1234", status="queued", ahead=0)
    await H.wait_for(lambda: asker.frames)
    assert [{k: v for k, v in f.items() if k != "v"} for f in asker.frames] == [
        {"type": "analysis_failed", "game": "abcd1234", "reason": "the server's analysis worker stopped; ask again"}]
    assert desk._pool is None and not desk.jobs and Archive.saved == []  # a new pool next time; nothing stored
