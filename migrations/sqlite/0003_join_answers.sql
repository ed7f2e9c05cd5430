-- Join questions belong to each game: a seat keeps the player's checked
-- answers as one JSON object keyed by question id, in place of Osaki's own
-- left_work_at column, and a started room's setup holds those answers per
-- seat (the PlayerProfile is now the answers object itself).

ALTER TABLE seats ADD COLUMN answers TEXT NOT NULL DEFAULT '{}';

-- "7:15" was accepted and stored as typed; answers are stored as "07:15".
UPDATE seats
SET answers = json_object(
    'left_work_at',
    CASE WHEN length(left_work_at) = 4 THEN '0' || left_work_at ELSE left_work_at END
)
WHERE left_work_at IS NOT NULL;

ALTER TABLE seats DROP COLUMN left_work_at;

-- Setups stored Osaki's answer as minutes where later is larger (01:30 was
-- 25 h 30 min = 1530); it goes back to the "HH:MM" the player gave, which
-- Osaki reads to the same minutes, so old games replay unchanged.
-- (The ordered subquery keeps the seats in order without needing an ORDER BY
-- inside the aggregate, which SQLite before 3.44 lacks.)
UPDATE rooms
SET setup = (
    SELECT json_group_array(json(profile))
    FROM (
        SELECT
            CASE
                WHEN json_type(value, '$.left_work_at') = 'integer' THEN json_set(
                    value,
                    '$.left_work_at',
                    printf(
                        '%02d:%02d',
                        (json_extract(value, '$.left_work_at') / 60) % 24,
                        json_extract(value, '$.left_work_at') % 60
                    )
                )
                ELSE value
            END AS profile
        FROM json_each(rooms.setup)
        ORDER BY key
    )
)
WHERE setup LIKE '%left_work_at%';
