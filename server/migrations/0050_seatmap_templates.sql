-- SPDX-License-Identifier: GPL-3.0-or-later
-- Seat-map templates: an event's full seat-map JSON with fixed-width status slots. The seats of an
-- event never change after its creation, so a server builds a map from this and one status string
-- instead of reading every seat's layout columns. A cache: any row may be deleted at any time.
CREATE TABLE seatmap_templates (
    event_id uuid PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
    seats    integer NOT NULL,
    body     text NOT NULL
);
-- Already compact enough; skip compressing a few MB per read.
ALTER TABLE seatmap_templates ALTER COLUMN body SET STORAGE EXTERNAL;
