-- SPDX-License-Identifier: GPL-3.0-or-later
-- Mailing an order's tickets again (issue 17, will-call): a clerk's deliberate resend is a job of
-- its own, a new message with its own Message-ID, next to the one mail the payment wrote.

ALTER TABLE mail_jobs
    ADD COLUMN kind         text NOT NULL DEFAULT 'paid' CHECK (kind IN ('paid', 'again')),
    ADD COLUMN requested_by text;
-- Still at most one job per paid order from the trigger; any number of resends.
ALTER TABLE mail_jobs DROP CONSTRAINT mail_jobs_order_id_key;
CREATE UNIQUE INDEX mail_jobs_paid_once ON mail_jobs (order_id) WHERE kind = 'paid';
CREATE INDEX mail_jobs_order ON mail_jobs (order_id);

-- order_paid_mail: one definition, server/db/sql/order_paid_mail.sql (the migrator applies
-- it after the migrations, and again whenever its text changes).
