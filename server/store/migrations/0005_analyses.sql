-- Step 5: the post-game analyses of finished games (the `analyse` request), one row a game, as
-- JSON text (docs/analysis.md); written once by the node that computed it, read by any.
CREATE TABLE analyses (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    depth   TEXT NOT NULL,
    data    TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL
);
