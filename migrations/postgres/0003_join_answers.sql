-- Join questions belong to each game: a seat keeps the player's checked
-- answers as one JSON object keyed by question id, in place of Osaki's own
-- left_work_at column, and a started room's setup holds those answers per
-- seat (the PlayerProfile is now the answers object itself).

ALTER TABLE seats ADD COLUMN answers TEXT NOT NULL DEFAULT '{}';

-- "7:15" was accepted and stored as typed; answers are stored as "07:15".
UPDATE seats
SET answers = json_build_object('left_work_at', lpad(left_work_at, 5, '0'))::text
WHERE left_work_at IS NOT NULL;

ALTER TABLE seats DROP COLUMN left_work_at;

-- Setups stored Osaki's answer as minutes where later is larger (01:30 was
-- 25 h 30 min = 1530); it goes back to the "HH:MM" the player gave, which
-- Osaki reads to the same minutes, so old games replay unchanged.
UPDATE rooms
SET setup = (
    SELECT jsonb_agg(
        CASE
            WHEN jsonb_typeof(profile.value -> 'left_work_at') = 'number' THEN jsonb_set(
                profile.value,
                '{left_work_at}',
                to_jsonb(
                    lpad((((profile.value ->> 'left_work_at')::int / 60) % 24)::text, 2, '0')
                    || ':'
                    || lpad(((profile.value ->> 'left_work_at')::int % 60)::text, 2, '0')
                )
            )
            ELSE profile.value
        END
        ORDER BY profile.position
    )::text
    FROM jsonb_array_elements(rooms.setup::jsonb) WITH ORDINALITY AS profile (value, position)
)
WHERE setup LIKE '%left_work_at%';
