-- SPDX-License-Identifier: GPL-3.0-or-later
-- What feeds the transaction log of 0098: triggers on the tables that move money and tickets,
-- so every path (online, counter, refunds, exchanges, compensations, cancellations, and any
-- later one) writes its rows in its own transaction without being able to forget them.
-- The data from before is migrated first, as rows marked `migrated` at their source's time.

INSERT INTO transaction_log (created_at, kind, event_id, order_id, ticket_id, channel, actor,
                             method, amount_cents, face_cents, currency, reference, note, migrated)
SELECT at, kind, event_id, order_id, ticket_id, channel, actor, method, amount, face, currency,
       reference, note, true
  FROM (
    -- An order was sold when it has tickets; its amount includes earlier exchange differences.
    SELECT o.created_at AS at, CASE WHEN o.payment_method = 'comp' THEN 'comp' ELSE 'sale' END AS kind,
           o.event_id, o.id AS order_id, NULL::uuid AS ticket_id, o.channel,
           coalesce(o.clerk, o.owner) AS actor, o.payment_method AS method,
           o.amount_cents AS amount, o.amount_cents AS face, o.currency, '' AS reference,
           'amount at migration' AS note
      FROM orders o WHERE EXISTS (SELECT 1 FROM tickets t WHERE t.order_id = o.id)
    UNION ALL
    SELECT o.updated_at, 'refund', o.event_id, o.id, NULL, o.channel, coalesce(o.clerk, o.owner),
           o.payment_method, -o.refunded_cents, 0, o.currency, '', o.status_reason
      FROM orders o WHERE o.refunded_cents > 0
    UNION ALL
    SELECT a.updated_at, 'capture', o.event_id, o.id, NULL, o.channel, coalesce(o.clerk, o.owner),
           a.method, a.amount_cents, 0, a.currency, coalesce(a.intent_id, a.id::text), a.provider
      FROM payment_attempts a JOIN orders o ON o.id = a.order_id WHERE a.status = 'succeeded'
    UNION ALL
    SELECT c.created_at, 'compensation', o.event_id, c.order_id, NULL, coalesce(o.channel, ''),
           coalesce(o.clerk, o.owner, ''), coalesce(o.payment_method, 'card'), -c.amount_cents, 0,
           c.currency, c.intent_id, c.kind || ': ' || c.reason
      FROM compensations c LEFT JOIN orders o ON o.id = c.order_id WHERE c.kind = 'compensation'
    UNION ALL
    SELECT c.updated_at, 'payment_refund', o.event_id, c.order_id, NULL, coalesce(o.channel, ''),
           coalesce(o.clerk, o.owner, ''), coalesce(o.payment_method, 'card'), -c.amount_cents, 0,
           c.currency, coalesce(c.refund_id, c.id::text), c.kind || ': ' || c.reason
      FROM compensations c LEFT JOIN orders o ON o.id = c.order_id WHERE c.status = 'done'
    UNION ALL
    SELECT t.created_at, 'issue', t.event_id, t.order_id, t.id, o.channel,
           coalesce(o.clerk, o.owner), o.payment_method, 0, coalesce(t.price_cents, 0),
           o.currency, coalesce(t.seat_id, t.ga_id, ''), ''
      FROM tickets t JOIN orders o ON o.id = t.order_id
    UNION ALL
    -- Tickets keep no time of voiding: the row says when it was issued.
    SELECT t.created_at, 'void', t.event_id, t.order_id, t.id, o.channel,
           coalesce(o.clerk, o.owner), o.payment_method, 0, coalesce(t.price_cents, 0),
           o.currency, coalesce(t.seat_id, t.ga_id, ''), 'time of issue'
      FROM tickets t JOIN orders o ON o.id = t.order_id WHERE t.status = 'void'
  ) moved
 ORDER BY at;

-- uses-function: transaction_log_orders
CREATE TRIGGER orders_transaction_log_insert AFTER INSERT ON orders
    FOR EACH ROW WHEN (NEW.status = 'paid') EXECUTE FUNCTION transaction_log_orders();
CREATE TRIGGER orders_transaction_log_update AFTER UPDATE ON orders
    FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status
                       OR NEW.amount_cents <> OLD.amount_cents
                       OR NEW.refunded_cents <> OLD.refunded_cents)
    EXECUTE FUNCTION transaction_log_orders();

-- uses-function: transaction_log_attempts
CREATE TRIGGER payment_attempts_transaction_log_insert AFTER INSERT ON payment_attempts
    FOR EACH ROW WHEN (NEW.status = 'succeeded') EXECUTE FUNCTION transaction_log_attempts();
CREATE TRIGGER payment_attempts_transaction_log_update AFTER UPDATE OF status ON payment_attempts
    FOR EACH ROW WHEN (NEW.status = 'succeeded' AND OLD.status <> 'succeeded')
    EXECUTE FUNCTION transaction_log_attempts();

-- uses-function: transaction_log_compensations
CREATE TRIGGER compensations_transaction_log_insert AFTER INSERT ON compensations
    FOR EACH ROW WHEN (NEW.kind = 'compensation') EXECUTE FUNCTION transaction_log_compensations();
CREATE TRIGGER compensations_transaction_log_update AFTER UPDATE OF status ON compensations
    FOR EACH ROW WHEN (NEW.status = 'done' AND OLD.status <> 'done')
    EXECUTE FUNCTION transaction_log_compensations();

-- uses-function: transaction_log_tickets
CREATE TRIGGER tickets_transaction_log_insert AFTER INSERT ON tickets
    FOR EACH ROW EXECUTE FUNCTION transaction_log_tickets();
CREATE TRIGGER tickets_transaction_log_void AFTER UPDATE OF status ON tickets
    FOR EACH ROW WHEN (NEW.status = 'void' AND OLD.status <> 'void')
    EXECUTE FUNCTION transaction_log_tickets();
