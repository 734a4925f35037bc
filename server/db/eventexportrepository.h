// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/moneyreport.h"

#include <QList>
#include <QStringList>

#include <functional>

namespace boxoffice::server::db {

class Tx;

/// Reads an event's orders, tickets or attendees as rows of text cells, in keyset batches by
/// id within the caller's snapshot: memory stays one batch however many rows there are.
class EventExportRepository
{
public:
    /// The column names, in the order of the cells.
    static QStringList columns(EventExport which);
    /// Every row of `eventId`, `batch` at a time; `sink` returns false to stop.
    static void stream(Tx &tx,
                       EventExport which,
                       const QString &eventId,
                       int batch,
                       const std::function<bool(const QList<QStringList> &)> &sink);
    /// Whether the event exists.
    static bool eventExists(Tx &tx, const QString &eventId);
};

} // namespace boxoffice::server::db
