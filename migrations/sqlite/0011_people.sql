-- Players among themselves (docs/accounts.md, "Challenges" and "Who is online"): who follows
-- whom, challenges by name, and accounts a moderator silenced. A challenge's match is made when it is accepted; until the
-- challenger's page has it, the challenger's seat token waits in the row.

CREATE TABLE follows (
    player_id      TEXT    NOT NULL,
    followed_id    TEXT    NOT NULL,
    created_ms     INTEGER  NOT NULL,
    CONSTRAINT follows_pk PRIMARY KEY (player_id, followed_id),
    CONSTRAINT follows_player_fk FOREIGN KEY (player_id) REFERENCES accounts (player_id) ON DELETE CASCADE,
    CONSTRAINT follows_followed_fk FOREIGN KEY (followed_id) REFERENCES accounts (player_id) ON DELETE CASCADE
);
CREATE INDEX follows_followed_ix ON follows (followed_id);

CREATE TABLE challenges (
    id             TEXT    NOT NULL,
    from_id        TEXT    NOT NULL,
    to_id          TEXT    NOT NULL,
    -- The match's terms as the create form sends them (JSON), checked when sent.
    terms          TEXT    NOT NULL,
    created_ms     INTEGER  NOT NULL,
    expires_ms     INTEGER  NOT NULL,
    state          TEXT    NOT NULL DEFAULT 'open',
    -- Once accepted: the match, and the challenger's seat token until the challenge expires.
    match_id       TEXT,
    from_token     TEXT,
    CONSTRAINT challenges_pk PRIMARY KEY (id),
    CONSTRAINT challenges_from_fk FOREIGN KEY (from_id) REFERENCES accounts (player_id) ON DELETE CASCADE,
    CONSTRAINT challenges_to_fk FOREIGN KEY (to_id) REFERENCES accounts (player_id) ON DELETE CASCADE,
    CONSTRAINT challenges_state_ck CHECK (state IN ('open', 'accepted', 'declined', 'cancelled'))
);
CREATE INDEX challenges_to_ix ON challenges (to_id, expires_ms);
CREATE INDEX challenges_from_ix ON challenges (from_id, expires_ms);

-- When a moderator silenced the account (NULL: not silenced): it cannot chat or challenge.
ALTER TABLE accounts ADD COLUMN silenced_ms INTEGER;
