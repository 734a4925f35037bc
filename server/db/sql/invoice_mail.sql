-- SPDX-License-Identifier: GPL-3.0-or-later
-- The trigger function of migration 0140: an issued invoice or cancellation invoice is mailed
-- once to the order's recipient, by the transaction that issues it.
CREATE OR REPLACE FUNCTION invoice_mail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO mail_jobs (order_id, recipient, locale, message_id, kind, invoice_number)
    SELECT NEW.order_id, r.email, r.locale,
           'invoice-' || NEW.order_id || '-' || NEW.number, 'invoice', NEW.number
      FROM order_mail_recipient(NEW.order_id) r
    ON CONFLICT (order_id, invoice_number) WHERE kind = 'invoice' DO NOTHING;
    RETURN NULL;
END $$;
