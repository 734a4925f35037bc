-- SPDX-License-Identifier: GPL-3.0-or-later
-- The tickets trigger of migration 0130: a ticket that stops being valid as offered (refunded,
-- exchanged, reissued, its event cancelled, used at the door) withdraws its pending transfer
-- offer in the same transaction, so its link can never be accepted afterwards.
CREATE OR REPLACE FUNCTION transfer_withdraw_on_ticket() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE ticket_transfers SET status = 'withdrawn', decided_at = now()
     WHERE ticket_id = NEW.id AND status = 'pending';
    RETURN NULL;
END $$;
