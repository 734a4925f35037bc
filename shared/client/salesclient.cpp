// SPDX-License-Identifier: GPL-3.0-or-later
#include "salesclient.h"

#include <QJsonArray>
#include <QUrlQuery>

namespace boxoffice::client {

SalesClient::SalesClient(QObject *parent)
    : HttpTransport(parent)
{}

void SalesClient::searchEvents(const QString &query, Callback done)
{
    QUrlQuery q;
    if (!query.trimmed().isEmpty())
        q.addQueryItem(QStringLiteral("q"), query.trimmed());
    q.addQueryItem(QStringLiteral("limit"), QStringLiteral("50"));
    call("GET", u"/events?" + q.toString(QUrl::FullyEncoded), {}, {}, std::move(done));
}

void SalesClient::getEvent(const QString &id, Callback done)
{
    call("GET", u"/events/" + segment(id), {}, {}, std::move(done));
}

void SalesClient::getVenue(const QString &id, Callback done)
{
    call("GET", u"/venues/" + segment(id), {}, {}, std::move(done));
}

void SalesClient::getSeatmap(const QString &eventId, Callback done)
{
    call("GET", u"/events/" + segment(eventId) + u"/seatmap", {}, {}, std::move(done));
}

void SalesClient::getCounterAllocations(const QString &eventId, Callback done)
{
    call("GET", u"/events/" + segment(eventId) + u"/allocations", {}, {}, std::move(done));
}

void SalesClient::createHold(const QJsonObject &body, const QString &key, Callback done)
{
    call("POST",
         QStringLiteral("/holds"),
         body,
         {{"Idempotency-Key", key.toLatin1()}},
         std::move(done));
}

void SalesClient::releaseHold(const QString &holdId, Callback done)
{
    call("DELETE", u"/holds/" + segment(holdId), {}, {}, std::move(done));
}

void SalesClient::createOrder(const QJsonObject &body, const QString &key, Callback done)
{
    call("POST",
         QStringLiteral("/orders"),
         body,
         {{"Idempotency-Key", key.toLatin1()}},
         std::move(done));
}

void SalesClient::getOrder(const QString &orderId, Callback done)
{
    call("GET", u"/orders/" + segment(orderId), {}, {}, std::move(done));
}

void SalesClient::refundOrder(const QString &orderId,
                              const QJsonObject &body,
                              const QString &idempotencyKey,
                              Callback done)
{
    QList<QPair<QByteArray, QByteArray>> headers;
    if (!idempotencyKey.isEmpty())
        headers.append({QByteArrayLiteral("Idempotency-Key"), idempotencyKey.toLatin1()});
    call("POST", u"/orders/" + segment(orderId) + u"/refund", body, headers, std::move(done));
}

void SalesClient::reissueTicket(const QString &ticketId, Callback done)
{
    call("POST", u"/tickets/" + segment(ticketId) + u"/reissue", {}, {}, std::move(done));
}

void SalesClient::openShift(qint64 floatCents, const QString &drawer, Callback done)
{
    QJsonObject body{{QStringLiteral("float_cents"), floatCents}};
    if (!drawer.isEmpty())
        body.insert(QStringLiteral("drawer"), drawer);
    call("POST", QStringLiteral("/shifts"), body, {}, std::move(done));
}

void SalesClient::shiftReport(const QString &shiftId, Callback done)
{
    call("GET", u"/shifts/" + segment(shiftId) + u"/report", {}, {}, std::move(done));
}

void SalesClient::currentShift(const QString &drawer, Callback done)
{
    call("GET",
         drawer.isEmpty() ? QStringLiteral("/shifts/current")
                          : u"/shifts/current?drawer=" + segment(drawer),
         {},
         {},
         std::move(done));
}

void SalesClient::searchOrders(const QString &query, Callback done)
{
    call("GET", u"/orders?q=" + segment(query.trimmed()), {}, {}, std::move(done));
}

void SalesClient::exchangeTicket(const QString &orderId,
                                 const QJsonObject &body,
                                 const QString &idempotencyKey,
                                 Callback done)
{
    call("POST",
         u"/orders/" + segment(orderId) + u"/exchange",
         body,
         {{QByteArrayLiteral("Idempotency-Key"), idempotencyKey.toLatin1()}},
         std::move(done));
}

void SalesClient::mailOrder(const QString &orderId,
                            const QJsonObject &body,
                            const QString &idempotencyKey,
                            Callback done)
{
    call("POST",
         u"/orders/" + segment(orderId) + u"/mail",
         body,
         {{QByteArrayLiteral("Idempotency-Key"), idempotencyKey.toLatin1()}},
         std::move(done));
}

void SalesClient::markPrinted(const QString &orderId, const QStringList &ticketIds, Callback done)
{
    call("POST",
         u"/orders/" + segment(orderId) + u"/printed",
         {{QStringLiteral("ticket_ids"), QJsonArray::fromStringList(ticketIds)}},
         {},
         std::move(done));
}

void SalesClient::closeShift(const QString &shiftId, qint64 countedCents, Callback done)
{
    call("POST",
         u"/shifts/" + segment(shiftId) + u"/close",
         {{QStringLiteral("counted_cents"), countedCents}},
         {},
         std::move(done));
}

} // namespace boxoffice::client
