-- SPDX-License-Identifier: GPL-3.0-or-later
-- The event's CSV exports (orders.csv, tickets.csv, attendees.csv) read in keyset batches by
-- id within the event: one index range scan per batch, however many events share the tables.
CREATE INDEX orders_event_id ON orders (event_id, id);
CREATE INDEX tickets_event_id ON tickets (event_id, id);
