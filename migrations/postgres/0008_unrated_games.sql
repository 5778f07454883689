-- Rated means played (docs/ratings.md): a game of a rated match that was not rated says why:
-- `not_played` (it ended before every seat made a move), `pair_limit` (the pair's rated games
-- of the day were used up) or `same_player` (one player held two seats). Null otherwise.

ALTER TABLE games ADD COLUMN unrated TEXT;
