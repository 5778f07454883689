-- Bot seats (docs/bots.md): a seat played by the server's computer opponent holds its level
-- (`easy`, `medium` or `hard`) here; NULL for a seat a person holds. A bot seat is claimed
-- when the match is created, and its token is never given to anyone.

ALTER TABLE seats ADD COLUMN bot TEXT;
