-- SPDX-License-Identifier: GPL-3.0-or-later
-- The trigger function of migration 0065 (the trigger is schema and stays there).
CREATE OR REPLACE FUNCTION holds_refuse_before_sale() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM events e WHERE e.id = NEW.event_id AND e.on_sale_at > now()) THEN
        RAISE EXCEPTION 'event % is not on sale yet', NEW.event_id USING ERRCODE = 'BX001';
    END IF;
    RETURN NEW;
END
$$;
