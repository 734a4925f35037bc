// SPDX-License-Identifier: GPL-3.0-or-later
#include "order.h"

#include <QJsonArray>

namespace boxoffice::server::domain {

namespace {
QJsonValue orNull(const QString &text)
{
    return text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}
} // namespace

} // namespace boxoffice::server::domain

// The API views of db's rows (declared there; db never calls them).
namespace boxoffice::server::db {

using domain::orNull;

QJsonObject Ticket::toJson() const
{
    QJsonObject out{{QStringLiteral("ticket_id"), id},
                    {QStringLiteral("event_id"), eventId},
                    {QStringLiteral("seat_id"), orNull(seatId)},
                    {QStringLiteral("ga_id"), orNull(gaId)},
                    {QStringLiteral("code"), code},
                    {QStringLiteral("status"), status}};
    if (priceCents)
        out.insert(u"price_cents", *priceCents);
    return out;
}

QJsonObject Order::toJson() const
{
    QJsonObject payment{{QStringLiteral("provider"), QJsonValue::Null},
                        {QStringLiteral("intent_id"), QJsonValue::Null},
                        {QStringLiteral("client_secret"), QJsonValue::Null},
                        {QStringLiteral("status"), QJsonValue::Null}};
    if (attempt) {
        payment = QJsonObject{{QStringLiteral("provider"), attempt->provider},
                              {QStringLiteral("intent_id"), orNull(attempt->intentId)},
                              {QStringLiteral("client_secret"), orNull(attempt->clientSecret)},
                              {QStringLiteral("status"), attempt->status}};
    }
    payment.insert(u"method", paymentMethod);
    if (!paymentPageUrl.isEmpty())
        payment.insert(u"page_url", paymentPageUrl);
    QJsonArray ticketArray;
    for (const Ticket &ticket : tickets)
        ticketArray.append(ticket.toJson());
    QJsonObject out{{QStringLiteral("order_id"), id},
                    {QStringLiteral("hold_id"), holdId},
                    {QStringLiteral("event_id"), eventId},
                    {QStringLiteral("status"), status},
                    {QStringLiteral("amount_cents"), amountCents},
                    {QStringLiteral("refunded_cents"), refundedCents},
                    {QStringLiteral("currency"), currency},
                    {QStringLiteral("payment"), payment},
                    {QStringLiteral("tickets"), ticketArray},
                    {QStringLiteral("channel"), channel},
                    {QStringLiteral("created_at"), createdAt.toUTC().toString(Qt::ISODateWithMs)}};
    if (changeCents)
        out.insert(u"change_cents", *changeCents);
    return out;
}

} // namespace boxoffice::server::db
