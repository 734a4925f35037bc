-- SPDX-License-Identifier: GPL-3.0-or-later
-- The trigger function of migration 0091: a new ticket keeps its price category's price of now.
CREATE OR REPLACE FUNCTION ticket_price() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.seat_id IS NOT NULL THEN
        SELECT p.price_cents INTO NEW.price_cents FROM inventory i JOIN price_categories p
            ON p.event_id = i.event_id AND p.category_id = i.category
         WHERE i.event_id = NEW.event_id AND i.seat_id = NEW.seat_id;
    ELSE
        SELECT p.price_cents INTO NEW.price_cents FROM ga_zones g JOIN price_categories p
            ON p.event_id = g.event_id AND p.category_id = g.category
         WHERE g.event_id = NEW.event_id AND g.ga_id = NEW.ga_id;
    END IF;
    NEW.price_cents := coalesce(NEW.price_cents, 0);
    RETURN NEW;
END $$;
