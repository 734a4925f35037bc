-- SPDX-License-Identifier: GPL-3.0-or-later
-- Relayed order changes in commit order, so every instance's feed can resume after its LISTEN
-- connection broke (a NOTIFY sent meanwhile is gone; the row is not). Written by the relay
-- leader only, one transaction at a time, so seq grows in commit order. Pruned like seatmap_log.
CREATE TABLE order_log (
    seq        bigserial PRIMARY KEY,
    order_id   uuid NOT NULL,
    owner      text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_log_created ON order_log (created_at);
