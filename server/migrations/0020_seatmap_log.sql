-- SPDX-License-Identifier: GPL-3.0-or-later
-- Outbox relay: rows are marked published in the same transaction that writes their seat-map
-- versions, so a restart neither loses nor repeats anything.
ALTER TABLE outbox ADD COLUMN published_at timestamptz;
ALTER TABLE outbox ADD COLUMN projected_at timestamptz;
CREATE INDEX outbox_unpublished ON outbox (txid, id) WHERE published_at IS NULL;
CREATE INDEX outbox_unprojected ON outbox (txid, id) WHERE projected_at IS NULL AND kind LIKE 'event.%';

-- Last seat-map version per event; survives pruning of seatmap_log.
CREATE TABLE seatmap_versions (
    event_id uuid PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
    version  bigint NOT NULL
);

-- Gap-free per-event deltas: changes = {"seats":[{"id","status"}], "ga":[{"id","available"}]}.
CREATE TABLE seatmap_log (
    event_id   uuid NOT NULL,
    version    bigint NOT NULL,
    changes    jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (event_id, version)
);
CREATE INDEX seatmap_log_created ON seatmap_log (created_at);

-- Per-seat history for GET /events/{id}/seats/{seat_id}/history, written by the relay.
CREATE TABLE seat_history (
    id         bigserial PRIMARY KEY,
    event_id   uuid NOT NULL,
    seat_id    text NOT NULL,
    outbox_id  bigint NOT NULL,
    kind       text NOT NULL,
    payload    jsonb NOT NULL,
    created_at timestamptz NOT NULL
);
CREATE INDEX seat_history_seat ON seat_history (event_id, seat_id, id);
