-- SPDX-License-Identifier: GPL-3.0-or-later
-- The payment_attempts trigger of migration 0099: a capture when an attempt succeeds (the
-- provider's card payment, or the counter's cash, terminal, split or comp settlement).
CREATE OR REPLACE FUNCTION transaction_log_attempts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO transaction_log (kind, event_id, order_id, channel, actor, method,
                                 amount_cents, currency, reference, note)
    SELECT 'capture', o.event_id, o.id, o.channel, coalesce(o.clerk, o.owner), NEW.method,
           NEW.amount_cents, NEW.currency, coalesce(NEW.intent_id, NEW.id::text), NEW.provider
      FROM orders o WHERE o.id = NEW.order_id;
    RETURN NULL;
END $$;
