-- SPDX-License-Identifier: GPL-3.0-or-later
-- Seats held back (docs/back-office.md, "Seats held back"): kills, house seats and seats of a
-- named allocation (artist, press, promoter). A held-back seat is `blocked` in the inventory, so
-- no hold or sale statement takes it (they take only available seats or expired holds), and the
-- triggers below make the database keep it so whatever a statement says: a seat with a holdback
-- row cannot leave `blocked`, and a holdback row exists only on a blocked seat (at commit).
-- A blocked seat without a holdback row (written by hand) stays possible: it is sold to nobody.

-- An allocation outlives its seats (its counter_sale setting stays when seats are released).
CREATE TABLE allocations (
    event_id     uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    counter_sale boolean NOT NULL DEFAULT false,
    PRIMARY KEY (event_id, name)
);

CREATE TABLE holdbacks (
    event_id   uuid NOT NULL,
    seat_id    text NOT NULL,
    kind       text NOT NULL CHECK (kind IN ('kill', 'house', 'allocation')),
    allocation text,
    created_by text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (event_id, seat_id),
    -- The inventory rebuilt or the event deleted: its holdbacks go with its seats.
    FOREIGN KEY (event_id, seat_id) REFERENCES inventory (event_id, seat_id) ON DELETE CASCADE,
    FOREIGN KEY (event_id, allocation) REFERENCES allocations (event_id, name),
    CHECK ((kind = 'allocation') = (allocation IS NOT NULL))
);
CREATE INDEX holdbacks_allocation ON holdbacks (event_id, allocation)
    WHERE allocation IS NOT NULL;

-- The WHEN clause keeps the hot hold and sale statements free of any function call: only a
-- blocked seat's status change runs one.
-- uses-function: inventory_keep_held_back
CREATE TRIGGER inventory_held_back BEFORE UPDATE ON inventory
    FOR EACH ROW WHEN (OLD.status = 'blocked' AND NEW.status IS DISTINCT FROM 'blocked')
    EXECUTE FUNCTION inventory_keep_held_back();
-- uses-function: holdbacks_require_blocked
CREATE CONSTRAINT TRIGGER holdbacks_blocked AFTER INSERT OR UPDATE ON holdbacks
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION holdbacks_require_blocked();
