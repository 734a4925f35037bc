-- SPDX-License-Identifier: GPL-3.0-or-later
-- The guard of migration 0098: the transaction log only grows. Corrections are new rows.
CREATE OR REPLACE FUNCTION transaction_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'transaction_log is append-only: % refused', TG_OP
        USING ERRCODE = 'BXL01', HINT = 'write a correcting row instead';
END $$;
