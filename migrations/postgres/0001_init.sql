-- Senet store, Postgres dialect. Times are Unix milliseconds; JSON is kept as text so the
-- same queries run on SQLite. Secrets (player keys, seat tokens, invites, spectator keys)
-- are stored as hex SHA-256 digests; server seeds are stored as they are (the server needs
-- them to keep throwing after a restart, and reveals them when a game ends).

CREATE TABLE players (
    id          TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    key_hash    TEXT    NOT NULL,
    created_ms  BIGINT  NOT NULL,
    CONSTRAINT players_pk PRIMARY KEY (id),
    CONSTRAINT players_key_hash_uq UNIQUE (key_hash),
    CONSTRAINT players_name_len_ck CHECK (length(name) BETWEEN 1 AND 64)
);

CREATE TABLE matches (
    id                  TEXT     NOT NULL,
    name                TEXT     NOT NULL,
    variant             TEXT     NOT NULL,
    options             TEXT     NOT NULL,
    players             BIGINT   NOT NULL,
    series_kind         TEXT     NOT NULL,
    series_target       BIGINT   NOT NULL,
    public              BOOLEAN  NOT NULL,
    spectator_key_hash  TEXT,
    status              TEXT     NOT NULL DEFAULT 'joining',
    winner_seat         BIGINT,
    created_ms          BIGINT   NOT NULL,
    updated_ms          BIGINT   NOT NULL,
    CONSTRAINT matches_pk PRIMARY KEY (id),
    CONSTRAINT matches_players_ck CHECK (players BETWEEN 2 AND 4),
    CONSTRAINT matches_series_kind_ck CHECK (series_kind IN ('best_of', 'first_to')),
    CONSTRAINT matches_series_target_ck CHECK (series_target BETWEEN 1 AND 99),
    CONSTRAINT matches_status_ck CHECK (status IN ('joining', 'live', 'finished')),
    CONSTRAINT matches_winner_ck CHECK (winner_seat IS NULL OR winner_seat BETWEEN 1 AND players)
);
-- Recovery loads every unfinished match; the leaderboard filters on variant.
CREATE INDEX matches_unfinished_ix ON matches (created_ms) WHERE status <> 'finished';
CREATE INDEX matches_variant_ix ON matches (variant, status);

CREATE TABLE seats (
    match_id     TEXT    NOT NULL,
    seat         BIGINT  NOT NULL,
    player_id    TEXT,
    name         TEXT,
    token_hash   TEXT    NOT NULL,
    invite_hash  TEXT    NOT NULL,
    claimed      BOOLEAN NOT NULL,
    CONSTRAINT seats_pk PRIMARY KEY (match_id, seat),
    CONSTRAINT seats_match_fk FOREIGN KEY (match_id) REFERENCES matches (id) ON DELETE CASCADE,
    CONSTRAINT seats_player_fk FOREIGN KEY (player_id) REFERENCES players (id),
    CONSTRAINT seats_seat_ck CHECK (seat BETWEEN 1 AND 4)
);
CREATE INDEX seats_player_ix ON seats (player_id) WHERE player_id IS NOT NULL;

CREATE TABLE games (
    match_id      TEXT    NOT NULL,
    game          BIGINT  NOT NULL,
    game_id       TEXT    NOT NULL,
    seed          TEXT    NOT NULL,
    commitment    TEXT    NOT NULL,
    seats         TEXT    NOT NULL,
    client_seeds  TEXT,
    winner_seat   BIGINT,
    reason        TEXT,
    points        BIGINT,
    started_ms    BIGINT  NOT NULL,
    ended_ms      BIGINT,
    CONSTRAINT games_pk PRIMARY KEY (match_id, game),
    CONSTRAINT games_game_id_uq UNIQUE (game_id),
    CONSTRAINT games_match_fk FOREIGN KEY (match_id) REFERENCES matches (id) ON DELETE CASCADE,
    CONSTRAINT games_game_ck CHECK (game >= 1),
    CONSTRAINT games_points_ck CHECK (points IS NULL OR points >= 0)
);

CREATE TABLE events (
    match_id  TEXT    NOT NULL,
    no        BIGINT  NOT NULL,
    game      BIGINT  NOT NULL,
    kind      TEXT    NOT NULL,
    payload   TEXT    NOT NULL,
    CONSTRAINT events_pk PRIMARY KEY (match_id, no),
    CONSTRAINT events_match_fk FOREIGN KEY (match_id) REFERENCES matches (id) ON DELETE CASCADE,
    CONSTRAINT events_no_ck CHECK (no >= 1)
);
