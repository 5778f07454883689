-- Stored events become versioned facts: {"v":1,"kind":"moved","seat":1,"move":"19-21"}.
-- The release before this one stored each event exactly as broadcast (the wire frame, with
-- its number, game, turn, legal moves, position and score); what can be derived is now
-- derived when broadcasting, so this drops it. The number and game stay in their columns.
-- A game_started fact carries its game's server seed (so that replaying the facts alone
-- rebuilds the dice); game_over no longer repeats the seed.

UPDATE events
SET payload = json_patch(
    '{"v":1}',
    json_remove(payload, '$.type', '$.no', '$.game', '$.turn', '$.legal', '$.notation',
                '$.score', '$.wins', '$.client_seeds', '$.throw_no', '$.spec', '$.effect',
                '$.variant', '$.setup')
)
WHERE json_extract(payload, '$.v') IS NULL;

UPDATE events SET payload = json_remove(payload, '$.seed') WHERE kind = 'game_over';

UPDATE events
SET payload = json_set(payload, '$.seed',
    (SELECT g.seed FROM games g WHERE g.match_id = events.match_id AND g.game = events.game))
WHERE kind = 'game_started';
