-- SPDX-License-Identifier: GPL-3.0-or-later
-- The holds and orders trigger of migration 0130: nothing is written in the name of an erased
-- account. The account's row is locked FOR KEY SHARE, so an erasure (which changes that name
-- under FOR UPDATE) waits for this transaction, or this one waits for it and then finds the
-- name gone and the ended session: one of the two happens first, never a write half-erased.
CREATE OR REPLACE FUNCTION refuse_erased_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM users WHERE username = NEW.owner FOR KEY SHARE;
    IF NOT FOUND AND EXISTS (SELECT 1 FROM ended_sessions WHERE subject = NEW.owner) THEN
        RAISE EXCEPTION 'the account of this session was erased' USING ERRCODE = 'BX006';
    END IF;
    RETURN NEW;
END $$;
