// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One row of the transaction log as stored (migrations 0098/0099; db/transactionlogrepository
// reads it, triggers write it).

#include <QDateTime>
#include <QString>

namespace boxoffice::server::db {

/// A money or ticket movement: `kind` is sale, comp, exchange_difference, refund, capture,
/// compensation, payment_refund, issue or void (docs/transactions.md). Ids are empty when the
/// movement has none (an order-level row has no ticket).
struct TransactionEntry
{
    qint64 seq = 0;
    QDateTime at;
    QString kind;
    QString eventId;
    QString orderId;
    QString ticketId;
    QString channel;
    QString actor; ///< the order's clerk, else its fan
    QString method;
    qint64 amountCents = 0;
    qint64 taxCents = 0;
    qint64 faceCents = 0;
    QString currency;
    QString reference;
    QString note;
    bool migrated = false;
};

/// Which rows GET /transactions lists: oldest first after `afterSeq`, each filter optional.
/// Only rows of committed transactions older than every transaction still running are listed,
/// so a cursor never skips a row that commits later with a smaller seq.
struct TransactionQuery
{
    QString eventId;
    QDateTime from; ///< inclusive
    QDateTime to;   ///< exclusive
    QString channel;
    QString clerk; ///< the actor
    qint64 afterSeq = 0;
    int limit = 100;
};

} // namespace boxoffice::server::db
