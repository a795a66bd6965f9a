-- Step 3 (issue 15): snapshots of games' states for fast loading. A node that claims a game
-- restores the newest usable snapshot and replays only the actions after it. A snapshot is a
-- cache, never the record: the actions table stays the truth, and each snapshot carries the
-- digest of the actions it stands for (prefix), so one that no longer matches them (after a
-- takeback) is ignored.
CREATE TABLE game_snapshots (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version INTEGER NOT NULL CHECK (version >= 1),
    state   TEXT NOT NULL,
    prefix  TEXT NOT NULL,
    PRIMARY KEY (game_id, version)
);
