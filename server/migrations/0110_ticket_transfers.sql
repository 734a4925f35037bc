-- SPDX-License-Identifier: GPL-3.0-or-later
-- Ticket transfer (issue 29 item 2; docs/web-shop.md "Passing a ticket on"). A fan offers a
-- ticket to an e-mail address; the mailed link's token is stored only as its SHA-256. Accepting
-- locks the ticket's row (as a door scan does), so a scan of the old code and an acceptance are
-- serialised: exactly one of them happens first, and the other sees it.

-- The organiser's rule per event: transfers on or off, and until how long before the start.
ALTER TABLE events
    ADD COLUMN transfers_enabled boolean NOT NULL DEFAULT true,
    ADD COLUMN transfer_cutoff_minutes integer NOT NULL DEFAULT 0
        CHECK (transfer_cutoff_minutes BETWEEN 0 AND 525600);

-- Who holds the ticket now: NULL is the order's owner; an acceptance sets the recipient.
ALTER TABLE tickets ADD COLUMN holder text;
CREATE INDEX tickets_holder ON tickets (holder) WHERE holder IS NOT NULL;

CREATE TABLE ticket_transfers (
    id              bigserial PRIMARY KEY,
    ticket_id       uuid NOT NULL REFERENCES tickets (id),
    sender          text NOT NULL,          -- the holder who offered it (a username)
    recipient_email text NOT NULL,
    token_hash      bytea NOT NULL UNIQUE CHECK (length(token_hash) = 32),
    from_version    integer NOT NULL,       -- the ticket's version (code) when offered
    status          text NOT NULL DEFAULT 'pending'
                    CHECK (status IN ('pending', 'accepted', 'cancelled', 'replaced')),
    created_at      timestamptz NOT NULL DEFAULT now(),
    expires_at      timestamptz NOT NULL,
    decided_at      timestamptz,
    accepted_by     text,
    CHECK ((status = 'accepted') = (accepted_by IS NOT NULL))
);
-- At most one live offer per ticket: a new one replaces the old in the same transaction.
CREATE UNIQUE INDEX ticket_transfers_one_pending ON ticket_transfers (ticket_id)
    WHERE status = 'pending';
CREATE INDEX ticket_transfers_sender ON ticket_transfers (sender, created_at)
    WHERE status = 'pending';

-- The transfer mails' outbox, drained by the mail worker with the lease and retry rules of
-- `account_mails`: `offer` (the link, to the recipient), `sent` (to the sender once accepted),
-- `received` (the new ticket, to the recipient). `token` is wiped once sent or given up.
CREATE TABLE transfer_mails (
    id            bigserial PRIMARY KEY,
    transfer_id   bigint NOT NULL REFERENCES ticket_transfers (id),
    kind          text NOT NULL CHECK (kind IN ('offer', 'sent', 'received')),
    recipient     text NOT NULL,
    locale        text NOT NULL DEFAULT 'en',
    name          text NOT NULL DEFAULT '',
    other_party   text NOT NULL DEFAULT '',  -- who offered it, or who took it
    token         text,
    status        text NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
    attempts      integer NOT NULL DEFAULT 0,
    interrupted   integer NOT NULL DEFAULT 0,
    next_try_at   timestamptz NOT NULL DEFAULT now(),
    claimed_until timestamptz,
    last_error    text NOT NULL DEFAULT '',
    created_at    timestamptz NOT NULL DEFAULT now(),
    sent_at       timestamptz,
    UNIQUE (transfer_id, kind)
);
CREATE INDEX transfer_mails_due ON transfer_mails (next_try_at) WHERE status IN ('pending', 'sending');
