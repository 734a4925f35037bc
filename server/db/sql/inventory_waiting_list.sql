-- SPDX-License-Identifier: GPL-3.0-or-later
-- The trigger function of migration 0120. While an event's waiting list is on and has fans
-- waiting for a seat's category:
--  * a seat coming back (freed by a refund, a cancelled order, a released holdback, a released
--    or swept hold, a lapsed offer) is held by the event's pool instead of becoming available;
--  * a lapsed hold's seat is not taken over by another hold or sale (the row is left as it is,
--    so the taker's statement counts one seat short and answers seat_unavailable); the sweeper
--    frees it soon after, into the pool.
-- Otherwise the change goes through as written.
CREATE OR REPLACE FUNCTION inventory_waiting_list() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    v_pool uuid;
BEGIN
    IF NEW.status <> 'available' AND OLD.expires_at >= now() THEN
        RETURN NEW; -- a live hold's seat: not a lapsed one taken over
    END IF;
    SELECT e.waiting_pool INTO v_pool FROM events e
     WHERE e.id = NEW.event_id AND e.waiting_list_enabled
       AND EXISTS (SELECT 1 FROM waiting_entries w
                    WHERE w.event_id = e.id AND w.state = 'waiting'
                      AND (cardinality(w.categories) = 0 OR NEW.category = ANY(w.categories)));
    IF NOT FOUND THEN
        RETURN NEW;
    END IF;
    IF NEW.status <> 'available' THEN
        RETURN NULL;
    END IF;
    NEW.status := 'held';
    NEW.hold_id := v_pool;
    NEW.owner := NULL;
    NEW.expires_at := 'infinity';
    RETURN NEW;
END
$$;
