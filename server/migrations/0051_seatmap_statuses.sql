-- SPDX-License-Identifier: GPL-3.0-or-later
-- Seat-map status vector: per event, one status code per seat ('a'vailable, 'h'eld, 's'old,
-- 'b'locked) in the seat map's seat order, and the GA zones' available counts, as of the event's
-- seat-map version. The relay updates both in the transaction that bumps the version, so a cold
-- seat-map build reads the statuses of exactly its version from a few rows instead of the
-- event's whole inventory. A projection: never used to decide anything.

-- A seat's position in the seat map (0-based, seat id order at the event's creation). Set once
-- and never updated, and in no index: holding a seat still changes no indexed column (HOT).
ALTER TABLE inventory ADD COLUMN ordinal integer;
UPDATE inventory i SET ordinal = o.n
  FROM (SELECT event_id, seat_id, row_number() OVER (PARTITION BY event_id ORDER BY seat_id) - 1 AS n
          FROM inventory) o
 WHERE i.event_id = o.event_id AND i.seat_id = o.seat_id;

-- The codes in chunks of 1024 seats (chunk = ordinal / 1024; RelayStore has the same constant),
-- each row small enough to stay uncompressed in the table: the relay rewrites only the chunks of
-- the seats that changed.
CREATE TABLE seatmap_statuses (
    event_id uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    chunk    integer NOT NULL,
    codes    text NOT NULL,
    PRIMARY KEY (event_id, chunk)
) WITH (fillfactor = 50); -- room on each page for the next versions of its rows (HOT)
ALTER TABLE seatmap_statuses ALTER COLUMN codes SET STORAGE PLAIN;

-- {"<ga_id>": available} at the version; NULL while the event has no status vector (then
-- readers take the live statuses and ask for a rebuild).
ALTER TABLE seatmap_versions ADD COLUMN ga jsonb;

-- (Re)builds an event's vector from the live statuses under the lock of its version row, which
-- the relay takes (UPDATE of seatmap_versions) before it writes the vector: no relay batch
-- interleaves, and later batches apply on top. A held seat whose hold expired counts as
-- available, as in the relay's deltas. NULL (nothing built) when the event's ordinals are not
-- exactly 0..n-1 (inventory written by hand).
-- uses-function: seatmap_rebuild_statuses
-- The events that exist already (a migration returns no rows).
DO $$
BEGIN
    PERFORM seatmap_rebuild_statuses(id) FROM events ORDER BY id;
END $$;
