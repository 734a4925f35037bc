-- SPDX-License-Identifier: GPL-3.0-or-later
-- The guard of migration 0098: the transaction log only grows. Corrections are new rows.
-- One change is let through: an account's erasure (docs/privacy.md) replaces the fan's name in
-- `actor` with the account's tombstone; every figure of the row stays as it was.
CREATE OR REPLACE FUNCTION transaction_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND NEW.actor ~ '^erased-[0-9]+@invalid$'
       AND (to_jsonb(NEW) - 'actor') = (to_jsonb(OLD) - 'actor') THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'transaction_log is append-only: % refused', TG_OP
        USING ERRCODE = 'BXL01', HINT = 'write a correcting row instead';
END $$;
