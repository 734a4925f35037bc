// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>

#include <optional>

namespace boxoffice::server::domain {

/// A shift's money in one payment method.
struct ShiftMethodTotals
{
    QString method; ///< cash|card_present|comp|card
    qint64 salesCents = 0;
    qint64 refundsCents = 0;
};

/// A shift's X report (open) or Z report (closed), as GET /shifts/{id}/report answers it.
struct ShiftReport
{
    QString shiftId;
    QString clerk;
    QString status; ///< open|closed
    qint64 floatCents = 0;
    QString openedAt;
    int salesCount = 0;
    int refundsCount = 0;
    qint64 salesCents = 0;             ///< every method but comp
    qint64 refundsCents = 0;           ///< every method but comp
    QList<ShiftMethodTotals> byMethod; ///< cash, card_present, comp, card
    qint64 expectedCashCents = 0;      ///< float + cash sales - cash refunds
    // Closed shifts only:
    QString closedAt;
    qint64 countedCents = 0;
    qint64 varianceCents = 0; ///< counted - expected
    /// The cash drawer, in the answers of POST /shifts and GET /shifts/current only.
    std::optional<QString> drawer;

    bool closed() const { return status == u"closed"; }
};

/// POST /shifts: the float in the drawer and which drawer (optional).
struct OpenShift
{
    qint64 floatCents = 0;
    QString drawer;
};

} // namespace boxoffice::server::domain
