-- SPDX-License-Identifier: GPL-3.0-or-later
-- Where an order's mail goes (migrations 0071, 0140): the contact a counter sale named, else an
-- online fan's account e-mail and language; a counter order's owner is the clerk, never mailed.
-- No row when nobody is known.
CREATE OR REPLACE FUNCTION order_mail_recipient(p_order uuid)
RETURNS TABLE (email text, locale text) LANGUAGE plpgsql STABLE AS $$
DECLARE
    v_order  orders%ROWTYPE;
    v_email  text;
    v_locale text;
BEGIN
    SELECT * INTO v_order FROM orders WHERE id = p_order;
    v_email := v_order.contact_email;
    v_locale := v_order.contact_locale;
    IF v_email IS NULL AND v_order.channel = 'online' THEN
        SELECT u.email, coalesce(v_locale, u.locale) INTO v_email, v_locale
          FROM users u WHERE u.username = v_order.owner;
        -- A fan's owner is their e-mail in lower case.
        IF v_email IS NULL AND v_order.owner LIKE '_%@_%' THEN
            v_email := v_order.owner;
        END IF;
    END IF;
    IF v_email IS NOT NULL THEN
        RETURN QUERY SELECT v_email, coalesce(v_locale, 'en');
    END IF;
END $$;
