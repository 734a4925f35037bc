-- SPDX-License-Identifier: GPL-3.0-or-later
-- Prices as venues use them (issue 28, docs/pricing.md): ticket types on top of the price
-- categories, fees per channel, a tax per event; what each order was sold for, line by line.

CREATE TABLE ticket_types (
    event_id      uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    type_id       text NOT NULL CHECK (type_id ~ '^[a-z0-9][a-z0-9_-]{0,39}$'),
    position      integer NOT NULL,
    name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
    category      text, -- NULL: every category of the event
    price_cents   bigint CHECK (price_cents BETWEEN 0 AND 100000000),
    delta_cents   bigint CHECK (delta_cents BETWEEN -100000000 AND 100000000),
    max_per_event integer CHECK (max_per_event >= 0),
    max_per_order integer CHECK (max_per_order >= 1),
    channels      text[] NOT NULL CHECK (channels <@ ARRAY['online', 'box_office']
                                         AND cardinality(channels) > 0),
    PRIMARY KEY (event_id, type_id),
    CHECK ((price_cents IS NULL) <> (delta_cents IS NULL))
);

CREATE TABLE event_fees (
    event_id    uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    channel     text NOT NULL CHECK (channel IN ('online', 'box_office')),
    scope       text NOT NULL CHECK (scope IN ('ticket', 'order')),
    fixed_cents bigint NOT NULL CHECK (fixed_cents BETWEEN 0 AND 10000000),
    percent_bp  integer NOT NULL CHECK (percent_bp BETWEEN 0 AND 10000),
    PRIMARY KEY (event_id, channel, scope)
);

ALTER TABLE events
    ADD COLUMN tax_name     text NOT NULL DEFAULT '' CHECK (length(tax_name) <= 40),
    ADD COLUMN tax_rate_bp  integer NOT NULL DEFAULT 0 CHECK (tax_rate_bp BETWEEN 0 AND 10000),
    ADD COLUMN tax_included boolean NOT NULL DEFAULT true,
    ADD COLUMN refund_fees  boolean NOT NULL DEFAULT false;

-- The type the buyer picked for each seat of a hold (none: the category's price).
CREATE TABLE hold_ticket_types (
    hold_id uuid NOT NULL REFERENCES holds (id) ON DELETE CASCADE,
    seat_id text NOT NULL,
    type_id text NOT NULL,
    PRIMARY KEY (hold_id, seat_id)
);

-- What an order was sold for: tickets, their fees and the order's fee, each with its tax.
CREATE TABLE order_lines (
    order_id    uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    line_no     integer NOT NULL,
    event_id    uuid NOT NULL,
    kind        text NOT NULL CHECK (kind IN ('ticket', 'ticket_fee', 'order_fee')),
    reference   text NOT NULL DEFAULT '',
    type_id     text,
    type_name   text NOT NULL DEFAULT '',
    net_cents   bigint NOT NULL CHECK (net_cents >= 0),
    tax_cents   bigint NOT NULL CHECK (tax_cents >= 0),
    total_cents bigint NOT NULL CHECK (total_cents = net_cents + tax_cents),
    refunded    boolean NOT NULL DEFAULT false,
    PRIMARY KEY (order_id, line_no)
);
-- Counting a type's sales for its per-event limit.
CREATE INDEX order_lines_type ON order_lines (event_id, type_id) WHERE type_id IS NOT NULL;

-- The order's parts (the lines' sums), what no refund pays back (fees the event keeps), and the
-- tax refunded so far: the transaction log's triggers read them.
ALTER TABLE orders
    ADD COLUMN fee_cents          bigint NOT NULL DEFAULT 0 CHECK (fee_cents >= 0),
    ADD COLUMN tax_cents          bigint NOT NULL DEFAULT 0 CHECK (tax_cents >= 0),
    ADD COLUMN kept_cents         bigint NOT NULL DEFAULT 0 CHECK (kept_cents >= 0),
    ADD COLUMN kept_tax_cents     bigint NOT NULL DEFAULT 0 CHECK (kept_tax_cents >= 0),
    ADD COLUMN refunded_tax_cents bigint NOT NULL DEFAULT 0 CHECK (refunded_tax_cents >= 0);

-- The tax within what a refund of the ticket pays back (its price_cents).
ALTER TABLE tickets ADD COLUMN tax_cents bigint CHECK (tax_cents >= 0);

ALTER TABLE transaction_log ADD COLUMN fee_cents bigint NOT NULL DEFAULT 0;

-- The orders trigger of the log now also writes the fee and tax (its function's file changed);
-- the ticket price trigger takes the order's lines when there are some.
-- uses-function: transaction_log_orders
-- uses-function: ticket_price
