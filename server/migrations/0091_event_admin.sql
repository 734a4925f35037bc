-- SPDX-License-Identifier: GPL-3.0-or-later
-- The back office runs events (issue 27): a version for If-Match, when doors open and the sale
-- closes, a pause switch and cancellation. The holds trigger of 0065 refuses holds on paused,
-- cancelled and closed sales (server/db/sql/holds_refuse_before_sale.sql). The order of the
-- times is checked by the PATCH (with a message naming the field); the checks here are the last word.
ALTER TABLE events
    ADD COLUMN version       integer NOT NULL DEFAULT 1,
    ADD COLUMN doors_at      timestamptz,
    ADD COLUMN off_sale_at   timestamptz,
    ADD COLUMN paused        boolean NOT NULL DEFAULT false,
    ADD COLUMN cancelled_at  timestamptz,
    ADD COLUMN cancel_reason text,
    ADD CONSTRAINT events_off_sale_after_on_sale CHECK (off_sale_at IS NULL OR off_sale_at > on_sale_at),
    ADD CONSTRAINT events_doors_before_start CHECK (doors_at IS NULL OR doors_at <= starts_at);

-- Fans are told when their event moves or is called off: mail jobs of their own next to the
-- tickets mail, one per order and event version (a reschedule) or one per order (a cancel).
ALTER TABLE mail_jobs DROP CONSTRAINT mail_jobs_kind_check;
ALTER TABLE mail_jobs ADD CONSTRAINT mail_jobs_kind_check
    CHECK (kind IN ('paid', 'again', 'rescheduled', 'cancelled'));
CREATE UNIQUE INDEX mail_jobs_notice_once ON mail_jobs (message_id)
    WHERE kind IN ('rescheduled', 'cancelled');

-- What a ticket cost when it was sold: a later price change (or a seat moved to another price
-- category) never changes what a refund pays back. Filled by a trigger on every insert.
ALTER TABLE tickets ADD COLUMN price_cents bigint CHECK (price_cents >= 0);
UPDATE tickets t SET price_cents = coalesce(
    (SELECT p.price_cents FROM inventory i JOIN price_categories p
       ON p.event_id = i.event_id AND p.category_id = i.category
      WHERE i.event_id = t.event_id AND i.seat_id = t.seat_id),
    (SELECT p.price_cents FROM ga_zones g JOIN price_categories p
       ON p.event_id = g.event_id AND p.category_id = g.category
      WHERE g.event_id = t.event_id AND g.ga_id = t.ga_id), 0);
-- uses-function: ticket_price
CREATE TRIGGER tickets_price BEFORE INSERT ON tickets
    FOR EACH ROW WHEN (NEW.price_cents IS NULL) EXECUTE FUNCTION ticket_price();

-- No order on a cancelled event, even one racing the cancellation.
-- uses-function: orders_refuse_cancelled
CREATE TRIGGER orders_not_cancelled BEFORE INSERT ON orders
    FOR EACH ROW EXECUTE FUNCTION orders_refuse_cancelled();
