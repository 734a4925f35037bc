-- SPDX-License-Identifier: GPL-3.0-or-later
-- A fan's data and the erasure of their account (issue 29 item 4, docs/privacy.md).

-- Session versions come from one sequence, so an account made later for an erased address
-- starts above every version the erased account's tokens carried (they stay refused, its
-- own are not). Resets and erasures take the next value too.
CREATE SEQUENCE session_versions;
SELECT setval('session_versions', coalesce((SELECT max(session_version) FROM users), 0) + 1);
ALTER TABLE users ALTER COLUMN session_version SET DEFAULT nextval('session_versions'),
                  ADD COLUMN erased_at timestamptz;

-- The sessions an erasure ended, under the name their tokens carry: the other servers learn
-- them from here (users no longer has that name), and the holds and orders triggers below
-- refuse a write in that name. Deleted once every token it could have issued has expired.
CREATE TABLE ended_sessions (
    subject         text PRIMARY KEY,
    session_version integer NOT NULL,
    ended_at        timestamptz NOT NULL DEFAULT now(),
    keep_until      timestamptz NOT NULL
);
CREATE INDEX ended_sessions_ended ON ended_sessions (ended_at);

-- uses-function: refuse_erased_owner
CREATE TRIGGER holds_refuse_erased BEFORE INSERT ON holds
    FOR EACH ROW EXECUTE FUNCTION refuse_erased_owner();
CREATE TRIGGER orders_refuse_erased BEFORE INSERT ON orders
    FOR EACH ROW EXECUTE FUNCTION refuse_erased_owner();

-- The erasure's confirmation goes through the account mails' outbox: a mail without a link.
-- Its address and name are wiped once it is sent or given up.
ALTER TABLE account_mails ALTER COLUMN link_id DROP NOT NULL,
    ADD COLUMN kind text NOT NULL DEFAULT 'link' CHECK (kind IN ('link', 'erased')),
    ADD CHECK ((kind = 'link') = (link_id IS NOT NULL));

-- A pending transfer offer is withdrawn in the transaction that ends its ticket's validity
-- (refund, exchange, reissue, event cancelled, used at the door).
ALTER TABLE ticket_transfers DROP CONSTRAINT ticket_transfers_status_check,
    ADD CONSTRAINT ticket_transfers_status_check
        CHECK (status IN ('pending', 'accepted', 'cancelled', 'replaced', 'withdrawn'));
-- uses-function: transfer_withdraw_on_ticket
CREATE TRIGGER tickets_withdraw_transfers AFTER UPDATE OF status, version, used_at ON tickets
    FOR EACH ROW WHEN (NEW.status <> 'valid' OR NEW.used_at IS NOT NULL
                       OR NEW.version <> OLD.version)
    EXECUTE FUNCTION transfer_withdraw_on_ticket();

-- Finding what an erasure anonymises without reading whole tables.
CREATE INDEX ticket_transfers_accepted_by ON ticket_transfers (accepted_by)
    WHERE accepted_by IS NOT NULL;
CREATE INDEX ticket_transfers_recipient ON ticket_transfers (lower(recipient_email));
CREATE INDEX ticket_transfers_sender_all ON ticket_transfers (sender);
CREATE INDEX holds_owner_all ON holds (owner);
CREATE INDEX transfer_mails_recipient ON transfer_mails (lower(recipient));
-- Order rows of the outbox name their owner (the seat history shows them).
CREATE INDEX outbox_owner ON outbox ((payload->>'owner')) WHERE payload ? 'owner';
CREATE INDEX orders_contact_email ON orders (lower(contact_email)) WHERE contact_email IS NOT NULL;
