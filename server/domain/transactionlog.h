// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/transactionentry.h"
#include "result.h"

#include <QList>

#include <functional>

namespace boxoffice::server::db {
class Database;
}

namespace boxoffice::server::domain {

/// One page of GET /transactions, oldest first. `nextAfter` is the `after` of the next page
/// (the last row's seq, or the `after` asked with when the page is empty), so a reader can
/// also poll the log's end with it; `more` says whether a full page was left over.
struct TransactionPage
{
    QList<db::TransactionEntry> items;
    qint64 nextAfter = 0;
    bool more = false;
};

/// Reads the transaction log (written by the triggers of migration 0099 in the transactions
/// that move money and tickets; nothing here writes it).
class TransactionLog
{
public:
    static constexpr int kDefaultLimit = 100;
    static constexpr int kMaxLimit = 1000;
    /// Rows read from PostgreSQL at a time by an export.
    static constexpr int kExportBatch = 2000;

    explicit TransactionLog(db::Database &database);

    /// `query.limit` in 1..kMaxLimit (the codec checks it).
    Result<TransactionPage> page(const db::TransactionQuery &query);
    /// Every matching row, kExportBatch at a time, in one snapshot; `sink` returns false to
    /// stop. Throws when the database fails part way (the rows sent cannot be taken back, so it
    /// never starts over).
    void exportAll(const db::TransactionQuery &query,
                   const std::function<bool(const QList<db::TransactionEntry> &)> &sink);

private:
    db::Database &m_database;
};

} // namespace boxoffice::server::domain
