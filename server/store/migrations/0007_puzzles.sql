-- Step 6: the puzzles (server.store.puzzles): each account's puzzle rating and streak, its one
-- attempt at each puzzle (the primary key refuses a second, on any node), each attempted puzzle's
-- own moved rating (rated_puzzles, by puzzle id), and the puzzles mined from the cluster's own
-- finished games, with the games already mined. A step of its own.
CREATE TABLE puzzle_ratings (
    user_id     BIGINT PRIMARY KEY REFERENCES users (id),
    rating      DOUBLE PRECISION NOT NULL,
    rd          DOUBLE PRECISION NOT NULL,
    vol         DOUBLE PRECISION NOT NULL,
    attempts    INTEGER NOT NULL,
    solved      INTEGER NOT NULL,
    streak      INTEGER NOT NULL,
    best_streak INTEGER NOT NULL,
    updated     DOUBLE PRECISION NOT NULL
);
CREATE TABLE puzzle_attempts (
    user_id   BIGINT NOT NULL REFERENCES users (id),
    puzzle_id TEXT NOT NULL,
    solved    BOOLEAN NOT NULL,
    actions   TEXT NOT NULL,
    rating_before DOUBLE PRECISION NOT NULL,
    rating_after  DOUBLE PRECISION NOT NULL,
    t         DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_id, puzzle_id)
);
CREATE TABLE mined_puzzles (
    id      TEXT PRIMARY KEY,
    game_id TEXT NOT NULL,
    data    TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL
);
CREATE TABLE mined_games (
    game_id TEXT PRIMARY KEY,
    found   INTEGER NOT NULL,
    created DOUBLE PRECISION NOT NULL
);
CREATE TABLE rated_puzzles (
    puzzle_id TEXT PRIMARY KEY,
    rating    DOUBLE PRECISION NOT NULL,
    rd        DOUBLE PRECISION NOT NULL,
    vol       DOUBLE PRECISION NOT NULL,
    attempts  INTEGER NOT NULL,
    solved    INTEGER NOT NULL,
    updated   DOUBLE PRECISION NOT NULL
);
