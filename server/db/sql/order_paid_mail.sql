-- SPDX-License-Identifier: GPL-3.0-or-later
-- The trigger function of migrations 0071 and 0085 (the trigger is schema and stays in 0071).
CREATE OR REPLACE FUNCTION order_paid_mail() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    v_email  text := NEW.contact_email;
    v_locale text := NEW.contact_locale;
BEGIN
    IF v_email IS NULL AND NEW.channel = 'online' THEN
        SELECT u.email, coalesce(v_locale, u.locale) INTO v_email, v_locale
          FROM users u WHERE u.username = NEW.owner;
        -- A fan's owner is their e-mail in lower case.
        IF v_email IS NULL AND NEW.owner LIKE '_%@_%' THEN
            v_email := NEW.owner;
        END IF;
    END IF;
    IF v_email IS NULL THEN
        RETURN NEW;
    END IF;
    INSERT INTO mail_jobs (order_id, recipient, locale, message_id)
    VALUES (NEW.id, v_email, coalesce(v_locale, 'en'), 'tickets-' || NEW.id)
    ON CONFLICT (order_id) WHERE kind = 'paid' DO NOTHING;
    RETURN NEW;
END $$;
