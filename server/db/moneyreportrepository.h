// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/moneyreport.h"

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// Reports and settlements computed in SQL from the transaction log (docs/reports.md). The
/// caller runs them in one repeatable-read transaction, so every figure is of one snapshot.
class MoneyReportRepository
{
public:
    /// The time zone of the venue of `eventId`, or of `venueId`; nullopt when there is none.
    static std::optional<QString> timeZone(Tx &tx, const QString &eventId, const QString &venueId);
    /// `day`'s bounds in `timeZone`, computed by PostgreSQL.
    static ReportPeriod period(Tx &tx, const QDate &day, const QString &timeZone);
    /// Every figure of the log's rows in `scope` (and `period`, when given).
    static MoneyReport report(Tx &tx,
                              const ReportScope &scope,
                              const std::optional<ReportPeriod> &period);
    /// The event's settlement over its whole log; nullopt for an unknown event.
    static std::optional<Settlement> settlement(Tx &tx, const QString &eventId);
    /// Sets the venue's commission; the one it replaces, nullopt for an unknown event.
    static std::optional<int> setCommission(Tx &tx, const QString &eventId, int basisPoints);
};

} // namespace boxoffice::server::db
