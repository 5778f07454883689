-- Stored events become versioned facts: {"v":1,"kind":"moved","seat":1,"move":"19-21"}.
-- The release before this one stored each event exactly as broadcast (the wire frame, with
-- its number, game, turn, legal moves, position and score); what can be derived is now
-- derived when broadcasting, so this drops it. The number and game stay in their columns.
-- A game_started fact carries its game's server seed (so that replaying the facts alone
-- rebuilds the dice); game_over no longer repeats the seed.

UPDATE events
SET payload = (
    jsonb_build_object('v', 1)
    || (payload::jsonb - 'type' - 'no' - 'game' - 'turn' - 'legal' - 'notation' - 'score'
        - 'wins' - 'client_seeds' - 'throw_no' - 'spec' - 'effect' - 'variant' - 'setup')
)::text
WHERE payload::jsonb -> 'v' IS NULL;

UPDATE events SET payload = (payload::jsonb - 'seed')::text WHERE kind = 'game_over';

UPDATE events e
SET payload = (e.payload::jsonb || jsonb_build_object('seed', g.seed))::text
FROM games g
WHERE e.kind = 'game_started' AND g.match_id = e.match_id AND g.game = e.game;
