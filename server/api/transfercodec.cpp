// SPDX-License-Identifier: GPL-3.0-or-later
#include "transfercodec.h"

#include <QJsonArray>

namespace boxoffice::server::api {

namespace {

QJsonObject placeJson(const QString &section,
                      const QString &row,
                      const QString &number,
                      const QString &gaName)
{
    if (!gaName.isEmpty())
        return {{QStringLiteral("area"), gaName}};
    return {{QStringLiteral("section"), section},
            {QStringLiteral("row"), row},
            {QStringLiteral("number"), number}};
}

} // namespace

QJsonObject pendingTransferJson(const domain::PendingTransfer &transfer)
{
    return {{QStringLiteral("ticket_id"), transfer.ticketId},
            {QStringLiteral("email"), transfer.email},
            {QStringLiteral("created_at"), transfer.createdAt},
            {QStringLiteral("expires_at"), transfer.expiresAt},
            {QStringLiteral("status"), QStringLiteral("pending")}};
}

QJsonObject transferOfferJson(const domain::TransferOffer &offer)
{
    return {{QStringLiteral("ticket_id"), offer.ticketId},
            {QStringLiteral("event_title"), offer.eventTitle},
            {QStringLiteral("starts_at"), offer.startsAt},
            {QStringLiteral("from"), offer.senderName},
            {QStringLiteral("to"), offer.recipientEmail},
            {QStringLiteral("place"),
             placeJson(offer.section, offer.row, offer.number, offer.gaName)}};
}

QJsonObject acceptedTransferJson(const domain::AcceptedTransfer &accepted)
{
    return {{QStringLiteral("ticket_id"), accepted.ticketId},
            {QStringLiteral("event_id"), accepted.eventId},
            {QStringLiteral("code"), accepted.code},
            {QStringLiteral("version"), accepted.version},
            {QStringLiteral("status"), QStringLiteral("accepted")}};
}

QJsonObject myTransfersJson(const domain::MyTransfers &mine)
{
    QJsonArray offered;
    for (const domain::PendingTransfer &p : mine.offered)
        offered.append(pendingTransferJson(p));
    QJsonArray received;
    for (const domain::ReceivedTicket &t : mine.received)
        received.append(QJsonObject{{QStringLiteral("ticket_id"), t.ticketId},
                                    {QStringLiteral("event_id"), t.eventId},
                                    {QStringLiteral("event_title"), t.eventTitle},
                                    {QStringLiteral("starts_at"), t.startsAt},
                                    {QStringLiteral("seat_id"),
                                     t.seatId.isEmpty() ? QJsonValue() : QJsonValue(t.seatId)},
                                    {QStringLiteral("ga_id"),
                                     t.gaId.isEmpty() ? QJsonValue() : QJsonValue(t.gaId)},
                                    {QStringLiteral("code"), t.code},
                                    {QStringLiteral("place"),
                                     placeJson(t.section, t.row, t.number, t.gaName)}});
    return {{QStringLiteral("offered"), offered}, {QStringLiteral("received"), received}};
}

} // namespace boxoffice::server::api
