// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportcodec.h"

#include "csv.h"
#include "fieldreader.h"
#include "queryfield.h"

#include "core/localtime.h"

#include <QJsonArray>
#include <QLocale>
#include <QRegularExpression>

namespace boxoffice::server::api {

using domain::ErrorCode;

namespace {

// The log's channels (docs/transactions.md): a misspelt one would report nothing, silently.
QString channel(const QString &text)
{
    if (text != u"online" && text != u"box_office")
        refuseField(ErrorCode::InvalidField,
                    QStringLiteral("channel"),
                    QStringLiteral("`channel` must be `online` or `box_office`"));
    return text;
}

QDate day(const QString &text)
{
    static const QRegularExpression shape(QStringLiteral("^\\d{4}-\\d{2}-\\d{2}$"));
    const QDate out = QDate::fromString(text, Qt::ISODate);
    if (!shape.match(text).hasMatch() || !out.isValid())
        refuseField(ErrorCode::InvalidField,
                    QStringLiteral("day"),
                    QStringLiteral("`day` must be a date, YYYY-MM-DD (e.g. 2026-10-25)"));
    return out;
}

QString utc(const QDateTime &at)
{
    return at.toUTC().toString(Qt::ISODate);
}

QJsonObject totalsJson(const db::MoneyTotals &t)
{
    return {{QStringLiteral("currency"), t.currency},
            {QStringLiteral("sales_cents"), t.salesCents},
            {QStringLiteral("exchange_cents"), t.exchangeCents},
            {QStringLiteral("refunded_cents"), t.refundedCents},
            {QStringLiteral("refunds"), t.refunds},
            {QStringLiteral("taken_cents"), t.takenCents},
            {QStringLiteral("tax_cents"), t.taxCents},
            {QStringLiteral("fee_cents"), t.feeCents},
            {QStringLiteral("comp_tickets"), t.compTickets},
            {QStringLiteral("comp_face_cents"), t.compFaceCents},
            {QStringLiteral("captured_cents"), t.capturedCents},
            {QStringLiteral("compensated_cents"), t.compensatedCents},
            {QStringLiteral("payment_refunded_cents"), t.paymentRefundedCents}};
}

QJsonObject capacityJson(const db::PlaceCounts &p)
{
    return {{QStringLiteral("sellable"), p.available},
            {QStringLiteral("held"), p.held},
            {QStringLiteral("sold"), p.sold},
            {QStringLiteral("comps"), p.comps},
            {QStringLiteral("house"), p.house},
            {QStringLiteral("allocation"), p.allocation},
            {QStringLiteral("killed"), p.kill},
            {QStringLiteral("total"), p.capacity()}};
}

// Basis points as a percentage: 1250 -> "12.50 %".
QString percent(int basisPoints)
{
    return QStringLiteral("%1.%2 %")
        .arg(basisPoints / 100)
        .arg(basisPoints % 100, 2, 10, QLatin1Char('0'));
}

} // namespace

db::ReportScope parseReportQuery(const QUrlQuery &query, const QString &eventId)
{
    db::ReportScope out;
    out.eventId = eventId;
    QStringList seen;
    for (const auto &[field, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (seen.contains(field))
            refuseField(ErrorCode::BadRequest,
                        field,
                        QStringLiteral("`%1` is given twice").arg(field));
        seen.append(field);
        if (field == u"day")
            out.day = day(value);
        else if (field == u"channel")
            out.channel = channel(value);
        else if (field == u"clerk")
            out.clerk = boundedName(field, value);
        else if (field == u"venue_id" && eventId.isEmpty())
            out.venueId = boundedName(field, value);
        else
            refuseField(ErrorCode::BadRequest,
                        field,
                        QStringLiteral("unknown parameter `%1`").arg(field));
    }
    if (eventId.isEmpty() && out.venueId.isEmpty())
        refuseField(ErrorCode::InvalidField,
                    QStringLiteral("venue_id"),
                    QStringLiteral("`venue_id` is required (a report covers one venue's events)"));
    return out;
}

QJsonObject reportJson(const db::MoneyReport &report)
{
    QJsonArray totals;
    for (const db::MoneyTotals &t : report.totals)
        totals.append(totalsJson(t));
    QJsonArray kinds;
    for (const db::KindLine &k : report.kinds)
        kinds.append(QJsonObject{{QStringLiteral("kind"), k.kind},
                                 {QStringLiteral("channel"), k.channel},
                                 {QStringLiteral("method"), k.method},
                                 {QStringLiteral("currency"), k.currency},
                                 {QStringLiteral("rows"), k.rows},
                                 {QStringLiteral("amount_cents"), k.amountCents},
                                 {QStringLiteral("tax_cents"), k.taxCents},
                                 {QStringLiteral("face_cents"), k.faceCents}});
    QJsonArray tickets;
    for (const db::TicketLine &t : report.tickets)
        tickets.append(QJsonObject{{QStringLiteral("category_id"), t.categoryId},
                                   {QStringLiteral("category"), t.categoryName},
                                   {QStringLiteral("channel"), t.channel},
                                   {QStringLiteral("comp"), t.comp},
                                   {QStringLiteral("issued"), t.issued},
                                   {QStringLiteral("voided"), t.voided},
                                   {QStringLiteral("issued_face_cents"), t.issuedFaceCents},
                                   {QStringLiteral("voided_face_cents"), t.voidedFaceCents}});
    QJsonArray payments;
    for (const db::PaymentLine &p : report.payments)
        payments.append(QJsonObject{{QStringLiteral("method"), p.method},
                                    {QStringLiteral("provider"), p.provider},
                                    {QStringLiteral("captures"), p.captures},
                                    {QStringLiteral("captured_cents"), p.capturedCents}});
    QJsonArray unmatched;
    for (const db::UnmatchedOrder &u : report.unmatched)
        unmatched.append(QJsonObject{{QStringLiteral("order_id"), u.orderId},
                                     {QStringLiteral("sold_cents"), u.soldCents},
                                     {QStringLiteral("captured_cents"), u.capturedCents},
                                     {QStringLiteral("compensated_cents"), u.compensatedCents}});
    QJsonObject out{{QStringLiteral("totals"), totals},
                    {QStringLiteral("kinds"), kinds},
                    {QStringLiteral("tickets"), tickets},
                    {QStringLiteral("payments"), payments},
                    {QStringLiteral("unmatched"), unmatched}};
    if (report.period)
        out.insert(QStringLiteral("period"),
                   QJsonObject{{QStringLiteral("time_zone"), report.period->timeZone},
                               {QStringLiteral("from"), utc(report.period->from)},
                               {QStringLiteral("to"), utc(report.period->to)},
                               {QStringLiteral("hours"), report.period->hours}});
    else
        out.insert(QStringLiteral("period"), QJsonValue());
    if (report.capacity)
        out.insert(QStringLiteral("capacity"), capacityJson(*report.capacity));
    return out;
}

int parseCommission(const QJsonObject &body)
{
    const QJsonValue value = body.value(u"commission_bps");
    const double number = value.toDouble(-1);
    // The range first: converting a double beyond qint64 is undefined (1e300 stopped the server
    // under UBSan).
    if (!value.isDouble() || number < 0 || number > 10000 || number != double(qint64(number)))
        refuseField(ErrorCode::InvalidField,
                    QStringLiteral("commission_bps"),
                    QStringLiteral(
                        "`commission_bps` must be an integer from 0 to 10000 (basis points:"
                        " 1250 is 12.50 %)"));
    refuseUnknown(body, {QStringLiteral("commission_bps")});
    return int(number);
}

QJsonObject settlementJson(const db::Settlement &s)
{
    return {{QStringLiteral("event_id"), s.eventId},
            {QStringLiteral("title"), s.title},
            {QStringLiteral("venue"), s.venue},
            {QStringLiteral("starts_at"), utc(s.startsAt)},
            {QStringLiteral("time_zone"), s.timeZone},
            {QStringLiteral("currency"), s.currency},
            {QStringLiteral("commission_bps"), s.commissionBps},
            {QStringLiteral("sales_cents"), s.salesCents},
            {QStringLiteral("exchange_cents"), s.exchangeCents},
            {QStringLiteral("refunded_cents"), s.refundedCents},
            {QStringLiteral("gross_cents"), s.grossCents},
            {QStringLiteral("tax_cents"), s.taxCents},
            {QStringLiteral("fee_cents"), s.feeCents},
            {QStringLiteral("net_cents"), s.netCents},
            {QStringLiteral("commission_cents"), s.commissionCents},
            {QStringLiteral("owed_cents"), s.owedCents},
            {QStringLiteral("tickets_sold"), s.ticketsSold},
            {QStringLiteral("comp_tickets"), s.compTickets},
            {QStringLiteral("as_of"), utc(s.asOf)}};
}

QByteArray settlementCsv(const db::Settlement &s)
{
    // The JSON's members in a fixed order (a QJsonObject would sort them).
    const QList<std::pair<QString, QString>>
        items{{QStringLiteral("event_id"), s.eventId},
              {QStringLiteral("title"), s.title},
              {QStringLiteral("venue"), s.venue},
              {QStringLiteral("starts_at"), utc(s.startsAt)},
              {QStringLiteral("time_zone"), s.timeZone},
              {QStringLiteral("currency"), s.currency},
              {QStringLiteral("commission_bps"), QString::number(s.commissionBps)},
              {QStringLiteral("sales_cents"), QString::number(s.salesCents)},
              {QStringLiteral("exchange_cents"), QString::number(s.exchangeCents)},
              {QStringLiteral("refunded_cents"), QString::number(s.refundedCents)},
              {QStringLiteral("gross_cents"), QString::number(s.grossCents)},
              {QStringLiteral("tax_cents"), QString::number(s.taxCents)},
              {QStringLiteral("fee_cents"), QString::number(s.feeCents)},
              {QStringLiteral("net_cents"), QString::number(s.netCents)},
              {QStringLiteral("commission_cents"), QString::number(s.commissionCents)},
              {QStringLiteral("owed_cents"), QString::number(s.owedCents)},
              {QStringLiteral("tickets_sold"), QString::number(s.ticketsSold)},
              {QStringLiteral("comp_tickets"), QString::number(s.compTickets)},
              {QStringLiteral("as_of"), utc(s.asOf)}};
    QByteArray out = csvLine({QStringLiteral("item"), QStringLiteral("value")});
    for (const auto &[item, value] : items)
        out += csvLine({item, value});
    return out;
}

core::Statement settlementStatement(const db::Settlement &s)
{
    core::Statement out;
    out.heading = QStringLiteral("SETTLEMENT STATEMENT");
    out.details
        = {s.title,
           s.venue,
           core::LocalTime::longDateTime(s.startsAt, s.timeZone, QLocale(QLocale::English)),
           QStringLiteral("Event %1").arg(s.eventId),
           QStringLiteral("Tickets sold: %1; comps: %2").arg(s.ticketsSold).arg(s.compTickets)};
    const QString c = s.currency;
    out.lines = {{QStringLiteral("Ticket sales"), core::statementMoney(s.salesCents, c)},
                 {QStringLiteral("Exchange differences"), core::statementMoney(s.exchangeCents, c)},
                 {QStringLiteral("Refunds"), core::statementMoney(-s.refundedCents, c)},
                 {QStringLiteral("Gross box office"), core::statementMoney(s.grossCents, c), true},
                 {QStringLiteral("Taxes"), core::statementMoney(-s.taxCents, c)},
                 {QStringLiteral("Fees"), core::statementMoney(-s.feeCents, c)},
                 {QStringLiteral("Net box office"), core::statementMoney(s.netCents, c), true},
                 {QStringLiteral("Venue commission (%1)").arg(percent(s.commissionBps)),
                  core::statementMoney(-s.commissionCents, c)},
                 {QStringLiteral("Owed to the promoter"),
                  core::statementMoney(s.owedCents, c),
                  true}};
    out.footer = QStringLiteral("From the transaction log as of %1 UTC; the commission is"
                                " rounded to the cent, half a cent away from zero.")
                     .arg(s.asOf.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
    return out;
}

} // namespace boxoffice::server::api
