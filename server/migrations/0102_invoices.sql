-- SPDX-License-Identifier: GPL-3.0-or-later
-- Invoices (issue 28 item 5, docs/pricing.md): on request, an order gets an invoice with a
-- consecutive number of its event's organiser, and a refund of it a cancellation invoice.

-- Whose name the tickets are sold in: each organiser numbers its invoices on its own.
ALTER TABLE events ADD COLUMN organiser text NOT NULL DEFAULT 'house'
    CHECK (organiser ~ '^[a-z0-9][a-z0-9_-]{0,39}$');

CREATE TABLE invoice_series (
    organiser   text PRIMARY KEY,
    last_number bigint NOT NULL CHECK (last_number >= 1)
);

-- What the buyer asked to be invoiced to.
CREATE TABLE order_billing (
    order_id   uuid PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
    company    text NOT NULL CHECK (length(company) BETWEEN 1 AND 200),
    address    text NOT NULL CHECK (length(address) BETWEEN 1 AND 500),
    vat_number text NOT NULL DEFAULT '' CHECK (length(vat_number) <= 40),
    added_at   timestamptz NOT NULL DEFAULT now()
);

-- Issued invoices are documents: their lines and billing details as they were, never changed.
CREATE TABLE invoices (
    organiser    text NOT NULL,
    number       bigint NOT NULL,
    kind         text NOT NULL CHECK (kind IN ('invoice', 'cancellation')),
    order_id     uuid NOT NULL REFERENCES orders (id),
    refers_to    bigint, -- a cancellation: the invoice it cancels (part of)
    issued_at    timestamptz NOT NULL DEFAULT now(),
    amount_cents bigint NOT NULL,
    tax_cents    bigint NOT NULL,
    currency     text NOT NULL,
    lines        jsonb NOT NULL,
    billing      jsonb NOT NULL,
    PRIMARY KEY (organiser, number),
    CHECK ((kind = 'cancellation') = (refers_to IS NOT NULL))
);
CREATE UNIQUE INDEX invoices_one_per_order ON invoices (order_id) WHERE kind = 'invoice';
CREATE INDEX invoices_order ON invoices (order_id);

-- uses-function: invoice_issue
CREATE TRIGGER orders_invoice AFTER INSERT OR UPDATE OF status, refunded_cents ON orders
    FOR EACH ROW EXECUTE FUNCTION invoice_on_order();
CREATE TRIGGER order_billing_invoice AFTER INSERT ON order_billing
    FOR EACH ROW EXECUTE FUNCTION invoice_on_billing();

-- Nothing changes or removes an issued invoice; a correction is a cancellation.
CREATE FUNCTION invoices_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'invoices are issued documents: never changed or deleted';
END $$;
CREATE TRIGGER invoices_append_only BEFORE UPDATE OR DELETE ON invoices
    FOR EACH ROW EXECUTE FUNCTION invoices_append_only();
