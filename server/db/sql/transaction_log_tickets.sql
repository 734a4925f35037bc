-- SPDX-License-Identifier: GPL-3.0-or-later
-- The tickets trigger of migration 0099: a ticket issued (a sale, a comp or an exchange's new
-- seat) or voided (a refund, an exchange's old seat, a cancelled event), with its price.
CREATE OR REPLACE FUNCTION transaction_log_tickets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO transaction_log (kind, event_id, order_id, ticket_id, channel, actor, method,
                                 face_cents, currency, reference)
    SELECT CASE WHEN TG_OP = 'INSERT' THEN 'issue' ELSE 'void' END, NEW.event_id, NEW.order_id,
           NEW.id, o.channel, coalesce(o.clerk, o.owner), o.payment_method,
           coalesce(NEW.price_cents, 0), o.currency,
           coalesce(NEW.seat_id, NEW.ga_id, '')
      FROM orders o WHERE o.id = NEW.order_id;
    RETURN NULL;
END $$;
