// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/transactionentry.h"

#include <QList>

#include <functional>

namespace boxoffice::server::db {

class Tx;

/// Reads the transaction log. Nothing here writes it: the triggers of migration 0099 do, in
/// the transaction that moves the money or the ticket.
class TransactionLogRepository
{
public:
    /// At most `query.limit` rows after `query.afterSeq`, oldest first.
    static QList<TransactionEntry> page(Tx &tx, const TransactionQuery &query);
    /// Every matching row in order, `batch` rows at a time (keyset batches over the primary key
    /// in the caller's snapshot: memory stays one batch however long the log is). `sink` returns
    /// false to stop early.
    static void stream(Tx &tx,
                       TransactionQuery query,
                       int batch,
                       const std::function<bool(const QList<TransactionEntry> &)> &sink);
};

} // namespace boxoffice::server::db
