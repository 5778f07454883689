-- SQLite dialect of migrations/postgres/0003_ratings.sql (booleans are 0/1 integers).
-- Glicko-2 ratings (docs/ratings.md). A match is rated or casual, chosen at creation; every
-- game of a rated match updates its players' ratings in its rating pool (the variant, or
-- `modern3`/`modern4` for three or four players), in the transaction that stores the game's
-- end, and keeps each seat's before and after in rating_changes.

ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;

CREATE TABLE ratings (
    player_id   TEXT              NOT NULL,
    pool        TEXT              NOT NULL,
    rating      REAL              NOT NULL,
    deviation   REAL              NOT NULL,
    volatility  REAL              NOT NULL,
    games       INTEGER           NOT NULL,
    updated_ms  INTEGER           NOT NULL,
    CONSTRAINT ratings_pk PRIMARY KEY (player_id, pool),
    CONSTRAINT ratings_player_fk FOREIGN KEY (player_id) REFERENCES players (id),
    CONSTRAINT ratings_deviation_ck CHECK (deviation > 0),
    CONSTRAINT ratings_games_ck CHECK (games >= 0)
);
CREATE INDEX ratings_pool_ix ON ratings (pool, rating DESC);

CREATE TABLE rating_changes (
    match_id          TEXT              NOT NULL,
    game              INTEGER           NOT NULL,
    seat              INTEGER           NOT NULL,
    player_id         TEXT              NOT NULL,
    pool              TEXT              NOT NULL,
    rating_before     REAL              NOT NULL,
    deviation_before  REAL              NOT NULL,
    rating_after      REAL              NOT NULL,
    deviation_after   REAL              NOT NULL,
    at_ms             INTEGER           NOT NULL,
    CONSTRAINT rating_changes_pk PRIMARY KEY (match_id, game, seat),
    CONSTRAINT rating_changes_match_fk FOREIGN KEY (match_id) REFERENCES matches (id) ON DELETE CASCADE,
    CONSTRAINT rating_changes_player_fk FOREIGN KEY (player_id) REFERENCES players (id)
);
CREATE INDEX rating_changes_player_ix ON rating_changes (player_id, pool, at_ms);
