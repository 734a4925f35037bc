-- SPDX-License-Identifier: GPL-3.0-or-later
-- The trigger function of migration 0091: no new order on a cancelled event. FOR SHARE waits
-- for a cancellation in progress (it holds the event row), so an order that races it is either
-- committed first (and the cancellation pays it back) or refused here.
CREATE OR REPLACE FUNCTION orders_refuse_cancelled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM events WHERE id = NEW.event_id AND cancelled_at IS NULL FOR SHARE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'event % is cancelled', NEW.event_id USING ERRCODE = 'BX003';
    END IF;
    RETURN NEW;
END $$;
