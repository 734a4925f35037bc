-- SPDX-License-Identifier: GPL-3.0-or-later
-- The compensations trigger of migration 0099: a compensation (money that arrived for an order
-- that cannot be fulfilled, owed back) when it is queued, a payment refund when the provider
-- has sent back a compensation or a staff refund (the refund row itself comes from orders).
CREATE OR REPLACE FUNCTION transaction_log_compensations() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    v_kind text := CASE WHEN TG_OP = 'INSERT' THEN 'compensation' ELSE 'payment_refund' END;
BEGIN
    INSERT INTO transaction_log (kind, event_id, order_id, channel, actor, method,
                                 amount_cents, currency, reference, note)
    SELECT v_kind, o.event_id, NEW.order_id, coalesce(o.channel, ''),
           coalesce(o.clerk, o.owner, ''), coalesce(o.payment_method, 'card'), -NEW.amount_cents,
           NEW.currency,
           CASE WHEN TG_OP = 'INSERT' THEN NEW.intent_id ELSE coalesce(NEW.refund_id, NEW.id::text) END,
           NEW.kind || ': ' || NEW.reason
      FROM (SELECT 1) one LEFT JOIN orders o ON o.id = NEW.order_id;
    RETURN NULL;
END $$;
