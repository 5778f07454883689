-- A finished game's review (docs/review.md), made once on request and kept: the answer of
-- `GET /api/matches/{id}/games/{n}/review` as JSON, for the game id it was made of and the
-- search budget it was made with (a review made with another budget is made again).

CREATE TABLE game_reviews (
    match_id      TEXT    NOT NULL,
    game          BIGINT  NOT NULL,
    game_id       TEXT    NOT NULL,
    budget_nodes  BIGINT  NOT NULL,
    body          TEXT    NOT NULL,
    made_ms       BIGINT  NOT NULL,
    CONSTRAINT game_reviews_pk PRIMARY KEY (match_id, game),
    CONSTRAINT game_reviews_match_fk FOREIGN KEY (match_id) REFERENCES matches (id) ON DELETE CASCADE
);
