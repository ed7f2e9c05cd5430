-- One row per running store writer. Every transaction the writer commits also
-- records its number here, so that after a commit whose answer was lost (the
-- connection dropped after COMMIT was sent) the writer can read back whether
-- it committed. See server/src/store/writer.rs.

CREATE TABLE store_writers (
    writer_id   TEXT    PRIMARY KEY,
    -- Number of the writer's last committed transaction.
    last_commit BIGINT  NOT NULL,
    -- Milliseconds since the Unix epoch; rows idle for a week are pruned.
    updated_at  BIGINT  NOT NULL
);
