-- Computer players. A seat row is either a person's (human = 1) or a bot's
-- own seat (human = 0: its token_hash is random and opens nothing, and
-- anyone may take the seat over during the game). `bot` is the level of the
-- bot playing the seat now: always set for a bot's own seat, and set on a
-- person's seat while a bot stands in for them (they are away); NULL when
-- the person plays.
--
-- A bot's actions are logged with origin 'player' (whoever plays the seat
-- made them) and client ids starting with 'bot:'.
ALTER TABLE seats ADD COLUMN bot TEXT;
ALTER TABLE seats ADD COLUMN human INTEGER NOT NULL DEFAULT 1;
