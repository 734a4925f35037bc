// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eventinfo.h"

#include <core/protocol/hold.h>
#include <core/venue.h>

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QStringList>
#include <QTimer>

namespace boxoffice::client {
class SalesClient;
struct ApiResult;
} // namespace boxoffice::client

namespace boxoffice::app {

class CounterPricing;

/// One line of the basket: a seat, or a GA quantity.
struct BasketLine
{
    QString seatId; ///< empty for GA
    QString gaId;
    int quantity = 1;
    QString label; ///< "Section 1 · Row 3 · Seat 12"
    QString categoryId;
    qint64 priceCents = 0;
};

/// The sale in progress at this counter: the event, live seat statuses, and the basket with its
/// one server hold. Every change to the basket is made on the server at once (release the old
/// hold, hold the new set); seats someone else took are dropped with a message, never silently.
class SaleSession : public QObject
{
    Q_OBJECT
public:
    explicit SaleSession(client::SalesClient *client, QObject *parent = nullptr);

    void setEvent(const EventInfo &event, const core::Venue &venue);
    const EventInfo &event() const { return m_event; }
    const core::Venue &venue() const { return m_venue; }

    /// Server status of a seat ("available", "held", "sold", "blocked").
    QString status(const QString &seatId) const { return m_status.value(seatId); }
    /// Replaces all statuses (snapshot) or applies changes; emits statusesChanged.
    void applyStatuses(const QHash<QString, QString> &statuses, bool snapshot);
    /// GA availability by zone id.
    int gaAvailable(const QString &gaId) const { return m_gaAvailable.value(gaId, -1); }
    void setGaAvailable(const QString &gaId, int available);

    /// The seats of allocations a manager lets the counter sell (GET /events/{id}/allocations),
    /// seat id -> allocation name: such a seat, blocked to everyone else, may go in a basket
    /// of its own allocation.
    void setCounterAllocations(const QHash<QString, QString> &seatAllocations);
    /// The allocation the counter may sell `seatId` from, while it is held back for it; empty
    /// otherwise.
    QString sellableAllocation(const QString &seatId) const;
    /// The allocation this basket sells (its hold's), empty for a basket of seats on sale.
    QString basketAllocation() const { return m_allocation; }

    QList<BasketLine> basket() const { return m_lines; }
    /// Ticket types, a promo code and the server's quote of the basket's hold.
    CounterPricing *pricing() const { return m_pricing; }
    QStringList basketSeats() const;
    /// What the basket costs: the server's quote once it has one (types, code, fees, tax),
    /// the categories' prices before.
    qint64 totalCents() const;
    QString holdId() const { return m_holdId; }
    /// Seconds until the hold expires (0 when there is none).
    int secondsLeft() const;
    bool isBusy() const { return m_busy; }

    /// Adds or removes seats (toggle semantics for seats already in the basket).
    void toggleSeats(const QStringList &seatIds);
    void addSeats(const QStringList &seatIds);
    void removeSeats(const QStringList &seatIds);
    /// Best available in `sectionId`: replaces the basket with what the server picks.
    void bestAvailable(const QString &sectionId, int quantity);
    /// A GA quantity: replaces the basket.
    void holdGa(const QString &gaId, int quantity);
    /// Releases the hold and empties the basket.
    void clear();
    /// The basket was sold: forget the hold without releasing it.
    void completed();

    /// A line label for a seat ("Section · Row · Seat").
    QString seatLabel(const QString &seatId) const;
    qint64 seatPrice(const QString &seatId) const;

Q_SIGNALS:
    void basketChanged();
    /// Seat statuses changed (the ids listed; all when `all`).
    void statusesChanged(const QStringList &seatIds, bool all);
    void gaChanged();
    void countdown(int secondsLeft);
    void busyChanged(bool busy);
    /// Something the clerk must read (seats lost, hold expired, errors).
    void message(const QString &text, bool warning);

private:
    void requestHold(const QJsonObject &body, const QStringList &wantedSeats);
    /// POST /holds for these seats, of `allocation` when not empty.
    QJsonObject seatsBody(const QStringList &seats, const QString &allocation) const;
    /// Holds the basket plus `add`: seats on sale, or seats of one allocation, never both.
    void extend(QStringList wanted, const QStringList &add);
    /// What a seat leaving this basket becomes until the server says: back to sale or back to
    /// its allocation.
    QString freedStatus() const;
    void applyHold(const protocol::Hold &hold);
    void setBusy(bool busy);
    void tick();
    void resetBasket();
    void markTaken(const QStringList &seatIds);

    client::SalesClient *m_client;
    CounterPricing *m_pricing;
    EventInfo m_event;
    core::Venue m_venue;
    QHash<QString, QString> m_status;
    QHash<QString, int> m_gaAvailable;
    QHash<QString, QString> m_counterAllocations; ///< seat id -> allocation the counter may sell
    QString m_allocation;                         ///< the basket's allocation, if any
    QList<BasketLine> m_lines;
    QString m_holdId;
    QDateTime m_expiresAt;
    QTimer m_timer;
    bool m_busy = false;
    quint64 m_generation = 0; ///< drops answers to superseded requests
};

} // namespace boxoffice::app
