-- Several games in one room (docs/fairness.md, "Play again"). When a
-- finished game's players play again, the game moves into past_games and
-- the room's own columns (seed, setup, contributions, outcome, its actions)
-- start over for the next one.

-- The number of the room's current game, from 1.
ALTER TABLE rooms ADD COLUMN game_number INTEGER NOT NULL DEFAULT 1;
-- When the current lobby opened, for a lobby after a rematch (the retention
-- sweep counts a lobby's age from here); NULL: at the room's creation.
ALTER TABLE rooms ADD COLUMN opened_at INTEGER;
-- 1 while the seat's person has not accepted the next game (nor left).
ALTER TABLE seats ADD COLUMN pending INTEGER NOT NULL DEFAULT 0;

CREATE TABLE past_games (
    room_id     TEXT    NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
    number      INTEGER  NOT NULL,
    started_at  INTEGER  NOT NULL,
    finished_at INTEGER  NOT NULL,
    -- Display names by seat (JSON array), as they were at the end.
    players     TEXT    NOT NULL,
    -- The Outcome (JSON).
    outcome     TEXT    NOT NULL,
    -- The game's whole record (JSON, protocol::record::GameRecord): seeds,
    -- contributions, set-up and every action; it replays the game.
    record      TEXT    NOT NULL,
    PRIMARY KEY (room_id, number)
);
