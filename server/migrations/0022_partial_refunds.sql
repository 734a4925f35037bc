-- SPDX-License-Identifier: GPL-3.0-or-later
-- Partial refunds: an order records how much it has refunded so far; an online order may send
-- several staff refunds to the provider for one payment intent (one per refund request).

ALTER TABLE orders
    ADD COLUMN refunded_cents bigint NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0);
UPDATE orders SET refunded_cents = amount_cents WHERE status = 'refunded';

-- A compensation stays one per intent; staff refunds (kind 'refund') may be several.
ALTER TABLE compensations DROP CONSTRAINT compensations_intent_id_key;
CREATE UNIQUE INDEX compensations_one_per_intent ON compensations (intent_id)
    WHERE kind = 'compensation';
CREATE INDEX compensations_intent ON compensations (intent_id);
