-- SPDX-License-Identifier: GPL-3.0-or-later
-- The trigger function of migration 0095, for a seat held with expires_at 'infinity': held from
-- an allocation, or for the waiting list (its pool or an offer, migration 0120).
-- An allocation hold may sell it or give it back to the allocation (blocked), and a payment
-- window never gives it a time after which another buyer could take it over; anything else (a
-- statement freeing it for sale, or taking it for another hold) is refused.
-- A waiting-list seat may likewise be sold by its hold or keep it (never with a finite expiry),
-- move between the pool and offers of its event, or be freed (the trigger of migration 0120
-- then puts it back in the pool while fans wait for it); no other hold takes it.
CREATE OR REPLACE FUNCTION inventory_keep_allocation_hold() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    v_pool uuid;
    v_waiting boolean;
BEGIN
    SELECT e.waiting_pool INTO v_pool FROM events e WHERE e.id = OLD.event_id;
    v_waiting := OLD.hold_id = v_pool
                 OR EXISTS (SELECT 1 FROM holds h WHERE h.id = OLD.hold_id
                              AND h.waiting_entry IS NOT NULL);
    IF NEW.status = 'held' AND NEW.hold_id = OLD.hold_id THEN
        NEW.expires_at := 'infinity';
        RETURN NEW;
    ELSIF NEW.status = 'sold' AND NEW.hold_id = OLD.hold_id AND OLD.hold_id IS DISTINCT FROM v_pool THEN
        RETURN NEW;
    ELSIF NOT v_waiting AND NEW.status = 'blocked' AND NEW.hold_id IS NULL THEN
        RETURN NEW;
    ELSIF v_waiting AND NEW.status = 'available' THEN
        RETURN NEW;
    ELSIF v_waiting AND NEW.status = 'held' AND NEW.expires_at = 'infinity'
          AND (NEW.hold_id = v_pool
               OR EXISTS (SELECT 1 FROM holds h WHERE h.id = NEW.hold_id
                            AND h.event_id = NEW.event_id AND h.waiting_entry IS NOT NULL)) THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'seat % of event % is held from an allocation or for the waiting list',
        NEW.seat_id, NEW.event_id USING ERRCODE = 'BX005';
END
$$;
