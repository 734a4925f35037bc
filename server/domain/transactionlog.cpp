// SPDX-License-Identifier: GPL-3.0-or-later
#include "transactionlog.h"

#include "db/database.h"
#include "db/transactionlogrepository.h"

#include <stdexcept>

namespace boxoffice::server::domain {

TransactionLog::TransactionLog(db::Database &database)
    : m_database(database)
{}

Result<TransactionPage> TransactionLog::page(const db::TransactionQuery &query)
{
    // One row more than asked tells whether a full page is left.
    db::TransactionQuery probe = query;
    probe.limit = query.limit + 1;
    TransactionPage page;
    m_database.transact(
        [&](db::Tx &tx) { page.items = db::TransactionLogRepository::page(tx, probe); });
    page.more = page.items.size() > query.limit;
    if (page.more)
        page.items.resize(query.limit);
    page.nextAfter = page.items.isEmpty() ? query.afterSeq : page.items.constLast().seq;
    return page;
}

void TransactionLog::exportAll(const db::TransactionQuery &query,
                               const std::function<bool(const QList<db::TransactionEntry> &)> &sink)
{
    bool sent = false;
    m_database.transact(
        [&](db::Tx &tx) {
            // transact() runs its body again after a lost connection: rows already sent would
            // go out twice, so a second run refuses instead.
            if (sent)
                throw std::runtime_error("transaction log export interrupted");
            db::TransactionLogRepository::stream(tx,
                                                 query,
                                                 kExportBatch,
                                                 [&](const QList<db::TransactionEntry> &rows) {
                                                     sent = true;
                                                     return sink(rows);
                                                 });
        },
        db::Database::Isolation::RepeatableRead);
}

} // namespace boxoffice::server::domain
