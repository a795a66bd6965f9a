-- Step 6: tournaments (docs/tournaments.md), one row an event, its whole state as JSON text;
-- rewritten by the node that directs the event, read by any.
CREATE TABLE tournaments (
    id      TEXT PRIMARY KEY,
    status  TEXT NOT NULL,
    data    TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL DEFAULT extract(epoch FROM now()),
    updated DOUBLE PRECISION NOT NULL
);
