-- SPDX-License-Identifier: GPL-3.0-or-later
-- Seat-map templates are stored as a compact seat table (the JSON values of each seat's and GA
-- zone's fixed fields, tab-separated lines), zlib-compressed by the server: ~0.35 MB for 60,000
-- seats instead of 6.8 MB of JSON to read, and no JSON to parse (SeatmapLayout::expand). The
-- rows are a cache: the old ones go, the next build of each event makes its table again.
DELETE FROM seatmap_templates;
ALTER TABLE seatmap_templates DROP COLUMN body;
ALTER TABLE seatmap_templates ADD COLUMN packed bytea NOT NULL;
-- Already compressed.
ALTER TABLE seatmap_templates ALTER COLUMN packed SET STORAGE EXTERNAL;
