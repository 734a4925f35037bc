-- SPDX-License-Identifier: GPL-3.0-or-later
-- The trigger function of migrations 0071 and 0085 (the trigger is schema and stays in 0071).
CREATE OR REPLACE FUNCTION order_paid_mail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO mail_jobs (order_id, recipient, locale, message_id)
    SELECT NEW.id, r.email, r.locale, 'tickets-' || NEW.id FROM order_mail_recipient(NEW.id) r
    ON CONFLICT (order_id) WHERE kind = 'paid' DO NOTHING;
    RETURN NEW;
END $$;
