-- SPDX-License-Identifier: GPL-3.0-or-later
-- The trigger function of migration 0070 (the trigger is schema and stays there).
CREATE OR REPLACE FUNCTION ticket_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.status = 'void' AND OLD.status <> 'void' THEN
        INSERT INTO ticket_revocations (event_id, ticket_id, version, reason)
        VALUES (NEW.event_id, NEW.id, NEW.version, 'void');
    ELSIF NEW.version > OLD.version THEN
        INSERT INTO ticket_revocations (event_id, ticket_id, version, reason)
        VALUES (NEW.event_id, NEW.id, OLD.version, 'reissued');
    END IF;
    RETURN NEW;
END $$;
