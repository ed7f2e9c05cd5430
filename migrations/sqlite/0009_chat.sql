-- Table chat (docs/protocol.md, "chat"): every line a room's players and
-- spectators wrote, numbered from 1 per room. A line is saved before anyone
-- sees it, like an action; rooms send their latest lines in `welcome`.
CREATE TABLE chat_lines (
    room_id   TEXT    NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
    id        INTEGER NOT NULL,
    at_ms     INTEGER NOT NULL,
    -- The speaker's seat; NULL for a spectator or the unseated host.
    seat      INTEGER,
    name      TEXT    NOT NULL,
    -- 1 when the speaker was watching (no seat, not the host).
    spectator INTEGER NOT NULL,
    text      TEXT    NOT NULL,
    PRIMARY KEY (room_id, id)
);
