// SPDX-License-Identifier: GPL-3.0-or-later
#include "requestfingerprintcodec.h"

#include "paymentrecord.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace boxoffice::server::db {

namespace {

// Members that were written only when given stay so: an added empty member would change the
// bytes of every stored key.
QJsonObject object(const HoldFingerprint &r)
{
    QJsonObject out{{u"event_id"_qs, r.eventId}};
    if (!r.seats.isEmpty())
        out.insert(u"seats", QJsonArray::fromStringList(r.seats));
    if (!r.section.isEmpty())
        out.insert(u"section", r.section);
    if (!r.ga.isEmpty())
        out.insert(u"ga", r.ga);
    if (r.quantity > 0)
        out.insert(u"quantity", r.quantity);
    if (!r.allocation.isEmpty())
        out.insert(u"allocation", r.allocation);
    if (!r.voucher.isEmpty())
        out.insert(u"voucher", r.voucher);
    return out;
}

QJsonObject object(const OrderFingerprint &r)
{
    QJsonObject out{{u"hold_id"_qs, r.holdId}};
    if (!r.returnUrl.isEmpty())
        out.insert(u"return_url", r.returnUrl);
    return out;
}

QJsonObject object(const CounterSaleFingerprint &r)
{
    QJsonObject out{{u"hold_id"_qs, r.holdId},
                    {u"method"_qs, r.payment.method},
                    {u"tendered_cents"_qs, r.payment.tenderedCents},
                    {u"reference"_qs, r.payment.reference},
                    {u"email"_qs, r.email},
                    {u"locale"_qs, r.locale}};
    if (r.payment.method == u"split") // the old fingerprint stays for the other methods
        out.insert(u"payment", paymentRecord(r.payment));
    return out;
}

QJsonObject object(const RefundFingerprint &r)
{
    QJsonObject out{{u"order_id"_qs, r.orderId}};
    if (r.ticketIds)
        out.insert(u"ticket_ids", QJsonArray::fromStringList(*r.ticketIds));
    return out;
}

QJsonObject object(const ExchangeFingerprint &r)
{
    QJsonObject out{{u"order_id"_qs, r.orderId},
                    {u"ticket_id"_qs, r.ticketId},
                    {u"seat_id"_qs, r.seatId},
                    {u"payment"_qs, r.payment ? paymentRecord(*r.payment) : QJsonObject()}};
    if (!r.gaId.isEmpty()) // seat exchanges keep their old fingerprint
        out.insert(u"ga_id", r.gaId);
    return out;
}

QJsonObject object(const MailAgainFingerprint &r)
{
    return {{u"order_id"_qs, r.orderId}, {u"email"_qs, r.email}, {u"locale"_qs, r.locale}};
}

} // namespace

QByteArray requestFingerprintBytes(const RequestFingerprint &request)
{
    return QJsonDocument(std::visit([](const auto &r) { return object(r); }, request))
        .toJson(QJsonDocument::Compact);
}

} // namespace boxoffice::server::db
