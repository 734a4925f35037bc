-- SPDX-License-Identifier: GPL-3.0-or-later
-- The trigger function of migration 0095, for a seat held from an allocation (expires_at
-- 'infinity'): its hold may sell it or give it back to the allocation (blocked), and a payment
-- window never gives it a time after which another buyer could take it over; anything else (a
-- statement freeing it for sale, or taking it for another hold) is refused.
CREATE OR REPLACE FUNCTION inventory_keep_allocation_hold() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.status = 'held' AND NEW.hold_id = OLD.hold_id THEN
        NEW.expires_at := 'infinity';
        RETURN NEW;
    ELSIF NEW.status = 'sold' AND NEW.hold_id = OLD.hold_id THEN
        RETURN NEW;
    ELSIF NEW.status = 'blocked' AND NEW.hold_id IS NULL THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'seat % of event % is held from an allocation', NEW.seat_id, NEW.event_id
        USING ERRCODE = 'BX005';
END
$$;
