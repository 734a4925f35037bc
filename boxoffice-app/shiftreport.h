// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "journal.h"

#include <optional>
#include <QDateTime>
#include <QJsonObject>
#include <QList>

class QPagedPaintDevice;

namespace boxoffice::app {

/// A shift's X (running) or Z (closing) report: totals by payment method and the cash drawer
/// (float + cash taken - cash refunded = expected; counted - expected = variance).
struct ShiftReport
{
    QString shiftId;
    QString currency = QStringLiteral("EUR");
    qint64 floatCents = 0;
    qint64 cashSalesCents = 0;
    qint64 cardSalesCents = 0;
    qint64 compCount = 0;
    qint64 refundsCashCents = 0;
    qint64 refundsCardCents = 0;
    int sales = 0;
    QDateTime openedAt;                 ///< UTC (from the server)
    QString timeZone;                   ///< the counter's venue zone: times print in its local time
    std::optional<qint64> countedCents; ///< set by the Z report

    qint64 expectedCashCents() const { return floatCents + cashSalesCents - refundsCashCents; }
    std::optional<qint64> varianceCents() const
    {
        if (!countedCents)
            return std::nullopt;
        return *countedCents - expectedCashCents();
    }

    /// Adds up the journal rows of one shift (every row after its "float" cash row).
    static ShiftReport fromJournal(const QList<JournalEntry> &entries, const QString &shiftId);
    /// Reads the server's report (GET /shifts/{id}/report or the close answer).
    static ShiftReport fromServer(const QJsonObject &json);

    /// The report as plain text lines (label, amount).
    QList<QPair<QString, QString>> lines() const;
    /// Prints the report on one page.
    bool print(QPagedPaintDevice *device, const QString &title) const;
};

} // namespace boxoffice::app
