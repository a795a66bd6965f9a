-- Step 6: tournaments (docs/tournaments.md), one row an event, its whole state as JSON text,
-- rewritten by the node that directs the event, read by any; and chat moderation: the mutes and
-- blocks players set, the operator's chat mutes, the players' reports waiting for the operator.
CREATE TABLE tournaments (
    id      TEXT PRIMARY KEY,
    status  TEXT NOT NULL,
    data    TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL DEFAULT extract(epoch FROM now()),
    updated DOUBLE PRECISION NOT NULL
);

CREATE TABLE chat_relations (
    user_id BIGINT NOT NULL,
    target  BIGINT NOT NULL,
    kind    TEXT NOT NULL CHECK (kind IN ('mute', 'block')),
    PRIMARY KEY (user_id, target)
);

CREATE TABLE chat_silenced (
    user_id BIGINT PRIMARY KEY,
    reason  TEXT NOT NULL,
    t       DOUBLE PRECISION NOT NULL
);

CREATE TABLE reports (
    id       TEXT PRIMARY KEY,
    reporter BIGINT NOT NULL,
    data     TEXT NOT NULL,
    t        DOUBLE PRECISION NOT NULL
);
CREATE INDEX reports_t ON reports (t);
