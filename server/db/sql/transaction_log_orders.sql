-- SPDX-License-Identifier: GPL-3.0-or-later
-- The orders trigger of migration 0099: a sale (or a comp) when an order becomes paid, an
-- exchange difference when a sold order's amount moves, a refund when its refunded sum grows.
-- An exchange names the difference's method (each part of a split) in the transaction-local
-- setting boxoffice.difference_method; without it the row takes the order's method.
-- A sale carries the order's fees and tax (migration 0100), a refund the tax it paid back.
CREATE OR REPLACE FUNCTION transaction_log_orders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    v_actor text := coalesce(NEW.clerk, NEW.owner);
    v_method text := coalesce(nullif(current_setting('boxoffice.difference_method', true), ''),
                              NEW.payment_method);
BEGIN
    IF NEW.status = 'paid' AND (TG_OP = 'INSERT' OR OLD.status <> 'paid') THEN
        INSERT INTO transaction_log (kind, event_id, order_id, channel, actor, method,
                                     amount_cents, face_cents, fee_cents, tax_cents, currency)
        VALUES (CASE WHEN NEW.payment_method = 'comp' THEN 'comp' ELSE 'sale' END, NEW.event_id,
                NEW.id, NEW.channel, v_actor, NEW.payment_method, NEW.amount_cents,
                NEW.amount_cents - NEW.fee_cents, NEW.fee_cents, NEW.tax_cents, NEW.currency);
    ELSIF TG_OP = 'UPDATE' AND NEW.amount_cents <> OLD.amount_cents THEN
        INSERT INTO transaction_log (kind, event_id, order_id, channel, actor, method,
                                     amount_cents, face_cents, currency)
        VALUES ('exchange_difference', NEW.event_id, NEW.id, NEW.channel, v_actor,
                v_method, NEW.amount_cents - OLD.amount_cents,
                NEW.amount_cents - OLD.amount_cents, NEW.currency);
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.refunded_cents <> OLD.refunded_cents THEN
        INSERT INTO transaction_log (kind, event_id, order_id, channel, actor, method,
                                     amount_cents, tax_cents, currency, note)
        VALUES ('refund', NEW.event_id, NEW.id, NEW.channel, v_actor, NEW.payment_method,
                OLD.refunded_cents - NEW.refunded_cents,
                OLD.refunded_tax_cents - NEW.refunded_tax_cents, NEW.currency, NEW.status_reason);
    END IF;
    RETURN NULL;
END $$;
