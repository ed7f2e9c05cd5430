-- Rooms, their seats and the numbered write-ahead log of each game's actions.
-- Timestamps are milliseconds since the Unix epoch; JSON travels as TEXT so
-- that the same queries run on SQLite and PostgreSQL through sqlx's Any driver.

CREATE TABLE rooms (
    id              TEXT    PRIMARY KEY,
    game            TEXT    NOT NULL,
    seat_count      BIGINT  NOT NULL,
    -- Creation options (JSON), including a test fixture when one was allowed.
    options         TEXT    NOT NULL,
    -- 32 random bytes, hex. Never leaves the server.
    seed            TEXT    NOT NULL,
    -- SHA-256 of the host token, hex. The token itself is never stored.
    host_token_hash TEXT    NOT NULL,
    status          TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'finished')),
    created_at      BIGINT  NOT NULL,
    started_at      BIGINT,
    finished_at     BIGINT,
    -- The PlayerProfiles the game was started with (JSON array, by seat).
    setup           TEXT,
    -- The Outcome (JSON) once the game is over.
    outcome         TEXT
);

CREATE INDEX rooms_by_status ON rooms (status);

CREATE TABLE seats (
    room_id      TEXT    NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
    seat         BIGINT  NOT NULL,
    -- SHA-256 of the seat token (the host token when the host sits here), hex.
    token_hash   TEXT    NOT NULL,
    name         TEXT    NOT NULL,
    -- "HH:MM" as the player typed it (Osaki's start-player question).
    left_work_at TEXT,
    PRIMARY KEY (room_id, seat),
    UNIQUE (room_id, token_hash)
);

CREATE TABLE actions (
    room_id    TEXT    NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
    -- Action number, from 1 without gaps: the seed's stream for its chance.
    seq        BIGINT  NOT NULL,
    seat       BIGINT  NOT NULL,
    -- The client-chosen id that makes retries safe.
    client_id  TEXT    NOT NULL,
    -- The canonical action (JSON), as re-serialized by the rules.
    action     TEXT    NOT NULL,
    created_at BIGINT  NOT NULL,
    PRIMARY KEY (room_id, seq),
    UNIQUE (room_id, seat, client_id)
);
