-- SPDX-License-Identifier: GPL-3.0-or-later
-- The counter's day: split tender, exchanges, will-call and one drawer per workstation.

-- Split tender: the order's method is 'split', its parts (cash, card terminal) are rows here.
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_payment_method_check;
ALTER TABLE orders ADD CONSTRAINT orders_payment_method_check
    CHECK (payment_method IN ('card', 'cash', 'card_present', 'comp', 'split'));
CREATE TABLE order_payment_parts (
    id             bigserial PRIMARY KEY,
    order_id       uuid NOT NULL REFERENCES orders (id),
    method         text NOT NULL CHECK (method IN ('cash', 'card_present')),
    amount_cents   bigint NOT NULL CHECK (amount_cents > 0),
    refunded_cents bigint NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0),
    tendered_cents bigint,
    reference      text
);
CREATE INDEX order_payment_parts_order ON order_payment_parts (order_id);

-- A drawer (a till at one workstation) has at most one open shift: a second clerk signing in
-- there is told whose shift holds it.
ALTER TABLE shifts ADD COLUMN drawer text;
CREATE UNIQUE INDEX shifts_one_open_per_drawer ON shifts (drawer)
    WHERE status = 'open' AND drawer IS NOT NULL;

-- Will-call finds fans by e-mail or name; registration may have added these already.
ALTER TABLE users ADD COLUMN IF NOT EXISTS email text;
ALTER TABLE users ADD COLUMN IF NOT EXISTS name text;
