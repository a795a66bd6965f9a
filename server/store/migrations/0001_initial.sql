-- The PostgreSQL schema of the cluster store, as first created: the same records as the SQLite
-- store (schema version 2) plus the owner lease of each game (server.cluster.lease).
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE users (
    id         BIGINT PRIMARY KEY,
    name       TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created    DOUBLE PRECISION NOT NULL
);
CREATE TABLE games (
    id         TEXT PRIMARY KEY,
    created    DOUBLE PRECISION NOT NULL,
    updated    DOUBLE PRECISION NOT NULL,
    map_name   TEXT NOT NULL,
    map_text   TEXT NOT NULL,
    rules      TEXT NOT NULL,
    seed       BIGINT NOT NULL,
    first      INTEGER NOT NULL,
    settings   TEXT NOT NULL,
    join_code  TEXT UNIQUE,
    status     TEXT NOT NULL CHECK (status IN ('open', 'active', 'over')),
    result     TEXT,
    clock      TEXT,
    rematch_of TEXT,
    offers     TEXT,
    finished   DOUBLE PRECISION
);
CREATE INDEX games_status ON games (status);
CREATE INDEX games_rematch_of ON games (rematch_of);
CREATE TABLE seats (
    game_id    TEXT NOT NULL REFERENCES games (id),
    seat       INTEGER NOT NULL CHECK (seat IN (1, 2)),
    user_id    BIGINT REFERENCES users (id),
    token_hash TEXT,
    bot_level  INTEGER,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_user ON seats (user_id);
-- One row per accepted action: the primary key (game, version) is what makes an action
-- impossible to apply twice (a second insert at a version fails, and its unit with it).
CREATE TABLE actions (
    game_id TEXT NOT NULL REFERENCES games (id),
    version INTEGER NOT NULL CHECK (version >= 1),
    action  TEXT NOT NULL,
    t       DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, version)
);
CREATE TABLE ratings (
    subject TEXT NOT NULL,
    family  TEXT NOT NULL,
    rating  DOUBLE PRECISION NOT NULL,
    rd      DOUBLE PRECISION NOT NULL,
    vol     DOUBLE PRECISION NOT NULL,
    games   INTEGER NOT NULL,
    updated DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (subject, family)
);
CREATE INDEX ratings_board ON ratings (family, rating);
CREATE TABLE rating_changes (
    game_id       TEXT NOT NULL REFERENCES games (id),
    seat          INTEGER NOT NULL CHECK (seat IN (1, 2)),
    subject       TEXT NOT NULL,
    family        TEXT NOT NULL,
    before_rating DOUBLE PRECISION NOT NULL,
    before_rd     DOUBLE PRECISION NOT NULL,
    before_vol    DOUBLE PRECISION NOT NULL,
    before_games  INTEGER NOT NULL,
    after_rating  DOUBLE PRECISION NOT NULL,
    after_rd      DOUBLE PRECISION NOT NULL,
    after_vol     DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seat)
);
-- Which node decides a game's actions: the holder until `expires` (the database's clock),
-- and an epoch raised by every claim (the fencing token each write of the owner checks).
CREATE TABLE game_leases (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    node    TEXT NOT NULL,
    epoch   BIGINT NOT NULL,
    expires TIMESTAMPTZ NOT NULL
);
CREATE INDEX game_leases_node ON game_leases (node);
