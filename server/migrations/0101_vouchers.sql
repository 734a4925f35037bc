-- SPDX-License-Identifier: GPL-3.0-or-later
-- Vouchers and promo codes (issue 28 item 2, docs/pricing.md): a code gives a fixed price, an
-- amount off or a percentage off some events' tickets, used at most so often in all and per fan.

CREATE TABLE vouchers (
    -- The code as typed, and the key it is found by: codes are case-insensitive.
    code        text NOT NULL CHECK (code ~ '^[A-Za-z0-9][A-Za-z0-9_-]{2,39}$'),
    code_key    text PRIMARY KEY GENERATED ALWAYS AS (lower(code)) STORED,
    event_ids   uuid[] NOT NULL CHECK (cardinality(event_ids) BETWEEN 1 AND 100),
    categories  text[] NOT NULL DEFAULT '{}', -- empty: every category
    type_ids    text[] NOT NULL DEFAULT '{}', -- empty: every type (and no type)
    kind        text NOT NULL CHECK (kind IN ('fixed_price', 'amount_off', 'percent_off')),
    value_cents bigint CHECK (value_cents BETWEEN 0 AND 100000000),
    percent_bp  integer CHECK (percent_bp BETWEEN 1 AND 10000),
    max_uses    integer CHECK (max_uses >= 1),
    max_per_fan integer CHECK (max_per_fan >= 1),
    valid_from  timestamptz,
    valid_until timestamptz,
    disabled    boolean NOT NULL DEFAULT false,
    created_by  text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    version     integer NOT NULL DEFAULT 1,
    CHECK ((kind = 'percent_off') = (percent_bp IS NOT NULL)),
    CHECK ((kind = 'percent_off') = (value_cents IS NULL)),
    CHECK (valid_from IS NULL OR valid_until IS NULL OR valid_from < valid_until)
);
CREATE INDEX vouchers_events ON vouchers USING gin (event_ids);

-- The code a buyer entered on a hold (checked again, and counted, when the order is made).
CREATE TABLE hold_vouchers (
    hold_id  uuid PRIMARY KEY REFERENCES holds (id) ON DELETE CASCADE,
    code_key text NOT NULL REFERENCES vouchers (code_key) ON DELETE CASCADE
);

-- An order made with a code: one use while it waits for payment or is paid (a failed or
-- refunded order gives its use back). What the code took off is on its ticket lines.
ALTER TABLE orders ADD COLUMN voucher text REFERENCES vouchers (code_key);
CREATE INDEX orders_voucher ON orders (voucher, owner) WHERE voucher IS NOT NULL;
ALTER TABLE order_lines ADD COLUMN discount_cents bigint NOT NULL DEFAULT 0
    CHECK (discount_cents >= 0);
