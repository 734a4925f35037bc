-- SPDX-License-Identifier: GPL-3.0-or-later
-- The trigger function of migration 0065 (the trigger is schema and stays there): no hold
-- before the sale opens (BX001), while it is paused (BX002), once the event is cancelled
-- (BX003) or after its off-sale time (BX004). The database's clock decides; the server's cached
-- settings only answer early requests sooner.
CREATE OR REPLACE FUNCTION holds_refuse_before_sale() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    e events%ROWTYPE;
BEGIN
    SELECT * INTO e FROM events WHERE id = NEW.event_id;
    IF NOT FOUND THEN
        RETURN NEW;
    ELSIF e.cancelled_at IS NOT NULL THEN
        RAISE EXCEPTION 'event % is cancelled', NEW.event_id USING ERRCODE = 'BX003';
    ELSIF e.on_sale_at > now() THEN
        RAISE EXCEPTION 'event % is not on sale yet', NEW.event_id USING ERRCODE = 'BX001';
    ELSIF e.paused THEN
        RAISE EXCEPTION 'the sale of event % is paused', NEW.event_id USING ERRCODE = 'BX002';
    ELSIF e.off_sale_at IS NOT NULL AND e.off_sale_at <= now() THEN
        RAISE EXCEPTION 'the sale of event % is over', NEW.event_id USING ERRCODE = 'BX004';
    END IF;
    RETURN NEW;
END
$$;
