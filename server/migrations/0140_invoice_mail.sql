-- SPDX-License-Identifier: GPL-3.0-or-later
-- Invoices by mail (issue 28 item 5, docs/pricing.md): every invoice and cancellation invoice
-- is a job of its own in the outbox, written by the transaction that issues it (a trigger, so
-- the counter, the shop and refunds are all covered), sent once with the PDF attached.
ALTER TABLE mail_jobs ADD COLUMN invoice_number bigint;
ALTER TABLE mail_jobs DROP CONSTRAINT mail_jobs_kind_check;
ALTER TABLE mail_jobs ADD CONSTRAINT mail_jobs_kind_check
    CHECK (kind IN ('paid', 'again', 'rescheduled', 'cancelled', 'invoice'));
ALTER TABLE mail_jobs ADD CONSTRAINT mail_jobs_invoice_named
    CHECK ((kind = 'invoice') = (invoice_number IS NOT NULL));
CREATE UNIQUE INDEX mail_jobs_invoice_once ON mail_jobs (order_id, invoice_number)
    WHERE kind = 'invoice';
-- uses-function: order_mail_recipient
-- uses-function: invoice_mail
CREATE TRIGGER invoices_mail AFTER INSERT ON invoices
    FOR EACH ROW EXECUTE FUNCTION invoice_mail();
