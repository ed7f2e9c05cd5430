-- Room ownership when several nodes share one database (docs/scaling.md).
-- A node serves a room only while it holds the room's lease: `owner` is its
-- node id, `expires_at` the end of the lease in the database's clock (Unix
-- epoch ms), and `epoch` grows by one on every claim. Each of the room's
-- writes checks, in its own transaction, that (owner, epoch) is still this
-- row: a node that lost the room cannot write to it any more (fencing).
-- `wanted_by` is a node that was asked for the room while another held it:
-- the holder hands the room over at its next renewal.
CREATE TABLE room_leases (
    room_id    TEXT   PRIMARY KEY REFERENCES rooms (id) ON DELETE CASCADE,
    owner      TEXT   NOT NULL,
    epoch      BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    wanted_by  TEXT
);
CREATE INDEX room_leases_owner ON room_leases (owner);
