-- Match clocks (docs/protocol.md, "Clocks"): the clock chosen at creation, as the JSON of the
-- protocol's ClockSpec (`{"kind":"fischer","base_secs":300,"increment_secs":3}` or
-- `{"kind":"correspondence","days":3}`); NULL for a match without a clock. The time each
-- move took is in its stored event, so a clock is rebuilt by replaying the events.

ALTER TABLE matches ADD COLUMN clock TEXT;
