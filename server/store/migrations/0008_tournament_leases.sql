-- Step 8: which node directs each tournament, leased like a game (server/cluster/lease.py):
-- the holder until `expires` (the database's clock), an epoch raised by every claim (the
-- fencing token each write of the tournament's row checks), and when it was last renewed.
CREATE TABLE tournament_leases (
    tournament_id TEXT PRIMARY KEY REFERENCES tournaments (id),
    node          TEXT NOT NULL,
    epoch         BIGINT NOT NULL,
    expires       TIMESTAMPTZ NOT NULL,
    renewed       TIMESTAMPTZ
);
CREATE INDEX tournament_leases_node ON tournament_leases (node);
