// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a buyer asks to be invoiced to, and the invoices issued (issue 28, docs/pricing.md).

#include "db/rows/pricing.h"

#include <QDateTime>

namespace boxoffice::server::db {

struct Billing
{
    QString company;
    QString address;
    QString vatNumber;
};

/// Whose name an event's tickets are sold in, and where its invoice series stands.
struct EventOrganiser
{
    QString eventId;
    QString organiser;
    qint64 lastNumber = 0; ///< the organiser's last invoice number (0: none yet)
};

/// An issued invoice or cancellation invoice, as it was issued (never changed).
struct Invoice
{
    QString organiser;
    qint64 number = 0;
    QString kind; ///< invoice|cancellation
    QString orderId;
    qint64 refersTo = 0; ///< a cancellation: the number it cancels (part of)
    QDateTime issuedAt;
    qint64 amountCents = 0; ///< negative for a cancellation
    qint64 taxCents = 0;
    QString currency;
    QList<PriceLine> lines; ///< the order's lines when issued (none on a cancellation)
    Billing billing;
    // Of the order's event, for the document.
    QString eventTitle;
    QDateTime eventStartsAt;
    QString timeZone;
    QString taxName;
    int taxRateBp = 0;
};

} // namespace boxoffice::server::db
