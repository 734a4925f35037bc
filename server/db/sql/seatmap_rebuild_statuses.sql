-- SPDX-License-Identifier: GPL-3.0-or-later
-- (Re)builds an event's vector from the live statuses under the lock of its version row, which
-- the relay takes (UPDATE of seatmap_versions) before it writes the vector: no relay batch
-- interleaves, and later batches apply on top. A held seat whose hold expired counts as
-- available, as in the relay's deltas. NULL (nothing built) when the event's ordinals are not
-- exactly 0..n-1 (inventory written by hand).
CREATE OR REPLACE FUNCTION seatmap_rebuild_statuses(p_event uuid) RETURNS bigint
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    v_version bigint;
BEGIN
    IF EXISTS (SELECT FROM inventory WHERE event_id = p_event
                HAVING count(*) <> count(DISTINCT ordinal) OR min(ordinal) <> 0
                    OR max(ordinal) <> count(*) - 1) THEN
        RETURN NULL;
    END IF;
    INSERT INTO seatmap_versions (event_id, version) VALUES (p_event, 0)
        ON CONFLICT (event_id) DO NOTHING;
    SELECT version INTO v_version FROM seatmap_versions WHERE event_id = p_event FOR UPDATE;
    IF NOT FOUND THEN
        RETURN NULL; -- the event is gone
    END IF;
    DELETE FROM seatmap_statuses WHERE event_id = p_event;
    INSERT INTO seatmap_statuses (event_id, chunk, codes)
    SELECT p_event, ordinal / 1024,
           string_agg(CASE WHEN status = 'held' AND expires_at < now() THEN 'a'
                           ELSE left(status, 1) END, '' ORDER BY ordinal)
      FROM inventory WHERE event_id = p_event GROUP BY ordinal / 1024;
    UPDATE seatmap_versions
       SET ga = (SELECT coalesce(jsonb_object_agg(ga_id, capacity - held - sold), '{}')
                   FROM ga_zones WHERE event_id = p_event)
     WHERE event_id = p_event;
    RETURN v_version;
END $$;
