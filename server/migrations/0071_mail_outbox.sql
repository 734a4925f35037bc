-- SPDX-License-Identifier: GPL-3.0-or-later
-- Tickets by mail (issue 16): a job per paid order with a recipient, written by the transaction
-- that marks the order paid (a trigger, so every path that does is covered), sent by a worker.

-- A counter sale may name the fan's e-mail and language; online orders use the fan's account.
ALTER TABLE orders
    ADD COLUMN contact_email  text CHECK (length(contact_email) BETWEEN 3 AND 254),
    ADD COLUMN contact_locale text CHECK (length(contact_locale) BETWEEN 2 AND 16);
-- Fans' accounts carry these (migration 0060 adds them with their checks on a full tree).
ALTER TABLE users ADD COLUMN IF NOT EXISTS email text;
ALTER TABLE users ADD COLUMN IF NOT EXISTS locale text;

-- One job per order: mailed once. `interrupted` counts claims that ended without a record (a
-- crash between sending and writing `sent`): such a job is sent once more, never a third time.
CREATE TABLE mail_jobs (
    id            bigserial PRIMARY KEY,
    order_id      uuid NOT NULL UNIQUE REFERENCES orders (id),
    recipient     text NOT NULL,
    locale        text NOT NULL DEFAULT 'en',
    message_id    text NOT NULL,
    status        text NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
    attempts      integer NOT NULL DEFAULT 0,
    interrupted   integer NOT NULL DEFAULT 0,
    next_try_at   timestamptz NOT NULL DEFAULT now(),
    claimed_until timestamptz,
    last_error    text NOT NULL DEFAULT '',
    created_at    timestamptz NOT NULL DEFAULT now(),
    sent_at       timestamptz
);
CREATE INDEX mail_jobs_due ON mail_jobs (next_try_at) WHERE status IN ('pending', 'sending');

-- uses-function: order_paid_mail
CREATE TRIGGER orders_paid_mail AFTER INSERT OR UPDATE OF status ON orders
    FOR EACH ROW WHEN (NEW.status = 'paid') EXECUTE FUNCTION order_paid_mail();
