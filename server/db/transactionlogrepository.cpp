// SPDX-License-Identifier: GPL-3.0-or-later
#include "transactionlogrepository.h"

#include "statement.h"

namespace boxoffice::server::db {

namespace {

// txid below the snapshot's xmin: no transaction still running can add a row before these.
const Statement kPage{
    "transaction_log_page",
    "SELECT seq, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"'),"
    " kind, coalesce(event_id::text, ''), coalesce(order_id::text, ''),"
    " coalesce(ticket_id::text, ''), channel, actor, method, amount_cents, tax_cents, face_cents,"
    " currency, reference, note, migrated FROM transaction_log"
    " WHERE seq > $1::bigint AND txid < pg_snapshot_xmin(pg_current_snapshot())"
    " AND ($2::text = '' OR event_id = NULLIF($2::text, '')::uuid)"
    " AND ($3::text = '' OR created_at >= NULLIF($3::text, '')::timestamptz)"
    " AND ($4::text = '' OR created_at < NULLIF($4::text, '')::timestamptz)"
    " AND ($5::text = '' OR channel = $5::text) AND ($6::text = '' OR actor = $6::text)"
    " ORDER BY seq LIMIT $7::integer"};

std::string instant(const QDateTime &at)
{
    return at.isValid() ? at.toUTC().toString(Qt::ISODateWithMs).toStdString() : std::string();
}

} // namespace

QList<TransactionEntry> TransactionLogRepository::page(Tx &tx, const TransactionQuery &query)
{
    const auto rows = exec(tx,
                           kPage,
                           query.afterSeq,
                           str(query.eventId),
                           instant(query.from),
                           instant(query.to),
                           str(query.channel),
                           str(query.clerk),
                           query.limit);
    QList<TransactionEntry> out;
    out.reserve(int(rows.size()));
    for (const auto &row : rows) {
        TransactionEntry entry;
        entry.seq = row[0].as<qint64>();
        entry.at = QDateTime::fromString(qstr(row[1]), Qt::ISODateWithMs);
        entry.kind = qstr(row[2]);
        entry.eventId = qstr(row[3]);
        entry.orderId = qstr(row[4]);
        entry.ticketId = qstr(row[5]);
        entry.channel = qstr(row[6]);
        entry.actor = qstr(row[7]);
        entry.method = qstr(row[8]);
        entry.amountCents = row[9].as<qint64>();
        entry.taxCents = row[10].as<qint64>();
        entry.faceCents = row[11].as<qint64>();
        entry.currency = qstr(row[12]);
        entry.reference = qstr(row[13]);
        entry.note = qstr(row[14]);
        entry.migrated = row[15].as<bool>();
        out.append(entry);
    }
    return out;
}

void TransactionLogRepository::stream(
    Tx &tx,
    TransactionQuery query,
    int batch,
    const std::function<bool(const QList<TransactionEntry> &)> &sink)
{
    query.limit = batch;
    for (;;) {
        const QList<TransactionEntry> rows = page(tx, query);
        if (rows.isEmpty() || !sink(rows) || rows.size() < batch)
            return;
        query.afterSeq = rows.constLast().seq;
    }
}

} // namespace boxoffice::server::db
