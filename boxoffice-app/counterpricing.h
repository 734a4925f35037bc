// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QStringList>

#include <optional>

namespace boxoffice::client {
class SalesClient;
struct ApiResult;
} // namespace boxoffice::client

namespace boxoffice::app {

/// A ticket type the counter may sell (Adult, Child, Student...; docs/pricing.md).
struct CounterTicketType
{
    QString id;
    QString name;
    QString category; ///< empty: every category
    std::optional<qint64> priceCents;
    qint64 deltaCents = 0;

    /// What a seat of a category at `categoryPriceCents` costs with this type.
    qint64 priceFor(qint64 categoryPriceCents) const
    {
        return priceCents ? *priceCents : std::max<qint64>(0, categoryPriceCents + deltaCents);
    }
};

/// What the basket costs as the server prices it: the event's ticket types for the counter, the
/// type the clerk picked per seat, a promo code, and the server's quote of the hold with them
/// (fees, tax, discount, total). A basket change makes a new hold, so the picks and the code are
/// sent again for each new hold before its quote counts; until then the basket is busy.
class CounterPricing : public QObject
{
    Q_OBJECT
public:
    explicit CounterPricing(client::SalesClient *client, QObject *parent = nullptr);

    /// GET /events/{id}/pricing: the types sold at the counter and the tax's name.
    void loadRules(const QString &eventId);
    /// The types a seat of `categoryId` may take.
    QList<CounterTicketType> typesFor(const QString &categoryId) const;
    QString taxName() const { return m_taxName; }

    /// The basket's hold is now `holdId` with `seats` (empty: no basket).
    void holdChanged(const QString &holdId, const QStringList &seats);
    QString typeOf(const QString &seatId) const { return m_picks.value(seatId); }
    /// Empty `typeId`: the category's own price.
    void setType(const QString &seatId, const QString &typeId);
    QString code() const { return m_code; }
    void applyCode(const QString &code);
    void clearCode();

    bool isBusy() const { return m_busy; }
    /// The server's quote of the current hold (empty while there is none).
    const QJsonObject &quote() const { return m_quote; }
    std::optional<qint64> totalCents() const;
    /// The ticket line of a seat or GA area in the quote (empty when not quoted).
    QJsonObject ticketLine(const QString &place) const;

Q_SIGNALS:
    void changed();
    /// Something the clerk must read (a code refused, a type refused).
    void message(const QString &text, bool warning);

private:
    /// Sends the picks and the code for the current hold, then keeps its quote.
    void requote();
    void sendCode(quint64 generation);
    void keepQuote(quint64 generation, const client::ApiResult &result);
    QString refusal(const client::ApiResult &result) const;

    client::SalesClient *m_client;
    QString m_eventId;
    QList<CounterTicketType> m_types;
    QString m_taxName;
    QString m_holdId;
    QStringList m_seats;
    QHash<QString, QString> m_picks; ///< seat id -> type id
    bool m_holdHasPicks = false;     ///< picks were sent for the current hold
    QString m_code;
    QJsonObject m_quote;
    bool m_busy = false;
    quint64 m_generation = 0; ///< drops answers for an older hold or older picks
};

} // namespace boxoffice::app
