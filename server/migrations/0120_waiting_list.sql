-- SPDX-License-Identifier: GPL-3.0-or-later
-- The waiting list (issue 29 item 3; docs/waiting-list.md). A fan joins a sold-out event's list
-- (how many seats, which categories). Seats that come back while fans wait for them go to the
-- event's pool, not to the public: a seat freed (`available`) is held by the pool instead, and a
-- lapsed hold's seat is not taken over (trigger below). The offer run (waiting_list_offer) moves
-- pool seats to a hold in the next fan's name for a limited time, in list order, under a lock
-- per event; lapsed offers go back to the pool and on to the next fan. Pool and offer seats are
-- held with expires_at 'infinity' (the hold row has the real expiry), so no hold or sale
-- statement takes them (they take available seats and lapsed holds only), and the trigger of
-- migration 0095 keeps it so whatever a statement says.

ALTER TABLE events
    ADD COLUMN waiting_list_enabled boolean NOT NULL DEFAULT false,
    ADD COLUMN waiting_offer_minutes integer NOT NULL DEFAULT 30
        CHECK (waiting_offer_minutes BETWEEN 1 AND 10080),
    -- The pool's hold id on inventory rows (no holds row: it never expires, is nobody's).
    ADD COLUMN waiting_pool uuid NOT NULL DEFAULT gen_random_uuid();

CREATE TABLE waiting_entries (
    id         bigserial PRIMARY KEY,       -- the list's order
    event_id   uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    username   text NOT NULL,               -- the fan (owner of holds and orders)
    quantity   integer NOT NULL CHECK (quantity BETWEEN 1 AND 100),
    categories text[] NOT NULL DEFAULT '{}', -- empty: any category
    state      text NOT NULL DEFAULT 'waiting'
               CHECK (state IN ('waiting', 'offered', 'bought', 'lapsed', 'declined', 'left')),
    hold_id    uuid REFERENCES holds (id),  -- the offer
    joined_at  timestamptz NOT NULL DEFAULT now(),
    offered_at timestamptz,
    ended_at   timestamptz,
    CHECK ((state IN ('waiting', 'left')) = (hold_id IS NULL)),
    CHECK ((state IN ('waiting', 'offered')) = (ended_at IS NULL))
);
-- One live place per fan and event: two joins racing meet here.
CREATE UNIQUE INDEX waiting_entries_one_live ON waiting_entries (event_id, username)
    WHERE state IN ('waiting', 'offered');
CREATE INDEX waiting_entries_live ON waiting_entries (event_id, id)
    WHERE state IN ('waiting', 'offered');
CREATE INDEX waiting_entries_fan ON waiting_entries (username, id);

-- An offer hold names its entry; one offer per entry, ever.
ALTER TABLE holds ADD COLUMN waiting_entry bigint REFERENCES waiting_entries (id);
CREATE UNIQUE INDEX holds_waiting_entry ON holds (waiting_entry) WHERE waiting_entry IS NOT NULL;

-- The offer mails' outbox, drained by the mail worker with the lease and retry rules of
-- `transfer_mails`: one per offer (UNIQUE), so a fan is told once.
CREATE TABLE waiting_mails (
    id            bigserial PRIMARY KEY,
    entry_id      bigint NOT NULL REFERENCES waiting_entries (id) ON DELETE CASCADE,
    kind          text NOT NULL CHECK (kind IN ('offer')),
    recipient     text NOT NULL,
    locale        text NOT NULL DEFAULT 'en',
    name          text NOT NULL DEFAULT '',
    status        text NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
    attempts      integer NOT NULL DEFAULT 0,
    interrupted   integer NOT NULL DEFAULT 0,
    next_try_at   timestamptz NOT NULL DEFAULT now(),
    claimed_until timestamptz,
    last_error    text NOT NULL DEFAULT '',
    created_at    timestamptz NOT NULL DEFAULT now(),
    sent_at       timestamptz,
    UNIQUE (entry_id, kind)
);
CREATE INDEX waiting_mails_due ON waiting_mails (next_try_at) WHERE status IN ('pending', 'sending');

-- Seats coming back, and lapsed holds' seats taken over: the WHEN clause leaves the hot hold
-- statements (an available seat held, a hold's own seats sold) without a function call.
-- uses-function: inventory_waiting_list
CREATE TRIGGER inventory_waiting_list BEFORE UPDATE ON inventory
    FOR EACH ROW WHEN ((NEW.status = 'available' AND OLD.status <> 'available')
                       OR (OLD.status = 'held' AND OLD.expires_at < 'infinity'
                           AND NEW.status IN ('held', 'sold')
                           AND NEW.hold_id IS DISTINCT FROM OLD.hold_id))
    EXECUTE FUNCTION inventory_waiting_list();
