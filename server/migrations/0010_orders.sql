-- SPDX-License-Identifier: GPL-3.0-or-later
-- Orders, payments and the box office: what the core schema leaves to the order flow.

ALTER TABLE orders
    ADD COLUMN payment_method text NOT NULL DEFAULT 'card'
        CHECK (payment_method IN ('card', 'cash', 'card_present', 'comp')),
    ADD COLUMN clerk          text,
    ADD COLUMN shift_id       uuid,
    ADD COLUMN tendered_cents bigint,
    ADD COLUMN change_cents   bigint,
    ADD COLUMN reference      text,
    ADD COLUMN status_reason  text NOT NULL DEFAULT '';
CREATE INDEX orders_pending ON orders (created_at) WHERE status = 'pending';

ALTER TABLE payment_attempts
    ADD COLUMN client_secret  text,
    ADD COLUMN refunded_cents bigint NOT NULL DEFAULT 0,
    ADD COLUMN last_error     text NOT NULL DEFAULT '';
CREATE INDEX payment_attempts_open ON payment_attempts (updated_at)
    WHERE status IN ('created', 'pending', 'uncertain');

-- Webhook outcome per provider event: applied, ignored (duplicate transition), unmatched.
ALTER TABLE payment_events ADD COLUMN outcome text NOT NULL DEFAULT '';

-- A compensation refunds money that arrived for an order that can no longer be fulfilled; a
-- refund row of kind 'refund' is a staff refund of a paid online order through the provider.
ALTER TABLE compensations
    ADD COLUMN kind       text NOT NULL DEFAULT 'compensation' CHECK (kind IN ('compensation', 'refund')),
    ADD COLUMN refund_id  text,
    ADD COLUMN last_error text NOT NULL DEFAULT '';
CREATE INDEX compensations_due ON compensations (next_try_at) WHERE status = 'pending';

ALTER TABLE tickets
    ADD COLUMN used_at     timestamptz,
    ADD COLUMN replaced_by uuid;

CREATE TABLE shifts (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    clerk         text NOT NULL,
    status        text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    float_cents   bigint NOT NULL CHECK (float_cents >= 0),
    counted_cents bigint,
    opened_at     timestamptz NOT NULL DEFAULT now(),
    closed_at     timestamptz
);
-- One open shift per clerk.
CREATE UNIQUE INDEX shifts_one_open ON shifts (clerk) WHERE status = 'open';

-- Money movements of a shift: sales (+) and refunds (-) by method.
CREATE TABLE shift_entries (
    id           bigserial PRIMARY KEY,
    shift_id     uuid NOT NULL REFERENCES shifts (id),
    order_id     uuid NOT NULL REFERENCES orders (id),
    kind         text NOT NULL CHECK (kind IN ('sale', 'refund')),
    method       text NOT NULL,
    amount_cents bigint NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shift_entries_shift ON shift_entries (shift_id);
