-- SPDX-License-Identifier: GPL-3.0-or-later
-- The trigger function of migration 0092: a held-back seat (one with a holdback row) stays
-- blocked; releasing it deletes the row first (db::HoldbackRepository::release).
CREATE OR REPLACE FUNCTION inventory_keep_held_back() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM holdbacks b
                WHERE b.event_id = NEW.event_id AND b.seat_id = NEW.seat_id) THEN
        RAISE EXCEPTION 'seat % of event % is held back', NEW.seat_id, NEW.event_id
            USING ERRCODE = 'BX002';
    END IF;
    RETURN NEW;
END
$$;
