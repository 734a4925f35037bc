-- SPDX-License-Identifier: GPL-3.0-or-later
-- The trigger function of migration 0091: a new ticket keeps what a refund of it pays back.
-- An order priced in lines (migration 0100): its ticket line, plus its fee line unless the order
-- keeps its fees (the event's rule when it was sold), and the tax within them. An older order: its price category's price of now.
CREATE OR REPLACE FUNCTION ticket_price() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    v_refund_fees boolean;
BEGIN
    SELECT o.kept_cents = 0 INTO v_refund_fees FROM orders o WHERE o.id = NEW.order_id;
    -- Lines of one seat or GA area are alike (types are per seat; GA places take the category).
    SELECT sum(l.total_cents), sum(l.tax_cents) INTO NEW.price_cents, NEW.tax_cents
      FROM (SELECT DISTINCT ON (kind) kind, total_cents, tax_cents FROM order_lines
             WHERE order_id = NEW.order_id AND reference = coalesce(NEW.seat_id, NEW.ga_id)
               AND (kind = 'ticket' OR (kind = 'ticket_fee' AND v_refund_fees))
             ORDER BY kind, line_no) l;
    IF NEW.price_cents IS NOT NULL THEN
        RETURN NEW;
    END IF;
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
    NEW.tax_cents := coalesce(NEW.tax_cents, 0);
    RETURN NEW;
END $$;
