-- SPDX-License-Identifier: GPL-3.0-or-later
-- Money you can explain (issue 30): every money and ticket movement is one row here, written by
-- the triggers of 0099 in the transaction that moves it. Rows are never changed or removed (the
-- guard below refuses UPDATE, DELETE and TRUNCATE); a correction is a new row.
-- amount_cents is what the organiser's books gain (+) or give back (-); ticket rows carry the
-- ticket's price in face_cents and no money. docs/transactions.md lists the kinds.
CREATE TABLE transaction_log (
    seq          bigserial PRIMARY KEY,
    txid         xid8 NOT NULL DEFAULT pg_current_xact_id(),
    created_at   timestamptz NOT NULL DEFAULT now(),
    kind         text NOT NULL CHECK (kind IN ('sale', 'comp', 'exchange_difference', 'refund',
                                               'capture', 'compensation', 'payment_refund',
                                               'issue', 'void')),
    event_id     uuid,
    order_id     uuid,
    ticket_id    uuid,
    channel      text NOT NULL DEFAULT '',
    actor        text NOT NULL DEFAULT '',
    method       text NOT NULL DEFAULT '',
    amount_cents bigint NOT NULL DEFAULT 0,
    tax_cents    bigint NOT NULL DEFAULT 0,
    face_cents   bigint NOT NULL DEFAULT 0,
    currency     char(3) NOT NULL DEFAULT 'EUR',
    reference    text NOT NULL DEFAULT '',
    note         text NOT NULL DEFAULT '',
    migrated     boolean NOT NULL DEFAULT false
);
CREATE INDEX transaction_log_event ON transaction_log (event_id, seq);
CREATE INDEX transaction_log_order ON transaction_log (order_id);
CREATE INDEX transaction_log_created ON transaction_log (created_at);

-- uses-function: transaction_log_append_only
CREATE TRIGGER transaction_log_no_change BEFORE UPDATE OR DELETE ON transaction_log
    FOR EACH ROW EXECUTE FUNCTION transaction_log_append_only();
CREATE TRIGGER transaction_log_no_truncate BEFORE TRUNCATE ON transaction_log
    FOR EACH STATEMENT EXECUTE FUNCTION transaction_log_append_only();
