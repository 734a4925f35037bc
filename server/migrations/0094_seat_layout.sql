-- SPDX-License-Identifier: GPL-3.0-or-later
-- A seat moved to another price category (PUT /events/{id}/seat-categories) changes the seat
-- map's fixed part. `seat_layout` counts such changes: a seat-map template is only used for the
-- layout it was built from, and every server's cached map is rebuilt when the number moves.
ALTER TABLE events ADD COLUMN seat_layout integer NOT NULL DEFAULT 0;
ALTER TABLE seatmap_templates ADD COLUMN seat_layout integer NOT NULL DEFAULT 0;
