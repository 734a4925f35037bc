// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <client/httptransport.h>

namespace boxoffice::client {

/// The box office's REST calls (events, seat map, holds, orders, tickets, shifts): paths and
/// bodies on the apps' one HTTP transport; asynchronous, the callback runs on the caller's thread.
class SalesClient : public HttpTransport
{
    Q_OBJECT
public:
    explicit SalesClient(QObject *parent = nullptr);

    /// GET /events?q= (empty query lists upcoming events).
    void searchEvents(const QString &query, Callback done);
    void getEvent(const QString &id, Callback done);
    void getVenue(const QString &id, Callback done);
    void getSeatmap(const QString &eventId, Callback done);
    /// The allocations the counter may sell, with their seats (GET /events/{id}/allocations).
    void getCounterAllocations(const QString &eventId, Callback done);
    /// POST /holds with an idempotency key; `body` is one of the three hold shapes.
    void createHold(const QJsonObject &body, const QString &idempotencyKey, Callback done);
    void releaseHold(const QString &holdId, Callback done);
    /// POST /orders {"hold_id","payment"} with an idempotency key.
    void createOrder(const QJsonObject &body, const QString &idempotencyKey, Callback done);
    void getOrder(const QString &orderId, Callback done);
    /// POST /orders/{id}/refund; `body` empty (whole order) or {"ticket_ids":[...]}.
    void refundOrder(const QString &orderId,
                     const QJsonObject &body,
                     const QString &idempotencyKey,
                     Callback done);
    void reissueTicket(const QString &ticketId, Callback done);
    void openShift(qint64 floatCents, Callback done) { openShift(floatCents, {}, std::move(done)); }
    /// POST /shifts at `drawer` (this workstation's till; "" for none).
    void openShift(qint64 floatCents, const QString &drawer, Callback done);
    void shiftReport(const QString &shiftId, Callback done);
    /// GET /shifts/current: the caller's open shift (X report), or 404 when none is open.
    void currentShift(Callback done) { currentShift({}, std::move(done)); }
    /// With `drawer`: 409 drawer_in_use when another clerk's shift holds this till.
    void currentShift(const QString &drawer, Callback done);
    /// GET /orders?q= (will-call): order id, e-mail, name or ticket code.
    void searchOrders(const QString &query, Callback done);
    /// POST /orders/{id}/exchange {"ticket_id","seat_id","payment"?}.
    void exchangeTicket(const QString &orderId,
                        const QJsonObject &body,
                        const QString &idempotencyKey,
                        Callback done);
    /// POST /orders/{id}/mail {"email"?}: the tickets mailed again (202 {"to","mail_id"}).
    void mailOrder(const QString &orderId,
                   const QJsonObject &body,
                   const QString &idempotencyKey,
                   Callback done);
    /// POST /orders/{id}/printed: logs a counter print run of these tickets.
    void markPrinted(const QString &orderId, const QStringList &ticketIds, Callback done);
    void closeShift(const QString &shiftId, qint64 countedCents, Callback done);
};

} // namespace boxoffice::client
