-- SPDX-License-Identifier: GPL-3.0-or-later
-- The constraint trigger function of migration 0092, run at commit: a holdback row belongs to a
-- seat that is blocked, so a seat cannot be held or sold and held back at once.
CREATE OR REPLACE FUNCTION holdbacks_require_blocked() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM inventory i WHERE i.event_id = NEW.event_id
                      AND i.seat_id = NEW.seat_id AND i.status = 'blocked')
       AND EXISTS (SELECT 1 FROM holdbacks b WHERE b.event_id = NEW.event_id
                      AND b.seat_id = NEW.seat_id) THEN
        RAISE EXCEPTION 'seat % of event % is held back but not blocked', NEW.seat_id,
            NEW.event_id USING ERRCODE = 'BX002';
    END IF;
    RETURN NULL;
END
$$;
