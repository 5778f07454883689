-- Per-match chat (docs/protocol.md "Chat"): two rooms per match, `players` and
-- `spectators`; messages numbered per match from 1 (the rooms share the numbers). Not part
-- of the event log: a message changes nothing in the game. `seat` is NULL for a spectator;
-- `text` is the server's normalised text (plain text, at most 300 characters); `at` is
-- RFC 3339 UTC text, whole seconds, as sent. Stored before it is sent; a recovered match
-- reads back the last 50 of each room.
-- (Version 0005: 0004 is taken by the match clocks.)

CREATE TABLE chat_messages (
    match_id  TEXT    NOT NULL,
    id        BIGINT  NOT NULL,
    room      TEXT    NOT NULL,
    seat      BIGINT,
    name      TEXT    NOT NULL,
    text      TEXT    NOT NULL,
    at        TEXT    NOT NULL,
    CONSTRAINT chat_messages_pk PRIMARY KEY (match_id, id),
    CONSTRAINT chat_messages_match_fk FOREIGN KEY (match_id) REFERENCES matches (id) ON DELETE CASCADE,
    CONSTRAINT chat_messages_room_ck CHECK (room IN ('players', 'spectators')),
    CONSTRAINT chat_messages_seat_ck CHECK (seat IS NULL OR seat BETWEEN 1 AND 4),
    CONSTRAINT chat_messages_id_ck CHECK (id >= 1)
);
-- A recovered match's last messages per room.
CREATE INDEX chat_messages_room_ix ON chat_messages (match_id, room, id);
