-- SPDX-License-Identifier: GPL-3.0-or-later
-- Venues carry their IANA time zone: events start at a UTC instant, but every screen, ticket,
-- receipt and mail shows the venue's local time. Existing venues get UTC (the old behaviour).
ALTER TABLE venues ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';
