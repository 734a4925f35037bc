-- SPDX-License-Identifier: GPL-3.0-or-later
-- The relay publishes outbox rows in (txid, id) order and only rows of transactions below its
-- snapshot's xmin, which never gain a row again; so the published rows are exactly those up to
-- the last one it took. One cursor row replaces a published_at UPDATE of every outbox row (a
-- non-HOT update: published_at was in the partial index's predicate) and the partial index that
-- every hold's outbox INSERT had to update. Rows after the cursor are found through outbox_txid.
CREATE TABLE outbox_relay_cursor (
    only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    txid     xid8 NOT NULL,
    id       bigint NOT NULL
);
INSERT INTO outbox_relay_cursor (txid, id)
SELECT coalesce((SELECT txid FROM outbox WHERE published_at IS NOT NULL
                  ORDER BY txid DESC, id DESC LIMIT 1), '0'::xid8),
       coalesce((SELECT id FROM outbox WHERE published_at IS NOT NULL
                  ORDER BY txid DESC, id DESC LIMIT 1), 0);
ALTER TABLE outbox DROP COLUMN published_at; -- drops outbox_unpublished with it

-- Rows the relay has not published yet (for lag figures and tests).
CREATE VIEW outbox_pending AS
SELECT o.* FROM outbox o
 WHERE (o.txid, o.id) > ((SELECT c.txid FROM outbox_relay_cursor c),
                         (SELECT c.id FROM outbox_relay_cursor c));
