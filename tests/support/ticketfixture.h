// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checkoutfixture.h"

#include <QJsonArray>
#include <QJsonObject>

namespace boxoffice::test {

/// Counter sales and scans at the door against a real server (the ticket tests' common part).
class TicketDesk
{
public:
    explicit TicketDesk(Checkout &checkout)
        : m_checkout(checkout)
    {}

    /// Sells `count` seats of `eventId` at the counter (card present) to a fresh clerk; the
    /// order's tickets, empty when the sale failed.
    QJsonArray sell(const QString &eventId, int count)
    {
        QStringList seats;
        for (int n = 1; n <= count; ++n)
            seats.append(QStringLiteral("S1-%1-%2").arg(m_row + 1).arg(n));
        ++m_row;
        const QByteArray clerk = testToken(QStringLiteral("desk-clerk-%1").arg(m_row),
                                           QStringLiteral("clerk"));
        const QString holdId = m_checkout.hold(eventId, seats, clerk);
        if (holdId.isEmpty())
            return {};
        const auto sale = m_checkout.client()
                              .post("/orders",
                                    QJsonObject{{QStringLiteral("hold_id"), holdId},
                                                {QStringLiteral("payment"),
                                                 QJsonObject{{QStringLiteral("method"),
                                                              QStringLiteral("card_present")},
                                                             {QStringLiteral("reference"),
                                                              QStringLiteral("T-%1").arg(m_row)}}}},
                                    clerk);
        m_lastOrder = sale.json().value(u"order_id").toString();
        return sale.status == 201 ? sale.json().value(u"tickets").toArray() : QJsonArray();
    }
    QString lastOrder() const { return m_lastOrder; }

    static QJsonObject scanBody(const QString &code,
                                const QString &eventId,
                                const QString &gate = QStringLiteral("A"),
                                const QString &direction = QStringLiteral("in"))
    {
        return {{QStringLiteral("code"), code},
                {QStringLiteral("event_id"), eventId},
                {QStringLiteral("gate"), gate},
                {QStringLiteral("direction"), direction},
                {QStringLiteral("device_id"), QStringLiteral("test-door")}};
    }

    HttpResponse scan(const QString &code,
                      const QString &eventId,
                      const QString &gate = QStringLiteral("A"))
    {
        return m_checkout.client().post("/tickets/scan", scanBody(code, eventId, gate), door());
    }
    QString result(const QString &code, const QString &eventId)
    {
        return scan(code, eventId).json().value(u"result").toString();
    }
    static QByteArray door() { return testToken(QStringLiteral("door-1"), QStringLiteral("door")); }

private:
    Checkout &m_checkout;
    int m_row = 0;
    QString m_lastOrder;
};

} // namespace boxoffice::test
