-- Provably fair dealing (docs/fairness.md). rooms.seed is now committed to:
-- the room info shows its SHA-256 from creation on. Each player adds a
-- contribution when taking a seat (hex; '' for a bot's seat or a client that
-- sent none), and the game's seed is derived from the server's seed and
-- every seat's contribution. The contributions a game started with are
-- kept in the room (a JSON array by seat), since seats can change hands
-- during the game; NULL for games started before this migration, which
-- were dealt from rooms.seed alone and still replay from it.
ALTER TABLE seats ADD COLUMN contribution TEXT NOT NULL DEFAULT '';
ALTER TABLE rooms ADD COLUMN contributions TEXT;
