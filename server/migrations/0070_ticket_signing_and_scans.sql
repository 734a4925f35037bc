-- SPDX-License-Identifier: GPL-3.0-or-later
-- Ed25519 ticket codes, their revocations, and scans at the door (issue 16, #15 defects 6 and 8).

-- Signing keys, for the whole organisation: the newest signs, all stay published so that issued
-- tickets keep verifying after a rotation. The private seed is sealed (AES-256-GCM) with the
-- operator's wrapping key, never stored in the clear.
CREATE TABLE ticket_keys (
    kid          text PRIMARY KEY,
    public_key   text NOT NULL,   -- base64url of the 32-byte Ed25519 key (RFC 8037 `x`)
    sealed_seed  text NOT NULL,   -- base64 of nonce + ciphertext + tag
    created_at   timestamptz NOT NULL DEFAULT now()
);

-- A code carries its ticket's version: a reissue bumps it, so the old code is void.
ALTER TABLE tickets
    ADD COLUMN version     integer NOT NULL DEFAULT 1 CHECK (version >= 1),
    ADD COLUMN used_gate   text,
    ADD COLUMN used_device text;

-- What a scanner must refuse offline: every code of `ticket_id` up to `version`. Written by a
-- trigger so that every path that voids or reissues a ticket (refund, reissue, exchange) is listed.
-- Readers take rows below the snapshot's xmin in (txid, seq) order, as the outbox relay does: a
-- late commit is never skipped by a cursor that moved past it.
CREATE TABLE ticket_revocations (
    seq        bigserial PRIMARY KEY,
    txid       xid8 NOT NULL DEFAULT pg_current_xact_id(),
    event_id   uuid NOT NULL,
    ticket_id  uuid NOT NULL,
    version    integer NOT NULL,
    reason     text NOT NULL,
    revoked_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_revocations_event ON ticket_revocations (event_id, txid, seq);

-- uses-function: ticket_revoked
CREATE TRIGGER tickets_revoked AFTER UPDATE OF status, version ON tickets
    FOR EACH ROW EXECUTE FUNCTION ticket_revoked();

-- Every scan, online or synced from a scanner's journal. `flagged` marks an offline admission of
-- a ticket the server had seen admitted already (two gates let it in while offline).
CREATE TABLE ticket_scans (
    id          bigserial PRIMARY KEY,
    ticket_id   uuid,
    event_id    uuid NOT NULL,
    gate        text NOT NULL DEFAULT '',
    direction   text NOT NULL CHECK (direction IN ('in', 'out')),
    device_id   text NOT NULL DEFAULT '',
    scanned_at  timestamptz NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    result      text NOT NULL,
    flagged     boolean NOT NULL DEFAULT false
);
CREATE INDEX ticket_scans_ticket ON ticket_scans (ticket_id, id);
CREATE INDEX ticket_scans_flagged ON ticket_scans (event_id) WHERE flagged;

-- Door staff: may scan tickets and read the revocation list, nothing else.
ALTER TABLE users DROP CONSTRAINT IF EXISTS users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check
    CHECK (role IN ('fan', 'door', 'clerk', 'manager', 'admin'));
