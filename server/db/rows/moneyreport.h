// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Reports and settlements over the transaction log (db/moneyreportrepository reads them;
// docs/reports.md says what each figure is).

#include "db/rows/eventstats.h"

#include <QDate>
#include <QDateTime>
#include <QList>
#include <QString>

#include <optional>

namespace boxoffice::server::db {

/// An event's CSV exports (docs/reports.md lists their columns).
enum class EventExport { Orders, Tickets, Attendees };

/// Which log rows a report covers; every filter optional but one of event and venue.
struct ReportScope
{
    QString eventId;
    QString venueId;
    QDate day; ///< a calendar day in the venue's time zone; invalid: the whole log
    QString channel;
    QString clerk; ///< the log's actor
};

/// The day's bounds as PostgreSQL computed them in the venue's time zone (23 or 25 hours on
/// a daylight-saving change).
struct ReportPeriod
{
    QString timeZone;
    QDateTime from; ///< inclusive
    QDateTime to;   ///< exclusive
    double hours = 0;
};

/// Log rows of one kind, channel and method: any kind the log has, fee and tax rows included.
struct KindLine
{
    QString kind;
    QString channel;
    QString method;
    QString currency;
    qint64 rows = 0;
    qint64 amountCents = 0;
    qint64 taxCents = 0;
    qint64 faceCents = 0;
};

/// The money of a report in one currency.
struct MoneyTotals
{
    QString currency;
    qint64 salesCents = 0;           ///< sale rows (comps bring nothing)
    qint64 exchangeCents = 0;        ///< exchange differences, + and -
    qint64 refundedCents = 0;        ///< what refunds gave back (positive)
    qint64 refunds = 0;              ///< refund rows
    qint64 takenCents = 0;           ///< sales + exchanges - refunds: money taken in
    qint64 taxCents = 0;             ///< tax within what was taken
    qint64 compTickets = 0;          ///< comp tickets issued
    qint64 compFaceCents = 0;        ///< their face value
    qint64 capturedCents = 0;        ///< payments that succeeded
    qint64 compensatedCents = 0;     ///< money owed back for orders that could not be fulfilled
    qint64 paymentRefundedCents = 0; ///< refunds the provider confirmed
    qint64 feeCents = 0;             ///< booking fees charged with the sales (with their tax)
};

/// Tickets issued and voided by price category, channel and comp.
struct TicketLine
{
    QString categoryId;
    QString categoryName;
    QString channel;
    bool comp = false;
    qint64 issued = 0;
    qint64 voided = 0;
    qint64 issuedFaceCents = 0;
    qint64 voidedFaceCents = 0;
    QString typeId; ///< the ticket type sold (empty: the category's own price)
    QString typeName;
};

/// Payments that succeeded, by method and provider.
struct PaymentLine
{
    QString method;
    QString provider;
    qint64 captures = 0;
    qint64 capturedCents = 0;
};

/// An order whose sale does not match what was captured less compensated.
struct UnmatchedOrder
{
    QString orderId;
    qint64 soldCents = 0;
    qint64 capturedCents = 0;
    qint64 compensatedCents = 0;
};

struct MoneyReport
{
    std::optional<ReportPeriod> period;
    QList<MoneyTotals> totals;
    QList<KindLine> kinds;
    QList<TicketLine> tickets;
    QList<PaymentLine> payments;
    QList<UnmatchedOrder> unmatched;
    std::optional<PlaceCounts> capacity; ///< an event's report: its places now
};

/// What the promoter of an event is owed (docs/reports.md, "Settlement").
struct Settlement
{
    QString eventId;
    QString title;
    QString venue;
    QDateTime startsAt;
    QString timeZone;
    QString currency;
    int commissionBps = 0;
    qint64 salesCents = 0;
    qint64 exchangeCents = 0;
    qint64 refundedCents = 0;
    qint64 grossCents = 0; ///< sales + exchanges - refunds
    qint64 taxCents = 0;
    qint64 feeCents = 0;
    qint64 netCents = 0;        ///< gross - taxes - fees
    qint64 commissionCents = 0; ///< net x bps / 10000, half a cent away from zero
    qint64 owedCents = 0;       ///< net - commission
    qint64 ticketsSold = 0;     ///< valid tickets that were paid for
    qint64 compTickets = 0;
    QDateTime asOf; ///< the snapshot's time
};

} // namespace boxoffice::server::db
