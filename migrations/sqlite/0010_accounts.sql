-- Accounts (docs/accounts.md). An account is a player (its ratings, games and series are the
-- player's) with a unique name, ways to sign in (passkeys, a password) and sessions. A
-- browser's old player key, claimed into an account, stops being a credential: its digest is
-- replaced by one of a secret nobody holds.

CREATE TABLE accounts (
    player_id      TEXT    NOT NULL,
    username       TEXT    NOT NULL,
    -- NFC, lower case: one name whatever its letters' case.
    username_key   TEXT    NOT NULL,
    -- The confusable skeleton (UTS #39): no name a reader would take for another's.
    username_look  TEXT    NOT NULL,
    -- The WebAuthn user handle (a UUID), what a passkey's authenticator gives back.
    webauthn_id    TEXT    NOT NULL,
    -- A PHC string (argon2id); NULL: no password.
    password_hash  TEXT,
    role           TEXT    NOT NULL DEFAULT 'player',
    created_ms     INTEGER  NOT NULL,
    -- When a moderator closed it (NULL: open). A closed account signs in no more.
    closed_ms      INTEGER,
    CONSTRAINT accounts_pk PRIMARY KEY (player_id),
    CONSTRAINT accounts_player_fk FOREIGN KEY (player_id) REFERENCES players (id),
    CONSTRAINT accounts_username_key_uq UNIQUE (username_key),
    CONSTRAINT accounts_username_look_uq UNIQUE (username_look),
    CONSTRAINT accounts_webauthn_id_uq UNIQUE (webauthn_id),
    CONSTRAINT accounts_role_ck CHECK (role IN ('player', 'moderator'))
);

-- A passkey: the credential as webauthn-rs keeps it (JSON: its public key and counter).
CREATE TABLE passkeys (
    id             TEXT    NOT NULL,
    player_id      TEXT    NOT NULL,
    name           TEXT    NOT NULL,
    passkey        TEXT    NOT NULL,
    created_ms     INTEGER  NOT NULL,
    last_used_ms   INTEGER,
    CONSTRAINT passkeys_pk PRIMARY KEY (id),
    CONSTRAINT passkeys_account_fk FOREIGN KEY (player_id) REFERENCES accounts (player_id) ON DELETE CASCADE
);
CREATE INDEX passkeys_player_ix ON passkeys (player_id);

-- A signed-in browser: the digest of its cookie's secret. Signing out deletes the row.
CREATE TABLE sessions (
    token_hash     TEXT    NOT NULL,
    player_id      TEXT    NOT NULL,
    created_ms     INTEGER  NOT NULL,
    seen_ms        INTEGER  NOT NULL,
    CONSTRAINT sessions_pk PRIMARY KEY (token_hash),
    CONSTRAINT sessions_account_fk FOREIGN KEY (player_id) REFERENCES accounts (player_id) ON DELETE CASCADE
);
CREATE INDEX sessions_player_ix ON sessions (player_id);

-- A passkey ceremony between its start and its finish (which may reach another node): what
-- the server asked the browser to sign, taken once.
CREATE TABLE ceremonies (
    id             TEXT    NOT NULL,
    kind           TEXT    NOT NULL,
    state          TEXT    NOT NULL,
    expires_ms     INTEGER  NOT NULL,
    CONSTRAINT ceremonies_pk PRIMARY KEY (id),
    CONSTRAINT ceremonies_kind_ck CHECK (kind IN ('sign_up', 'sign_in', 'add_passkey'))
);

-- A wrong password, counted against the name tried and the address it came from
-- (`name:<lower-case name>`, `addr:<address>`): sign-in is held after too many in a window,
-- whichever node each try reached. Rows older than the window are deleted as new ones come.
CREATE TABLE sign_in_failures (
    subject        TEXT    NOT NULL,
    at_ms          INTEGER  NOT NULL
);
CREATE INDEX sign_in_failures_subject_ix ON sign_in_failures (subject, at_ms);
CREATE INDEX sign_in_failures_at_ix ON sign_in_failures (at_ms);

-- A player's block of another: never paired in quick games.
CREATE TABLE blocks (
    player_id      TEXT    NOT NULL,
    blocked_id     TEXT    NOT NULL,
    created_ms     INTEGER  NOT NULL,
    CONSTRAINT blocks_pk PRIMARY KEY (player_id, blocked_id),
    CONSTRAINT blocks_player_fk FOREIGN KEY (player_id) REFERENCES accounts (player_id) ON DELETE CASCADE,
    CONSTRAINT blocks_blocked_fk FOREIGN KEY (blocked_id) REFERENCES accounts (player_id) ON DELETE CASCADE
);
CREATE INDEX blocks_blocked_ix ON blocks (blocked_id);

-- A report of a player (and perhaps a match they played in) for a moderator to read.
CREATE TABLE reports (
    id             TEXT    NOT NULL,
    reporter_id    TEXT    NOT NULL,
    reported_id    TEXT    NOT NULL,
    match_id       TEXT,
    reason         TEXT    NOT NULL,
    created_ms     INTEGER  NOT NULL,
    CONSTRAINT reports_pk PRIMARY KEY (id),
    CONSTRAINT reports_reporter_fk FOREIGN KEY (reporter_id) REFERENCES players (id),
    CONSTRAINT reports_reported_fk FOREIGN KEY (reported_id) REFERENCES players (id)
);
CREATE INDEX reports_created_ix ON reports (created_ms);
