-- SPDX-License-Identifier: GPL-3.0-or-later
-- Cheaper explicit-seat holds (issue 3's benchmark): same rules and same answers as 0040.
--
-- * Generic plans. PL/pgSQL replanned every statement of hold_seats on every call (the custom
--   plan for `seat_id = ANY(p_seats)` always looked cheaper than the generic one), so planning
--   was most of its time. The generic plans are the index scans we want anyway; forcing them
--   made the function ~1.7x faster on its own.
-- * Seats are checked before anything is locked or written: most conflicts now answer from one
--   index-only read. The UPDATE itself then takes the seats in primary-key order (the index scan
--   of `seat_id = ANY(sorted array)`), which replaces the separate FOR UPDATE pass; a seat lost to
--   a concurrent buyer between the check and the UPDATE raises serialization_failure, nothing of
--   the hold is kept, and the caller's one retry answers seat_unavailable from the check.
-- * The user's live holds are found through holds_owner only. The old holds_active_expiry
--   (every active hold) also matched the limits query, and with statistics from a quiet moment
--   (few active holds) the planner preferred it: each hold then read every active hold of every
--   user. The expiry indexes now carry `ga_id IS [NOT] NULL`, which the limits query never
--   implies, and they still serve the sweeper's two queries.
-- * No foreign key from holds to events: its check locked the event row FOR KEY SHARE in every
--   hold, and one hot row locked by every buyer at once is a MultiXact bottleneck. The hold paths
--   read the event first, and events are never deleted.
DROP INDEX holds_active_expiry;
CREATE INDEX holds_seat_expiry ON holds (expires_at) WHERE status = 'active' AND ga_id IS NULL;
CREATE INDEX holds_ga_expiry ON holds (expires_at) WHERE status = 'active' AND ga_id IS NOT NULL;
ALTER TABLE holds DROP CONSTRAINT holds_event_id_fkey;

-- hold_seats: one definition, server/db/sql/hold_seats.sql (the migrator creates it after the
-- migrations, and again whenever its text changes).
