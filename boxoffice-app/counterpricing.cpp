// SPDX-License-Identifier: GPL-3.0-or-later
#include "counterpricing.h"

#include <client/salesclient.h>

#include <QJsonArray>

namespace boxoffice::app {

CounterPricing::CounterPricing(client::SalesClient *client, QObject *parent)
    : QObject(parent)
    , m_client(client)
{}

void CounterPricing::loadRules(const QString &eventId)
{
    m_types.clear();
    m_taxName.clear();
    m_picks.clear();
    m_code.clear();
    m_eventId = eventId;
    m_client->call("GET",
                   u"/events/" + client::SalesClient::segment(eventId) + u"/pricing",
                   {},
                   {},
                   [this, eventId](const client::ApiResult &result) {
                       if (eventId != m_eventId || !result.ok())
                           return;
                       for (const QJsonValue &value : result.body.value(u"ticket_types").toArray()) {
                           const QJsonObject type = value.toObject();
                           const QJsonArray channels = type.value(u"channels").toArray();
                           if (!channels.contains(QStringLiteral("box_office")))
                               continue;
                           CounterTicketType out{type.value(u"id").toString(),
                                                 type.value(u"name").toString(),
                                                 type.value(u"category").toString(),
                                                 std::nullopt,
                                                 type.value(u"delta_cents").toInteger()};
                           if (type.contains(u"price_cents"))
                               out.priceCents = type.value(u"price_cents").toInteger();
                           m_types.append(out);
                       }
                       m_taxName = result.body.value(u"tax").toObject().value(u"name").toString();
                       Q_EMIT changed();
                   });
}

QList<CounterTicketType> CounterPricing::typesFor(const QString &categoryId) const
{
    QList<CounterTicketType> out;
    for (const CounterTicketType &type : m_types)
        if (type.category.isEmpty() || type.category == categoryId)
            out.append(type);
    return out;
}

void CounterPricing::holdChanged(const QString &holdId, const QStringList &seats)
{
    if (holdId == m_holdId && seats == m_seats)
        return;
    m_holdId = holdId;
    m_seats = seats;
    m_holdHasPicks = false;
    // Picks of seats that left the basket go with them; an empty basket forgets the code.
    for (auto it = m_picks.begin(); it != m_picks.end();)
        it = seats.contains(it.key()) ? std::next(it) : m_picks.erase(it);
    if (holdId.isEmpty())
        m_code.clear();
    requote();
}

void CounterPricing::setType(const QString &seatId, const QString &typeId)
{
    if (typeId.isEmpty())
        m_picks.remove(seatId);
    else
        m_picks.insert(seatId, typeId);
    requote();
}

void CounterPricing::applyCode(const QString &code)
{
    m_code = code.trimmed();
    requote();
}

void CounterPricing::clearCode()
{
    m_code.clear();
    requote();
}

std::optional<qint64> CounterPricing::totalCents() const
{
    if (m_quote.isEmpty())
        return std::nullopt;
    return m_quote.value(u"total_cents").toInteger();
}

QJsonObject CounterPricing::ticketLine(const QString &place) const
{
    for (const QJsonValue &value : m_quote.value(u"lines").toArray()) {
        const QJsonObject line = value.toObject();
        if (line.value(u"kind").toString() == u"ticket" && line.value(u"place").toString() == place)
            return line;
    }
    return {};
}

void CounterPricing::requote()
{
    const quint64 generation = ++m_generation;
    m_quote = {};
    if (m_holdId.isEmpty()) {
        m_busy = false;
        Q_EMIT changed();
        return;
    }
    m_busy = true;
    Q_EMIT changed();
    // A new hold has no picks: no need to send none.
    if (m_picks.isEmpty() && !m_holdHasPicks) {
        sendCode(generation);
        return;
    }
    // The types first (PUT replaces the hold's picks, none included), then the code.
    m_holdHasPicks = !m_picks.isEmpty();
    QJsonObject types;
    for (auto it = m_picks.cbegin(); it != m_picks.cend(); ++it)
        types.insert(it.key(), it.value());
    m_client->call("PUT",
                   u"/holds/" + client::SalesClient::segment(m_holdId) + u"/types",
                   QJsonObject{{QStringLiteral("types"), types}},
                   {},
                   [this, generation](const client::ApiResult &result) {
                       if (generation != m_generation)
                           return;
                       if (!result.ok()) {
                           // A type the server refuses for a seat: back to its category price.
                           Q_EMIT message(refusal(result), true);
                           m_picks.clear();
                       }
                       sendCode(generation);
                   });
}

void CounterPricing::sendCode(quint64 generation)
{
    const QString path = u"/holds/" + client::SalesClient::segment(m_holdId) + u"/voucher";
    if (m_code.isEmpty()) {
        // Takes off any code the hold had (removed, or refused after a change) and answers the
        // quote without one.
        m_client->call("DELETE", path, {}, {}, [this, generation](const client::ApiResult &r) {
            keepQuote(generation, r);
        });
        return;
    }
    m_client->call("PUT",
                   path,
                   QJsonObject{{QStringLiteral("code"), m_code}},
                   {},
                   [this, generation](const client::ApiResult &result) {
                       if (generation != m_generation)
                           return;
                       if (result.ok()) {
                           keepQuote(generation, result);
                           return;
                       }
                       Q_EMIT message(refusal(result), true);
                       m_code.clear();
                       sendCode(generation);
                   });
}

void CounterPricing::keepQuote(quint64 generation, const client::ApiResult &result)
{
    if (generation != m_generation)
        return;
    if (result.ok())
        m_quote = result.body;
    else
        Q_EMIT message(refusal(result), true);
    m_busy = false;
    Q_EMIT changed();
}

QString CounterPricing::refusal(const client::ApiResult &result) const
{
    const QString code = result.code();
    if (code == u"voucher_unknown")
        return tr("There is no code %1.").arg(m_code);
    if (code == u"voucher_expired")
        return tr("Code %1 is not valid today.").arg(m_code);
    if (code == u"voucher_used_up")
        return tr("Code %1 has been used up.").arg(m_code);
    if (code == u"voucher_not_applicable")
        return tr("Code %1 is not for these tickets.").arg(m_code);
    if (code == u"limit_exceeded")
        return tr("Too many tickets of one type: %1").arg(result.error);
    if (result.status == 0)
        return tr("The server cannot be reached: %1").arg(result.error);
    return result.error;
}

} // namespace boxoffice::app
