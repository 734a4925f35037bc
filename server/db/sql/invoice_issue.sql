-- SPDX-License-Identifier: GPL-3.0-or-later
-- Invoices (migration 0102, docs/pricing.md): an order with billing details gets its invoice in
-- the transaction that makes it paid, or that adds the details to a paid order; a refund of an
-- invoiced order gets a cancellation invoice in the transaction that records it. Numbers come
-- from the organiser's series row, locked until the transaction ends: consecutive, no gap (a
-- rolled-back transaction takes its number back), no duplicate (the primary key).
CREATE OR REPLACE FUNCTION invoice_next_number(p_organiser text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
    v_number bigint;
BEGIN
    INSERT INTO invoice_series (organiser, last_number) VALUES (p_organiser, 1)
    ON CONFLICT (organiser) DO UPDATE SET last_number = invoice_series.last_number + 1
    RETURNING last_number INTO v_number;
    RETURN v_number;
END $$;

-- The order's invoice, unless it has one: its lines and billing details as they are now.
CREATE OR REPLACE FUNCTION invoice_issue(p_order uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    v_order     orders%ROWTYPE;
    v_organiser text;
BEGIN
    SELECT * INTO v_order FROM orders WHERE id = p_order;
    IF v_order.status <> 'paid' OR v_order.payment_method = 'comp'
       OR NOT EXISTS (SELECT 1 FROM order_billing WHERE order_id = p_order)
       OR EXISTS (SELECT 1 FROM invoices WHERE order_id = p_order AND kind = 'invoice') THEN
        RETURN;
    END IF;
    SELECT organiser INTO v_organiser FROM events WHERE id = v_order.event_id;
    INSERT INTO invoices (organiser, number, kind, order_id, amount_cents, tax_cents, currency,
                          lines, billing)
    SELECT v_organiser, invoice_next_number(v_organiser), 'invoice', p_order,
           v_order.amount_cents, v_order.tax_cents, v_order.currency,
           coalesce((SELECT jsonb_agg(to_jsonb(l) - 'order_id' - 'event_id' ORDER BY l.line_no)
                       FROM order_lines l WHERE l.order_id = p_order), '[]'::jsonb),
           to_jsonb(b) - 'order_id'
      FROM order_billing b WHERE b.order_id = p_order;
END $$;

CREATE OR REPLACE FUNCTION invoice_on_order() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    -- Not invoices%ROWTYPE: this file is loaded before the migration creates the table.
    v_organiser text;
    v_number    bigint;
    v_billing   jsonb;
BEGIN
    IF NEW.status = 'paid' AND (TG_OP = 'INSERT' OR OLD.status <> 'paid') THEN
        PERFORM invoice_issue(NEW.id);
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.refunded_cents > OLD.refunded_cents THEN
        SELECT organiser, number, billing INTO v_organiser, v_number, v_billing
          FROM invoices WHERE order_id = NEW.id AND kind = 'invoice';
        IF FOUND THEN
            INSERT INTO invoices (organiser, number, kind, order_id, refers_to, amount_cents,
                                  tax_cents, currency, lines, billing)
            VALUES (v_organiser, invoice_next_number(v_organiser), 'cancellation', NEW.id,
                    v_number, OLD.refunded_cents - NEW.refunded_cents,
                    OLD.refunded_tax_cents - NEW.refunded_tax_cents, NEW.currency,
                    '[]'::jsonb, v_billing);
        END IF;
    END IF;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION invoice_on_billing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM invoice_issue(NEW.order_id);
    RETURN NULL;
END $$;
