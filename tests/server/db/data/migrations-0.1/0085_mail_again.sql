-- Mailing an order's tickets again (issue 17, will-call): a clerk's deliberate resend is a job of
-- its own, a new message with its own Message-ID, next to the one mail the payment wrote.

ALTER TABLE mail_jobs
    ADD COLUMN kind         text NOT NULL DEFAULT 'paid' CHECK (kind IN ('paid', 'again')),
    ADD COLUMN requested_by text;
-- Still at most one job per paid order from the trigger; any number of resends.
ALTER TABLE mail_jobs DROP CONSTRAINT mail_jobs_order_id_key;
CREATE UNIQUE INDEX mail_jobs_paid_once ON mail_jobs (order_id) WHERE kind = 'paid';
CREATE INDEX mail_jobs_order ON mail_jobs (order_id);

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
