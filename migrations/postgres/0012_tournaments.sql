-- Tournaments (docs/tournaments.md): arenas and Swiss events, their players, their games and
-- the Swiss byes. A tournament's games are ordinary matches; a row here ties a match to its
-- tournament and keeps the pair's seat tokens until the game is over, so a page that was
-- away when the pairing was made still finds its seat. The result is copied from the match
-- once it finished, so standings are a sum over these rows.

CREATE TABLE tournaments (
    id              TEXT    NOT NULL,
    kind            TEXT    NOT NULL,
    name            TEXT    NOT NULL,
    variant         TEXT    NOT NULL,
    -- The clock as the wire writes it (JSON): tournaments are always on a Fischer clock.
    clock           TEXT    NOT NULL,
    rated           BOOLEAN NOT NULL,
    created_by      TEXT    NOT NULL,
    created_ms      BIGINT  NOT NULL,
    starts_ms       BIGINT  NOT NULL,
    -- Arena: when it ends. Swiss: NULL.
    ends_ms         BIGINT,
    -- Swiss: the rounds, the round being played (0 before the first) and the least time
    -- from one round's start to the next's (NULL: as soon as the previous one finished).
    rounds          BIGINT,
    round           BIGINT  NOT NULL DEFAULT 0,
    round_gap_ms    BIGINT,
    status          TEXT    NOT NULL DEFAULT 'created',
    finished_ms     BIGINT,
    -- Raised by every change a page shows (a join, a pairing, a result).
    version         BIGINT  NOT NULL DEFAULT 0,
    -- Which node pairs it, and until when (several nodes: one pairs at a time).
    director        TEXT,
    director_until  BIGINT,
    CONSTRAINT tournaments_pk PRIMARY KEY (id),
    CONSTRAINT tournaments_creator_fk FOREIGN KEY (created_by) REFERENCES accounts (player_id) ON DELETE CASCADE,
    CONSTRAINT tournaments_kind_ck CHECK (kind IN ('arena', 'swiss')),
    CONSTRAINT tournaments_status_ck CHECK (status IN ('created', 'running', 'finished'))
);
CREATE INDEX tournaments_status_ix ON tournaments (status, starts_ms);

CREATE TABLE tournament_players (
    tournament_id   TEXT    NOT NULL,
    player_id       TEXT    NOT NULL,
    -- The rating in the tournament's variant when the player joined (pairing and
    -- performance use it).
    rating          BIGINT  NOT NULL,
    joined_ms       BIGINT  NOT NULL,
    -- An arena player who left is not paired again until they come back; a Swiss player
    -- who left is out of the rounds to come.
    active          BOOLEAN NOT NULL DEFAULT TRUE,
    -- When the player's page last asked about the tournament: an arena pairs only players
    -- who are there (or just finished a game).
    seen_ms         BIGINT,
    CONSTRAINT tournament_players_pk PRIMARY KEY (tournament_id, player_id),
    CONSTRAINT tournament_players_t_fk FOREIGN KEY (tournament_id) REFERENCES tournaments (id) ON DELETE CASCADE,
    CONSTRAINT tournament_players_p_fk FOREIGN KEY (player_id) REFERENCES accounts (player_id) ON DELETE CASCADE
);

CREATE TABLE tournament_games (
    match_id        TEXT    NOT NULL,
    tournament_id   TEXT    NOT NULL,
    -- Swiss: the round; arena: 0.
    round           BIGINT  NOT NULL,
    first_id        TEXT    NOT NULL,
    second_id       TEXT    NOT NULL,
    first_token     TEXT,
    second_token    TEXT,
    started_ms      BIGINT  NOT NULL,
    -- NULL while in play; then first_won, second_won, draw, or void (no result: it does not
    -- count, as an arena game that ended after the arena did).
    outcome         TEXT,
    ended_ms        BIGINT,
    CONSTRAINT tournament_games_pk PRIMARY KEY (match_id),
    CONSTRAINT tournament_games_t_fk FOREIGN KEY (tournament_id) REFERENCES tournaments (id) ON DELETE CASCADE,
    CONSTRAINT tournament_games_outcome_ck CHECK (outcome IN ('first_won', 'second_won', 'draw', 'void'))
);
CREATE INDEX tournament_games_t_ix ON tournament_games (tournament_id, outcome);

CREATE TABLE tournament_byes (
    tournament_id   TEXT    NOT NULL,
    round           BIGINT  NOT NULL,
    player_id       TEXT    NOT NULL,
    CONSTRAINT tournament_byes_pk PRIMARY KEY (tournament_id, round),
    CONSTRAINT tournament_byes_t_fk FOREIGN KEY (tournament_id) REFERENCES tournaments (id) ON DELETE CASCADE
);
