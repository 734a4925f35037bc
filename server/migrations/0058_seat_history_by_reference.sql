-- SPDX-License-Identifier: GPL-3.0-or-later
-- Seat history rows name the seat and its outbox row, nothing more: kind, payload and time are
-- read from the outbox row (which is kept), not copied once per seat. The relay writes a row of
-- three columns and one index entry per seat, instead of a copy of the payload, a sequence
-- value and two index entries (issue 3: this work is a share of every hold).
ALTER TABLE seat_history DROP COLUMN id, DROP COLUMN kind, DROP COLUMN payload,
                         DROP COLUMN created_at;
CREATE INDEX seat_history_seat ON seat_history (event_id, seat_id, outbox_id);
