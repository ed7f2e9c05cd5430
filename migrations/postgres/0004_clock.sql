-- Time as an input (turn clocks and rules deadlines).
-- Who made each logged action: 'player' (a client's act) or 'timeout' (the
-- server, when a deadline passed). Replay applies both alike; the origin is
-- for the record and for clients' logs. The commit time the room's timer
-- counts from is the existing created_at (and rooms.started_at for the
-- first decision), now written by the room itself so that the time it arms
-- a deadline from and the time a restart re-arms it from are the same value.
ALTER TABLE actions ADD COLUMN origin TEXT NOT NULL DEFAULT 'player' CHECK (origin IN ('player', 'timeout'));
