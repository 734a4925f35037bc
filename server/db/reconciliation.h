// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/reconciliation.h"

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// What `boxoffice-server reconcile` checks, all read in one snapshot.
class Reconciliation
{
public:
    /// The event's title, or nothing when there is no such event.
    static std::optional<QString> eventTitle(Tx &tx, const QString &eventId);
    /// Every difference for the event, check by check; empty when everything agrees.
    static QList<Difference> differences(Tx &tx, const QString &eventId);
    /// How many orders and tickets the event has (for the summary line).
    static std::pair<qint64, qint64> counted(Tx &tx, const QString &eventId);
    /// How many rules differences() checks.
    static int checkCount();
    /// All of the above for one event (read it in one repeatable-read snapshot); nothing for an
    /// unknown event. What `reconcile` prints and GET /events/{id}/reconcile answers.
    static std::optional<ReconcileReport> report(Tx &tx, const QString &eventId);
};

} // namespace boxoffice::server::db
